"""Contradictions that are sound but that a reader rejects (issue 15; the deletions' and replacements' checks are
augment/readability.py): an NPI left without the negation that licensed it, a clause word swapped for a
determiner, "not A but B" or "anything but" negated, "no" before a title, a number noun, an ordinal or a
frequency adverb, and the like (`bad_contradiction`)."""
from __future__ import annotations

import re

from monalog.augment.definites import unique_nouns
from monalog.augment.kept_words import FREQUENCY
from monalog.augment.readability import (CLAUSE_WORDS, DETERMINERS, NEGATIVE_WORDS, ORDINAL, QUESTION_WORDS,
                                         readability)
from monalog.augment.words import TITLES, is_a, wordnet
from monalog.resources import grammar_lines
from monalog.text.morphology import is_plural
from monalog.text.names import given_name
from monalog.text.normalize import default_fragment

_NEGATIONS = NEGATIVE_WORDS | {"n't", "without", "nowhere", "neither", "nor"}
_NPIS = frozenset({"ever", "any", "anybody", "anyone", "anything", "anywhere", "anymore", "yet"})
_NPI_PHRASES = re.compile("|".join(grammar_lines("npi_phrases.txt")))      # "much of a", "lift a finger"
# frequencies that say "at some times": a negation beside them reads as "sometimes not"
_SOMETIMES = re.compile(r"\b(?:sometimes|occasionally|from time to time|now and then|at times|once in a while)\b")
# "..., altering magnitudes of flooding."; not ", during ...", ", something"
_TRAILING_PARTICIPLE = re.compile(r", (?!(?:during|something|anything|nothing|everything|morning|evening|king|ring|"
                                  r"spring|string|thing|wing|building|ceiling)\b)\w+ing\b[^,]*$")
_CONTRAST = re.compile(r"\b(?:not|n't) (?:[\w-]+ ){1,3}but\b|\bno (?:other )?(?:choice|alternative|option) but\b")
_SO_DOES = re.compile(r"\bso (?:do|does|did|is|are|was|were|can|could|will|would|has|have|had)\b")
_NOT_AT_LEAST = re.compile(r"\b(?:not|n't) (?:[\w-]+ ){0,2}at(?: |_)(?:least|most)\b")
_BESIDE = re.compile(r"\b(?:because|except|instead of|rather than)\b")
_NOT_A_FEW = re.compile(r"\b(?:not|n't) (?:[\w-]+ ){0,3}a few\b")
# "one" or a bare "little" after "not" ("did not shut one window": there is one he did not shut); "is not one of the
# regions" names no member
_NOT_ONE = re.compile(r"\b(?:not|n't) (?:(?!and |or |but )[\w-]+ ){0,3}?(?<!\bno )(?<!\bany )(?<!\bthe )(?<!\ba )"
                      r"(?<!\bevery )(?<!\bthis )(?<!\bthat )(?<!\bvery )(?:one|little)\b")
_NOT_A_MEMBER = re.compile(r"\b(?:is|are|was|were|be) (?:not|n't) one of\b")
_EXCEPT = re.compile(r"\b(?:any ?thing|no ?thing) but\b")             # the normaliser writes "any thing"
_NUMBER_NOUNS = frozenset({"dozens", "hundreds", "thousands", "millions", "billions", "scores", "tens"})


_AMOUNTS = "a lot of|lots of|plenty of|much|many|numerous"
_AMOUNT = re.compile(rf"(?:{_AMOUNTS})\b")
_NO_AMOUNT = re.compile(rf"\bno (?:{_AMOUNTS}|several|a few)\b")
_PROPORTION_NOT = re.compile(r"\b(?:\d+(?:\.\d+)? ?%|\d+ percent|half) of (?:[\w'-]+ ){1,4}"
                             r"(?:is|are|was|were|did|does|do|has|have|had|will|can) ?(?:not|n't)\b")


def bad_contradiction(before: str, after: str) -> str | None:
    """Why a reader would reject `after` as the contradiction of `before`, or None: a clause word
    read as a determiner and swapped ("tracking how entities are ..." -> "tracking no entities are ..."),
    or a negation taken away from the NPI it licensed ("Nobody had ever heard" -> "A man had ever heard")."""
    old, new = before.lower().split(), after.lower().split()
    changed = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), len(old))
    if changed < len(new) and old[changed:changed + 1] and old[changed] in CLAUSE_WORDS \
            and new[changed] in DETERMINERS:
        return "a clause word swapped for a determiner"
    if QUESTION_WORDS & set(old[1:changed]) and {"not", "n't"} & set(new[changed:]):     # inside the verb phrase
        return "a negation inside a clause the sentence does not assert (\"tracking how entities are not ...\")"
    if (_NPIS & set(new) or _NPI_PHRASES.search(after.lower())) and _NEGATIONS & set(old) \
            and not _NEGATIONS & set(new):
        return "an NPI left without the negation that licensed it (\"did win a single game\")"
    if _NOT_AT_LEAST.search(" ".join(new)) and not {"not", "n't"} & set(old):
        return "\"not ... at least\" or \"at most\" (\"must not be at least 21\": people write \"under 21\")"
    if _NOT_A_FEW.search(" ".join(new)) and not {"not", "n't"} & set(old):
        return "\"a few\" under a new negation (\"is not facing a few problems\": people write \"any\")"
    if _NOT_ONE.search(" ".join(new)) and not _NOT_A_MEMBER.search(" ".join(new)) and not {"not", "n't"} & set(old):
        return "\"one\" or \"little\" under a new negation (\"did not shut one window\" says there is one he did " \
            "not shut; \"did not show little interest\" is no English)"
    if _CONTRAST.search(" ".join(old)) and not _CONTRAST.search(" ".join(new)):
        return "\"not A but B\" or \"no choice but\" without its negation (\"He is a teacher but an engineer\")"
    if _EXCEPT.search(" ".join(new)) and _NEGATIONS & set(new) != _NEGATIONS & set(old):
        return "\"anything but\" negated (\"I am not anything but a liar\")"
    if new[:2] == ["not", "every"] and len(new) > 2 and default_fragment("time_noun").fullmatch(new[2]):
        return "\"Not every\" before a time (\"Every night the moon sang\": a time adverbial, not a subject)"
    if _NO_AMOUNT.search(after.lower()):
        return "\"no\" before a word of amount (\"No a lot of water\", \"No much water\")"
    if _AMOUNT.match(after.lower()) and {"not", "n't"} & set(new) and not {"not", "n't"} & set(old):
        return "a vague amount's verb negated (\"A lot of water is not spilling\": other water may be)"
    if _PROPORTION_NOT.search(after.lower()) and not _PROPORTION_NOT.search(before.lower()):
        return "a proportion's verb negated (\"5% of every contract did not end in his pocket\": the rest did not)"
    if re.search(r"\bno body\b", after.lower()):
        return "\"no body\" reads as \"nobody\" (\"No body consists of cells\")"
    if re.match(r"(?:nobody|no person|no one)(?: ?'s| is| was) an? ", after.lower()):
        return "\"Nobody\" before a predicate noun (\"Nobody's a man\")"
    if "nobody" in new or "no person" in " ".join(new):
        if (readability().gender_pronouns["female"] - {"herself"}) & set(new):    # "Nobody is cutting himself" is
            return "\"Nobody\" with \"her\" (\"Nobody broke her arm\": \"her\" reads as another woman)"
    if new[:2] == ["no", old[0]] and _person_name(before.split()[0]) \
            or (name := re.match(r"No ([A-Z]\w*)", after)) and name[1] in _name_tails(before.split()):
        return "\"no\" before a premise's first word that may be a person's name, or a name's last word " \
            "(\"Bush will meet\" -> \"No bush\", \"Christopher Columbus\" -> \"No Columbus\")"
    return _bad_word(old, new, changed, after)


def _bad_word(old: list[str], new: list[str], changed: int, after: str) -> str | None:
    """bad_contradiction's checks of the words around the change (`changed`: where `new` first differs)."""
    if _BESIDE.search(after.lower()) and _NEGATIONS & set(new) != _NEGATIONS & set(old):
        return "a negation beside \"because\", \"except\" or \"instead of\" (\"is not cancelled because of high " \
            "winds\" may deny the reason alone; \"is not very good except for two errors\", \"Instead of eating " \
            "them, nobody ...\")"
    if {"still", "already", "just"} & set(new) and _NEGATIONS & set(new) != _NEGATIONS & set(old):
        return "a new negation beside \"still\", \"already\" or \"just\" (\"no bee still stung\", \"Nobody just ate\")"
    if "either" in new and sum(w in _NEGATIONS for w in new) < sum(w in _NEGATIONS for w in old):
        return "a negation taken from before \"either\" (\"Mary can swim, and John can't, either\")"
    if re.search(r"\bthere (?:are|were) not (?!a\b|an\b|any\b|many\b|enough\b|only\b|all\b)", after.lower()):
        return "\"There are not\" before a bare plural (people write \"There are no theatres\")"
    if "not only" in " ".join(new) and "not only" not in " ".join(old):
        return "\"only\" after a new \"not\" (\"I can not only work on Fridays\" reads \"not only ..., but\")"
    if re.match(r"No (?:two|three|four|five|six|seven|eight|nine|ten|\d+) (?:will|is|are|was|were|has|have|can|may|"
                r"must|did|does)\b", after):
        return "\"no\" before a number read as a noun (\"Year five will visit\" -> \"No five will visit\")"
    if re.match(r"No [a-z]+ [A-Z]", after) or (name := re.match(r"No ([A-Z]\w*)", after)) \
            and (f"the {name[1].lower()}" in " ".join(old) or given_name(name[1])):
        return "\"no\" before a name (\"No benjamin Franklin was ...\", \"No Rhine flows ...\", \"No Tom and Mary\")"
    if (picked := re.search(r"\bno (only|same|very|whole|entire)\b", after.lower())) \
            and f"the {picked[1]}" in " ".join(old):
        return "\"no\" before a word that picks one (\"The only thing ...\" -> \"No only thing ...\")"
    if (part := re.search(r"\bno (\w+) of\b", after.lower())) and f"the {part[1]} of" in " ".join(old) \
            and not is_plural(part[1]):                                           # "The pigeons of Boston" may go
        return f"\"the {part[1]} of\" made \"no {part[1]} of\" (\"the quality of the printing\", \"The average of " \
            "3, 4 and 5\": a thing's one property, no kind to deny)"
    if re.search(r", no [^,]+,", after.lower()) and ", no " not in " ".join(old):       # not "As usual, no person"
        return "\"no\" in an apposition (\"Mr di Tella, no Argentine foreign minister, met ...\")"
    if "no other" in after.lower() and "the other" in " ".join(old):
        return "\"the other\" made \"no other\" (\"One is Japanese and the other is Italian\")"
    if changed < len(old) and old[changed] in TITLES:
        return "a title taken for a determiner (\"Miss Klein\" -> \"No Klein\")"
    if new[:1] == ["no"] and new[1:2] and new[1] in _NUMBER_NOUNS:
        return f"\"no {new[1]}\": a number of people is no kind of thing to deny"
    if new[:1] == ["no"] and "must" in new and "must" in old:
        return "\"No ... must\" (\"No passengers must use the carriage\": people write \"need not\")"
    if any(a == "no" and b in unique_nouns() for a, b in zip(new, new[1:])):
        return "\"no\" before a thing there is one of (\"and no sun is setting\")"
    if new[:1] == ["no"] and new[1:2] and ORDINAL.match(new[1]):
        return f"\"no {new[1]}\": an ordinal names one thing, not a kind to deny (\"No 15th corps\")"
    if _TRAILING_PARTICIPLE.search(after.lower()) and _NEGATIONS & set(new) != _NEGATIONS & set(old):
        return "a negation before a participle clause that says what it did (\"has not changed ..., altering ...\")"
    if "only" in new and sum(w in _NEGATIONS for w in new) < sum(w in _NEGATIONS for w in old):
        return "a negation taken away beside \"only\" (\"We've only corresponded and met in person\")"
    if {"hardly", "barely", "scarcely"} & set(new) and _NEGATIONS & set(new) != _NEGATIONS & set(old):
        return "a negation beside \"hardly\" (\"She can not hardly speak\")"
    if _SOMETIMES.search(after.lower()) and _NEGATIONS & set(new) != _NEGATIONS & set(old):
        return "a negation under \"from time to time\" (\"I do not do any work from time to time\": sometimes not)"
    if _SO_DOES.search(after.lower()) and _NEGATIONS & set(new) != _NEGATIONS & set(old):
        return "a negation before \"and so does\" (\"Nobody speaks Spanish, and so does Betty\": \"neither does\")"
    if "no" in new[changed:changed + 1] and FREQUENCY & set(new[changed + 1:changed + 6]):
        return "\"no\" with a frequency adverb (\"No neighbours often play\")"
    if "no" in new[changed:changed + 1] and re.match(r"[^,]*, (?:which|who)\b", " ".join(new[changed:])):
        return "\"no\" before a noun that a relative between commas describes (\"No castle, which was built ...\")"
    return None


def _name_tails(words: list[str]) -> set[str]:
    """The capitalised words after another capitalised word, no determiner ("Columbus" of "Christopher Columbus", not
    "Asian" of "Some Asian girls")."""
    return {word for before, word in zip(words, words[1:])
            if before[:1].isupper() and before.lower() not in DETERMINERS and word[:1].isupper()}


def _person_name(word: str) -> bool:
    """A capitalised word WordNet names a person by ("Bush", "Lincoln"): a premise's first word, it may be one."""
    return word[:1].isupper() and any(
        lemma.name() == word and any(is_a(h, "person.n.01") for h in synset.instance_hypernyms())
        for synset in wordnet().synsets(word.lower(), "n") for lemma in synset.lemmas())


_UNIVERSAL_NOT = re.compile(r"^((?:every|each|all) [^,]+?) (?:does|do|did|is|are|was|were|can|could|will|would|has|"
                            r"have|had|must|should)(?: not|n't)\b", re.IGNORECASE)


def narrowed_universal(premise: str, text: str) -> bool:
    """"Every new cabin does not have a window" from "Every cabin has a window": a universal over a negation
    whose restrictor is narrower than the premise's holds if no cabin is new, so it contradicts nothing
    ("Not every new cabin has a window" does)."""
    found = _UNIVERSAL_NOT.match(text)
    return found is not None and not premise.lower().startswith(found.group(1).lower() + " ")
