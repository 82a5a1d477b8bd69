"""Two adjectives of a noun in the other order, where the target has them so: "a big green ball" ≡ "a
green big ball" (each says its own thing of the noun; never a non-intersective one, the lexicon's
`keep` list, an ordinal or "other": "a fake big gun" is no "big fake gun", "the first red car" no
"red first car"; nor a comparative or superlative)."""
from __future__ import annotations

from typing import cast

from monalog.ccg.category import parse_category
from monalog.ccg.tree import Binary, Leaf, Rule, Tree
from monalog.inference.edits.context import EditContext, Edits
from monalog.inference.proof import Step, StepKind
from monalog.inference.treeops import has_run, lemma_key, replace_at, sentence_text, surface, walk
from monalog.polarity.lexicon import default_lexicon

_ADJECTIVE = parse_category("N/N")
_NOT_INTERSECTIVE = frozenset({"first", "second", "third", "last", "next", "other", "only", "same", "main"})


def edits(ctx: EditContext) -> Edits:
    target = ctx.target
    if target is None or sum(leaf.token.pos == "JJ" for leaf in target.leaves) < 2:
        return
    keep = default_lexicon().keep | _NOT_INTERSECTIVE
    for path, node in walk(ctx.tree):
        inner = node.right if isinstance(node, Binary) else None
        if not (isinstance(node, Binary) and isinstance(inner, Binary)
                and _adjective_on(node) and _adjective_on(inner)):
            continue
        first, second = cast(Leaf, node.left), cast(Leaf, inner.left)
        if {first.token.word.lower(), second.token.word.lower()} & keep:
            continue
        swapped = Binary(node.category, node.rule, second,
                         Binary(inner.category, inner.rule, first, inner.right, inner.head_is_left), node.head_is_left)
        if has_run(target.key, lemma_key(swapped)):
            edited = replace_at(ctx.tree, path, swapped)
            yield edited, Step(StepKind.REORDER, surface(node), surface(swapped), sentence_text(edited),
                               note="two adjectives of a noun in the other order")


def _adjective_on(node: Tree) -> bool:
    """An adjective applied to a noun ("green ball")."""
    return isinstance(node, Binary) and node.rule is Rule.FA and isinstance(node.left, Leaf) \
        and node.left.token.pos == "JJ" and node.left.category == _ADJECTIVE
