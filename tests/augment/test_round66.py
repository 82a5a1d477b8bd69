"""Issue 51's twentieth stop, round 66's failure kinds (results/augment_outside_round66_*.tsv): "a hot food" (a noun
mostly uncounted, a substance, after "a"), "does have much time" ("much" left without its negation), "There are not
theatres, ..." (people write "no"). The generator runs once, on every premise here (one batch)."""
from __future__ import annotations

import pytest

from monalog.augment.generate import AugmentSettings, Augmenter
from monalog.inference.proof import Label

NEW = [
    ("The crew served a hot meal and free drinks.", "The crew served a meal.", Label.ENTAILMENT),
    ("Tom is very busy and doesn't have much time for relationships.", "Tom is not busy.", Label.CONTRADICTION),
]
NEVER = [
    ("The crew served a hot meal and free drinks.", "a hot food"),
    ("Tom is very busy and doesn't have much time for relationships.", "does have much"),
    ("There are theatres, museums, libraries and parks in that city.", "There are not"),
]


@pytest.fixture(scope="module")
def generated(parser) -> dict[str, dict[str, Label]]:
    premises = sorted({premise for premise, *_ in NEW + NEVER})
    results = Augmenter(AugmentSettings(), parser=parser).generate_batch(premises)
    return {premise: {} if isinstance(result, Exception) else {p.hypothesis: p.label for p in result}
            for premise, result in zip(premises, results)}


@pytest.mark.parametrize("premise, hypothesis, label", NEW)
def test_new_pairs(generated, premise, hypothesis, label):
    assert generated[premise].get(hypothesis) is label


@pytest.mark.parametrize("premise, unwanted", NEVER)
def test_pairs_never_emitted(generated, premise, unwanted):
    assert generated[premise] and not [h for h in generated[premise] if unwanted in h]
