"""The imperfective paradox (Dowty 1979): a past progressive with a complement says the event was going on,
not that it was done; without one the event held, and the lemmas decide as before."""
from __future__ import annotations

import pytest

from monalog.inference.proof import Label


@pytest.mark.parametrize("premise, hypothesis, label", [
    ("Smith was writing a report.", "Smith wrote a report.", Label.NEUTRAL),
    ("Smith was writing a report.", "Smith has written a report.", Label.NEUTRAL),
    ("Smith was writing a report.", "Smith did not write a report.", Label.NEUTRAL),     # he may have stopped
    ("Smith was quickly crossing the street.", "Smith crossed the street.", Label.NEUTRAL),
    ("Smith was running.", "Smith ran.", Label.ENTAILMENT),                # no end to reach: it held
    ("Smith wrote a report.", "Smith was writing a report.", Label.ENTAILMENT),
    ("Smith was writing a report.", "Smith was writing something.", Label.ENTAILMENT),
    ("Smith was writing a report.", "Smith was not writing a report.", Label.CONTRADICTION),
    ("A man is writing a report.", "A man writes a report.", Label.ENTAILMENT),       # SICK's present tense
    ("The ball was being kicked by a boy.", "The ball was being kicked by a boy.", Label.ENTAILMENT),   # auxiliary
    ("A woman was cutting an onion and a man cut a tomato.", "A man cut a tomato.", Label.ENTAILMENT),  # said done
])
def test_a_past_progressive_says_nothing_of_the_end(default_prover, premise, hypothesis, label):
    assert default_prover.prove(premise, hypothesis).label is label


def test_the_abstention_says_why(default_prover):
    assert "imperfective paradox" in default_prover.prove("Smith was writing a report.", "Smith wrote a report.").note
