"""Words replaced by words the target has more of, as the polarity and the knowledge base allow: a
word where ↑ by a word above it, where ↓ by one below it (MonaLog's replacement)."""
from __future__ import annotations

from functools import lru_cache

from monalog.ccg.tree import Leaf, Token
from monalog.inference.edits.context import EditContext, Edits
from monalog.inference.proof import Step, StepKind
from monalog.inference.target import licensed, number
from monalog.inference.treeops import ARTICLE, is_determiner, norm_lemma, replace_at, sentence_text
from monalog.polarity.lexicon import NUMERAL, default_lexicon

_A = Token("a", "a", "DT")


def edits(ctx: EditContext) -> Edits:
    """A word the target also has may be replaced too: the target's may stand elsewhere ("a black coat"
    -> "black clothing" when the target also mentions "a grey coat"). The "few" of "a few" is no word of
    its own (determiner_phrases replaces the two). The numeral of a determiner phrase ("exactly one",
    "at_most two") never becomes an article: "exactly a man" is no determiner the polarizer knows."""
    previous = ""
    for path, node in ctx.nodes:
        if not isinstance(node.node, Leaf):
            continue
        leaf, p = node.node, node.polarity
        lemma, word_before = norm_lemma(leaf), previous
        previous = leaf.token.word.lower()
        if lemma == "few" and word_before == "a":
            continue
        determiner = is_determiner(leaf)
        if lemma == ARTICLE and not determiner:
            continue
        candidates = dict(ctx.missing)
        if determiner and lemma != ARTICLE:           # "every dog" -> "a dog": the article is not compared
            candidates[ARTICLE] = _A
        for new_lemma, token in candidates.items():
            if new_lemma == ARTICLE and number(lemma) is not None and _counts(word_before):
                continue
            facts = licensed(ctx.leq, lemma, new_lemma, p)
            if facts is None:
                continue
            new = Leaf(leaf.category, Token(token.word, token.lemma, token.pos))
            edited = replace_at(ctx.tree, path, new)
            yield edited, Step(StepKind.REPLACE, leaf.token.word, token.word, sentence_text(edited), p, facts,
                               operator=node.operator)


@lru_cache(maxsize=1)
def _before_numerals() -> frozenset[str]:
    return frozenset("_".join(key[i - 1 - j:i]) for key in default_lexicon().determiners
                     for i, w in enumerate(key) if w == NUMERAL for j in range(i))


def _counts(word: str) -> bool:
    """`word` comes before the numeral of a determiner phrase of the lexicon ("exactly", "at_least")."""
    return word in _before_numerals()
