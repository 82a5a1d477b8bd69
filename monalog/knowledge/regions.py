"""Where a named place lies, by WordNet's part holonyms (Berlin is part of Germany, Germany of Europe),
for "lives in Berlin" ≤ "lives in Germany". A word is read as a place only through its senses that
are named places (instances under location.n.01: "Berlin" the city, not the composer or the
carriage), and a region counts only when every such sense lies in it ("Georgia", the state and the
country, lies in no region both share)."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from monalog.knowledge.wordnet import wordnet

_PLACES = frozenset({"location.n.01"})
_REGIONS = frozenset({"administrative_district.n.01", "continent.n.01", "city.n.01"})


@lru_cache(maxsize=4096)
def regions(name: str) -> frozenset[str]:
    """The lower-cased one-word names of the regions every place sense of `name` lies in, at any
    distance ("berlin" -> germany, europe, eurasia); empty for a word that names no place."""
    common: set[str] | None = None
    for sense in (s for s in wordnet().synsets(name, "n") if _named(s, _PLACES)):
        names = {lemma.lower() for region in sense.closure(_larger) for lemma in region.lemma_names()
                 if "_" not in lemma}
        common = names if common is None else common & names
    return frozenset(common or ())


def _larger(synset: Any) -> list[Any]:
    """The regions a place is part of that are countries, states, cities or continents (not "the
    West", a hemisphere or an ocean: "Berlin" is in Germany and Europe, not "in the Orient")."""
    return [region for region in synset.part_holonyms() if _named(region, _REGIONS)]


def _named(synset: Any, kinds: frozenset[str]) -> bool:
    """An instance (a named thing) of a kind that is or lies under one of `kinds`."""
    return any(kind.name() in kinds or any(h.name() in kinds for h in kind.closure(lambda s: s.hypernyms()))
               for kind in synset.instance_hypernyms())
