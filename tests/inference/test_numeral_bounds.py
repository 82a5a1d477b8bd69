"""A numeral's bound: "exactly N" is "at least N" and "at most N" (↑ weaker, ↓ stronger), and under the
"at least" reading of bare numerals "at least N" is the numeral itself; never a bound the polarity does not
allow, and no bare numeral read "at least" where numerals read exactly."""
from __future__ import annotations

import pytest

from monalog.inference.proof import Label, StepKind
from monalog.inference.prover import Prover, ProverSettings
from monalog.polarity.lexicon import Numerals, Readings


@pytest.mark.parametrize("premise, hypothesis, label", [
    ("Exactly three dogs barked.", "At least three dogs barked.", Label.ENTAILMENT),
    ("Exactly three dogs barked.", "At most five dogs barked.", Label.ENTAILMENT),
    ("Exactly 12 aliens read some books.", "At least ten aliens read books.", Label.ENTAILMENT),
    ("Just three dogs barked.", "At least three dogs barked.", Label.ENTAILMENT),
    ("Only three dogs barked.", "At most three dogs barked.", Label.ENTAILMENT),
    ("Exactly three dogs barked.", "Some dogs barked.", Label.ENTAILMENT),
    ("Exactly three dogs barked.", "No dogs barked.", Label.CONTRADICTION),
    ("Three dogs barked.", "At least three dogs barked.", Label.ENTAILMENT),
    ("At least three dogs barked.", "Three dogs barked.", Label.ENTAILMENT),
    ("It is not true that at least three dogs barked.", "It is not true that exactly three dogs barked.",
     Label.ENTAILMENT),
    ("No cat saw at least three dogs.", "No cat saw exactly three dogs.", Label.ENTAILMENT),
    ("It is not true that three dogs barked.", "It is not true that exactly three dogs barked.", Label.ENTAILMENT),
    # the other way is no entailment
    ("At least three dogs barked.", "Exactly three dogs barked.", Label.NEUTRAL),
    ("At most three dogs barked.", "Exactly three dogs barked.", Label.NEUTRAL),
    ("Three dogs barked.", "Exactly three dogs barked.", Label.NEUTRAL),
    ("Three dogs barked.", "At most three dogs barked.", Label.NEUTRAL),
    ("It is not true that exactly three dogs barked.", "It is not true that at least three dogs barked.",
     Label.NEUTRAL),
    ("No cat saw exactly three dogs.", "No cat saw at least three dogs.", Label.NEUTRAL),
    ("At most three dogs barked.", "Three dogs barked.", Label.NEUTRAL),
    ("Exactly two cats saw exactly three dogs.", "Exactly two cats saw at least three dogs.", Label.NEUTRAL),  # =
    ("Only three dogs barked.", "At least three dogs barked.", Label.ENTAILMENT),
])
def test_a_bound_becomes_weaker_where_up_and_stronger_where_down(default_prover, premise, hypothesis, label):
    assert default_prover.prove(premise, hypothesis).label is label


def test_a_number_named_by_a_noun_keeps_its_noun(default_prover):
    """"year six" names a class, "gate 4" a gate: the noun is no modifier to drop (round 33's "from six")."""
    assert default_prover.prove("A girl from year six broke the record.",
                                "A girl from six broke the record.").label is Label.NEUTRAL
    assert default_prover.prove("A girl from year six broke the record.",
                                "A girl broke the record.").label is Label.ENTAILMENT


def test_the_proof_names_the_bound_and_its_reason(default_prover):
    proof = default_prover.prove("Exactly three dogs barked.", "At most three dogs barked.")
    (step,) = proof.steps
    assert step.kind is StepKind.REPLACE and (step.before, step.after) == ("Exactly", "At_most")
    assert "\"exactly N\" is \"at least N\" and \"at most N\"" in proof.explain()


def test_a_bare_numeral_is_no_at_least_where_numerals_read_exactly(parser):
    exact = Prover(ProverSettings(readings=Readings(numerals=Numerals.EXACT)), parser=parser)
    assert exact.prove("Three dogs barked.", "At least three dogs barked.").label is Label.NEUTRAL
    assert exact.prove("Exactly three dogs barked.", "At least three dogs barked.").label is Label.ENTAILMENT


def test_the_generator_weakens_a_bound_where_up(parser):
    from monalog.augment.generate import AugmentSettings, Augmenter

    [pairs] = Augmenter(AugmentSettings(), parser=parser).generate_batch(["Exactly three students passed the exam."])
    labels = {p.hypothesis: p.label for p in pairs}
    assert labels["At least three students passed the exam."] is Label.ENTAILMENT    # opening "At": fluent
    assert labels["At most three students passed the exam."] is Label.ENTAILMENT
    assert labels["No students passed the exam."] is Label.CONTRADICTION
    assert not [h for h in labels if h.startswith("Exactly")]          # "exactly" is = : nothing else changes
