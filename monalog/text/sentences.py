"""A premise of several sentences, split into sentences (a full stop, "?" or "!" before a capital,
not after an abbreviation or an initial, nor inside a quotation), so that each is parsed and proved
from on its own; a clause of result after ", so" is one more (`premise_parts`)."""
from __future__ import annotations

import re
from functools import lru_cache

from monalog.resources import grammar_lines

_END = re.compile(r"(?<=[.!?])(?P<close>[\"')\]]*)\s+(?=[\"'(\[]?[A-Z0-9])")


@lru_cache(maxsize=1)
def _abbreviations() -> frozenset[str]:
    return frozenset(grammar_lines("abbreviations.txt"))


def sentence_ends(text: str, abbreviations: frozenset[str] = frozenset()) -> list[int]:
    """Where the sentences of `text` end (after their closing punctuation), but the last: not inside a
    quotation, nor after an initial or an abbreviation (grammars/abbreviations.txt and `abbreviations`,
    lower case without their final period)."""
    known = _abbreviations() | abbreviations
    out, start = [], 0
    for match in _END.finditer(text):
        end = match.start() + len(match["close"])
        if text[start:end].count('"') % 2:          # inside a quotation: "He said "No. It is flat." ..."
            continue
        before = text[start:match.start()].split()
        last = before[-1].rstrip(".!?").lstrip("([\"'").lower() if before else ""
        if text[match.start() - 1] == "." and (last in known or re.fullmatch(r"(?:[a-z]\.)*[a-z]", last)):
            continue
        out.append(end)
        start = match.end()
    return out


def split_sentences(text: str) -> tuple[str, ...]:
    """The sentences of `text`, as written (one for text of one sentence, whatever it holds)."""
    bounds = [0, *sentence_ends(text), len(text)]
    parts = (text[a:b].strip() for a, b in zip(bounds, bounds[1:]))
    return tuple(part for part in parts if part) or (text,)


# ", so I took the path": a result, asserted as its cause is; not "so that", "so will I", "so far", nor a
# purpose ("so I could see": its modal says the clause may not have happened)
_SO = re.compile(r"\s*,\s+(?:and\s+)?so\s+(?=(?:i|we|you|he|she|it|they|there|the|my|his|her|its|our|their|this|these|"
                 r"those)(?:\s|'))(?!(?:\S+\s+){0,4}?\S*?(?:\b(?:could|would|might|may|can|should)\b|'d\b))"
                 r"(?P<rest>[^,;\"?]+)$", re.IGNORECASE)


def result_clauses(sentence: str) -> tuple[str, ...]:
    """"Traffic was heavy, so I took the path." as its two clauses, "Traffic was heavy." and "I took the
    path.", which the sentence asserts both; () for a sentence without a result clause."""
    match = _SO.search(sentence)
    if match is None or not match.start():
        return ()
    end = "." if match["rest"][-1] not in ".!" else ""
    return sentence[:match.start()] + ".", match["rest"][0].upper() + match["rest"][1:] + end


def premise_parts(text: str) -> tuple[str, ...]:
    """What a premise asserts, each to be read and proved from on its own: its sentences but questions
    (`asserted`), and after a sentence with a result clause its two clauses (`result_clauses`)."""
    return tuple(part for s in asserted(split_sentences(text)) for part in (s, *result_clauses(s)))


def asserted(sentences: tuple[str, ...]) -> tuple[str, ...]:
    """The sentences that assert something (a question asserts nothing), all of them if none does."""
    return tuple(s for s in sentences if not s.rstrip("\"')]").endswith("?")) or sentences
