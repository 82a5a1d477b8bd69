"""A premise of several sentences, or one whose result clause follows ", so", gives the pairs of each sentence and
clause it asserts (text.sentences.premise_parts), each hypothesis one part's edit and each pair's premise the whole
text, as the prover re-proves it; "any" beside a counted conjunct ("did not manage any runs and one fast one") is
never written. The generator runs once, on every premise here (one batch)."""
from __future__ import annotations

import pytest

from monalog.augment.generate import AugmentSettings, Augmenter
from monalog.errors import MonalogError
from monalog.inference.proof import Label

PREMISES = [
    "Traffic was heavy on the bridge, so I took the river path.",
    "She followed me into the kitchen and picked up a knife. She then started cutting vegetables.",
    "Is it raining? My neighbour is washing his car.",
    "I managed three easy runs and one fast one this week.",
    "This month we are showing three French comedies.",
]


@pytest.fixture(scope="module")
def generated(parser):
    augmenter = Augmenter(AugmentSettings(), parser=parser)
    return dict(zip(PREMISES, augmenter.generate_batch(PREMISES)))


@pytest.mark.parametrize("premise, hypothesis, label", [
    (PREMISES[0], "I took the path.", Label.ENTAILMENT),                # the result clause, asserted
    (PREMISES[0], "I did not take the river path.", Label.CONTRADICTION),
    (PREMISES[0], "Traffic was not heavy on the bridge.", Label.CONTRADICTION),
    (PREMISES[1], "She started cutting vegetables.", Label.ENTAILMENT),  # from the second sentence
    (PREMISES[1], "She did not pick up a knife.", Label.CONTRADICTION),
    (PREMISES[2], "My neighbour is not washing his car.", Label.CONTRADICTION),   # the question asserts nothing
    (PREMISES[4], "We are showing three comedies this month.", Label.ENTAILMENT),  # the time phrase moved
])
def test_each_asserted_part_gives_pairs_of_the_whole_premise(generated, premise, hypothesis, label):
    pairs = generated[premise]
    assert not isinstance(pairs, MonalogError)
    assert {p.premise for p in pairs} == {premise}
    assert (hypothesis, label) in {(p.hypothesis, p.label) for p in pairs}
    assert len({p.hypothesis for p in pairs}) == len(pairs)


def test_no_any_beside_a_counted_conjunct(generated):
    from monalog.augment.sentences import any_beside_count

    assert any_beside_count("I did not manage any runs and one fast one this week.")
    assert not any_beside_count("I did not see any cats and dogs.")
    pairs = generated[PREMISES[3]]
    assert not isinstance(pairs, MonalogError)
    assert not any(any_beside_count(p.hypothesis) for p in pairs)
