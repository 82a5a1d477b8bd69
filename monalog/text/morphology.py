"""English verb forms for rewrites: past participles, -ing forms, is/are agreement."""
from __future__ import annotations

import re
from functools import lru_cache

from monalog.fileio import read_table
from monalog.knowledge.wordnet import exceptions
from monalog.knowledge.wordnet_facts import synsets
from monalog.resources import grammar_path
from monalog.text.lemmatize import lemmatize

_VOWELS = "aeiou"


@lru_cache(maxsize=1)
def _irregular_rows() -> tuple[dict[str, str], ...]:
    return tuple(read_table(grammar_path("irregular_verbs.tsv")))


@lru_cache(maxsize=1)
def _irregular() -> dict[str, str]:
    """participle -> base form."""
    return {row["participle"]: row["base"] for row in _irregular_rows()}


@lru_cache(maxsize=1)
def _past_forms() -> frozenset[str]:
    """The listed verbs' past tenses and participles ("fell", "fallen")."""
    return frozenset(row[form] for row in _irregular_rows() for form in ("past", "participle"))


@lru_cache(maxsize=1)
def _past_only() -> frozenset[str]:
    participles = {row["participle"] for row in _irregular_rows()}
    return frozenset(row["past"] for row in _irregular_rows()) - participles


def is_past_only(word: str) -> bool:
    """A listed verb's past tense that is no participle ("broke", "saw"; not "cut", "made")."""
    return word.lower() in _past_only()


def is_past_form(word: str) -> bool:
    """A listed verb's past tense or participle ("fell", "stuck"): no noun head."""
    return word.lower() in _past_forms()


def is_participle(word: str) -> bool:
    word = word.lower()
    return word in _irregular() or (len(word) > 3 and word.endswith("ed"))


def base_form(word: str) -> str:
    """The base form of a past participle or -ing form ("sliced" -> "slice", "stopped" -> "stop")."""
    word = word.lower()
    if word in _irregular():
        return _irregular()[word]
    return lemmatize([word], ["VBN" if word.endswith("ed") else "VBG"])[0]


def is_ing_form(word: str) -> bool:
    """"staying", "knotting": another verb's -ing form, not "nothing", "morning", "sing" or "bring"."""
    return word.endswith("ing") and (base := base_form(word)) != word and bool(synsets(base, "v"))


def ing_form(word: str) -> str:
    """-ing form of a verb given as base form or participle ("sliced" -> "slicing", "cut" -> "cutting")."""
    base = base_form(word)
    if base.endswith("ie"):
        return base[:-2] + "ying"
    if base.endswith("e") and not base.endswith(("ee", "ye", "oe")) and len(base) > 2:
        return base[:-1] + "ing"
    return base + base[-1] + "ing" if _doubles(base, "ing") else base + "ing"


def _doubles(base: str, suffix: str) -> bool:
    """The last consonant doubles before `suffix`: after one vowel in a word of one syllable ("stop" ->
    "stopping"), or in a longer word whose doubled form is the one in use (stress on the last syllable:
    "commit" -> "committed", not "visit" -> "visitted")."""
    if re.fullmatch(r"[^aeiou]*[aeiou][^aeiouwxy]", base):
        return True
    return bool(re.search(r"[aeiou][^aeiouwxy]$", base)) and _more_frequent(base + base[-1] + suffix, base + suffix)


CARDINALS = frozenset({"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                       "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
                       "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety", "hundred",
                       "thousand", "million"})


def is_cardinal(word: str) -> bool:
    """A cardinal number, in digits or words ("4", "1,000", "four"); not an ordinal ("fourth")."""
    word = word.lower()
    return word in CARDINALS or re.fullmatch(r"\d+(?:[.,]\d+)*", word) is not None


_IRREGULAR_PLURALS = frozenset({"men", "women", "children", "people", "mice", "geese", "feet", "teeth",
                                 "police", "cattle", "sheep"})
ZERO_PLURALS = frozenset({"deer", "fish", "moose", "bison", "reindeer", "caribou", "salmon", "elk", "sheep", "aircraft",
                          "species", "series", "offspring", "trout"})  # one or many


_POST_MODIFIER_STARTS = frozenset({"of", "in", "on", "at", "with", "without", "from", "near", "by", "under", "behind",
                                   "who", "that", "which", "wearing", "dressed", "holding", "carrying"})


# nouns in -ing that head a noun phrase ("the sports building in the park" is singular)
ING_NOUNS = frozenset("""building clothing painting ceiling wedding morning evening meeting railing ring thing king
wing string spring swing sibling earring offspring stuffing icing bedding landing opening crossing clearing drawing
""".split())
_SINGULAR_DETERMINERS = frozenset({"a", "an", "one", "each", "every", "this", "that"})
_NP_STARTS = frozenset({"a", "an", "the", "one", "two", "three", "four", "five", "some", "several", "many", "his",
                        "her", "their", "its", "another", "other", "no", "people", "children", "men", "women"})


def _head_words(noun_phrase: str) -> list[str]:
    """The words up to the head, before any post-modifier ("a classroom | of students", "people |
    playing football", "dogs | bred for racing": a participle after a plural head)."""
    words = noun_phrase.lower().split()
    cut = next((i for i, w in enumerate(words) if i and (w in _POST_MODIFIER_STARTS or (
        (w.endswith("ing") and w not in ING_NOUNS or (is_participle(w) and i < len(words) - 1))   # "sheep shed"
        and is_plural(words[i - 1])))), len(words))
    return words[:cut]


def indefinite(noun_phrase: str) -> str:
    """The phrase with the article an existential reading needs: "onion" -> "a onion" (the
    normaliser makes it "an"), "onions" and "milk" as they are."""
    words = _head_words(noun_phrase)
    if not words or be_for(noun_phrase) == "are" or not countable(words[-1]):
        return noun_phrase
    return "a " + noun_phrase


def be_for(noun_phrase: str, members: bool = False) -> str:
    """'are' for a coordinated or plural noun phrase, else 'is'. The head is the last word before
    a post-modifier ("a classroom of students" is singular). `members`: the phrase names a group's
    members, so a noun of one form for one and many is plural ("a herd of deer" -> "some deer are")."""
    phrase = noun_phrase.lower().split()
    if phrase[:2] == ["a", "few"]:
        return "are"                              # "a few people"
    if phrase[:1] == ["a"] and phrase[1:3] in (["couple", "of"], ["number", "of"], ["lot", "of"]):
        return be_for(" ".join(phrase[3:]), members)       # "a couple of kids are", "a lot of water is"
    words = _head_words(noun_phrase)
    if not words:
        return "is"
    if any(w == "and" and nxt in _NP_STARTS for w, nxt in zip(words, words[1:])):
        return "are"                              # "a man and a woman"; not "a brown and white dog"
    if words[0] in _SINGULAR_DETERMINERS:
        return "is"                               # "a sheep"
    return "are" if is_plural(words[-1]) or (members and words[-1] in ZERO_PLURALS) else "is"


def is_plural(noun: str) -> bool:
    """An irregular plural, or an "-s" word that is no singular of its own: "caribous" and "taxis" are
    plurals of nouns WordNet knows; "bus", "tennis", "glass" and "Chris" are not."""
    if noun in _IRREGULAR_PLURALS:
        return True
    if not noun.endswith("s") or noun.endswith("ss"):
        return False
    if noun.endswith(("us", "is")):
        lemma = lemmatize([noun], ["NNS"])[0]
        return lemma != noun and bool(synsets(lemma, "n"))
    return True


def third_person(base: str) -> str:
    """Third person singular present of a base form ("watch" -> "watches", "cry" -> "cries")."""
    irregular = {"be": "is", "have": "has", "do": "does", "go": "goes"}
    if base in irregular:
        return irregular[base]
    if base.endswith(("s", "sh", "ch", "x", "z", "o")):
        return base + "es"
    if len(base) > 1 and base.endswith("y") and base[-2] not in _VOWELS:
        return base[:-1] + "ies"
    return base + "s"


_ARTICLE = re.compile(r"\b([Aa]n?) (\w+)")


_CONSONANT_SOUND = ("uni", "use", "usu", "uti", "ute", "eu", "one", "once", "ewe", "ufo", "ukulele")
_VOWEL_SOUND = ("hour", "honest", "honor", "honour", "heir")
_VOWEL_LETTERS = "aefhilmnorsx"         # the letters whose names begin with a vowel sound ("ef", "aitch", ...)


# words that begin no noun phrase: an "a" before one is no article but a letter or a note ("tuned to a
# instead of b flat", "vitamin A and C")
_NO_NOUN_PHRASE = frozenset(
    "instead rather than of in on at to for from with by into onto about after before over under between "
    "through during without against and or but nor so yet as if that which who whom whose where when "
    "is are was were be been being am has have had do does did will would can could shall should may "
    "might must not n't the a an this these those".split())


def agree_articles(text: str) -> str:
    """a/an agreeing with the word after it (after a rewrite or an edit moved words around); a capital
    "A" inside the sentence and an "a" before a word that begins no noun phrase are letters or notes
    ("in A major", "tuned to a instead of b flat") and are left as they are."""
    def fix(match: re.Match) -> str:
        word = match.group(2).lower()
        before = text[:match.start()].rstrip()
        if match.group(1)[0].isupper() and before and before[-1] not in ".!?\"'":
            return match.group(0)
        if word in _NO_NOUN_PHRASE:
            return match.group(0)
        vowel = word[0] in "aeiou"
        if _initialism(match.group(2), text[match.end():match.end() + 1]) and not text.isupper():
            vowel = word[0] in _VOWEL_LETTERS           # said letter by letter: "a U.S. soldier", "an FBI agent"
        elif word.startswith(_CONSONANT_SOUND) or word.startswith(_VOWEL_SOUND):
            vowel = word.startswith(_VOWEL_SOUND)       # "a unicycle", "an hour"
        new = "an" if vowel else "a"
        return (new.capitalize() if match.group(1)[0].isupper() else new) + " " + match.group(2)

    return _ARTICLE.sub(fix, text)


def _initialism(letters: str, after: str) -> bool:
    """Letters said one by one: a capital before a full stop ("U.S."), or two or three capitals but a
    consonant, vowel, consonant, which is said as a word ("SIM", "RAM", "LAN")."""
    if len(letters) == 1:
        return letters.isupper() and after == "."
    said_as_word = len(letters) == 3 and [c in "AEIOU" for c in letters] == [False, True, False]
    return letters.isupper() and len(letters) <= 3 and not said_as_word


@lru_cache(maxsize=1)
def _irregular_forms() -> dict[str, tuple[str, str]]:
    """base -> (past, participle)."""
    return {row["base"]: (row["past"], row["participle"]) for row in _irregular_rows()}


def _regular_past(base: str) -> str:
    if base.endswith("e"):
        return base + "d"
    if len(base) > 1 and base.endswith("y") and base[-2] not in _VOWELS:
        return base[:-1] + "ied"
    return base + base[-1] + "ed" if _doubles(base, "ed") else base + "ed"


def past_tense(base: str) -> str:
    """"eat" -> "ate", "play" -> "played"."""
    return _irregular_forms().get(base, (_regular_past(base),))[0]


def participle(base: str) -> str:
    """"eat" -> "eaten", "play" -> "played"."""
    forms = _irregular_forms().get(base)
    return forms[1] if forms else _regular_past(base)


@lru_cache(maxsize=1)
def irregular_plurals() -> dict[str, str]:
    """singular -> plural from WordNet's noun exception list (men -> man, read backwards)."""
    out: dict[str, str] = {}
    for plural_form, bases in exceptions("n").items():
        for base in bases:
            if plural_form != base and "_" not in plural_form:
                out.setdefault(base, plural_form)
    return out


@lru_cache(maxsize=1)
def irregular_plural_forms() -> frozenset[str]:
    """The irregular plurals themselves ("men", "mice"): not offered as replacement lemmas."""
    return frozenset(irregular_plurals().values())


def plural(noun: str) -> str:
    """The plural of a singular noun ("box" -> "boxes", "man" -> "men", "person" -> "people")."""
    irregular = irregular_plurals()
    if noun in irregular:
        return irregular[noun]
    if noun == "person":                       # WordNet lists "people" as a noun of its own
        return "people"
    if noun.endswith("man") and _more_frequent(noun[:-3] + "men", noun + "s"):
        return noun[:-3] + "men"               # woman, fireman: WordNet derives them by rule ("human": humans)
    if noun.endswith(("s", "sh", "ch", "x", "z")):
        return noun + "es"
    if len(noun) > 1 and noun.endswith("y") and noun[-2] not in _VOWELS:
        return noun[:-1] + "ies"
    return noun + "s"


def _more_frequent(a: str, b: str) -> bool:
    from wordfreq import zipf_frequency

    return zipf_frequency(a, "en") > zipf_frequency(b, "en")


def inflect(lemma: str, penn: str) -> str:
    """The form of `lemma` that fits the Penn tag of the word it replaces."""
    forms = {"NNS": plural, "NNPS": plural, "VBG": ing_form, "VBZ": third_person, "VBD": past_tense,
             "VBN": participle}
    return forms[penn](lemma) if penn in forms else lemma


def countable(noun: str) -> bool:
    """Whether a noun reads as countable ("a dog", not "a water"): its plural is not much rarer
    than its singular (within 1.0 on wordfreq's Zipf scale: water 1.07 and bread 1.55 apart,
    dog 0.33, guitar 0.83)."""
    from wordfreq import zipf_frequency

    return zipf_frequency(plural(noun), "en") >= zipf_frequency(noun, "en") - 1.0
