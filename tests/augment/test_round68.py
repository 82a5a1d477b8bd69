"""Issue 51's twentieth stop, round 68's failure kinds (results/augment_outside_round68_*.tsv): idioms cut ("A patient
is about" from "up and about", "Some hut is crawling" from "crawling with", "In honour of the Liisa"), a dash left at
the end ("great things -."), and the same hypothesis written twice (in the 200-premise SICK guard, 150 pairs were
another's twin: "Nobody is shaking a drink" by two routes). The generator runs once, on every premise here."""
from __future__ import annotations

from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted  # noqa: F401

NEW = [
    ("The patient is up and about.", "The patient is not up and about.", Label.CONTRADICTION),
    ("That hut is crawling with lizards and insects.", "That hut is crawling with lizards.", Label.ENTAILMENT),
]
NEVER = [
    ("The patient is up and about.", "is about"),
    ("The patient is up and about.", "not about"),
    ("That hut is crawling with lizards and insects.", "crawling."),
    ("In honour of the day Liisa and Markku cracked a bottle of champagne together.", "of the Liisa"),
]
MORE = ["Women inspire us to do great things - and then stop us from doing them.", "A man is shaking a drink."]


def test_no_dash_at_the_end_and_no_hypothesis_twice(generated):
    for premise in MORE:
        pairs = generated[premise]
        assert isinstance(pairs, dict) and pairs and not [h for h in pairs if h.endswith("-.")]


def test_each_hypothesis_once(parser):
    from monalog.augment.generate import AugmentSettings, Augmenter

    [pairs] = Augmenter(AugmentSettings(), parser=parser).generate_batch(["A man is shaking a drink"])
    hypotheses = [p.hypothesis for p in pairs]
    assert hypotheses and len(hypotheses) == len(set(hypotheses))
