"""Edits that are sound but that a reader rejects (issue 15): the checks and their word lists (kb/augment.json). A
deletion must not drop a verb's particle, leave a sentence that starts with an anaphor, or leave a comma-introduced
clause hanging on the wrong phrase; a replacement must not bring in a noun whose gender clashes with a pronoun of the
sentence. A deletion must not leave the object of a dropped verb to the word before it either ("tired and wearing a
cap" -> "tired a cap"), a list of three without its "and", a later "it" without the noun it stood for, an adverb
without its adjective ("a really small wagon" -> "a really wagon"), nor a frame word without what it needs
(`_frame_lost`). A contradiction must read as one: augment/contradiction_checks.py. Whole sentences are checked in
augment/sentences.py, parses in augment/misparse.py."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from monalog.augment.kept_words import kept_word
from monalog.augment.words import surface_tag
from monalog.ccg.tree import Leaf, Token, Tree, leaves
from monalog.inference.treeops import AUXILIARIES, auxiliaries
from monalog.knowledge.superlatives import superlative
from monalog.knowledge.wordnet import wordnet
from monalog.resources import kb_path
from monalog.text.morphology import countable, is_cardinal, is_participle
from monalog.text.names import given_name

_FORMS = auxiliaries("form")
_OBJECT_VERB_TAGS = frozenset({"VBD", "VBZ", "VBP", "VB", "VBN"})     # not VBG: "is eating" reads whole
DEONTIC = frozenset({"must", "should", "ought", "shall"})     # an obligation's place or time restricts it
PERMISSION = frozenset({"may", "allowed", "permitted"})       # so does what a permission allows

# pronouns that take up a thing named before them ("jumping off a rock and standing on it")
_OBJECT_PRONOUNS = frozenset({"it", "them"})
_CASE = re.compile(r"\b(?:during|with|for|of|in|on|at|from|by|about|into|onto|under|over|near) (?:i|he|she|we|they)\b")
_DEGREE = frozenset({"most", "more", "least", "less"})     # before an adjective: "the most intense pleasures"

# words that open a subordinate clause: such a clause is not asserted, nor a sentence of its own
CLAUSE_WORDS = frozenset({"how", "why", "whether", "what", "when", "where", "which", "who", "whom", "whose", "that",
                           "if", "because", "although", "though", "unless", "while"})
# words that make a sentence negative: an edit meant for a positive sentence keeps away from them
NEGATIVE_WORDS = frozenset({"no", "nobody", "nothing", "none", "not", "never"})
QUESTION_WORDS = frozenset({"how", "why", "whether", "what"})       # an embedded question, never a relative
DETERMINERS = frozenset({"no", "a", "an", "some", "every", "the"})
ORDINAL = re.compile(r"(?:\w+-)?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|"
                      r"twelfth|\w+teenth|\w+tieth|hundredth|thousandth|last|next|previous)$|\d+(?:st|nd|rd|th)$")
# adjectives that pick one thing or set out of those the noun names ("the next meeting", "the same day")
_PICKING = frozenset({"same", "only", "whole", "entire", "main", "other", "very", "next", "last", "following",
                      "previous", "usual", "latter", "former", "right", "wrong", "proper", "real", "exact",
                      "opposite", "present", "current", "sole", "particular", "certain", "famous", "original"})


def picks_one(token: Token) -> bool:
    """A picking adjective, an ordinal or a superlative: "the next meeting" is no "the next gathering", "the first
    guests" no "some first guests"."""
    word = token.word.lower()
    return word in _PICKING or bool(ORDINAL.match(word)) or superlative(token.word) or token.pos == "JJS"


@dataclass(frozen=True)
class Readability:
    """kb/augment.json's particles, anaphors, gendered nouns and pronouns, reciprocal, evaluative and
    prepositional words."""

    particles: frozenset[str]
    intensifiers: frozenset[str]
    anaphors: tuple[tuple[str, ...], ...]
    gender_nouns: dict[str, frozenset[str]]
    gender_pronouns: dict[str, frozenset[str]]
    reciprocal_verbs: frozenset[str]
    evaluative_adjectives: frozenset[str]
    prepositional_verbs: frozenset[str]

    def gender(self, lemma: str) -> str | None:
        return next((g for g, nouns in self.gender_nouns.items() if lemma in nouns), None)

    def leading_anaphor(self, words: Sequence[str]) -> tuple[str, ...] | None:
        return next((a for a in self.anaphors if tuple(words[:len(a)]) == a), None)


@lru_cache(maxsize=1)
def readability() -> Readability:
    data = json.loads(kb_path("augment.json").read_text(encoding="utf-8"))
    return Readability(frozenset(data["particles"]), frozenset(data["intensifiers"]),
                       tuple(tuple(a.split()) for a in data["anaphors"]),
                       {g: frozenset(w) for g, w in data["gender_nouns"].items()},
                       {g: frozenset(w) for g, w in data["gender_pronouns"].items()},
                       frozenset(data["reciprocal_verbs"]), frozenset(data["evaluative_adjectives"]),
                       frozenset(data["prepositional_verbs"]))


def deleted_span(before: Sequence[str], after: Sequence[str]) -> tuple[int, int]:
    """[start, end) of the words of `before` that a deletion removed to give `after`."""
    start = 0
    while start < len(after) and before[start] == after[start]:
        start += 1
    end = len(before)
    while end - start > len(before) - len(after) and before[end - 1] == after[end - 1 - len(before) + len(after)]:
        end -= 1
    return start, end


def bad_deletion(before: Tree, after: Tree) -> str | None:
    """Why a reader would reject the deletion that turned `before` into `after`, or None."""
    before_leaves = leaves(before)
    tokens = [leaf.token for leaf in before_leaves]
    words = [t.word.lower() for t in tokens]
    after_leaves = leaves(after)
    remaining = [leaf.token.word.lower() for leaf in after_leaves]
    start, end = deleted_span(words, remaining)
    check = readability()
    if end - start == 1 and (tokens[start].pos == "RP" or
                             (words[start] in check.particles and tokens[start].pos.startswith(("RB", "IN")))
                             or (tokens[start].pos == "IN" and not any(w[:1].isalnum() for w in words[end:]))):
        return f"a verb's particle dropped (\"{words[start]}\")"
    if _degree_left(tokens, words, start, end):
        return f"\"{words[start - 1]}\" would be left without its adjective (\"a really wagon\", \"most pleasures\")"
    dropped = [leaf for leaf in before_leaves[start:end] if leaf.token.pos.startswith("VB")
               and str(leaf.category).startswith(("(S", "S"))]
    if dropped and end - start == 1:        # a participle's whole phrase ("wearing a hat") is a modifier
        return f"a verb dropped (\"{dropped[0].token.word}\"): a verb is no modifier (\"Tom can Spanish\")"
    if (misread := _misread(tokens, words, remaining, start, end) or kept_word(tokens, start, end)) is not None:
        return misread
    if end - start == 1 and tokens[start].lemma.lower() in AUXILIARIES | _FORMS:
        return f"an auxiliary dropped (\"{words[start]}\"): \"meetings be held\" is no sentence"
    if start and tokens[start - 1].lemma.lower() in AUXILIARIES | _FORMS and tokens[start].pos.startswith("VB") \
            and not any(w[:1].isalnum() for w in words[end:]):     # the auxiliary would end the sentence
        return f"the verb after \"{words[start - 1]}\" dropped (\"will be held in this room\" -> \"will be\")"
    verb = before_leaves[start - 1] if start else None
    if verb is not None and verb.token.pos in _OBJECT_VERB_TAGS and str(verb.category).endswith("/NP") \
            and words[start - 1] not in check.particles \
            and any(leaf.token.pos.startswith("NN") or leaf.token.pos == "PRP" and end >= len(words) - 1
                    for leaf in before_leaves[start:end]):      # not "red", nor "aimed | it | at the target"
        return f"\"{words[start - 1]}\" would lose its object (\"A fox saw.\", \"I shook.\"; an -ing activity is whole)"
    if (phrase := _phrase_broken(tokens, words, remaining, start, end)) is not None:
        return phrase
    if (lost := _complement_lost(tokens, start, end) or _frame_lost(before_leaves, start, end)) is not None:
        return lost
    first = after_leaves[0] if after_leaves else None
    if start == 0 and first is not None and (first.token.pos.startswith(("VB", "MD"))
                                            or str(first.category).startswith("(S[dcl]\\NP)")):
        return "the subject dropped: the sentence would read as an order (\"Don't eat caesar salad\")"
    if (modal := _modal_widened(tokens, words, start)) is not None:
        return modal
    if (stranded := _stranded(tokens, words, after_leaves, bool(dropped), start, end)) is not None:
        return stranded
    last = before_leaves[end - 1]
    if end < len(words) and last.token.pos.startswith("VB") and str(last.category).endswith("/NP"):
        return f"the object of \"{words[end - 1]}\" would be left to another word (\"tired a cap\")"
    before_comma = start > 0 and words[start - 1] == ","
    following = words[end] if end < len(words) else "."
    if following == "," and not before_comma:
        return "the clause after the comma would hang on another phrase"
    if before_comma and following not in (",", ".", "!", "?"):
        return "a comma would be left inside a phrase (\"pristine, road\")"
    if words[start] == "and" and start >= 2 and words[start - 2] == "," \
            and not words[start - 1].endswith("ing"):       # "purple, white"; "street, smiling" is a clause
        return "a list would lose its \"and\" (\"in purple, white and black\" -> \"in purple, white\")"
    if (anaphor := check.leading_anaphor(remaining)) and anaphor != check.leading_anaphor(words):  # "One ... the other"
        return f"the sentence would start with the anaphor \"{remaining[0]}\""
    return _antecedent_lost(tokens, words, start, end) or _clause_broken(before_leaves, start, end)


def _degree_left(tokens: Sequence[Token], words: Sequence[str], start: int, end: int) -> bool:
    """A word of degree before the deleted adjective ("really", "most", "highly") that no adjective would
    follow (the tags are no guide to an adjective here: "the most intense/NN pleasures")."""
    intensifiers = readability().intensifiers
    adjective = lambda i: tokens[i].pos.startswith("JJ") or (tokens[i].pos.startswith(("NN", "VB"))  # noqa: E731
                                                               and _adjective(words[i]))
    return start > 0 and (tokens[start - 1].pos == "RB" or words[start - 1] in intensifiers | _DEGREE) \
        and adjective(start) and not (end < len(tokens) and words[end] not in intensifiers and adjective(end))


def _stranded(tokens: Sequence[Token], words: Sequence[str], after: Sequence[Leaf], verb: bool, start: int,
              end: int) -> str | None:
    """A deletion that takes the sentence's only verb (`verb`: the span had one) or a PP before the "to" or "of" that
    names its noun."""
    if verb and not any(leaf.token.pos.startswith(("VB", "MD")) for leaf in after):
        return "the sentence's only verb dropped (\"We play football and volleyball\" -> \"We volleyball\")"
    if tokens[start].pos == "IN" and words[end:end + 1] in (["to"], ["of"]) and tokens[end - 1].pos.startswith("NN"):
        return "a phrase dropped before the \"to\" or \"of\" that names its noun (\"on the bus to the station\")"
    return None


def _modal_widened(tokens: Sequence[Token], words: Sequence[str], start: int) -> str | None:
    """A deletion that widens what an obligation or a permission says: the place or time of an obligation
    ("must wear badges inside the building"), what a permission allows ("may bring one small bag")."""
    if DEONTIC & set(words[:start]) and tokens[start].pos in ("IN", "TO", "RB"):
        return "the place or time of an obligation dropped (\"must wear badges inside the building\")"
    if PERMISSION & set(words[:start]) and words[0] not in ("it", "there") \
            and tokens[start].pos.startswith(("JJ", "IN", "VBN")):         # not "It may rain in the north"
        return "what a permission allows widened (\"may bring one small bag\" -> \"may bring one bag\")"
    return None


def _frame_lost(before: Sequence[Leaf], start: int, end: int) -> str | None:
    """A deletion that takes what a frame word needs: a copula's complement ("has always been a terrible
    dancer" -> "has always been."), a comparative's word before "than" ("wear out faster than the rear
    ones" -> "wear out than"), the modifier a later "ones" contrasts with ("The front tyres" -> "The
    tyres ... than the rear ones"), an adjective's noun ("took a nutritious."), the second of two coordinated
    adjectives ("a nutritious and shake"), an end of "between" ("between June and August" -> "between June"),
    a partner of a reciprocal verb without an object ("Emma and I met" -> "Emma met"), the preposition of a
    prepositional verb ("looks over a park" -> "looks"), the sentence's only finite verb with words of its
    phrase left ("made books cheaper and more common" -> "more common"), a second clause's subject with its
    "and" ("It's five o'clock and the shop isn't open" -> "It's five o'clock isn't open")."""
    tokens = [leaf.token for leaf in before]
    words = [t.word.lower() for t in tokens]
    if start and tokens[start - 1].lemma.lower() == "be" and not any(w[:1].isalnum() for w in words[end:]):
        return f"the complement of \"{words[start - 1]}\" dropped (\"has always been.\")"
    if "than" in words[end:end + 1] + words[max(start - 1, 0):start]:
        return "a comparative's word or standard cut at \"than\" (\"wear out than\", \"higher than places\")"
    if "ones" in words[end:] and all(str(leaf.category) == "N/N" for leaf in before[start:end]):
        return "the modifier that \"ones\" contrasts with dropped (\"The front tyres ... than the rear ones\")"
    if start > 1 and words[start - 2] in DETERMINERS and _adjective(words[start - 1]) \
            and (end == len(words) or not words[end][:1].isalnum()):
        return f"\"{words[start - 1]}\" left without its noun (\"took a nutritious.\")"
    if start > 1 and words[start - 1] in ("and", "or") and _adjective(words[start - 2]) and end < len(words) \
            and str(before[end].category) in ("N", "N/N"):
        return f"\"{words[start - 1]}\" left without its second adjective (\"a nutritious and shake\")"
    if "and" in words[start:end] and "between" in words[max(0, start - 4):start]:
        return "a conjunct of \"between\" dropped (\"between June and August\" -> \"between June\")"
    finite = [i for i, leaf in enumerate(before) if leaf.token.pos.startswith(("VB", "MD"))
              and "S[dcl]" in str(leaf.category)]
    if finite and all(start <= i < end for i in finite) and end < len(words) and words[end][:1].isalnum():
        return "the sentence's verb dropped, its phrase kept (\"The printing press more common\")"
    if words[start] in ("and", "or", "but") and end in finite and any(i < start for i in finite):
        return "a second clause's subject dropped with its \"and\" (\"It's five o'clock and the shop isn't open\")"
    lemma = tokens[start - 1].lemma.lower() if start else ""                 # "met with": its own entry
    if start and {lemma, f"{lemma} {words[start]}"} & readability().prepositional_verbs \
            and (tokens[start].pos == "IN" or str(before[start].category).endswith("/NP")):     # "prey | upon"
        return f"the preposition of \"{words[start - 1]}\" dropped (\"looks over a park\" -> \"looks\")"
    verb = next((leaf for leaf in before[end:] if leaf.token.pos.startswith("VB")
                 and leaf.token.lemma.lower() not in AUXILIARIES | _FORMS), None)     # "are | kissing"
    if {"and", "or"} & set(words[start:end]) and verb is not None \
            and verb.token.lemma.lower() in readability().reciprocal_verbs and not str(verb.category).endswith("/NP"):
        return f"a partner of \"{verb.token.word}\" dropped (\"Emma and I met\" -> \"Emma met\")"
    return None


def _antecedent_lost(tokens: Sequence[Token], words: Sequence[str], start: int, end: int) -> str | None:
    """A pronoun after the deleted nouns or names that may have been its antecedent ("jumping and another is standing
    on it"; "began without man and shall end without him")."""
    nouns = [t for t in tokens[start:end] if t.pos.startswith("NN")]
    check = readability()
    genders = {g for t in nouns if (g := check.gender(t.lemma.lower()))} \
        | (set(check.gender_pronouns) if any(given_name(t.word) for t in nouns) else set())      # "with Tom and | his"
    if (nouns and _OBJECT_PRONOUNS & set(words[end:])) or any(check.gender_pronouns[g] & set(words[end:])
                                                               for g in genders):
        return "a pronoun after the deletion would lose its antecedent (\"... without man and shall end without him\")"
    return None


def _misread(tokens: Sequence[Token], words: Sequence[str], remaining: Sequence[str], start: int,
             end: int) -> str | None:
    """bad_deletion's checks for deletions a misparse proposes: a gerund's object left to its preposition,
    an auxiliary over the other conjunct's form, a clause that would stand as a sentence or read as asserted."""
    if end - start == 1 and start and tokens[start].pos == "VBG" and tokens[start - 1].pos == "IN" \
            and end < len(tokens) and tokens[end].pos.startswith("NN") and not _adjective(words[start]):
        return "a gerund dropped from its object (\"without watching matches\" -> \"without matches\")"
    if words[end - 1] in ("and", "or") and start and tokens[start - 1].lemma.lower() in AUXILIARIES | _FORMS \
            and end < len(tokens) and tokens[end].pos.startswith("VB") and tokens[start].pos.startswith("VB") \
            and _base(tokens[end]) and not _base(tokens[start]):
        return f"the auxiliary \"{words[start - 1]}\" would govern the other conjunct (\"are evolve\")"
    if start == 0 and end < len(tokens) and (words[end] in QUESTION_WORDS
                                             or (words[end] == "that" and tokens[end].pos == "IN")):
        return f"the sentence would start with \"{words[end]}\": a clause, not a sentence"
    if end - start == 1 and words[start] in CLAUSE_WORDS - {"that"}:
        return f"\"{words[start]}\" dropped: its clause would read as asserted"
    return None


_FINITE_OR_BASE = frozenset({"VB", "VBP", "VBZ", "VBD"})
_ORDER_ADVERBS = frozenset({"first", "last", "originally", "once"})    # "was first performed (in Dublin)"
_SUBJECT_PRONOUNS = frozenset({"i", "you", "he", "she", "it", "we", "they"})   # "before you | clean the camera"
_EVENTS = frozenset({"event.n.01", "act.n.02"})


def _clause_broken(before: Sequence[Leaf], start: int, end: int) -> str | None:
    """A deletion that takes part of a clause's frame and leaves the rest: a finite or base verb dropped last,
    without the clause that holds it ("won't expect results" -> "will results", "Remove the battery" ->
    "The battery"), a subordinator dropped from its clause ("Remove the battery before you clean" ->
    "Remove the battery clean"), a PP on an event noun dropped while the next PP, which may place
    that event, stays ("arrested two men after a robbery at a bank" -> "arrested two men at a bank"), a passive's
    agent dropped before a PP that may be its modifier, a noun's participle left bare before the verb or at the end,
    or the last phrase after "first performed"."""
    tokens = [leaf.token for leaf in before]
    while start and tokens[start - 1].word.lower() == tokens[end - 1].word.lower():
        start, end = start - 1, end - 1     # the leftmost of equal alignments: "is | walking ... and is | wearing"
    span = before[start:end]
    last = span[-1]
    if last.token.pos in _FINITE_OR_BASE and str(last.category).startswith(("(S", "S")) \
            and "[adj]" not in str(last.category) and end < len(tokens) and tokens[end].word[:1].isalnum():
        return f"a verb dropped without its clause (\"{last.token.word}\"): what follows it would be left"
    first = span[0]
    if first.token.pos == "IN" and not any(leaf.token.pos.startswith("VB") for leaf in span) \
            and ("/S" in str(first.category) or (end < len(tokens) and tokens[end].pos in _FINITE_OR_BASE
                                                 and tokens[end - 1].word.lower() in _SUBJECT_PRONOUNS)):
        return f"\"{first.token.word}\" dropped from its clause, which would stand on its own"
    if first.token.pos == "IN" and end < len(tokens) and tokens[end].pos == "IN" \
            and tokens[end - 1].pos.startswith("NN") and _event_noun(tokens[end - 1].lemma):
        return f"the phrase after \"{tokens[end - 1].word}\" may place that event, not the sentence's"
    if first.token.word.lower() == "by" and start and is_participle(tokens[start - 1].word) and end < len(tokens) \
            and tokens[end].pos == "IN":
        return "the agent dropped before a phrase that may be the agent's (\"made by students from the college\")"
    if first.token.pos in ("IN", "TO") and start > 1 and tokens[start - 1].pos in ("VBN", "VBD") \
            and tokens[start - 2].pos.startswith("NN") \
            and (tokens[end:] and tokens[end].pos.startswith(("MD", "VB")) or _ends(tokens, end)):
        return "a noun's participle left without its phrase (\"an umbrella left on the bus should call\")"
    if start > 1 and tokens[start - 2].word.lower() in _ORDER_ADVERBS and tokens[start - 1].pos.startswith("VB") \
            and _ends(tokens, end):
        return f"\"{tokens[start - 2].word} {tokens[start - 1].word}\" left without its time or place"
    return None


def _ends(tokens: Sequence[Token], end: int) -> bool:
    """No word after position `end`: the sentence ends there."""
    return not any(t.word[:1].isalnum() for t in tokens[end:])


def _phrase_broken(tokens: Sequence[Token], words: Sequence[str], remaining: Sequence[str], start: int,
                   end: int) -> str | None:
    """A phrase the deletion leaves without a part it needs: an ordinal, a quantity's word, a number's measure,
    a first conjunct (an adjective before "and" and another adjective), a preposition's object, the adjective of
    "ones", the second half of "both ... and", "there" of "there was", one of a pair of parentheses."""
    if end - start == 1 and ORDINAL.match(words[start]) and tokens[start].pos in ("JJ", "CD", "RB", "NN"):
        return f"an ordinal dropped (\"the {words[start]} century\" -> \"the century\")"
    if end - start == 1 and start and (tokens[start - 1].pos == "CD" or is_cardinal(words[start - 1])) \
            and tokens[start].pos == "NNS" and end < len(words) and words[end][:1].isalpha():     # the counted noun
        return "a number left without its measure (\"over twenty years old\" -> \"over twenty old\")"
    if start and words[start - 1] in ("a", "an") and end < len(words) and (words[start] in ("few", "lot", "bit") or (
            words[start] == "little" and not countable(tokens[end].lemma.lower()))):
        return f"\"a {words[start]}\" is a quantity (\"a little water\" -> \"a water\")"
    if end + 1 < len(words) and words[end] in ("and", "or", "but") \
            and all(_adjective(w) for w in words[start:end]) \
            and (_adjective(words[end + 1]) or words[end + 1] in ("more", "less")):     # tags unreliable here
        return f"\"{words[end]}\" would lose its first conjunct (\"made books cheaper and more common\")"
    if end - start == 1 and tokens[start].pos == "IN" and end < len(tokens) \
            and tokens[end].pos.startswith(("DT", "NN", "VBG", "PRP", "CD", "JJ")):   # "for being a good boy"
        return f"\"{words[start]}\" dropped from its object (\"Under the table is a cat\" -> \"The table is ...\")"
    if start and words[start - 1] in ("a", "an") \
            and next((surface_tag(t) for t in tokens[end:] if t.pos.startswith("NN")), "") == "NNS":
        return "\"a\" left before a plural (\"a generous pension and free lunches\" -> \"a free lunches\")"
    if end < len(words) and words[end] in ("one", "ones") and _adjective(words[end - 1]):
        return f"\"{words[end]}\" left without its adjective (\"younger ones\" -> \"ones\")"
    at = words.index("both") if "both" in words else -1        # "both in Japan"; "Both dogs" is a determiner's
    if "both" in remaining and "and" in words[at:] and "and" not in remaining[remaining.index("both"):] \
            and not tokens[at + 1].pos.startswith("NN"):
        return "\"both\" left without its \"and\" (\"both in Japan and in America\" -> \"both in Japan\")"
    if any(t.pos == "EX" for t in tokens[start:end]) or (_CASE.search(" ".join(remaining))
                                                         and not _CASE.search(" ".join(words))):
        return "\"there\" or a preposition's object dropped (\"Last night was a fire\", \"During I did not stay\")"
    if (remaining.count("(") != remaining.count(")")) or "( )" in " ".join(remaining):
        return "a parenthesis left without its pair or its words"
    return None


def _complement_lost(tokens: Sequence[Token], start: int, end: int) -> str | None:
    """The phrase right after a verb that the verb needs: a lone adjective after a linking verb ("All
    animals should go naked" -> "should go"), or everything after a verb whose usual sense takes a
    place or a predicate ("An old woman who lived in the house caught the boy" -> "who lived caught")."""
    verb = tokens[start - 1] if start else None
    if verb is None or not verb.pos.startswith("VB"):
        return None
    frames = _verb_frames(verb.lemma.lower())
    if end - start == 1 and tokens[start].pos.startswith("JJ") and any(f & _PREDICATE_FRAMES for f in frames):
        return f"\"{verb.word}\" would lose its adjective (\"go naked\" -> \"go\")"
    bare = end == len(tokens) or not tokens[end].pos.startswith(_COMPLEMENT_TAGS)
    if bare and frames and frames[0] <= _PHRASE_FRAMES:
        return f"\"{verb.word}\" would stand without the phrase its sense needs (\"who lived in the house\")"
    return None


# WordNet's verb frames: 6 "Something ----s Adjective/Noun", 7 "Somebody ----s Adjective"; with 4
# "Something is ----ing PP" and 22 "Somebody ----s PP", a sense used only so needs its phrase
_PREDICATE_FRAMES = frozenset({6, 7})
_PHRASE_FRAMES = frozenset({4, 6, 7, 22})
_COMPLEMENT_TAGS = ("IN", "TO", "RB", "RP", "JJ", "DT", "NN", "PRP", "CD")


@lru_cache(maxsize=4096)
def _verb_frames(lemma: str) -> tuple[frozenset[int], ...]:
    """The frames of the verb's first three WordNet senses."""
    return tuple(frozenset(s.frame_ids()) for s in wordnet().synsets(lemma, "v")[:3])


def _event_noun(lemma: str) -> bool:
    """The noun's first WordNet sense is an event or an act ("robbery", "party"; "bench" is none)."""
    senses = wordnet().synsets(lemma.lower(), "n")
    return bool(senses) and any(s.name() in _EVENTS for s in (senses[0], *senses[0].closure(lambda x: x.hypernyms())))


@lru_cache(maxsize=4096)
def _adjective(word: str) -> bool:
    """WordNet lists `word` as an adjective ("running water"; "watching" is none)."""
    return bool(wordnet().synsets(word, "a"))          # satellites included


def _base(token: Token) -> bool:
    """A verb spelt as its base form (the tagger may call "evolve" VBN after "are introduced and"; "come"
    of "have come and gone" is one too, hence only base after inflected is refused)."""
    return token.word.lower() == token.lemma.lower()
