"""Subjects in the prover's edits and contradictions: a pronoun that names people made general where ↑
(edits/pronoun_subjects.py: "She said" ≤ "Someone said"; "someone" may be another, so no contradiction by
the verb's negation), and a universal subject's contradictory "not every" / "not all" (negation.py)."""
from __future__ import annotations

import pytest

from monalog.inference.proof import Label


@pytest.mark.parametrize("premise, hypothesis, label", [
    ("She said three words.", "Someone said three words.", Label.ENTAILMENT),
    ("We don't have much of a choice.", "Some people don't have much of a choice.", Label.ENTAILMENT),
    ("He can't make a decision.", "Someone can't make a decision.", Label.ENTAILMENT),
    ("I received a telegram from her.", "Nobody received a telegram from her.", Label.CONTRADICTION),
    ("I received a telegram from her.", "Someone did not receive a telegram from her.", Label.NEUTRAL),
    ("You shouldn't read useless books.", "Someone shouldn't read useless books.", Label.NEUTRAL),   # anyone
    ("They are expensive.", "Some people are expensive.", Label.NEUTRAL),
    ("If she comes, I will leave.", "If someone comes, I will leave.", Label.NEUTRAL),              # ↓
    ("All elephants are pink.", "Not all elephants are pink.", Label.CONTRADICTION),
    ("Every boy was delighted.", "Not every young boy was delighted.", Label.CONTRADICTION),
    ("Each intern receives a laptop.", "Not every intern receives a laptop.", Label.CONTRADICTION),
    ("Not every boy was delighted.", "Every boy was delighted.", Label.CONTRADICTION),
    ("Every young boy was delighted.", "Not every boy was delighted.", Label.NEUTRAL),
    ("Some boys were delighted.", "Not every boy was delighted.", Label.NEUTRAL),
    ("That girl can't ride a small bicycle.", "Some girl can ride a small bicycle.", Label.NEUTRAL),  # another
    ("That girl can't ride a small bicycle.", "That girl can ride a small bicycle.", Label.CONTRADICTION),
])
def test_subjects(default_prover, premise, hypothesis, label):
    assert default_prover.prove(premise, hypothesis).label is label
