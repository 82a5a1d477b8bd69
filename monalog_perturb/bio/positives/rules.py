"""Which modifiers the natural-logic positives (`positives`) may drop, asked of a read conclusion
(`parse.ConclusionParse`): the kind of a modifier the engine marks droppable (an adverb, an
adjective, a PP of place, time or means over a plain noun phrase) or none, and whether its words
are clean (unprotected, trusted, no number, hedge or conjunction in or beside it)."""
from __future__ import annotations

import re

from monalog.ccg.category import Category, Functor
from monalog_perturb.bio.positives.parse import ConclusionParse
from monalog_perturb.bio.positives.tokens import (
    Token, has_number, is_adjective, is_adverb, is_modifier, is_noun, is_s, is_vp, plain, wordnet_senses)
from monalog_perturb.bio.positives.words import (
    ARGUMENT_NOUNS, CONJUNCTIONS, DEFINITE, FINITE_TAGS, HEDGES, INNER_PREPOSITIONS, NEGATIONS,
    NOMINAL_CATEGORIES, NOMINAL_TAGS, NOUN_PREPOSITIONS, PREPOSITIONS)

MIN_PROBABILITY = 0.5       # the supertagger's probability below which a dropped word's category is not trusted


def _plain_noun_phrase(tokens: list[Token], by: bool) -> bool:
    """The words after a preposition: a noun phrase without verbs, clauses or quantities (after
    "by", a gerund and its noun phrase: "by modulating Y levels")."""
    if by:
        if not tokens or tokens[0].pos != "VBG" or not wordnet_senses(tokens[0].lemma)["v"]:
            return False
        tokens = tokens[1:]
    if not tokens or not any(is_noun(t) for t in tokens):
        return False
    for t in tokens:
        inner = t.lower in INNER_PREPOSITIONS and t.pos in ("IN", "TO")
        if not inner and not (t.pos in NOMINAL_TAGS and plain(t.category) in NOMINAL_CATEGORIES):
            return False
    return True


def modifier_kind(s: ConclusionParse, mod: list[Token], head_cat: Category, head: list[Token]) -> str | None:
    """What the modifier is ("adverb", "adjective", "PP"), or None when it may not be dropped."""
    verbal = is_vp(head_cat) or is_s(head_cat)
    noun = plain(head_cat) == "N"
    nominal = plain(head_cat) in ("N", "NP")
    degree = plain(head_cat) in ("N/N", "NP/NP") or (isinstance(head_cat, Functor) and is_vp(head_cat)
                                                      and is_s(head_cat.result, "adj"))
    if len(mod) == 1 and is_adverb(mod[0]) and (verbal or degree):
        return "adverb"
    before = s.at(mod[0].index - 1)
    definite = before is not None and (before.lower in DEFINITE or before.pos in ("PRP$", "POS"))
    if noun and not s.negative and not definite and is_noun(s.at(mod[-1].index + 1)):
        if (len(mod) == 1 and is_adjective(mod[0])) or (len(mod) == 2 and is_adverb(mod[0]) and is_adjective(mod[1])):
            return "adjective"
    if s.copula:                # "is a reliable indicator in a population": not a reliable one everywhere
        return None
    rest = mod[1:] if mod[0].lower == "even" and len(mod) > 2 else mod
    prep = rest[0]
    if prep.pos != "IN" or not (verbal or nominal) or not isinstance(prep.category, Functor) \
            or plain(prep.category.argument) != "NP" or not is_modifier(prep.category.result):
        return None
    if prep.lower not in (NOUN_PREPOSITIONS if nominal else PREPOSITIONS):
        return None
    if nominal and (s.negative or not head or head[-1].lower in ARGUMENT_NOUNS):
        return None
    if not _plain_noun_phrase(rest[1:], prep.lower == "by"):
        return None
    after = s.at(mod[-1].index + 1)
    if after is not None and after.word not in (".", ",", ";", ":"):
        return None                     # the phrase may go on past the parser's bracket ("in a population at risk")
    return "PP"


def clean_modifier(s: ConclusionParse, mod: list[Token]) -> bool:
    """No word the modifier may not take along, all its words' categories trusted, no conjunction beside it."""
    for t in mod:
        if t.index in s.protected or has_number(t) or t.lower in CONJUNCTIONS or t.lower in HEDGES \
                or t.lower in NEGATIONS or t.lower in ("that", "whether", "if"):
            return False
        if t.pos in ("CC", "PRP", "WDT", "WP", "WRB", "MD", "EX") or t.pos in FINITE_TAGS:
            return False
        if not re.fullmatch(r"[A-Za-z]+(?:[-'][A-Za-z]+)*", t.word):      # punctuation, symbols, "2mg/day"
            return False
        if t.probability < MIN_PROBABILITY:
            return False
    for neighbour in (s.at(mod[0].index - 1), s.at(mod[-1].index + 1)):
        if neighbour is not None and (neighbour.pos == "CC" or neighbour.lower in CONJUNCTIONS - {",", ";"}):
            return False
    return True
