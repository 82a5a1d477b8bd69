"""WordNet kinds the rules ask about: who may act as a passive's agent, what one is dressed in, and what one wears."""
import pytest

from monalog.knowledge.wordnet_facts import animal, living, wearable, worn


@pytest.mark.parametrize("noun, expected", [
    ("boy", True), ("horse", True), ("people", True), ("crowd", True), ("prey", True),
    ("tree", False), ("river", False), ("noon", False), ("show", False), ("wind", False),
])
def test_living_agents_are_animals_people_or_groups(noun, expected):
    assert living(noun) is expected
    assert animal(noun) is (noun == "horse")       # "prey" is first a person (a victim)


@pytest.mark.parametrize("noun, expected", [
    ("leotard", True), ("jacket", True), ("dress", True), ("uniform", True),
    ("hat", False), ("wig", False), ("mask", False), ("scarf", False), ("tie", False), ("sock", False),
    ("car", False),
])
def test_worn_is_clothing_one_is_dressed_in(noun, expected):
    assert (worn(noun) is not None) is expected


@pytest.mark.parametrize("noun, expected", [
    ("hat", True), ("jersey", True), ("helmet", True), ("sunglasses", True), ("shoe", True), ("uniform", True),
    ("bag", False), ("camera", False), ("ball", False), ("dog", False), ("paint", False), ("backpack", False),
])
def test_wearable_is_anything_worn(noun, expected):
    assert wearable(noun) is expected
