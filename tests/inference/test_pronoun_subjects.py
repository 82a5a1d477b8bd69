"""A pronoun subject that names people made general (edits/pronoun_subjects.py): "She said" ≤ "Someone
said", where ↑; and "someone" may be another, so no contradiction by the verb's negation."""
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
])
def test_pronoun_subjects(default_prover, premise, hypothesis, label):
    assert default_prover.prove(premise, hypothesis).label is label
