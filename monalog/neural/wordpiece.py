"""BERT's uncased WordPiece tokenizer in pure Python, for the MiniLM supertagger without transformers.

The same steps as transformers' BertTokenizer (and its fast twin) with `do_lower_case`: drop control
characters, split off CJK characters and punctuation, lower-case and strip accents, then match the
longest vocabulary pieces ("##" marks a piece inside a word); a word with no full match is [UNK].
tests/parsing/test_wordpiece.py checks it against transformers on every word of SICK and the suites.
"""
from __future__ import annotations

import re
import unicodedata
from collections import OrderedDict
from pathlib import Path

from monalog.errors import ResourceError

MAX_WORD_CHARS = 100          # BERT's limit: a longer word is [UNK]
SPECIALS = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")
_SPECIAL = re.compile("(" + "|".join(re.escape(s) for s in SPECIALS) + ")")     # matched anywhere, as transformers does


def _is_control(ch: str) -> bool:
    """Control, format, private-use and surrogate characters (dropped; unassigned ones are kept, as the
    fast tokenizer MiniLM was trained with keeps them)."""
    return ch not in "\t\n\r" and unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs")


def _is_whitespace(ch: str) -> bool:
    return ch in " \t\n\r" or unicodedata.category(ch) == "Zs"


def _is_punctuation(ch: str) -> bool:
    cp = ord(ch)
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(ch).startswith("P")


def _is_cjk(cp: int) -> bool:
    return (0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x20000 <= cp <= 0x2A6DF or 0x2A700 <= cp <= 0x2B73F
            or 0x2B740 <= cp <= 0x2B81F or 0x2B820 <= cp <= 0x2CEAF or 0xF900 <= cp <= 0xFAFF
            or 0x2F800 <= cp <= 0x2FA1F)


def basic_tokens(text: str) -> list[str]:
    """Clean, split on whitespace, CJK characters and punctuation, lower-case, strip accents."""
    spaced = []
    for ch in text:
        cp = ord(ch)
        if cp == 0 or cp == 0xFFFD or _is_control(ch):
            continue
        if _is_whitespace(ch):
            spaced.append(" ")
        elif _is_cjk(cp):
            spaced.append(f" {ch} ")
        else:
            spaced.append(ch)
    tokens = []
    for word in "".join(spaced).split():
        word = "".join(c for c in unicodedata.normalize("NFD", word.lower()) if unicodedata.category(c) != "Mn")
        current = ""
        for ch in word:
            if _is_punctuation(ch):
                tokens.extend([current, ch] if current else [ch])
                current = ""
            else:
                current += ch
        if current:
            tokens.append(current)
    return tokens


class WordPiece:
    """Word -> subword ids over a BERT vocab.txt (one piece a line, the id is the line number)."""

    def __init__(self, vocab: dict[str, int]) -> None:
        self.vocab = vocab
        try:
            self.unk, self.cls, self.sep = vocab["[UNK]"], vocab["[CLS]"], vocab["[SEP]"]
        except KeyError as exc:
            raise ResourceError(f"WordPiece vocabulary lacks {exc}", input="vocab.txt") from exc
        self._cache: OrderedDict[str, list[int]] = OrderedDict()

    @classmethod
    def load(cls, path: str | Path) -> "WordPiece":
        try:
            lines = Path(path).read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            raise ResourceError(f"cannot read WordPiece vocabulary {path}: {exc}", input=str(path)) from exc
        return cls({piece: i for i, piece in enumerate(lines)})

    def text_ids(self, text: str) -> list[int]:
        """The pieces of a text, without [CLS] and [SEP] (none for an empty or blank text)."""
        return [i for part in _SPECIAL.split(text) if part
                for i in ([self.vocab[part]] if part in SPECIALS else
                          [i for token in basic_tokens(part) for i in self._pieces(token)])]

    def word_ids(self, word: str) -> list[int]:
        """The pieces of one word ([UNK] where it yields none), cached (LRU, 50,000 words)."""
        ids = self._cache.get(word)
        if ids is None:
            ids = self.text_ids(word) or [self.unk]
            self._cache[word] = ids
            if len(self._cache) > 50_000:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(word)
        return ids

    def _pieces(self, token: str) -> list[int]:
        if len(token) > MAX_WORD_CHARS:
            return [self.unk]
        out, start = [], 0
        while start < len(token):
            end = len(token)
            while end > start:
                piece = token[start:end] if start == 0 else "##" + token[start:end]
                if piece in self.vocab:
                    out.append(self.vocab[piece])
                    break
                end -= 1
            if end == start:
                return [self.unk]
            start = end
        return out
