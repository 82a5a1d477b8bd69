"""Where a named place lies, by WordNet's part holonyms (Berlin is part of Germany, Germany of Europe),
for "lives in Berlin" ≤ "lives in Germany". A word is read as a place only through the senses it is the
first name of that are named places (instances under location.n.01: "Berlin" the city, not the composer
or the carriage; not "Jersey", another name of New Jersey), and a region counts only when every such
sense lies in it ("Georgia", the state and the country, lies in no region both share), and of two
regions of one kind only what they share (Kashmir is part of India and of Pakistan: it lies in Asia)."""
from __future__ import annotations

from collections import defaultdict
from functools import lru_cache
from typing import Any

from monalog.knowledge.wordnet import wordnet

_PLACES = frozenset({"location.n.01"})
_REGIONS = frozenset({"administrative_district.n.01", "continent.n.01", "city.n.01"})


@lru_cache(maxsize=4096)
def regions(name: str) -> frozenset[str]:
    """The lower-cased one-word names of the regions every place sense of `name` lies in, at any
    distance ("berlin" -> germany, europe, eurasia); empty for a word that names no place."""
    senses = _place_senses(name)
    common = frozenset.intersection(*(_lies_in(s.name()) for s in senses)) if senses else frozenset()
    return frozenset(name for name in common if "_" not in name)


@lru_cache(maxsize=4096)
def _lies_in(synset_name: str) -> frozenset[str]:
    """The lower-cased names of the regions a place lies in: of regions of different kinds, all (England
    is part of the United Kingdom and of Europe); of regions of one kind, those they share (Kashmir is
    part of India and of Pakistan, two countries: it lies in Asia)."""
    kinds: dict[frozenset[str], list[frozenset[str]]] = defaultdict(list)
    for region in wordnet().synset(synset_name).part_holonyms():
        if _named(region, _REGIONS):
            names = frozenset(lemma.lower() for lemma in region.lemma_names()) | _lies_in(region.name())
            kinds[frozenset(kind.name() for kind in region.instance_hypernyms())].append(names)
    return frozenset().union(*(frozenset.intersection(*alike) for alike in kinds.values()))


@lru_cache(maxsize=4096)
def larger_places(name: str) -> tuple[str, ...]:
    """The regions one or two steps above every place sense of `name`, as WordNet first writes them, each a word
    `regions` also gives and people write ("Berlin" -> "Germany", "Europe"; not "FRG" or "Eurasia"): what the
    generator writes."""
    senses = _place_senses(name)
    near = [{r for r in s.part_holonyms() if _named(r, _REGIONS)} for s in senses]
    near = [found | {r for s in found for r in s.part_holonyms() if _named(r, _REGIONS)} for found in near]
    shared = set.intersection(*near) if near else set()
    from wordfreq import zipf_frequency

    written = {s.lemma_names()[0] for s in shared}
    return tuple(sorted(w for w in written if w.isalpha() and w.lower() in regions(name)
                        and zipf_frequency(w, "en") >= 3.5))        # "Eurasia": a name few write


def _place_senses(name: str) -> list[Any]:
    """The senses `name` is the first name of that are named places (module docstring)."""
    return [s for s in wordnet().synsets(name, "n")
            if s.lemma_names()[0].lower() == name.lower() and _named(s, _PLACES)]


def _named(synset: Any, kinds: frozenset[str]) -> bool:
    """An instance (a named thing) of a kind that is or lies under one of `kinds`."""
    return any(kind.name() in kinds or any(h.name() in kinds for h in kind.closure(lambda s: s.hypernyms()))
               for kind in synset.instance_hypernyms())
