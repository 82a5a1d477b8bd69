"""Sentence validation and tokenisation (Penn-Treebank-like, with alignment to the input).

Each token remembers which whitespace-separated chunk of the input it came from, so results can be
reported per input word (the polarity arrows of `monalog polarize`). An amount is one token, its
thousands' commas and currency sign included ("$7,300", "1,000.50"): split, the taggers read "$" and
"," as punctuation and misparse the sentence.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from monalog.errors import InputError
from monalog.resources import grammar_lines

MAX_TOKENS = 120
MAX_CHARS = 2000

_TOKEN = re.compile(
    r"\bo'clock\b|[$£€]?(?:\b\d{1,3}(?:,\d{3})+|(?<=[$£€])\d+)(?:\.\d+)?\b"        # "$7,300", "1,000.50"
    r"|\w+(?=n't\b)|n't\b|\bcan(?=not\b)|(?<=\bcan)not\b|'(?:s|re|ve|ll|d|m)\b|\w+(?:[-.&/]\w+)*|[^\w\s]",
    re.IGNORECASE,
)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")


@dataclass(frozen=True, slots=True)
class Tokenized:
    """The cleaned text, its tokens, and for each token the index of its (first) whitespace chunk.
    Multi-word operators ("at most") are one token spanning several chunks."""

    text: str
    words: tuple[str, ...]
    chunk_of: tuple[int, ...]

    @property
    def chunks(self) -> list[str]:
        return self.text.split()


def clean(text: str) -> str:
    """NFC-normalise, turn control, bidi and zero-width characters into spaces, squeeze whitespace; a curly
    apostrophe is the straight one ("abbott’s" -> "abbott's", one possessive)."""
    text = unicodedata.normalize("NFC", text).replace("\u2019", "'")
    return " ".join(_CONTROL.sub(" ", text).split())


@lru_cache(maxsize=1)
def multiword_tokens() -> dict[tuple[str, ...], str]:
    """Lower-cased word sequences that become one token, longest first."""
    phrases = [tuple(line.lower().split()) for line in grammar_lines("multiword_tokens.txt")]
    return {p: "_".join(p) for p in sorted(phrases, key=len, reverse=True)}


def _join_multiwords(words: list[str], chunk_of: list[int]) -> tuple[list[str], list[int]]:
    joined = multiword_tokens()
    out_w: list[str] = []
    out_c: list[int] = []
    i = 0
    while i < len(words):
        for phrase in joined:
            n = len(phrase)
            if tuple(w.lower() for w in words[i:i + n]) == phrase:
                out_w.append("_".join(words[i:i + n]))
                out_c.append(chunk_of[i])
                i += n
                break
        else:
            out_w.append(words[i])
            out_c.append(chunk_of[i])
            i += 1
    return out_w, out_c


def tokenize(text: str, max_tokens: int = MAX_TOKENS) -> Tokenized:
    """Validate and tokenise one sentence; raises InputError naming the sentence when unusable."""
    if not isinstance(text, str):
        raise InputError(f"expected a sentence string, got {type(text).__name__}", input=text)
    if len(text) > MAX_CHARS:
        raise InputError(f"sentence has {len(text)} characters; the limit is {MAX_CHARS}",
                         input=text[:100])
    if _SURROGATE.search(text):
        raise InputError("sentence holds bytes that are not UTF-8 text", input=text.encode("utf-8", "replace"))
    cleaned = clean(text)
    if not cleaned:
        raise InputError("empty sentence", input=text)
    words: list[str] = []
    chunk_of: list[int] = []
    for index, chunk in enumerate(cleaned.split(" ")):
        for match in _TOKEN.finditer(chunk):
            words.append(match.group())
            chunk_of.append(index)
    words, chunk_of = _join_multiwords(words, chunk_of)
    if not any(any(ch.isalnum() for ch in word) for word in words):
        raise InputError(f"no words in sentence {cleaned!r}", input=text)
    if len(words) > max_tokens:
        raise InputError(f"sentence has {len(words)} tokens; the limit is {max_tokens}",
                         input=cleaned[:100])
    return Tokenized(cleaned, tuple(words), tuple(chunk_of))
