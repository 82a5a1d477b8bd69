"""Issue 51's twentieth stop, round 65's failure kinds (results/augment_outside_round65_*.tsv): "can only" negated
as "can not only"; idioms made vague or swapped ("living something", "a clean look"); a list's last item dropped with
its "and" ("a yellow jacket, orange tie"); "I'd" after a new subject ("Nobody'd"); "one white and two black" made "a
white"; a group of people made "something" ("thanked something" for "the audience"). The generator runs once, on
every premise here (one batch)."""
from __future__ import annotations

import pytest

from monalog.augment.generate import AugmentSettings, Augmenter
from monalog.inference.proof import Label

NEW = [
    ("The conductor thanked the audience and announced a short interval.", "The conductor announced a short interval.",
     Label.ENTAILMENT),
    ("We have three dogs, one white and two black.", "We have some dogs, one white and two black.", Label.ENTAILMENT),
]
NEVER = [
    ("I can only work on Fridays.", "not only"),
    ("You are living a dream, and the dream is about to end.", "living something"),
    ("Tom gave Mary a dirty look and then left the room.", "clean look"),
    ("I'd describe him as a middle-aged man in a yellow jacket, orange tie and a pink shirt.", "orange tie."),
    ("I'd describe him as a middle-aged man in a yellow jacket, orange tie and a pink shirt.", "Nobody'd"),
    ("We have three dogs, one white and two black.", "a white and"),
    ("The conductor thanked the audience and announced a short interval.", "thanked something"),
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


def test_a_new_subject_writes_would_out():
    from monalog.augment.sentences import tidy

    assert tidy("Nobody'd describe him as a man .") == "Nobody would describe him as a man."
