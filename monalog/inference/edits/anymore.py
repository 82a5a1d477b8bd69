""""anymore" dropped from the verb phrase it modifies, in any polarity: "not ... anymore" says the verb phrase
does not hold now (and did before), so "Tom doesn't watch TV anymore" ⇒ "Tom doesn't watch TV", "You are no longer
little kids" (normalised "not ... anymore") ⇒ "You are not little kids". Never added: that it held before is news.
The prover's rule where the target has one "anymore" fewer; the generator's with no target."""
from __future__ import annotations

from typing import TypeGuard, cast

from monalog.ccg.tree import Binary, Leaf, Tree
from monalog.inference.edits.context import EditContext, Edits, Nodes
from monalog.inference.proof import Step, StepKind
from monalog.inference.treeops import Path, replace_at, sentence_text, surface, walk
from monalog.knowledge.facts import Fact, Relation, Source, Term

_ANYMORE = "anymore"


def edits(ctx: EditContext) -> Edits:
    if ctx.target is None or ctx.have[_ANYMORE] > ctx.target.lemmas[_ANYMORE]:
        yield from dropped(ctx.tree, ctx.nodes)


def dropped(tree: Tree, nodes: Nodes) -> Edits:
    """Each "verb phrase | anymore" node of `tree` without its "anymore"."""
    for path, pn in nodes:
        node = pn.node
        if _with_anymore(node):
            edited = replace_at(tree, path, node.left)
            fact = Fact(Term(surface(node)), Relation.EQ, Term(surface(node.left)), Source.PAIR,
                        "\"anymore\" adds only that it held before")
            yield edited, Step(StepKind.DELETE, _ANYMORE, "", sentence_text(edited), None, (fact,))


def modified(tree: Tree) -> list[Path]:
    """The paths of the verb phrases "anymore" modifies: the generator edits nothing inside one while "anymore" is
    there ("You are not children anymore" is no "You are not girls anymore", which says they were girls)."""
    return [(*path, 0) for path, node in walk(tree) if _with_anymore(node)]


def _with_anymore(node: Tree) -> TypeGuard[Binary]:
    """A "verb phrase | anymore" node."""
    anymore = node.right if isinstance(node, Binary) else None
    return isinstance(anymore, Leaf) and anymore.token.word.lower() == _ANYMORE \
        and str(anymore.category).replace("[X]", "") == "(S\\NP)\\(S\\NP)" \
        and cast(Binary, node).left.category == node.category
