""""X" -> "X and Y" where ↓, for noun phrases and nouns ("doesn't eat salad" ⇒ "doesn't eat salad and
greens": "X and Y" ≤ X, read conjunct by conjunct). Not in a sentence with a collective word ("compare",
"between", "mix", "together": "compare A and B" is no comparing of A), nor where the premise's phrase has
a downward operator of its own."""
from __future__ import annotations

from typing import cast

from monalog.ccg.tree import Tree, leaves
from monalog.inference.droppable import operators
from monalog.inference.edits.context import EditContext, Edits
from monalog.inference.proof import Step, StepKind
from monalog.inference.target import conjunction, coordinable, pair_fact
from monalog.inference.treeops import replace_at, same_category, same_words, sentence_text, surface, walk
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
    for _, coordination in walk(target.tree):
        if str(coordination.category) not in ("NP", "N") or not (conj := conjunction(coordination)) \
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


def _nominal(conjunct: Tree) -> bool:
    """Ends in a noun and has no verb: a misparse joins other things ("no problem | and start talking")."""
    tags = [leaf.token.pos for leaf in leaves(conjunct)]
    return tags[-1].startswith("NN") and not any(tag.startswith("VB") for tag in tags)
