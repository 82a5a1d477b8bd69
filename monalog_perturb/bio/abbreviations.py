"""Abbreviation definitions, "long form (SHORT)" and "SHORT (long form)": scispacy's
AbbreviationDetector when scispacy is installed (it runs on spacy.blank("en"), offline), otherwise
an own implementation of the same algorithm (Schwartz & Hearst 2003, "A simple algorithm for
identifying abbreviation definitions in biomedical text")."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

_PAREN = re.compile(r"\(([^()]{1,60})\)")


@dataclass(frozen=True)
class Abbreviation:
    short: str
    long_start: int        # character offsets of the long form
    long_end: int
    short_start: int       # ... and of the short form in its definition
    short_end: int


def _is_short_form(text: str) -> bool:
    """Schwartz & Hearst's candidate: 2-10 characters, at most two words, a letter first or after a
    digit, and (our addition) a capital or a digit: "CKD", "TKIs", "Th2", "IL-6" (not "n = 12", "see")."""
    words = text.split()
    return (2 <= len(text) <= 10 and len(words) <= 2 and text[0].isalnum() and any(c.isalpha() for c in text)
            and any(c.isupper() or c.isdigit() for c in text) and not re.search(r"[=<>%;,]", text))


def best_long_form(short: str, long: str) -> str | None:
    """Schwartz & Hearst's match: every letter and digit of the short form, right to left, in the
    long form, the first one at the start of a word; the shortest such suffix of `long`."""
    s, i = len(short) - 1, len(long) - 1
    while s >= 0:
        c = short[s].lower()
        if not c.isalnum():
            s -= 1
            continue
        while i >= 0 and (long[i].lower() != c or (s == 0 and i > 0 and long[i - 1].isalnum())):
            i -= 1
        if i < 0:
            return None
        i -= 1
        s -= 1
    start = long.rfind(" ", 0, i + 1) + 1
    found = long[start:].strip()
    return found if len(found) > len(short) and short.lower() not in found.lower().split() else None


def schwartz_hearst(text: str) -> list[Abbreviation]:
    """The own detector: each parenthesis holding a short form after its long form, or a long form after
    its short form, at most min(|S| + 5, 2|S|) words back."""
    out = []
    for m in _PAREN.finditer(text):
        inner = m.group(1).strip()
        inner_start = m.start(1) + (len(m.group(1)) - len(m.group(1).lstrip()))
        before = text[:m.start()].rstrip()
        if _is_short_form(inner):
            words = list(re.finditer(r"\S+", before))
            window = words[-min(len(inner) + 5, 2 * len(inner)):]
            if not window:
                continue
            candidate = before[window[0].start():]
            long = best_long_form(inner, re.sub(r"[,;:]$", "", candidate))
            if long:
                start = window[0].start() + candidate.rfind(long)
                out.append(Abbreviation(inner, start, start + len(long), inner_start, inner_start + len(inner)))
        elif len(inner.split()) >= 2:
            last = re.search(r"(\S+)$", before)
            if last and _is_short_form(last.group(1)):
                long = best_long_form(last.group(1), inner)
                if long and inner.endswith(long):
                    start = inner_start + len(inner) - len(long)
                    out.append(Abbreviation(last.group(1), start, start + len(long), last.start(1), last.end(1)))
    return out


@lru_cache(maxsize=1)
def _scispacy() -> Any:
    import spacy
    from scispacy.abbreviation import AbbreviationDetector  # noqa: F401  (registers the pipe)

    nlp = spacy.blank("en")
    nlp.add_pipe("abbreviation_detector")
    return nlp


def scispacy_available() -> bool:
    try:
        _scispacy()
    except Exception:           # not installed, or a spaCy it does not run on
        return False
    return True


def scispacy_abbreviations(text: str) -> list[Abbreviation]:
    """scispacy's definitions: for each long form, the short form next to it."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")          # W036: its global matcher has no patterns on a blank model
        doc = _scispacy()(text)
    out, seen = [], set()
    for short in sorted(doc._.abbreviations, key=lambda s: s.start_char):
        long = short._.long_form
        if (long.start_char, long.end_char) in seen:
            continue
        gap = text[long.end_char:short.start_char] if short.start_char >= long.end_char else \
            text[short.end_char:long.start_char]
        if gap.strip() == "(":
            seen.add((long.start_char, long.end_char))
            out.append(Abbreviation(short.text, long.start_char, long.end_char, short.start_char, short.end_char))
    return sorted(out, key=lambda a: a.long_start)


def detector_name() -> str:
    return "scispacy AbbreviationDetector" if scispacy_available() else "own Schwartz-Hearst detector"


def find_abbreviations(text: str) -> list[Abbreviation]:
    """Definitions in `text`, by scispacy when installed (with the own detector's for parentheses it
    leaves, such as "SHORT (long form)"), else by the own detector."""
    if "(" not in text:
        return []
    own = schwartz_hearst(text)
    if not scispacy_available():
        return own
    found = scispacy_abbreviations(text)
    taken = {(a.short_start, a.short_end) for a in found}
    return sorted(found + [a for a in own if (a.short_start, a.short_end) not in taken], key=lambda a: a.long_start)
