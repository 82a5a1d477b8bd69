"""Issue 51's twentieth stop, round 66's failure kinds (results/augment_outside_round66_*.tsv): "a hot food" (a noun
mostly uncounted, a substance, after "a"), "does have much time" ("much" left without its negation), "There are not
theatres, ..." (people write "no"). The generator runs once, on every premise here (one batch)."""
from __future__ import annotations

import pytest


from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted  # noqa: F401

NEW = [
    ("The crew served a hot meal and free drinks.", "The crew served a meal.", Label.ENTAILMENT),
    ("Tom is very busy and doesn't have much time for relationships.", "Tom is not busy.", Label.CONTRADICTION),
]
NEVER = [
    ("The crew served a hot meal and free drinks.", "a hot food"),
    ("Tom is very busy and doesn't have much time for relationships.", "does have much"),
    ("There are theatres, museums, libraries and parks in that city.", "There are not"),
]





MORE = ["The UN sent troops to the border.", "He had better grades than Kate.",
        "A man, a woman, and a child are walking."]


@pytest.mark.parametrize("premise", MORE)
def test_no_false_alarm_of_the_refusals(generated, premise):
    """The review's cases: a capitalised "UN", "had better" before a noun, a list's comma before "and" are read."""
    assert isinstance(generated[premise], dict)


def test_the_word_checks_stay_narrow():
    from monalog.augment.contradiction_checks import _NPI_PHRASES
    from monalog.augment.sentences import lost_one
    from monalog.text.sentences import premise_parts

    assert not lost_one("He has a son.", "He has one son.")
    assert lost_one("We have three dogs, a white and two black.", "We have three dogs, one white and two black.")
    assert _NPI_PHRASES.search("it does have much time")
    assert not any(_NPI_PHRASES.search(t) for t in ("it is much bigger", "pretty much everything",
                                                     "he did not pay that much", "much to my surprise, he came"))
    assert premise_parts("You left, so you missed it?") == ("You left, so you missed it?",)


def test_round_67s_misreads_are_refused(parser):
    """Round 67: "gave every child | a small taste" (the second object read inside "every", so "a very small taste"
    was written) and "young and | immature" (an adjective read as a finite verb: "I immature.")."""
    from monalog.augment.generate import AugmentSettings, Augmenter

    results = Augmenter(AugmentSettings(), parser=parser).generate_batch(
        ["The cheese seller gave every child a small taste.", "I was young and immature at the time."])
    for result in results:
        assert not isinstance(result, list) or not [g for g in result if "very small" in g.hypothesis
                                                    or g.hypothesis.startswith("I immature")]
