"""Words replaced by words the target has more of, as the polarity and the knowledge base allow: a
word where ↑ by a word above it, where ↓ by one below it (MonaLog's replacement). A noun a scalar adjective
modifies keeps its comparison class: only an equivalent replaces it ("a small dog" ⇏ "a small animal")."""
from __future__ import annotations

from functools import lru_cache

from monalog.ccg.tree import Leaf, Token, Tree
from monalog.inference.edits.context import EditContext, Edits
from monalog.inference.proof import Step, StepKind
from monalog.inference.target import licensed, number
from monalog.inference.treeops import ARTICLE, Path, is_determiner, modifier_split, node_at, norm_lemma, replace_at, \
    sentence_text
from monalog.polarity.lexicon import NUMERAL, default_lexicon
from monalog.polarity.marks import Polarity
from monalog.resources import grammar_lines

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
        scaled = bool(candidates) and leaf.token.pos.startswith("NN") and _under_scalar(ctx.tree, path)
        for new_lemma, token in candidates.items():
            if new_lemma == ARTICLE and number(lemma) is not None and _counts(word_before):
                continue
            facts = licensed(ctx.leq, lemma, new_lemma, Polarity.NONE if scaled else p)   # scaled: equivalents only
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


@lru_cache(maxsize=1)
def _scalar() -> frozenset[str]:
    return frozenset(grammar_lines("scalar_adjectives.txt"))


def _under_scalar(tree: Tree, path: Path) -> bool:
    """The noun at `path` heads a phrase a scalar adjective modifies, directly or past other modifiers ("a small
    brown dog"): the adjective's standard is the noun's (Kamp & Partee 1995)."""
    while path:
        parent = node_at(tree, path[:-1])
        split = modifier_split(parent)
        if split is None or split[1] != path[-1]:
            return False
        modifier = parent.children[split[0]]
        if isinstance(modifier, Leaf) and modifier.token.lemma.lower() in _scalar():
            return True
        path = path[:-1]
    return False
