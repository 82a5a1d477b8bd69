"""An intransitive verb that relates its subject's members to each other (grammars/collective_words.txt:
meet, marry, gather) keeps a subject of "and" whole when a conjunct is singular ("Anna and Tom met" ⇏
"Anna met"); plural conjuncts may still go, and a transitive use is distributive."""
from __future__ import annotations

import pytest

from monalog.inference.proof import Label


@pytest.mark.parametrize("premise, hypothesis, label", [
    ("Anna and Tom met in Paris.", "Anna met in Paris.", Label.NEUTRAL),
    ("Anna and Tom married.", "Anna married.", Label.NEUTRAL),
    ("The dogs and the cats gathered in the yard.", "The dogs gathered in the yard.", Label.ENTAILMENT),
    ("Anna and Tom met Bill in Paris.", "Anna met Bill in Paris.", Label.ENTAILMENT),
    ("Anna and Tom signed the contract.", "Anna signed the contract.", Label.ENTAILMENT),
])
def test_a_reciprocal_verb_keeps_its_subject_whole(default_prover, premise, hypothesis, label):
    assert default_prover.prove(premise, hypothesis).label is label
