"""A universal subject's contradictory is "not every" / "not all" (negation.py): "All elephants are
pink" / "Not all elephants are pink"; "Each" gives "Not every"."""
from __future__ import annotations

import pytest

from monalog.inference.proof import Label


@pytest.mark.parametrize("premise, hypothesis, label", [
    ("All elephants are pink.", "Not all elephants are pink.", Label.CONTRADICTION),
    ("Every boy was delighted.", "Not every young boy was delighted.", Label.CONTRADICTION),
    ("Each intern receives a laptop.", "Not every intern receives a laptop.", Label.CONTRADICTION),
    ("Not every boy was delighted.", "Every boy was delighted.", Label.CONTRADICTION),
    ("Every young boy was delighted.", "Not every boy was delighted.", Label.NEUTRAL),
    ("Some boys were delighted.", "Not every boy was delighted.", Label.NEUTRAL),
])
def test_not_every(default_prover, premise, hypothesis, label):
    assert default_prover.prove(premise, hypothesis).label is label
