"""Whole generated sentences: what the naturalness filter drops ("Deer and deer roam", a bigram twice, a
double negative, "walking together" alone, "12 no monkeys", "for any miles", "At least 12 ... any") and the
tidying every hypothesis gets."""
from __future__ import annotations

import re

from monalog.augment.fluency import START
from monalog.augment.readability import NEGATIVE_WORDS
from monalog.knowledge.measures import unit_noun
from monalog.text.morphology import is_cardinal
from monalog.text.names import given_name
from monalog.text.normalize import default_fragment


def same_conjuncts(text: str) -> bool:
    """"Deer and deer roam": a word coordinated with itself (a replacement met its neighbour)."""
    return re.search(r"\b(\w+) (?:and|or) \1\b", text, re.IGNORECASE) is not None


def repeated_bigram(text: str) -> bool:
    """MonaLog's naturalness filter: a sentence with a bigram twice is dropped."""
    words = text.lower().rstrip(".!?").split()
    bigrams = list(zip(words, words[1:]))
    return len(bigrams) != len(set(bigrams))


def double_negative(text: str) -> bool:
    """"No dog is not running", "No guy is cutting no onion", "Neither commissioner does not spend": unnatural;
    dropped. Not two negatives a relative pronoun parts ("Not every alien who did not buy shirts is hairy")."""
    clause = 0
    for word in text.lower().replace("n't", " not").split():
        if word in _RELATIVES:
            clause = 0
        elif word in _NEGATIVE_OR_NEITHER:
            clause += 1
            if clause > 1:
                return True
    return False


_NEGATIVE_OR_NEITHER = NEGATIVE_WORDS | {"neither"}
_RELATIVES = frozenset({"who", "whom", "which", "that"})


def counted_no(text: str) -> bool:
    """"12 no monkeys escaped": "no" after a number (a subject's "no" put after its numeral)."""
    words = text.lower().split()
    return any(after == "no" and is_cardinal(word) for word, after in zip(words, words[1:]))


def any_amount(text: str) -> bool:
    """"did not line the road for any miles": "any" before a plural unit of measure, which counts an amount
    ("any day" is fine)."""
    words = [word.strip(".,!?") for word in text.lower().split()]
    return any(word == "any" and after.endswith("s") and unit_noun(after) for word, after in zip(words, words[1:]))


def any_beside_count(text: str) -> bool:
    """"did not manage any runs and one fast one": "any" joined by "and" to a counted or determined noun
    phrase, which it cannot share a negation with."""
    return re.search(r"\bany (?:[\w-]+ ){1,3}and (?:a|an|one|two|three|four|five|the|some|\d+)\b", text.lower()) \
        is not None


def upward_any(text: str) -> bool:
    """"At least 12 aliens bought any shirts": an "any" that nothing licenses after a count that went up ("Only
    12 aliens bought any shirts" -> "At least 12")."""
    words = text.lower().replace("n't", " not").split()
    return words[:2] in (["at", "least"], ["more", "than"]) and "any" in words and not NEGATIVE_WORDS & set(words)


_NOT_ALONE = frozenset({"and", "or", "of", "with", "to", "for", "by", "from"})


def lone_name_plural(text: str) -> bool:
    """"... while Alice were looking": a given name left alone before a plural verb (a conjunct dropped from
    "John and Alice were", in a clause whose agreement agree() does not set; not "The friends of Tom are")."""
    words = text.split()
    before = ["", *(w.lower() for w in words)]
    return any(given_name(w) and after in ("were", "are", "have") and before[i] not in _NOT_ALONE
               for i, (w, after) in enumerate(zip(words, words[1:])))


def lost_one(text: str, premise: str) -> bool:
    """"one more step" -> "a more step", "one other sister" -> "an other sister", "one white and two black" -> "a
    white and two black": "one" swapped for "a" before a word it alone reads well with."""
    if re.search(r"\b(?:a|an) (?:more|other)\b", text.lower()) \
            and re.search(r"\bone (?:more|other)\b", premise.lower()):
        return True
    counts = r"(?:two|three|four|five|six|seven|eight|nine|ten|\d+)"
    return any(re.search(rf"\ban? {m[1]} and {counts}\b", text.lower())          # "one white and two black"
               for m in re.finditer(rf"\bone (\w+) and {counts}\b", premise.lower()))


# a bare noun that reads as an idiom once its modifier is gone ("before feeding time" -> "before time": early)
_IDIOM = re.compile(r"\b(?:before|on|in) time\b", re.IGNORECASE)
# a perfect's auxiliary before a modal, a negation after "been" ("I've likely will get", "I've been not drunk")
_AUXILIARY_ORDER = re.compile(r"(?:'ve|\bhave|\bhas|\bhad) (?:\w+ly )?(?:will|would|can|could|shall|should|may|"
                              r"might|must)\b|\bbeen not\b", re.IGNORECASE)


_NOT_SOMETHING = re.compile(r"\b(?:not|n't|never)\b(?: [\w'-]+){0,4} (?:something|someone|somebody)\b")


def unnatural(text: str, premise: str) -> bool:
    """A generated sentence that no reader would write, whatever its label: a bigram twice, a double negative, ...
    (the checks above, `lone_name_plural` among them), "not numerous" or "any things" (people write "not many",
    "anything"), an idiom the premise does not have (`_IDIOM`), an auxiliary out of order (`_AUXILIARY_ORDER`),
    "something" after a new negation ("do not mention something" reads "there is something they do not mention"),
    or the premise itself."""
    return repeated_bigram(text) or double_negative(text) or same_conjuncts(text) or counted_no(text) \
        or lone_name_plural(text) \
        or lone_reciprocal(text) or any_amount(text) or any_beside_count(text) and not any_beside_count(premise) \
        or upward_any(text) \
        or lost_one(text, premise) or re.search(r"\b(?:not numerous|any things)\b", text.lower()) is not None \
        or bool(_IDIOM.search(text)) and not _IDIOM.search(premise) or bool(_AUXILIARY_ORDER.search(text)) \
        or bool(_NOT_SOMETHING.search(text.lower())) and not _NOT_SOMETHING.search(premise.lower()) \
        or spelt(text) == spelt(premise)


def tidy(text: str) -> str:
    """Punctuation and clitics attached to the word before them ("a wall ." -> "a wall.", "dog 's", "parents '", "You
    'd", "( RNNs )" -> "(RNNs)"), the commas of a dropped clause gone ("A boy , , is" -> "A boy is"; a dash left at
    the end too), and the normaliser's "some thing"/"some person"/"no person"/"every person" (and, under a negation,
    "any thing") and "on every morning" written as people do, a percentage's sign joined to its number ("5 %"), and a
    clitic after a new "someone" written out ("I'll" -> "Someone will", "I'd" -> "Nobody would")."""
    text = re.sub(r" ,(?: ,)+(?= )| [,-](?: ,)*(?=(?: [.!?])?$)", "", text)      # "great things -." too
    text = re.sub(r" ([.,!?;:)]|'s|'d|'ll|'re|'ve|'m|n't)(?= |$|[.,!?;:])", r"\1", text)
    text = re.sub(r"\( ", "(", text)
    text = re.sub(r"(?<=s) '(?= \w)", "'", text)       # a plural's possessive: "the parents ' race"
    text = re.sub(r"(?<=\d): (?=\d)", ":", text)        # a time: "The 8:15 service"
    text = re.sub(r"(?<=\d) %", "%", text)               # a percentage: "5 %" -> "5%"
    text = re.sub(rf"\bon (every (?:[\w-]+ )?{default_fragment('time_noun').pattern})\b", r"\1", text, flags=re.I)
    text = re.sub(r"\b([Nn])o person\b", r"\1obody", text)
    text = re.sub(r"\b((?:[Ss]ome|[Nn]o) ?(?:one|body|person)|[Ss]ome people)'(ll|d)\b",
                  lambda m: f"{m[1]} {'will' if m[2] == 'll' else 'would'}", text)           # "Someone'll", "Nobody'd"
    return re.sub(r"\b([Ss]ome|[Aa]ny|[Ee]very) (thing|person)\b",
                  lambda m: m[1] + {"thing": "thing", "person": "one"}[m[2]], text)


_RECIPROCAL = re.compile(r"\b(?:together|each other|one another)\b", re.IGNORECASE)


def lone_reciprocal(text: str) -> bool:
    """"A person is walking together": a reciprocal left with a singular subject."""
    words = text.lower().split()
    return bool(_RECIPROCAL.search(text)) and "is" in words and "are" not in words


# phrases the normaliser writes otherwise, and its forms of them ("a pair of herons was" -> "two herons was")
_NORMALISED = (("a lot of", ("much", "many", "numerous")), ("a pair of", ("two",)))


# the word pairs of phrases the generator writes by rule (numeral_bounds.weaker_bounds), natural wherever the
# grammar puts them (fluency.fluency's `natural`)
RULE_PAIRS = frozenset({(START, "at"), ("at", "least"), ("at", "most"),
                        ("someone", "a"), ("someone", "an"), ("someone", "the")})     # "bought someone a dog"


def as_written(hypothesis: str, premise: str) -> str:
    """The hypothesis in the premise's words where the normaliser changed them ("a lot of" read as "much" or
    "many", "a pair of" as "two": "They eat a lot of white rice", not "much white rice"), ending as the
    premise does ("... river channels" -> "... river channels.", where a deleted clause took the full stop)."""
    words = premise.lower().split()
    for phrase, forms in _NORMALISED:
        if phrase in " ".join(words) and not set(forms) & set(words):      # "A  lot of": spaces as written
            hypothesis = re.sub(rf"\b(?:{'|'.join(forms)})\b", lambda m: phrase.capitalize() if m[0][0].isupper()
                                else phrase, hypothesis, count=1, flags=re.IGNORECASE)
    end = premise.rstrip()[-1:]
    return hypothesis + end if end and end in ".!?" and hypothesis.rstrip()[-1:] not in (".", "!", "?") else hypothesis


def spelt(text: str) -> str:
    """A sentence as compared with another: tidied, lower case, without final punctuation or spacing ("People
    are running ." is the premise "people are running", "In Paris , they sleep ! !" is "In Paris, they sleep!!")."""
    return " ".join(re.sub(r"[\s.!?]+$", "", tidy(text)).lower().split())
