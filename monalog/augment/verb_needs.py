"""What a verb needs that a deletion must leave (a part of augment/kept_words.py's checks): the object or goal of a
verb that needs one (kb/augment.json's needs_object: "got in the car" -> "got", "went upstairs" -> "went"), the place
a verb of placing needs ("put a dish with cheese on the table" -> "put a dish with cheese"), the infinitive a verb of
telling gives its object, and the object ("told Mary to buy coffee" -> "told Mary", "asked her to marry me" -> "asked
to marry me": grammars/infinitive_object_verbs.txt), an active verb's object where WordNet gives it no use without
one ("had left him weak and exhausted" -> "had exhausted"), a gerund's verb ("absorbed in growing herbs" -> "absorbed
in herbs"), a "to" and its verb ("tries to choose" -> "tries choose", "would like to thank" -> "would to thank", "to
replace ... and lost" -> "to lost"), what "make", "keep", "let", "leave" or "get" makes of its object ("made myself
understood" -> "made myself", "kept the flock away from the gate" -> "kept the flock"), what "be" says before another
phrase ("has been in bed for a week" -> "has been for a week"), the object between a verb and its particle ("picked
it up" -> "picked up"), the second object of a verb that pairs two ("confuse the brake with the clutch" -> "confuse
the brake"), what a verb of judging says of its object ("find reversing harder than parking" -> "find
reversing"), the activity a verb of liking names ("likes playing tennis" -> "likes playing") and the noun a
later count stands for ("likes oranges and eats three a week" -> "eats three a week")."""
from __future__ import annotations

from typing import Sequence

from monalog.augment.words import word_choice
from monalog.ccg.tree import Token
from monalog.inference.treeops import auxiliaries
from monalog.knowledge.senses import can_be_intransitive
from monalog.knowledge.wordnet_facts import synsets
from monalog.resources import grammar_lines
from monalog.text.morphology import base_form, is_cardinal, is_ing_form

PARTICLES = frozenset({"in", "out", "up", "down", "off", "on", "away", "back", "over"})
_PLACING_VERBS = frozenset(grammar_lines("placing_verbs.txt"))
_TELLING_VERBS = frozenset(grammar_lines("infinitive_object_verbs.txt"))
_MODALS = auxiliaries("modal")
_NOT_PASSIVE = frozenset({"have", "do"}) | _MODALS      # a participle or a base form after them is active
_COMPLEMENT_VERBS = frozenset({"make", "keep", "let", "leave", "get"})     # "made myself understood", "kept it away"
_PAIRING_VERBS = frozenset({"confuse", "compare", "mistake", "associate", "swap", "exchange", "provide", "supply",
                            "equip", "credit", "blame", "charge", "trade"})
_LIKING_VERBS = frozenset(grammar_lines("kind_object_verbs.txt"))
_JUDGING_VERBS = frozenset({"find", "consider", "deem", "judge", "think", "call", "prove", "rate"})
_PLACES = frozenset({"on", "in", "into", "onto", "under", "beside", "behind", "inside", "near", "next", "over",
                     "against", "between", "by", "at"})


def verb_needs(tokens: Sequence[Token], start: int, end: int) -> str | None:
    """Why the words start..end must stay for a verb's sake, or None."""
    before, after = tokens[start - 1] if start else Token("", ""), tokens[end] if end < len(tokens) else Token("", "")
    clause_end = not after.word[:1].isalnum()
    if before.pos.startswith("VB") and before.lemma.lower() in word_choice().needs_object \
            and not (end - start == 1 and tokens[start].pos.startswith("RB") and not clause_end):   # "went | fast | to"
        return f"what \"{before.word}\" needs dropped (\"Tom got\" from \"got in the car\", \"went upstairs\")"
    if end - start == 1 and tokens[start].word.lower() == "to" and after.pos == "VB" \
            or before.lemma.lower() in _MODALS and after.word.lower() == "to" \
            or before.word.lower() == "to" and after.pos.startswith("VB") and after.word.lower() != after.lemma.lower():
        return "\"to\" and its verb parted (\"tries to choose\" -> \"tries choose\", \"would like to\" -> \"would to\")"
    if tokens[start].word.lower() == "to" and tokens[start + 1:start + 2] and tokens[start + 1].pos == "VB" \
            and (verb := last_verb(tokens, start)) >= 0 and tokens[verb].lemma.lower() in _TELLING_VERBS \
            or before.lemma.lower() in _TELLING_VERBS and after.word.lower() == "to":
        return "a verb of telling parted from its object or infinitive (\"told Mary to buy coffee\" -> \"told " \
            "Mary\", \"asked her to marry me\" -> \"asked to marry me\")"
    if (before.lemma.lower() in _NOT_PASSIVE or before.word.lower() == "to") and after.pos.startswith("VB") \
            and not any(t.word[:1].isalnum() for t in tokens[end + 1:end + 2]) \
            and not can_be_intransitive(base_form(after.word.lower())):
        return f"\"{after.word}\" left with no object (\"had left him weak and exhausted\" -> \"had exhausted\")"
    if end - start == 1 and before.pos == "IN" and after.pos.startswith("NN") \
            and is_ing_form(tokens[start].word.lower()):
        return f"the gerund \"{tokens[start].word}\" parted from its object (\"absorbed in growing herbs\" -> " \
            "\"absorbed in herbs\")"
    if before.pos in ("VBG", "VB") and _liked(tokens[:start - 1]) \
            and (clause_end or after.word.lower() in ("and", "or")):
        return f"the activity \"{before.word}\" names cut short (\"likes playing tennis\" -> \"likes playing\")"
    if any(t.pos.startswith("NN") for t in tokens[start:end]) and _count_for_noun(tokens[end:]):
        return "the noun a later count stands for dropped (\"likes oranges and eats three a week\" -> \"eats three a " \
            "week\")"
    if (found := _second_part(tokens, start, end)) is not None:
        return found
    if before.lemma.lower() == "be" and tokens[start].pos == "IN" and after.pos == "IN":
        return "what \"be\" says dropped, another phrase left to it (\"has been in bed for a week\" -> \"has been " \
            "for a week\")"
    if before.pos.startswith("VB") and (after.pos == "RP" or after.word.lower() in PARTICLES) \
            and not any(t.word[:1].isalnum() and t.word.lower() not in ("and", "or") for t in tokens[end + 1:end + 2]):
        return f"the object between \"{before.word}\" and its particle \"{after.word}\" dropped (\"picked it up\" -> " \
            "\"picked up\")"
    verb = last_verb(tokens, start)
    if verb >= 0 and tokens[verb].lemma.lower() in _COMPLEMENT_VERBS and 0 < start - verb - 1 <= 3 \
            and not any(t.pos in ("IN", "RP", "TO") for t in tokens[verb + 1:start]) \
            and (before.pos.startswith(("NN", "PRP")) or before.word.lower().endswith(("self", "selves"))) \
            and tokens[start].pos.startswith(("RB", "RP", "VBN", "JJ")):      # its object whole, then "away"
        return f"what \"{tokens[verb].word}\" makes of its object dropped (\"made myself understood\" -> \"made " \
            "myself\", \"kept the flock away\" -> \"kept the flock\")"
    if verb >= 0 and tokens[verb].lemma.lower() in _PLACING_VERBS \
            and any(t.word.lower() in _PLACES for t in tokens[start:end]) \
            and not any(t.word.lower() in _PLACES for t in [*tokens[verb + 1:start], *tokens[end:]]):
        return f"the place \"{tokens[verb].word}\" needs dropped (\"put a dish with cheese\", \"put the letter\")"
    return None


def _liked(tokens: Sequence[Token]) -> bool:
    """The words end with a verb of liking and its "to", if any: what follows is the kind of activity liked, whole
    ("likes playing tennis" does not say one likes playing; grammars/kind_object_verbs.txt)."""
    if tokens and tokens[-1].word.lower() == "to":
        tokens = tokens[:-1]
    return bool(tokens) and tokens[-1].lemma.lower() in _LIKING_VERBS


def _count_for_noun(tokens: Sequence[Token]) -> bool:
    """A verb among `tokens` has a count for its object, with no noun of its own ("eats three or four a week"): it
    stands for a noun said before."""
    for i in range(1, len(tokens)):
        if not (tokens[i - 1].pos.startswith("VB") and is_cardinal(tokens[i].word)):
            continue
        while i + 2 < len(tokens) and tokens[i + 1].word.lower() in ("or", "to") and is_cardinal(tokens[i + 2].word):
            i += 2
        if i + 1 == len(tokens) or not tokens[i + 1].pos.startswith(("NN", "JJ", "CD")):
            return True
    return False


def _second_part(tokens: Sequence[Token], start: int, end: int) -> str | None:
    """The second object of a verb that pairs two ("confuse the brake | with the clutch"), or what a verb of judging
    says of its object ("find reversing | harder than parking"), or None."""
    near = {t.lemma.lower() for t in tokens[max(start - 6, 0):start]}
    if near & _PAIRING_VERBS and tokens[start].word.lower() in ("with", "for", "to"):
        return "the second object of a verb that pairs two dropped (\"confuse the brake with the clutch\")"
    following = tokens[end].word if end < len(tokens) else ""
    last = tokens[end - 1].word.lower()
    judged = any(t.word.lower() == "than" or t.pos == "JJR" for t in tokens[start:end]) \
        or start and tokens[start - 1].pos.startswith(("NN", "PRP")) and not following[:1].isalnum() \
        and (tokens[end - 1].pos == "JJ" or bool(synsets(last, "a")) and not synsets(last, "n"))
    # "found the book | interesting.", "the soup | too salty." (tagged a noun), not "found an | injured owl"
    if near & _JUDGING_VERBS and judged:
        return "what a verb of judging says of its object dropped (\"find reversing harder than parking\" -> \"find " \
            "reversing\")"
    return None


def last_verb(tokens: Sequence[Token], start: int) -> int:
    """The index of the last verb before `start`, or -1."""
    return next((i for i in range(start - 1, -1, -1) if tokens[i].pos.startswith("VB")), -1)
