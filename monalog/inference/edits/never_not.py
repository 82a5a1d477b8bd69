""""never" ≤ "not" where the main clause's "never" is ↑: what never holds does not hold ("Bush never lied" ⇒
"Bush did not lie", "I have never seen a hummingbird" ⇒ "I have not seen a hummingbird"), written as people write
a negation (negation.never_as_not). Not where "never" is ↓ ("Few people never lie" is no "Few people do not lie").
The prover's rule where the target has one "never" fewer and one "not" more (there "never" becomes a "not" of its
category, the words the search compares: "did" is no word it compares); the generator's with no target."""
from __future__ import annotations

from monalog.ccg.tree import Leaf, Token, Tree
from monalog.inference.edits.context import EditContext, Edits, Nodes
from monalog.inference.negation import never_as_not
from monalog.inference.proof import Step, StepKind
from monalog.inference.target import pair_fact
from monalog.inference.treeops import node_at, replace_at, sentence_text
from monalog.polarity.marks import Polarity

_NEVER, _NOT = "never", "not"


def edits(ctx: EditContext) -> Edits:
    target = ctx.target
    if target is not None and not (ctx.have[_NEVER] > target.lemmas[_NEVER]
                                   and target.lemmas[_NOT] > ctx.have[_NOT]):
        return
    yield from as_not(ctx.tree, ctx.nodes, directed=target is not None)


def as_not(tree: Tree, nodes: Nodes, directed: bool = False) -> Edits:
    """The edit, if the tree's main clause has an ↑ "never" (module docstring)."""
    found = never_as_not(tree)
    if found is None:
        return
    path, written = found
    node, edited = dict(nodes).get(path), written
    if directed and isinstance(never := node_at(tree, path), Leaf):
        edited = replace_at(tree, path, Leaf(never.category, Token(_NOT, _NOT, "RB")))
    if node is not None and node.polarity is Polarity.UP:
        fact = pair_fact(_NOT, _NEVER, "what never holds does not hold")
        yield edited, Step(StepKind.REPLACE, _NEVER, _NOT, sentence_text(written), Polarity.UP, (fact,),
                           operator=node.operator)         # the proof shows the sentence as people write it
