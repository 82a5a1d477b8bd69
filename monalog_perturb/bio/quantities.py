"""Numbers that are quantities (SN and EvoNLI may change them) and numbers that are part of a name
(IL-6, COVID-19, MCF-7, p53, 5'-nucleotidase, type 2 diabetes: never changed).

The rule lives in `is_changeable_quantity`; the unit words and the label words it reads are data
(kb/quantity_units.txt, kb/numbered_labels.txt).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from monalog_perturb.resources import data_path

_NUM = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+"
_NUMBER = re.compile(_NUM)
_TOKEN = re.compile(r"\S+")
_MARKER = re.compile(r"</?(?:re|er|el|le)>")
_LEADING = "([{\"“‘'"
_TRAILING = ")]}\"”’,;:.!?"       # not "'": a prime after a digit ("3'", "5'-") makes a name
_COMPARATOR = r"(?:<=|>=|[=<>≤≥])"
_SIGN = r"(?:<=|>=|[~≈<>≤≥±+\-−])"
_SEPARATOR = r"(?:[-–—/:×x±]|to)"


def _lines(name: str) -> list[str]:
    lines = data_path(name).read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


@lru_cache(maxsize=1)
def _quantity_token() -> re.Pattern:
    words = _lines("quantity_units.txt")
    attached = sorted((w for w in words if not w.endswith("-")), key=len, reverse=True)
    hyphened = sorted((w[:-1] for w in words if w.endswith("-") and len(w) > 1), key=len, reverse=True)
    unit = "(?:" + "|".join(map(re.escape, attached)) + ")"
    quantity = rf"{_SIGN}?(?:{_NUM}){unit}?(?:/{unit})*"
    hyphen_word = "(?:-(?:" + "|".join(map(re.escape, hyphened)) + ")(?:-old)?)"
    return re.compile(rf"(?:[A-Za-z]{{1,3}}{_COMPARATOR})?{quantity}(?:{_SEPARATOR}{quantity})*{hyphen_word}?"
                      rf"(?:/{unit})*")


@lru_cache(maxsize=1)
def _labels() -> frozenset[str]:
    return frozenset(_lines("numbered_labels.txt"))


@lru_cache(maxsize=1)
def _measures() -> frozenset[str]:
    return frozenset(_lines("measure_abbreviations.txt"))


def _label_word(word: str) -> bool:
    """Whether a bare number after `word` names something: a label word ("type", "exon", "kinase"),
    an -ase enzyme ("caspase"), or an all-capital name that is not a measure ("BRCA", not "HR")."""
    low = word.lower()
    if low in _labels() or (low.endswith("ase") and len(low) > 4):
        return True
    return len(word) >= 2 and word.isalpha() and word.isupper() and word not in _measures()


@dataclass(frozen=True)
class Quantity:
    """A changeable number: its characters in the text, and its kind (integer, decimal, percent, year)."""

    start: int
    end: int
    text: str
    kind: str


@lru_cache(maxsize=1)
def _units() -> frozenset[str]:
    return frozenset(w for w in _lines("quantity_units.txt") if not w.endswith("-"))


def is_quantity_word(word: str) -> bool:
    """Whether a word (outer punctuation apart) is only a number, a quantity ("5nM", "40%", "5-fold")
    or a unit as written ("nM", "mg"; not "Mg"): never a name."""
    core = word.strip(_LEADING + _TRAILING)
    return bool(core) and (core in _units() or (any(c.isdigit() for c in core)
                                                and _quantity_token().fullmatch(core) is not None))


def _tokens(text: str) -> list[tuple[int, int]]:
    """Whitespace tokens without their outer punctuation, as (start, end); empty ones dropped."""
    out = []
    for m in _TOKEN.finditer(text):
        start, end = m.start(), m.end()
        while start < end and text[start] in _LEADING:
            start += 1
        while end > start and text[end - 1] in _TRAILING:
            end -= 1
        if start < end:
            out.append((start, end))
    return out


def _kind(text: str, number: re.Match, token_end: int) -> str:
    after = text[number.end():token_end].lstrip()
    if after.startswith("%") or (number.end() == token_end and text[token_end:].lstrip().startswith("%")):
        return "percent"
    if "." in number.group():
        return "decimal"
    value = number.group().replace(",", "")
    if len(value) == 4 and 1800 <= int(value) <= 2100 and number.end() == token_end:
        return "year"
    return "integer"


def _named_in_parenthesis(text: str, number: str, following: list[tuple[int, int]]) -> bool:
    """Whether a parenthesis among the next tokens abbreviates a name with this number in it:
    "T helper 2 cell (Th2)", "type 1 interferon (IFN1)"."""
    for start, end in following:
        if start > 0 and text[start - 1] == "(":
            short = text[start:end]
            return re.search(r"[A-Za-z]", short) is not None and re.search(
                r"(?<!\d)" + re.escape(number) + r"(?!\d)", short) is not None
    return False


def quantities(text: str) -> list[Quantity]:
    """Every number of `text` that `is_changeable_quantity` lets an edit change, in order."""
    out: list[Quantity] = []
    previous = ""
    tokens = _tokens(text)
    for i, (start, end) in enumerate(tokens):
        token = text[start:end]
        if _MARKER.fullmatch(token):
            continue                                   # BioNLI's entity markers are not words
        if any(c.isdigit() for c in token) and _quantity_token().fullmatch(token):
            labelled = _NUMBER.fullmatch(token) is not None and (
                _label_word(previous) or _named_in_parenthesis(text, token, tokens[i + 1:i + 4]))
            if not labelled:
                for m in _NUMBER.finditer(text, start, end):
                    out.append(Quantity(m.start(), m.end(), m.group(), _kind(text, m, end)))
        previous = token
    return out


def identifier_spans(text: str) -> list[tuple[int, int]]:
    """The tokens of `text` that hold a digit but are not quantities (IL-6, COVID-19, type *2*):
    names an edit must leave as they are."""
    changeable = {(q.start, q.end) for q in quantities(text)}
    out = []
    for start, end in _tokens(text):
        numbers = [(m.start(), m.end()) for m in _NUMBER.finditer(text, start, end)]
        if any(n not in changeable for n in numbers):
            out.append((start, end))
    return out


def touches_identifier(text: str, start: int, end: int) -> bool:
    """Whether replacing text[start:end] changes (or splits) an identifier token."""
    return any(s < end and start < e if start < end else s < start < e
               for s, e in identifier_spans(text))


def is_changeable_quantity(text: str, start: int, end: int) -> bool:
    """Is the number text[start:end] a quantity that an edit may change?

    The rule: look at the whitespace token around the number, without its outer brackets, quotes and
    closing punctuation. The number is a quantity only when that whole token is made of numbers and
    units: a bare number ("12", "0.05", "1,000"), a number with a unit written on ("40%", "3.5mg",
    "24h", "10mg/kg", "2x"), a number-hyphen-unit word ("5-fold", "12-week", "5-year-old"), a range or
    ratio of those ("10-20", "29/121"), or a value after a short name and a comparison ("n=12",
    "P<0.05"). Any other letters, a prime or an ordinal suffix attached to the number make the token a
    name (IL-6, IL6, COVID-19, SARS-CoV-2, MDA-MB-231, p53, CD4+, H1N1, T2DM, 5'-nucleotidase,
    2019-nCoV, 5-HT, 2nd). A bare number is part of a name too right after a label word (type 2,
    phase 3, exon 19, Figure 2, kinase 1; kb/numbered_labels.txt), an -ase enzyme (caspase 3) or an
    all-capital name (BRCA 1, PGE 2; not a measure such as HR 0.8 or BMI 30,
    kb/measure_abbreviations.txt), or when a parenthesis within the next three words abbreviates it
    with its number ("T helper 2 cell (Th2)"). Units and hyphen words:
    kb/quantity_units.txt.
    """
    if not _NUMBER.fullmatch(text[start:end]):
        raise ValueError(f"{text[start:end]!r} (characters {start}-{end} of {text!r}) is not a number")
    return any(q.start == start and q.end == end for q in quantities(text))
