"""One token of a parsed conclusion, for the natural-logic positives (`positives`): its words, tag,
category and the supertagger's confidence, the shapes of CCG categories the rules ask about (a
verb phrase, a modifier, a finite verb), and word classes decided by the tags and WordNet together
(an adverb, an adjective, a noun, a number, a comparative, a downward operator, a trusted verb),
since the SICK-trained tagger alone is not trusted on biomedical text."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from monalog.ccg.category import Atom, Category, Functor
from monalog.knowledge.wordnet_facts import synsets
from monalog.polarity.lexicon import default_lexicon
from monalog.polarity.marks import Polarity
from monalog_perturb.bio.positives.words import (
    AUXILIARIES, COMPARISON, DENY_ADJECTIVES, DENY_ADVERBS, FINITE_TAGS, HEDGES, NEGATIONS, NOT_COMPARATIVES,
    NUMBER_WORDS)

VERB_PROBABILITY = 0.3      # the supertagger's probability below which a finite verb is not trusted


@dataclass(frozen=True)
class Token:
    index: int
    word: str
    lemma: str
    pos: str
    category: Category
    probability: float
    start: int          # character offsets in the marked hypothesis
    end: int

    @property
    def lower(self) -> str:
        return self.word.lower()


def plain(cat: Category) -> str:
    return str(cat.without_features())


def is_s(cat: Category, feature: str | None = None) -> bool:
    return isinstance(cat, Atom) and cat.base == "S" and (feature is None or cat.feature == feature)


def is_vp(cat: Category) -> bool:
    """S\\NP (any features): a verb phrase, or an adjective or participle phrase."""
    return isinstance(cat, Functor) and is_s(cat.result) and plain(cat.argument) == "NP" and cat.slash.value == "\\"


def is_modifier(cat: Category) -> bool:
    """X/X or X\\X, features and all (an auxiliary, (S[dcl]\\NP)/(S[pss]\\NP), is none)."""
    return isinstance(cat, Functor) and cat.result == cat.argument


def finite_category(cat: Category) -> bool:
    """A finite verb's category: functors down to S[dcl], not a modifier ((S[dcl]\\NP)/NP, S[dcl]\\NP)."""
    if not isinstance(cat, Functor) or is_modifier(cat):
        return False
    while isinstance(cat, Functor):
        cat = cat.result
    return is_s(cat, "dcl")


@lru_cache(maxsize=20_000)
def wordnet_senses(word: str) -> dict[str, int]:
    """How many WordNet senses the word has as a noun, verb, adjective and adverb."""
    return {pos: len(synsets(word, pos)) for pos in "nvar"}


def reverses(word: str, lemma: str) -> bool:
    """A negation or an operator whose scope is not ↑ ("not", "without", "few", "prevent")."""
    if word in NEGATIONS or lemma in NEGATIONS:
        return True
    lexicon = default_lexicon()
    sig = lexicon.functor(word, lemma)
    if sig is None:
        sig = lexicon.match_determiner(word.split("_"))
    return sig is not None and any(m is not Polarity.UP for m in sig.scope)


def has_number(token: Token) -> bool:
    return token.pos == "CD" or any(ch.isdigit() for ch in token.word) or token.lower in NUMBER_WORDS \
        or "%" in token.word


def trusted_verb(token: Token) -> bool:
    """A finite verb all the tags agree on: its category, its part of speech, WordNet, confidence."""
    return (token.pos in FINITE_TAGS and token.probability >= VERB_PROBABILITY
            and (token.lemma in AUXILIARIES or wordnet_senses(token.lemma)["v"] > 0))



def is_adverb(t: Token) -> bool:
    """An adverb by its tag or its "-ly", and by WordNet (an adverb, never a noun)."""
    senses = wordnet_senses(t.lower)
    return ((t.pos == "RB" or t.lower.endswith("ly")) and t.lower.isalpha() and t.lower not in DENY_ADVERBS
            and t.lower not in HEDGES and senses["r"] > 0 and senses["n"] == 0 and is_modifier(t.category))


def is_comparative(word: str) -> bool:
    """"older", "larger", "bigger", "highest": an adjective's comparative or superlative (not a
    noun: "liver")."""
    if word in COMPARISON:
        return True
    if word in NOT_COMPARATIVES:
        return False
    senses = wordnet_senses(word)
    if senses["n"] or senses["v"] or senses["r"]:
        return False
    for suffix in ("er", "est"):
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            base = word[:-len(suffix)]
            bases = (base, base + "e", base[:-1] if len(base) > 1 and base[-1] == base[-2] else base,
                     base[:-1] + "y" if base.endswith("i") else base)
            if any(wordnet_senses(b)["a"] for b in bases):
                return True
    return False


def is_adjective(t: Token) -> bool:
    """An adjective by WordNet (mostly one, and only one where the tag is not JJ), as N/N."""
    senses = wordnet_senses(t.lower)
    by_tag = t.pos == "JJ" and senses["a"] > senses["n"]
    return ((by_tag or (senses["a"] > 0 and senses["n"] == senses["v"] == 0)) and str(t.category) == "N/N"
            and t.word.islower() and re.fullmatch(r"[a-z]+(?:-[a-z]+)*", t.lower) is not None
            and t.lower not in DENY_ADJECTIVES and t.lower not in HEDGES and t.pos not in ("JJR", "JJS")
            and not is_comparative(t.lower) and not (senses["v"] and t.lower.endswith(("ed", "ing")))
            and not t.lower.startswith(("non", "un", "anti", "dys", "hyper", "hypo", "over", "under")))


def is_noun(t: Token | None) -> bool:
    return t is not None and t.pos in ("NN", "NNS") and plain(t.category) in ("N", "N/N", "N/PP")
