"""EvoNLI's rule check: a child must differ from sentence1 by a negation, an antonym or an entity swap
that does not cancel out (issue 50)."""
from __future__ import annotations

import pytest

from monalog_perturb.candidate import Candidate
from monalog_perturb.constraints.opposition import opposition


def _child(original: str, before: str, after: str, **provenance) -> Candidate:
    start = original.index(before)
    return Candidate.original(original).edited(start, start + len(before), after, "test", **provenance)


@pytest.mark.parametrize("sentence1, sentence2, before, after, kind", [
    ("Aspirin reduced the risk of stroke in older adults.", "Aspirin reduced the risk of stroke.",
     "reduced", "did not reduce", "negation"),
    ("Collagen was able to activate neutrophils.", "Collagen was able to activate neutrophils.",
     "was able", "was not able", "negation"),
    ("The effect of budesonide was strong.", "The effect of budesonide was strong.", "strong", "weak", "antonym"),
    ("Collagen activated neutrophils in vitro.", "Collagen activated neutrophils.", "activated", "inactivated",
     "antonym"),
])
def test_a_negation_or_an_antonym_is_an_opposition(sentence1, sentence2, before, after, kind):
    assert opposition(sentence1, _child(sentence2, before, after)).kind == kind


@pytest.mark.parametrize("sentence1, sentence2, before, after, reason", [
    # the example: an antonym under the negation of both sides reads as no contradiction
    ("Collagen was not able to activate neutrophils.", "Collagen was not able to activate neutrophils.",
     "activate", "inactivate", "under a negation"),
    ("Collagen activated neutrophils.", "Collagen activated neutrophils.", "activated", "did not inactivate",
     "cancel out"),
    ("Aspirin reduced the risk of stroke.", "Aspirin reduced the risk of stroke.", "the risk", "20% of the risk",
     "no negation, antonym or entity swap"),
])
def test_changes_that_cancel_or_are_none_of_the_three_are_refused(sentence1, sentence2, before, after, reason):
    verdict = opposition(sentence1, _child(sentence2, before, after))
    assert verdict.kind is None and reason in verdict.reason


def test_two_negations_cancel_out():
    child = _child("Metformin did not fail to lower glucose.", "did not fail", "did not fail")
    assert opposition("Metformin lowered glucose.", child).kind is None


def test_an_entity_swap_relative_to_sentence1():
    s1 = "Metformin lowers hepatic glucose production."
    swapped = _child(s1, "Metformin", "Phenformin", sibling="phenformin", kb="drugs")
    assert opposition(s1, swapped).kind == "entity swap"
    elsewhere = _child("Aspirin is safe.", "Aspirin", "Ibuprofen", sibling="ibuprofen", kb="drugs")
    assert opposition(s1, elsewhere).kind is None       # the swapped name is not sentence1's
