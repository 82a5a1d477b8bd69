"""WordNet kinds the rules ask about: who may act as a passive's agent, what one is dressed in, and what one wears."""
import pytest

from monalog.knowledge.facts import Relation
from monalog.knowledge.wordnet_facts import animal, living, relate, unrelated_nouns, wearable, worn


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


@pytest.mark.parametrize("a, b, relation", [
    ("scarlet", "red", Relation.LEQ),           # a satellite synset's other words are kinds of its head
    ("red", "scarlet", Relation.GEQ),
    ("crimson", "scarlet", None),               # two shades of one head: neither is the other
    ("big", "large", Relation.EQ),
])
def test_adjective_clusters(a, b, relation):
    fact = relate(a, b, "a")
    assert (fact.relation if fact is not None else None) is relation


@pytest.mark.parametrize("a, b, relation", [
    ("milk", "water", None),                    # Milk, a river, is a name: "milk" reads as the drink
    ("turkey", "bird", Relation.LEQ),
    ("paris", "city", Relation.LEQ),            # a word WordNet has only as a name keeps its name senses
])
def test_a_lemma_is_the_common_noun_before_a_name(a, b, relation):
    fact = relate(a, b, "n")
    assert (fact.relation if fact is not None else None) is relation


@pytest.mark.parametrize("a, b, expected", [
    ("soda", "coke", True), ("deer", "dog", True),
    ("marriage", "wedding", False),             # related in a sense (marriage.n.03)
    ("volleyball", "ball", False), ("soda", "fizzbuzz", False),      # a word WordNet does not know
    ("soda pop", "coke", False),
])
def test_unrelated_nouns(a, b, expected):
    assert unrelated_nouns(a, b) is expected
