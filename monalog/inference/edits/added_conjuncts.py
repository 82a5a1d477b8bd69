""""X" -> "X and Y" where ↓, for noun phrases ("doesn't eat salad" ⇒ "doesn't eat salad and greens":
"X and Y" ≤ X, the Boolean reading MED's labels mostly take; a reader who takes "and" under a negation as
"neither" reads the hypothesis as stronger). Not in a sentence with a collective word ("compare",
"between", "mix", "together": "compare A and B" is no comparing of A), nor where the premise's phrase has
a downward operator of its own."""
from __future__ import annotations

from typing import cast

from monalog.ccg.tree import Tree, Unary, leaves
from monalog.inference.droppable import operators
from monalog.inference.edits.context import EditContext, Edits
from monalog.inference.proof import Step, StepKind
from monalog.inference.target import conjunction, coordinable, pair_fact
from monalog.inference.treeops import Path, node_at, replace_at, same_category, same_words, sentence_text, \
    surface, walk
from monalog.polarity.marks import Polarity

_COLLECTIVE = frozenset({"compare", "between", "among", "mix", "combine", "together", "both", "distinguish",
                         "match", "connect", "join", "separate", "each", "same", "different", "similar", "alike",
                         "meet", "marry", "gather", "collect", "unite", "relate", "balance", "choose", "either",
                         "neither", "difference", "relationship", "tie", "link", "merge", "blend"})


def edits(ctx: EditContext) -> Edits:
    target = ctx.target
    if target is None:
        return
    if {leaf.token.lemma.lower() for leaf in (*target.leaves, *leaves(ctx.tree))} & _COLLECTIVE:
        return
    for path, coordination in walk(target.tree):
        if not _noun_phrases(target.tree, path, coordination) or not (conj := conjunction(coordination)) \
                or conj[0] != "and" or not coordinable(coordination, "and"):
            continue
        _, first, second = cast(tuple[str, Tree, Tree], conj)
        if not (_nominal(first) and _nominal(second)):
            continue
        for path, node in ctx.nodes:
            if node.polarity is not Polarity.DOWN or not same_category(node.category, coordination.category) \
                    or any(operators(leaves(node.node))):
                continue
            if (added := next((other for conjunct, other in ((first, second), (second, first))
                               if same_words(node.node, conjunct)), None)) is None:
                continue
            edited = replace_at(ctx.tree, path, coordination)
            fact = pair_fact(surface(node.node), surface(coordination), "\"X and Y\" is a special case of X")
            after = f"and {surface(added)}" if added is second else f"{surface(added)} and"
            yield edited, Step(StepKind.INSERT, "", after, sentence_text(edited), Polarity.DOWN, (fact,),
                               operator=node.operator)


def _noun_phrases(tree: Tree, path: Path, node: Tree) -> bool:
    """A coordination of noun phrases, or of nouns that make a bare noun phrase ("salad and greens"):
    under a determiner "dog and cat" is the sum of the two ("every dog and cat" ≥ "every dog")."""
    category = str(node.category)
    if category == "N" and path:
        parent = node_at(tree, path[:-1])
        return isinstance(parent, Unary) and str(parent.category) == "NP"
    return category == "NP"


def _nominal(conjunct: Tree) -> bool:
    """Ends in a noun, has no verb (a misparse joins other things: "no problem | and start talking") and
    no numeral (a measure's parts add up: "two hours and ten minutes" is more than two hours)."""
    tags = [leaf.token.pos for leaf in leaves(conjunct)]
    return tags[-1].startswith("NN") and not any(tag.startswith(("VB", "CD")) for tag in tags)
