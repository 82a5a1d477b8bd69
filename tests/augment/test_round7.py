"""Round 7 of the generator's judged sample outside SICK's style (results/augment_outside_round7_*.tsv,
both readers): parentheses written apart ("( RNNs )"), "a single" left without its negation, "no" before
a number noun or a noun a relative between commas describes, an ordinal dropped ("the twelfth century"
-> "the century"), a plural no one writes ("for yesterdays"). Each pair is never emitted rather than
emitted wrong."""
from __future__ import annotations

import pytest

from monalog.augment.generate import AugmentSettings, Augmenter
from monalog.augment.contradiction_checks import bad_contradiction
from monalog.augment.readability import bad_deletion
from monalog.augment.sentences import tidy


def test_parentheses_are_written_around_their_words():
    assert tidy("rely on neural networks ( RNNs ) , running them .") == "rely on neural networks (RNNs), running them."


@pytest.mark.parametrize("before, after", [
    ("The visiting side did not win a single game this season.", "The visiting side did win a single game."),
    ("Thousands cheered as the cyclists crossed the line.", "No thousands cheered as the cyclists crossed the line."),
    ("The castle, which was built long ago, overlooks the valley.",
     "No castle, which was built long ago, overlooks the valley."),
])
def test_contradictions_a_reader_rejects(before, after):
    assert bad_contradiction(before, after) is not None


def test_a_plain_contradiction_stays():
    assert bad_contradiction("The castle overlooks the valley.", "No castle overlooks the valley.") is None
    assert bad_contradiction("The side won a single game.", "The side did not win a single game.") is None


def test_an_ordinal_is_never_dropped(tree_of):
    tree = tree_of
    assert bad_deletion(tree("The castle was built in the twelfth century"),
                        tree("The castle was built in the century")) is not None
    assert bad_deletion(tree("The castle was built in the early century"),
                        tree("The castle was built in the century")) is None


def test_a_plural_replacement_must_have_a_plural(parser):
    [pairs] = Augmenter(AugmentSettings(), parser=parser).generate_batch(["I haven't slept for days."])
    assert pairs and not [p for p in pairs if "yesterdays" in p.hypothesis or "tomorrows" in p.hypothesis]


def test_a_negation_taken_away_also_gives_the_plain_tense(parser):
    premises = ["Tom doesn't eat meat or scrambled eggs.", "The minister did not answer questions from reporters."]
    results = Augmenter(AugmentSettings(), parser=parser).generate_batch(premises)
    texts = {p.hypothesis for r in results for p in r}
    assert {"Tom does eat meat or scrambled eggs.", "Tom eats meat or scrambled eggs.",
            "The minister answered questions from reporters."} <= texts


@pytest.mark.parametrize("before, after, bad", [
    ("A little boy is eating a little cake", "A boy is eating a little cake", False),      # "little": an adjective
    ("A crow drank a little water", "A crow drank a water", True),
    ("A smooth stone is lying on the beach", "A stone is lying on the beach", False),       # no ordinal
    ("The twenty-first century began", "The century began", True),
    ("The dog (a small poodle) barks", "The dog) barks", True),
])
def test_quantities_ordinals_and_parentheses(tree_of, before, after, bad):
    tree = tree_of
    assert (bad_deletion(tree(before), tree(after)) is not None) is bad


def test_review_findings_on_contradictions(parser):
    premises = ["The dog doesn't even like cats.", "No woman drank any fresh milk.",
                "A man is crying because some kid hit him.", "A man waited some twenty minutes.",
                "Don't eat the cake."]
    results = Augmenter(AugmentSettings(), parser=parser).generate_batch(premises)
    texts = {p.hypothesis for r in results if isinstance(r, list) for p in r}
    assert not [t for t in texts if "evens" in t or "a fresh milk" in t or "any kid" in t or "any twenty" in t]
    assert "Eat the cake." not in texts                       # an order's negation is no claim
    assert bad_contradiction("They had no match.", "They had a singles match.") is None


def test_a_nominal_gerund_is_no_misread_verb(tree_of):
    from monalog.augment.misparse import misread

    assert misread(tree_of("A man enjoys birdwatching.")) is None
