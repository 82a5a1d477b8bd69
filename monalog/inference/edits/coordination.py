"""The target's coordination put where the premise has one of its conjuncts: "X" -> "X or Y" where ↑
(added_disjuncts), "X" -> "X and Y" where ↓ (added_conjuncts)."""
from __future__ import annotations

from typing import Callable, cast

from monalog.ccg.tree import Tree, leaves
from monalog.inference.droppable import operators
from monalog.inference.edits.context import EditContext, Edits
from monalog.inference.proof import Step, StepKind
from monalog.inference.target import conjunction, pair_fact
from monalog.inference.treeops import Path, replace_at, same_category, same_words, sentence_text, surface
from monalog.polarity.marks import Polarity


def add_conjunct(ctx: EditContext, coordination: Tree, polarity: Polarity,
                 blocked: Callable[[Path], bool] = lambda path: False) -> Edits:
    """`coordination` ("X or Y", "X and Y") for each premise node with the words of one conjunct, in
    `polarity`, not `blocked`, without a downward operator of its own."""
    word, first, second = cast(tuple[str, Tree, Tree], conjunction(coordination))
    for path, node in ctx.nodes:
        if node.polarity is not polarity or not same_category(node.category, coordination.category) \
                or blocked(path) or any(operators(leaves(node.node))):
            continue
        if (added := next((other for conjunct, other in ((first, second), (second, first))
                           if same_words(node.node, conjunct)), None)) is None:
            continue
        edited = replace_at(ctx.tree, path, coordination)
        if word == "or":
            fact = pair_fact(surface(coordination), surface(node.node), "X is a special case of \"X or Y\"")
        else:
            fact = pair_fact(surface(node.node), surface(coordination), "\"X and Y\" is a special case of X")
        after = f"{word} {surface(added)}" if added is second else f"{surface(added)} {word}"
        yield edited, Step(StepKind.INSERT, "", after, sentence_text(edited), polarity, (fact,),
                           operator=node.operator)
