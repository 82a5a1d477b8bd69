"""Surface fixes when a BioNLI rule moves a name: the capital of a sentence start ("Metformin" is
"metformin" mid-sentence, "hepatic gluconeogenesis" is "Hepatic gluconeogenesis" first; IL-6, p53
and Parkinson keep theirs) and the agreement of the verb with a new subject ("Statins reduce" ->
"LDL reduces")."""
from __future__ import annotations

import re
from functools import lru_cache

from monalog.text.morphology import third_person
from monalog_perturb.bio import chemicals
from monalog_perturb.bio.clauses import verb_forms
from monalog_perturb.bio.records import strip_markers
from monalog_perturb.resources import data_path

_FIRST_WORD = re.compile(r"^(\s*(?:<(?:re|el|er|le)>\s*)*)(\S+)")
_CAPITALISED = re.compile(r"[A-Z][a-z]+(?:-[a-z]+)*(?:'s)?")
_LOWER = re.compile(r"[a-z][a-z-]*")
_AGREEMENT = {"is": "are", "was": "were", "has": "have", "does": "do"}
_SINGULAR_S = frozenset({"diabetes", "herpes", "rabies", "measles", "mumps", "series", "species", "news", "lupus",
                         "sepsis", "stasis", "status", "virus", "fetus", "uterus", "nucleus", "stimulus", "apparatus",
                         "corpus", "mellitus"})
_PLURALS = frozenset({"mice", "men", "women", "children", "people", "data", "cattle", "teeth", "feet", "lice"})


@lru_cache(maxsize=1)
def proper_words() -> frozenset[str]:
    """Words that keep their capital anywhere (kb/bionli_proper_names.txt)."""
    lines = data_path("bionli_proper_names.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip() for line in lines if line.strip() and not line.startswith("#"))


def at_sentence_start(text: str, index: int) -> bool:
    """Whether position `index` of a marked text opens its sentence (markers, quotes, brackets apart)."""
    return strip_markers(text[:index]).strip(" \"'([{“‘") == ""


def _proper(word: str, evidence: str) -> bool:
    bare = word[:-2] if word.endswith("'s") else word
    if bare.lower() in proper_words():
        return True
    text = strip_markers(evidence)
    for m in re.finditer(r"(?<!\w)" + re.escape(bare) + r"(?!\w)", text):
        before = text[:m.start()].rstrip(" \"'([{“‘")
        if before and before[-1] not in ".!?:":
            return True                     # written with its capital mid-sentence: a name
    return False


def _symbol(word: str) -> bool:
    """A capitalised word that English text does not know, or hardly: a gene symbol ("Lmna", "Nanog")."""
    from wordfreq import zipf_frequency

    low = word.lower().split("-")[0]
    frequency = zipf_frequency(low, "en")
    return frequency == 0 or (len(low) <= 5 and frequency < 2)


def cased(name: str, at_start: bool, evidence: str = "") -> str:
    """`name` (or a phrase, markers allowed) cased for where it goes: a lower-case first word is
    capitalised at a sentence start; mid-sentence, a first word that is only capitalised ("Metformin",
    "Hepatic") loses its capital unless it is a proper name (listed, or capitalised mid-sentence in
    `evidence`) or a symbol English does not know ("Lmna", "Nanog"); acronyms and names with digits or
    inner capitals (IL-6, mTOR, p53) never change."""
    m = _FIRST_WORD.match(name)
    if not m:
        return name
    word, at = m.group(2), m.start(2)
    if at_start:
        if _LOWER.fullmatch(word):
            return name[:at] + word[0].upper() + name[at + 1:]
        return name
    if _CAPITALISED.fullmatch(word) and not _proper(word, evidence) \
            and (not _symbol(word) or chemicals.name_kind(word) is not None):   # "Quinapril": a drug, no symbol
        return name[:at] + word[0].lower() + name[at + 1:]
    return name


def head_word(phrase: str) -> str:
    """The head of an entity phrase: the word before "of" ("levels of X"), else the last word."""
    bare = re.sub(r"\s*\([^()]*\)", " ", strip_markers(phrase)).split()     # "factors (GEFs)": "factors"
    if "of" in bare[1:]:
        return bare[bare.index("of", 1) - 1]
    return bare[-1] if bare else ""


def is_plural(phrase: str) -> bool:
    """Whether an entity phrase reads as plural, by its head: "statins", "mice", "TNF levels" yes;
    "diabetes", "ROS", "sepsis", "IL-6" no."""
    head = head_word(phrase)
    low = head.lower()
    if low in _PLURALS:
        return True
    if low in _SINGULAR_S or not low.endswith("s") or len(low) < 4 or low.endswith(("ss", "us", "is", "ics")):
        return False
    return not (head.isupper() or any(c.isdigit() for c in head))


def agree(text: str, after: int, plural: bool) -> str:
    """`text` with the verb right after position `after` (markers apart) agreeing with a subject
    that is `plural`: is/are, was/were, has/have, does/do, and a regulation or claim verb's 3sg/base."""
    m = re.match(r"(\s*(?:<(?:er|le)>\s*)*(?:\([^()]*\)\s*)?)([A-Za-z]+)", text[after:])
    if not m:
        return text
    word, start = m.group(2), after + m.start(2)
    low = word.lower()
    new = None
    if plural and low in _AGREEMENT:
        new = _AGREEMENT[low]
    elif not plural and low in _AGREEMENT.values():
        new = next(k for k, v in _AGREEMENT.items() if v == low)
    elif low in verb_forms():
        kind, base = verb_forms()[low]
        if plural and kind == "3sg":
            new = base
        elif not plural and kind == "base" and low == base:
            new = third_person(base)
    if new is None or new == low:
        return text
    new = new.capitalize() if word[0].isupper() else new
    return text[:start] + new + text[start + len(word):]
