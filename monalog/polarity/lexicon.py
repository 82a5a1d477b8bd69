"""The monotonicity lexicon (grammars/monotonicity.tsv): operator signatures as data."""
from __future__ import annotations

import csv
import enum
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Sequence

from monalog.errors import ResourceError
from monalog.polarity.marks import Polarity
from monalog.resources import grammar_path

_DIGITS = re.compile(r"^\d+([.,]\d+)?$")
NUMERAL = "N"


class Kind(str, enum.Enum):
    DET = "det"
    NP = "np"
    NPI = "npi"
    FUNCTOR = "functor"
    NUMERAL = "numeral"
    TRANSPARENT = "transparent"


@dataclass(frozen=True)
class Signature:
    """One lexicon entry: the phrase's words and its markings."""

    words: tuple[str, ...]
    kind: Kind
    restrictor: Polarity = Polarity.UP
    scope: tuple[Polarity, ...] = (Polarity.UP,)


@dataclass(frozen=True)
class Lexicon:
    determiners: dict[tuple[str, ...], Signature] = field(default_factory=dict)
    functors: dict[str, Signature] = field(default_factory=dict)
    numerals: frozenset[str] = frozenset()
    transparent: frozenset[str] = frozenset()

    def is_numeral(self, word: str) -> bool:
        return word in self.numerals or bool(_DIGITS.match(word))

    def match_determiner(self, words: Sequence[str]) -> Signature | None:
        """The longest det/np phrase at the start of `words` (lower-cased), numerals as N."""
        best = None
        keys = [NUMERAL if self.is_numeral(w) else w for w in words[:4]]
        for n in range(1, len(keys) + 1):
            for key in {tuple(words[:n]), tuple(keys[:n])}:
                if key in self.determiners:
                    best = self.determiners[key]
        return best

    @staticmethod
    def in_context(sig: Signature, context: Polarity) -> Signature:
        """The reading of a determiner in a context of this polarity (npi: universal unless ↓)."""
        if sig.kind is Kind.NPI and context is not Polarity.DOWN:
            return Signature(sig.words, Kind.NPI, Polarity.DOWN, (Polarity.UP,))
        return sig

    def functor(self, word: str) -> Signature | None:
        return self.functors.get(word)


def read_lexicon(path: str | Path) -> Lexicon:
    """Parse the TSV lexicon; errors name the file and line."""
    path = Path(path)
    determiners: dict[tuple[str, ...], Signature] = {}
    functors: dict[str, Signature] = {}
    numerals: set[str] = set()
    transparent: set[str] = set()
    with path.open(encoding="utf-8") as handle:
        rows = (line for line in handle if line.strip() and not line.startswith("#"))
        for lineno, row in enumerate(csv.DictReader(rows, delimiter="\t"), 2):
            try:
                words = tuple(w if w == NUMERAL else w.lower() for w in row["phrase"].split())
                kind = Kind(row["kind"])
                if kind in (Kind.NUMERAL, Kind.TRANSPARENT):
                    (numerals if kind is Kind.NUMERAL else transparent).add(words[0])
                    continue
                restrictor = Polarity.parse(row["restrictor"]) if row.get("restrictor") else Polarity.UP
                scope = tuple(Polarity.parse(m) for m in (row.get("scope") or "↑").split())
                sig = Signature(words, kind, restrictor, scope)
            except (KeyError, ValueError, AttributeError) as exc:
                raise ResourceError(f"{path}: bad lexicon row near line {lineno}: {exc}", input=row) from exc
            if kind is Kind.FUNCTOR:
                functors[" ".join(words)] = sig
            else:
                determiners[words] = sig
    return Lexicon(determiners, functors, frozenset(numerals), frozenset(transparent))


@lru_cache(maxsize=1)
def default_lexicon() -> Lexicon:
    return read_lexicon(grammar_path("monotonicity.tsv"))
