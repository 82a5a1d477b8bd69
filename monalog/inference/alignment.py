"""Phrase alignment as a knowledge source (after NeuralLog): constituents of the premise and the
hypothesis that differ in content are scored by sentence embeddings, and a pair at or above the
threshold becomes an ≡ fact the search may use to replace the whole constituent. Each such fact
names its source and score ("neural alignment; score 0.91"), so a proof shows which steps are learned.

Only minimal differences are aligned: "playing a guitar" / "playing a piano" is compared as "guitar"
/ "piano", never as the two verb phrases whose shared words would make them look alike."""
from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Callable

from monalog.ccg.tree import Leaf, Tree, leaves, spans
from monalog.inference.droppable import operators
from monalog.inference.treeops import auxiliaries, differing_spans, lemma_key as _key, surface
from monalog.knowledge.facts import Fact, Relation, Source, Term
from monalog.neural.embeddings import embedder
from monalog.polarity.lexicon import DEFINITES, NUMERAL, default_lexicon
from monalog.text.morphology import base_form

if TYPE_CHECKING:
    from monalog.neural.embeddings import SentenceEmbedder


class Knowledge(enum.StrEnum):
    """Where the prover's facts may come from: logic and lexical resources only, or those plus
    neural phrase alignment."""

    SYMBOLIC = "symbolic"
    ALIGNED = "aligned"


@dataclass(frozen=True)
class AlignmentSettings:
    """The embedding model (a folder, a hub name, or "minilm", the packaged one), the cosine at or
    above which two phrases count as ≡, and the longest phrase aligned (in tokens)."""

    model: str = "minilm"
    threshold: float = 0.8
    max_tokens: int = 5


@dataclass(frozen=True)
class Alignment:
    """Replace a constituent whose lemmas are `source` (and whose category is the target's) by `target`."""

    source: tuple[str, ...]
    target: Tree
    fact: Fact


# words that carry no content of their own (a phrase is related to another by its content words)
_FUNCTION_TAGS = ("DT", "IN", "CC", "TO", "PRP", "PRP$", "POS", "RP", "WDT", "WP", "EX", "MD", ".", ",", ":")
_AUXILIARIES = auxiliaries("primary", "form")


def _content(leaf: Leaf) -> str | None:
    token = leaf.token
    lemma = token.lemma.lower()
    if token.pos in _FUNCTION_TAGS or lemma in _AUXILIARIES or not any(c.isalnum() for c in lemma):
        return None
    return lemma


@dataclass(frozen=True)
class _Phrase:
    begin: int
    end: int
    node: Tree
    key: tuple[str, ...]        # its lemmas
    words: tuple[str, ...]      # its lower-cased words (two parses may lemmatise "thieves" differently)
    content: frozenset[str]     # its content lemmas
    new: frozenset[str]         # those the other sentence lacks or has fewer of
    operator: bool              # it has a downward operator ("not", "no", "nothing", "without")
    verb: str | None            # a verb phrase's first main verb's lemma ("racing dogs" has none)
    stems: frozenset[str]       # its content words' base forms ("sliced", "slices" -> "slice")
    result: frozenset[str]      # those after "into" ("cutting it into slices": the outcome, no other event)
    modifiers: frozenset[str]   # its content words that are adverbs or adjectives

    def within(self, other: "_Phrase") -> bool:
        return other.begin <= self.begin and self.end <= other.end


def _phrases(tree: Tree, other: Counter[str], max_tokens: int) -> list[_Phrase]:
    """Constituents of at most `max_tokens` tokens, with the content words `other` has fewer of (a
    second "wearing" is new where the other sentence has one; each word's content and operator looked
    up once, not once per constituent it is in)."""
    words = leaves(tree)
    content = [_content(leaf) for leaf in words]
    mine = Counter(c for c in content if c)
    more = {c for c, n in mine.items() if n > other[c]}
    stems = [base_form(c) if c else None for c in content]
    operator = operators(words)
    out = []
    for begin, end, node in spans(tree):
        if end - begin <= max_tokens:
            here = frozenset(c for c in content[begin:end] if c)
            lower = tuple(leaf.token.word.lower() for leaf in words[begin:end])
            verb = next((c for leaf, c in zip(words[begin:end], content[begin:end]) if c and leaf.token.pos
                         .startswith("VB")), None) if str(node.category.without_features()) == "S\\NP" else None
            into = next((i for i in range(begin, end) if lower[i - begin] == "into"), end)
            out.append(_Phrase(begin, end, node, _key(node), lower, here, frozenset(here & more),
                               any(operator[begin:end]), verb, frozenset(filter(None, stems[begin:end])),
                               frozenset(filter(None, stems[into:end])),
                               frozenset(c for leaf, c in zip(words[begin:end], content[begin:end])
                                         if c and leaf.token.pos[:2] in ("RB", "JJ"))))
    return out


# verbs that lend their event to a noun ("removing the peel" is peeling, "using a sewing machine" sewing)
_LIGHT_VERBS = frozenset({"use", "remove", "do", "make", "have", "take", "get", "give", "put", "wear", "perform",
                          "go"})


_COORDINATORS = frozenset({"and", "or", "but", "nor"})
# words of the lexicon's determiners that say which thing, not how many ("a man" / "the man" may align)
_NO_QUANTITY = DEFINITES | {NUMERAL, "a", "an", "some", "one", "someone", "somebody", "something", "of", "at", "group",
                            "out", "than", "very", "quite", "another"}


@lru_cache(maxsize=1)
def _quantity_words() -> frozenset[str]:
    """The words of the polarity lexicon's determiners that say how many ("exactly", "least", "few", "every",
    "no"): two phrases that differ in one say different things however alike they read."""
    return frozenset(word for key in default_lexicon().determiners for word in key) - _NO_QUANTITY


def _quantity(word: str) -> bool:
    """`word` counts or quantifies: a numeral but "one", or a quantity word (of a token "at_least" too)."""
    return (word != "one" and default_lexicon().is_numeral(word)) or bool(set(word.split("_")) & _quantity_words())


def candidates(premise: Tree, hypothesis: Tree, max_tokens: int) -> list[tuple[Tree, Tree]]:
    """Pairs (premise phrase, hypothesis phrase) of one category (features included) that are
    related and minimal: each has content the other sentence lacks (or has fewer of), or shares content
    with the other phrase ("using a sewing machine" / "sewing with a machine"); no smaller pair inside
    them differs in the same words."""
    p_words = Counter(c for c in map(_content, leaves(premise)) if c)
    h_words = Counter(c for c in map(_content, leaves(hypothesis)) if c)
    h_phrases = _phrases(hypothesis, p_words, max_tokens)
    pairs = [(p, h) for p in _phrases(premise, h_words, max_tokens) for h in h_phrases if _comparable(p, h)]
    minimal = [(p, h) for p, h in pairs
               if not any((q, g) != (p, h) and q.within(p) and g.within(h) and q.new == p.new and g.new == h.new
                          for q, g in pairs)]
    return list({(p.key, h.key): (p.node, h.node) for p, h in minimal}.values())


def _comparable(p: _Phrase, h: _Phrase) -> bool:
    """Related (both have new content, or one has and they share some), of one category, free of
    downward operators (inside them a similarity would ignore the direction the operator reverses),
    with no coordinator one has and the other lacks (a second conjunct is another claim: "shot at a
    deer" / "shot a deer but missed") nor quantity word or numeral ("several dogs barked loudly" / "many
    dogs barked": a similarity knows no quantity) nor non-intersective word or hedge of the lexicon's `keep` list
    ("is likely to win" / "will win"), neither is the other with words added (a modifier: polarity
    decides its insertion or deletion, never a similarity), and neither's verb is only a noun or
    modifier in the other (`_verb_swapped`)."""
    related = (p.new and h.new) or ((p.new or h.new) and p.content & h.content)
    if not related or p.node.category != h.node.category or p.operator or h.operator:
        return False
    differing = set(p.words) ^ set(h.words)
    if differing & _COORDINATORS or any(map(_quantity, differing)) or differing & default_lexicon().keep:
        return False
    if _modified(p, h) or _modified(h, p):
        return False
    if _verb_swapped(p, h) or _verb_swapped(h, p):
        return False
    return not any(_subsequence(a, b) or _subsequence(b, a) for a, b in ((p.key, h.key), (p.words, h.words)))


def _modified(p: _Phrase, h: _Phrase) -> bool:
    """`p` has `h`'s content words and adverbs or adjectives besides, whatever the function words
    ("recklessly jumping onto a car" / "jumping into the car"): a modifier, not a paraphrase."""
    return h.content < p.content and p.content - h.content <= p.modifiers


def _verb_swapped(p: _Phrase, h: _Phrase) -> bool:
    """`h`'s verb (by its base form) is another word of `p`, whose own verb is another, full one: the
    two phrases tell different events ("eating onion slices" / "slicing an onion", "eating a sliced
    onion", "throwing a potato peel" / "peeling a potato"); not when the word names the outcome
    ("cutting a tomato into slices" / "slicing a tomato")."""
    return bool(p.verb and h.verb and p.verb != h.verb and h.verb in p.stems - p.result
                and p.verb not in _LIGHT_VERBS and h.verb not in _LIGHT_VERBS)


def _subsequence(short: tuple[str, ...], long: tuple[str, ...]) -> bool:
    """`long` is `short` with words added ("red tomato" of "tomato")."""
    rest = iter(long)
    return all(word in rest for word in short)


class PhraseAligner:
    """Proposes ≡ facts between phrases of a pair, scored by `embedder` (default: the settings'
    model, loaded on first use)."""

    def __init__(self, settings: AlignmentSettings = AlignmentSettings(),
                 embedder: "SentenceEmbedder | None" = None) -> None:
        self.settings = settings
        self._embedder = embedder

    @property
    def embedder(self) -> "SentenceEmbedder":
        if self._embedder is None:
            self._embedder = shared_embedder(self.settings.model)
        return self._embedder

    def scored(self, premise: Tree, hypothesis: Tree) -> list[tuple[Tree, Tree, float]]:
        """Every candidate pair with its cosine, rounded to the 2 places a proof shows (so the score
        compared with the threshold is the one the reader sees)."""
        pairs = candidates(premise, hypothesis, self.settings.max_tokens)
        scores = self.embedder.similarity([(surface(p), surface(h)) for p, h in pairs])
        return [(p, h, round(score, 2)) for (p, h), score in zip(pairs, scores)]

    def align(self, premise: Tree, hypothesis: Tree, known: Callable[[str, str], bool] = lambda a, b: False,
              unrelated: Callable[[str, str], bool] | None = None) -> tuple[Alignment, ...]:
        """Alignments both ways for the pairs at or above the threshold, except where `known` relates
        a differing word of one phrase to one of the other: what the KB says (man ⊥ woman, jog ≤ run)
        is never overruled by a similarity; nor where the two are single noun-tagged words `unrelated` says the
        lexicon knows apart ("soda" / "coke": WordNet files both and relates them in no sense)."""
        out = []
        for p, h, score in self.scored(premise, hypothesis):
            if score < self.settings.threshold or _known(p, h, known) or (
                    unrelated is not None and _nouns(p, h) and unrelated(_key(p)[0], _key(h)[0])):
                continue
            fact = Fact(Term(surface(p)), Relation.EQ, Term(surface(h)), Source.NEURAL, f"score {score:.2f}")
            out += [Alignment(_key(p), h, fact), Alignment(_key(h), p, fact)]
        return tuple(out)


def _nouns(p: Tree, h: Tree) -> bool:
    """Both phrases are one noun, or one word modifying a verb phrase ("yesterday" / "today", tagged anything):
    not an adjective or a verb, whose noun senses say nothing of it ("little" / "small")."""
    return all(isinstance(t, Leaf) and (str(t.category) == "N" and t.token.pos.startswith("NN")
                                        or str(t.category) in _VP_MODIFIERS) for t in (p, h))


_VP_MODIFIERS = frozenset({"(S\\NP)\\(S\\NP)", "(S\\NP)/(S\\NP)"})


def _known(p: Tree, h: Tree, known: Callable[[str, str], bool]) -> bool:
    """Whether `known` relates a word only `p` has to one only `h` has (function words included:
    "near" and "far" are prepositions too), or the words where the two differ, read as phrases
    ("in front of a tree" / "behind a tree": "in front of" and "behind")."""
    p_key, h_key = _key(p), _key(h)
    p_words, h_words = set(p_key), set(h_key)
    if any(known(a, b) for a in p_words - h_words for b in h_words - p_words):
        return True
    (i, j), (k, m) = differing_spans(p_key, h_key)
    p_span, h_span = p_key[i:j], h_key[k:m]
    return bool(p_span and h_span) and known(" ".join(p_span), " ".join(h_span))


@lru_cache(maxsize=2)
def shared_embedder(model: str) -> "SentenceEmbedder":
    """One embedding model per process, on the CPU; a phrase's vector never depends on the phrases
    it was batched with."""
    return embedder(model, device="cpu")
