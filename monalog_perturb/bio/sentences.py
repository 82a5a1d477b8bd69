"""Sentences of an abstract (issue 50, item 4), for conclusion extraction: split at sentence ends
(monalog.text.sentences: not after "e.g.", "et al.", "Fig." or inside "2.5"; kb/sentence_abbreviations.txt
adds scientific abbreviations to the core's), at section markers ("###"), at line breaks that end a line
of text or a heading, and at section headings of structured abstracts ("RESULTS:", "Conclusions:":
kb/abstract_headings.txt), which are taken off the sentence and kept as its section."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from monalog.text.sentences import sentence_ends
from monalog_perturb.resources import data_path

_CAPS_HEADING = re.compile(r"([A-Z][A-Z&/,\- ]{2,60}?)\s*:\s*")
_WORD_HEADING = re.compile(r"([A-Z][A-Za-z ]{2,40}?)\s*:\s*")
_MARKER = re.compile(r"#{2,}")


@dataclass(frozen=True)
class Sentence:
    """A sentence without its heading; `section`: the heading it is under (lower case, "" none);
    `opens`: whether it is the first sentence after a heading or a section marker."""

    text: str
    section: str = ""
    opens: bool = False


@lru_cache(maxsize=1)
def _abbreviations() -> frozenset[str]:
    lines = data_path("sentence_abbreviations.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip() for line in lines if line.strip() and not line.startswith("#"))


@lru_cache(maxsize=1)
def headings() -> dict[str, str]:
    """Heading (lower case) -> its kind: conclusion or other (kb/abstract_headings.txt)."""
    rows = [line.split("\t") for line in data_path("abstract_headings.txt").read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]
    return {row[0].strip(): row[1].strip() for row in rows if len(row) == 2}


def is_conclusion_section(section: str) -> bool:
    return headings().get(section) == "conclusion"


def _heading(text: str) -> tuple[str, str] | None:
    """(heading, the rest) when `text` opens with a section heading and a colon, else None."""
    m = _CAPS_HEADING.match(text)
    if m and sum(c.isalpha() for c in m.group(1)) >= 3:
        return m.group(1).strip().lower(), text[m.end():]
    m = _WORD_HEADING.match(text)
    if m and m.group(1).strip().lower() in headings():
        return m.group(1).strip().lower(), text[m.end():]
    return None


def _ends(text: str) -> list[int]:
    """Where sentences of one block of running text end (after their closing punctuation)."""
    return sentence_ends(text, _abbreviations())


def _blocks(text: str) -> list[str]:
    """Text between section markers and line breaks that end a line (after sentence punctuation or a
    colon, or before a marker or heading, or after a short line without punctuation: a title)."""
    out: list[str] = []
    for part in _MARKER.split(text):
        lines = [line.strip() for line in part.splitlines() if line.strip()]
        current = ""
        for line in lines:
            if current and (current[-1] in ".!?:" or _heading(line) is not None or len(current.split()) <= 8):
                out.append(current)
                current = ""
            current = f"{current} {line}".strip()
        out.append(current)
        out.append("")                                # a marker ends a section
    return out


def segment(text: str) -> list[Sentence]:
    """The sentences of an abstract, each with the heading it is under (see the module docstring)."""
    out: list[Sentence] = []
    section, opens = "", False
    for block in _blocks(text):
        if not block:
            opens = bool(out)
            continue
        block = " ".join(block.split())
        starts = [0] + _ends(block)
        for a, b in zip(starts, starts[1:] + [len(block)]):
            piece = block[a:b].strip()
            heading = _heading(piece)
            while heading is not None:
                section, opens, piece = heading[0], True, heading[1].strip()
                heading = _heading(piece)
            if piece:
                out.append(Sentence(piece, section, opens))
                opens = False
    return out


def split_sentences(text: str) -> list[str]:
    """The sentences of a text, headings and markers left out."""
    return [s.text for s in segment(text)]


def first_sentence_end(text: str) -> int:
    """Where the first sentence of a text ends: the first sentence end, section marker or line break
    (the end of the text when there is none)."""
    stops = [m.start() for m in (_MARKER.search(text), re.search(r"\n", text)) if m] + _ends(text)[:1]
    return min(stops, default=len(text))
