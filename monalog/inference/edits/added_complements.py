"""Where ↓, what the target adds to a phrase the tree has: a verb's object or last PP complement
("did not play" ≥ "did not play the piano", "doesn't take criticism" ≥ "doesn't take criticism from
his mother"), and a second adjective joined by "and" ("no easy life" ≥ "no easy and peaceful life").
The converses of dropping them where ↑."""
from __future__ import annotations

from typing import cast

from monalog.ccg.tree import Binary, Tree, leaves
from monalog.inference.droppable import operators
from monalog.inference.edits.context import EditContext, Edits
from monalog.inference.proof import Step, StepKind
from monalog.inference.target import conjunction, pair_fact
from monalog.inference.treeops import replace_at, same_category, sentence_text, surface
from monalog.polarity.marks import Polarity


def edits(ctx: EditContext) -> Edits:
    target = ctx.target
    if target is None:
        return
    for full, shorter in target.complements:
        added = cast(Binary, full).right
        if not any(operators(leaves(added))):
            yield from _grown(ctx, shorter, full, surface(added), "doing something with a complement is doing it")
    for coordination in target.adjectives:
        _, first, second = cast(tuple[str, Tree, Tree], conjunction(coordination))
        yield from _grown(ctx, first, coordination, f"and {surface(second)}", "\"X and Y\" is a special case of X")


def _grown(ctx: EditContext, part: Tree, whole: Tree, added: str, note: str) -> Edits:
    """`whole` put where the tree has `part`, word for word, ↓."""
    for path, node in ctx.nodes:
        if node.polarity is Polarity.DOWN and same_category(node.category, part.category) \
                and surface(node.node) == surface(part):
            edited = replace_at(ctx.tree, path, whole)
            fact = pair_fact(surface(part), surface(whole), note)
            yield edited, Step(StepKind.INSERT, "", added, sentence_text(edited), Polarity.DOWN, (fact,),
                               operator=node.operator)
