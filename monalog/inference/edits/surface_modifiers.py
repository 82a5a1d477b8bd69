"""The target's adjective added before a noun where the noun is ↓, found by the words
where the target's parse does not attach it to that noun ("had no right to do that" ⇒ "had no real right
to do that", whose parse reads "real" as the noun): a modified noun is a special case of the noun, the
insertion's fact. Only where the sentence is the target less one or two adjacent words, these words are
adjectives or participles (`_modifier_word`) and the noun heads its phrase (no noun on either side)."""
from __future__ import annotations

from functools import lru_cache
from typing import cast

from monalog.ccg.category import parse_category
from monalog.ccg.tree import Binary, Leaf, Rule, Tree, leaves
from monalog.inference.droppable import downward
from monalog.inference.edits.context import EditContext, Edits
from monalog.inference.proof import Step, StepKind
from monalog.inference.target import pair_fact
from monalog.inference.treeops import replace_at, sentence_text, surface
from monalog.knowledge.wordnet_facts import another_kind
from monalog.parsing.checks import closed_class
from monalog.polarity.lexicon import default_lexicon
from monalog.polarity.marks import Polarity
from monalog.resources import grammar_lines

_N = parse_category("N")
_MODIFIER = parse_category("N/N")
_TAGS = ("JJ", "VBN")     # not JJR/JJS ("taller", "best" compare with something else), nor a noun, whose
#                          compound may name something else ("attorney general", "sea lion")


def edits(ctx: EditContext) -> Edits:
    target = ctx.target
    if target is None or not ctx.missing:
        return
    words = [leaf.token.word.lower() for leaf in leaves(ctx.tree)]
    wanted = [leaf.token.word.lower() for leaf in target.leaves]
    span = _inserted(words, wanted)
    if span is None:
        return
    start, end = span
    added = target.leaves[start:end]
    if not all(_modifier_word(leaf) for leaf in added):
        return
    nouns = [(path, pn) for path, pn in ctx.nodes if isinstance(pn.node, Leaf)]
    if start >= len(nouns) or (start > 0 and _noun(nouns[start - 1][1].node)) \
            or (start + 1 < len(nouns) and _noun(nouns[start + 1][1].node)):
        return
    path, pn = nouns[start]
    if pn.polarity is not Polarity.DOWN or not _noun(pn.node) or pn.node.category != _N \
            or another_kind(added[-1].token.lemma, cast(Leaf, pn.node).token.lemma):
        return
    new: Tree = pn.node
    for leaf in reversed(added):
        new = Binary(_N, Rule.FA, Leaf(_MODIFIER, leaf.token), new, False)
    edited = replace_at(ctx.tree, path, new)
    fact = pair_fact(surface(pn.node), surface(new), "a modified noun is a special case")
    yield edited, Step(StepKind.INSERT, "", " ".join(leaf.token.word for leaf in added), sentence_text(edited),
                       Polarity.DOWN, (fact,), operator=pn.operator)


def _inserted(words: list[str], wanted: list[str]) -> tuple[int, int] | None:
    """(start, end) of the one or two adjacent words `wanted` has more than `words`, else None."""
    extra = len(wanted) - len(words)
    if extra not in (1, 2):
        return None
    start = 0
    while start < len(words) and words[start] == wanted[start]:
        start += 1
    return (start, start + extra) if words[start:] == wanted[start + extra:] else None


def _modifier_word(leaf: Leaf) -> bool:
    """An adjective or participle of no closed class, no operator, quantifier
    or non-intersective word, and none that points outside its noun (grammars/relational_adjectives.txt)."""
    token, lexicon = leaf.token, default_lexicon()
    word = token.word.lower()
    return token.pos in _TAGS and token.word.isalpha() and not downward(leaf) and word not in closed_class() \
        and word not in lexicon.keep and word not in _relational() and lexicon.match_determiner([word]) is None


@lru_cache(maxsize=1)
def _relational() -> frozenset[str]:
    return frozenset(grammar_lines("relational_adjectives.txt"))


def _noun(node: Tree) -> bool:
    return isinstance(node, Leaf) and node.token.pos.startswith("NN")
