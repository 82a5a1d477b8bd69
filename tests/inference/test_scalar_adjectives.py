"""A scalar adjective's standard is its noun's (Kamp & Partee 1995): "a small elephant" is small for an
elephant, no small animal. The noun under one is never replaced by a more general or more specific noun;
the adjective may still go, and an equivalent noun may still replace it."""
from __future__ import annotations

import pytest

from monalog.inference.proof import Label


@pytest.mark.parametrize("premise, hypothesis, label", [
    ("Anna is a small giraffe.", "Anna is a small animal.", Label.NEUTRAL),
    ("A small dog is lying on the bed.", "A small animal is lying on the bed.", Label.NEUTRAL),
    ("A small brown dog is lying on the bed.", "A small brown animal is lying on the bed.", Label.NEUTRAL),
    ("No small animal is on the bed.", "No small dog is on the bed.", Label.NEUTRAL),
    ("A small dog is lying on the bed.", "An animal is lying on the bed.", Label.ENTAILMENT),
    ("A young child is climbing.", "A young kid is climbing.", Label.ENTAILMENT),       # synonyms
    ("A brown dog is lying on the bed.", "A brown animal is lying on the bed.", Label.ENTAILMENT),   # intersective
])
def test_a_scalar_adjective_keeps_its_noun(default_prover, premise, hypothesis, label):
    assert default_prover.prove(premise, hypothesis).label is label
