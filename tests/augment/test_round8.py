"""Round 8 of the generator's judged sample outside SICK's style (results/augment_outside_round8_*.tsv,
both readers): a verb that does not read as one ("could ballot"), "drive to work" read as labour, an
adjective put inside a compound the tagger split ("news new magazines"), a coordinator left without its
first conjunct, and a contradiction of an entailment that was itself dropped ("No printing press more
common"). Each pair is never emitted rather than emitted wrong."""
from __future__ import annotations

import pytest

from monalog.augment.generate import AugmentSettings, Augmenter, Generated, _backed
from monalog.augment.readability import bad_deletion
from monalog.augment.words import word_choice
from monalog.inference.proof import Label


def test_a_verb_must_read_as_a_verb():
    assert not word_choice().common("ballot", pos="v") and word_choice().common("vote", pos="v")


def test_a_coordinator_keeps_its_first_conjunct(tree_of):
    tree = tree_of
    assert bad_deletion(tree("The press made books cheaper and more common"),
                        tree("The press made books and more common")) is not None


def test_a_contradiction_needs_the_entailment_it_negates():
    pairs = [Generated("P", "A man sleeps.", Label.ENTAILMENT),
             Generated("P", "No man sleeps.", Label.CONTRADICTION, negates="A man sleeps."),
             Generated("P", "No press more common.", Label.CONTRADICTION, negates="The press more common."),
             Generated("P", "No person is here.", Label.CONTRADICTION)]            # of the premise itself
    assert [p.hypothesis for p in _backed(pairs)] == ["A man sleeps.", "No man sleeps.", "No person is here."]


@pytest.fixture(scope="module")
def generated(parser):
    premises = ["Chris didn't have a car to drive to work.", "No woman could vote in national elections before 1918.",
                "No alien read any news magazines.", "The printing press made books cheaper and more common."]
    results = Augmenter(AugmentSettings(), parser=parser).generate_batch(premises)
    return {h.hypothesis for r in results if isinstance(r, list) for h in r}     # a misread premise gives none


def test_round_8s_failures_are_never_generated(generated):
    assert generated
    assert not [t for t in generated if "labor" in t or "ballot" in t or "news new" in t or "press more" in t]


def test_may_leaves_room_for_its_negation(parser):
    premises = ["Strong winds may damage older buildings near the coast.", "A man may be sleeping.",
                "Most roads in the valley will stay open."]
    results = Augmenter(AugmentSettings(), parser=parser).generate_batch(premises)
    contradictions = {p.hypothesis for r in results for p in r if p.label is Label.CONTRADICTION}
    assert not [t for t in contradictions if "may not" in t or "woman" in t or "waking" in t]
    assert "No roads in the valley will stay open." in contradictions      # "most" denied by "no"


def test_round_8s_premises_with_none_now_give_sound_pairs(parser):
    premises = ["At least five campers have caught a cold.", "Few soldiers survived the long winter march."]
    results = Augmenter(AugmentSettings(), parser=parser).generate_batch(premises)
    pairs = {(p.hypothesis, p.label) for r in results for p in r}
    assert ("No campers have caught a cold.", Label.CONTRADICTION) in pairs      # "at least five" denied by "no"
    assert ("Few young soldiers survived the long winter march.", Label.ENTAILMENT) in pairs     # few: ↓ ↓
