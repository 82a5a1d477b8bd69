"""A place's name by a region it lies in (WordNet's part holonyms) after a locative "in": ↑ to the region,
↓ to a place in it; never after a preposition a verb takes as its own or another one, after a
superlative, nor for a name of places in different regions."""
from __future__ import annotations

import pytest

from monalog.inference.proof import Label
from monalog.knowledge.regions import regions


@pytest.mark.parametrize("premise, hypothesis, label", [
    ("Betty lives in Berlin.", "Betty lives in Germany.", Label.ENTAILMENT),
    ("He knows a city in spain.", "He knows a city in Europe.", Label.ENTAILMENT),          # a noun's modifier
    ("She works in Tokyo.", "She works in Japan.", Label.ENTAILMENT),
    ("It's not true that Betty lives in Germany.", "It's not true that Betty lives in Berlin.", Label.ENTAILMENT),
    ("Nobody in Germany saw it.", "Nobody in Munich saw it.", Label.ENTAILMENT),
    ("Betty lives in Germany.", "Betty lives in Berlin.", Label.NEUTRAL),
    ("Nobody in Munich saw it.", "Nobody in Germany saw it.", Label.NEUTRAL),
    ("She is interested in Berlin.", "She is interested in Germany.", Label.NEUTRAL),      # the verb's own "in"
    ("She is far from Berlin.", "She is far from Germany.", Label.NEUTRAL),
    ("She believes in Berlin.", "She believes in Germany.", Label.NEUTRAL),      # "in" parsed as a modifier
    ("Betty loves Berlin.", "Betty loves Germany.", Label.NEUTRAL),
    ("A gift to Lincoln arrived.", "A gift to Nebraska arrived.", Label.NEUTRAL),        # to the man, maybe
    ("She lives in Kashmir.", "She lives in India.", Label.NEUTRAL),                     # or in Pakistan
    ("She lives in Kashmir.", "She lives in Asia.", Label.ENTAILMENT),
    ("The tallest building in London is old.", "The tallest building in England is old.", Label.NEUTRAL),
])
def test_a_place_lies_in_its_region(default_prover, premise, hypothesis, label):
    assert default_prover.prove(premise, hypothesis).label is label


def test_regions_of_named_places_only():
    assert {"germany", "europe"} <= regions("Berlin") and "orient" not in regions("Berlin")   # no "West", no hemisphere
    assert regions("georgia") == frozenset()        # the state and the country lie in no region both share
    assert regions("kitchen") == frozenset()        # part of a dwelling, no named place
    assert regions("jersey") == frozenset()         # another name of New Jersey (WordNet lacks the island)
    assert {"england", "uk", "europe"} <= regions("london")       # regions of two kinds: both
