"""Units of measure in WordNet ("minute", "mile", "dollar"): nouns that count an amount of something, not
things of their own ("a minute or an hour" is a range, "for any miles" no English)."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from monalog.knowledge.wordnet_facts import synsets

_UNITS = frozenset({"unit_of_measurement.n.01", "time_unit.n.01"})


def is_unit(sense: Any) -> bool:
    """A WordNet noun sense under a unit of measure (not "mug", whose first sense is a containerful)."""
    return any(s.name() in _UNITS for s in sense.closure(lambda s: s.hypernyms()))


@lru_cache(maxsize=4096)
def unit_noun(word: str) -> bool:
    """One of the first two noun senses of `word` (a plural too: "miles") is a unit of measure."""
    return any(is_unit(sense) for sense in synsets(word.lower(), "n")[:2])
