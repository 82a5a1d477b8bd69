""""X" -> "X or Y" where ↑ (the converse of dropping a disjunct where ↓), not after a possibility
modal: "You can take a train or a bus" gives both options (free choice); its converse for "and" is
added_conjuncts. Nor is a disjunct added after a
phrase with a downward operator: "took no notice of me or my sister" reads the disjunct inside "no"'s
restrictor, whatever the parse says."""
from __future__ import annotations

from typing import cast

from monalog.ccg.tree import Leaf, Tree, leaves
from monalog.inference.droppable import operators
from monalog.inference.edits.context import EditContext, Edits
from monalog.inference.proof import Step, StepKind
from monalog.inference.target import conjunction, pair_fact
from monalog.inference.treeops import replace_at, same_category, same_words, sentence_text, surface, walk
from monalog.polarity.marks import Polarity

_FREE_CHOICE = frozenset({"can", "could", "may", "might", "maybe", "perhaps", "possibly"})


def edits(ctx: EditContext) -> Edits:
    target = ctx.target
    if target is None or not target.disjunctions:     # the modal scan below is for a target with "or" only
        return
    modals = [path for path, node in walk(ctx.tree) if isinstance(node, Leaf)
              and node.token.lemma.lower() in _FREE_CHOICE and "S" in str(node.category)]   # not "a can"
    for coordination in target.disjunctions:
        _, first, second = cast(tuple[str, Tree, Tree], conjunction(coordination))
        for path, node in ctx.nodes:
            if node.polarity is not Polarity.UP or not same_category(node.category, coordination.category) \
                    or any(m < path for m in modals) or any(operators(leaves(node.node))):   # a modal before it
                continue
            if (added := next((other for conjunct, other in ((first, second), (second, first))
                               if same_words(node.node, conjunct)), None)) is None:
                continue
            edited = replace_at(ctx.tree, path, coordination)
            fact = pair_fact(surface(coordination), surface(node.node), "X is a special case of \"X or Y\"")
            after = f"or {surface(added)}" if added is second else f"{surface(added)} or"
            yield edited, Step(StepKind.INSERT, "", after, sentence_text(edited), Polarity.UP, (fact,),
                               operator=node.operator)
