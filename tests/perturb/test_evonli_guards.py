"""EvoNLI's guards (issue 50): a pair the teacher already reads as a contradiction is skipped with a
warning and counted; a child the teacher reads as a contradiction is a success only when the rule
check agrees (negation, antonym or entity swap relative to sentence1, not cancelled out). The
teacher is a tiny model built from a config whose classifier always leans to CONTRADICTION."""
from __future__ import annotations

import logging

import pytest

from monalog_perturb.backends.nli import ClassifierTeacher, CountingTeacher
from monalog_perturb.candidate import Candidate
from monalog_perturb.recipes.evonli import EvoGenerator
from monalog_perturb.searches.evolution import ALREADY, EvoNLI, EvoSettings, PairItem
from monalog_perturb.transformations.base import Transformation
from tests.tiny_models import bert_classifier

NOT_ABLE = "Collagen was not able to activate neutrophils."


@pytest.fixture(scope="module")
def contradicting_teacher(tmp_path_factory):
    """A tiny classifier reading every pair as CONTRADICTION (about 0.99)."""
    import torch
    from transformers import BertForSequenceClassification

    folder = bert_classifier(tmp_path_factory.mktemp("tiny"))
    model = BertForSequenceClassification.from_pretrained(folder)
    with torch.no_grad():
        model.classifier.weight.zero_()
        model.classifier.bias.copy_(torch.tensor([-5.0, -5.0, 5.0]))        # index 2: contradiction
    model.save_pretrained(folder)
    return CountingTeacher(ClassifierTeacher(str(folder)))


class Replace(Transformation):
    """One scripted mutation: `before` -> `after`."""

    name = "scripted"

    def __init__(self, before: str, after: str, **provenance) -> None:
        self.before, self.after, self.provenance = before, after, provenance

    def _transform(self, candidate: Candidate) -> list[Candidate]:
        start = candidate.text.find(self.before)
        if start < 0:
            return []
        return [candidate.edited(start, start + len(self.before), self.after, self.name, **self.provenance)]


def _run(teacher, mutation, item, **settings):
    evo = EvoNLI(mutation, teacher, None, None,
                 EvoSettings(similarity_check=False, claim_check=False, max_iterations=2, **settings))
    generator = EvoGenerator(evo)
    return generator(item), generator.report


def test_a_pair_already_read_as_contradiction_is_skipped_with_a_warning(contradicting_teacher, caplog):
    item = PairItem("p1", "Collagen activated neutrophils.", "Collagen activated neutrophils in mice.")
    with caplog.at_level(logging.WARNING):
        rows, report = _run(contradicting_teacher, Replace("activated", "did not activate"), item)
    assert rows == [] and report.skipped == {ALREADY: 1}
    assert any("p1 skipped" in r.getMessage() and ALREADY in r.getMessage() for r in caplog.records)
    assert report.as_json()["skipped"] == {ALREADY: 1} and "skipped pairs" in report.table()


def test_the_double_negation_is_refused_by_the_rule_check(contradicting_teacher):
    """The issue's example: the teacher reads it as CONTRADICTION (0.99), the rule check does not."""
    item = PairItem("p2", NOT_ABLE, NOT_ABLE)
    rows, report = _run(contradicting_teacher, Replace("activate", "inactivate", type="action"), item,
                        skip_contradictions=False)
    assert rows == [] and report.successes == 0
    assert report.refused == {"an antonym under a negation (contraries can both be false)": 1}


def test_a_negation_the_rule_check_agrees_with_is_a_success(contradicting_teacher):
    item = PairItem("p3", NOT_ABLE, NOT_ABLE)
    rows, report = _run(contradicting_teacher, Replace("was not able", "was able", type="negation/polarity"), item,
                        skip_contradictions=False)
    (row,) = rows
    assert row["text"] == "Collagen was able to activate neutrophils." and row["scores"]["confidence"] > 0.9
    assert row["provenance"]["opposition"] == "negation" and report.as_json()["rule_check_kinds"] == {"negation": 1}


def test_an_entity_swap_relative_to_sentence1_is_a_success(contradicting_teacher):
    s1 = "Metformin lowers hepatic glucose production."
    rows, _ = _run(contradicting_teacher, Replace("Metformin", "Phenformin", sibling="phenformin", kb="drugs"),
                   PairItem("p4", s1, s1), skip_contradictions=False)
    assert rows and rows[0]["provenance"]["opposition"] == "entity swap"


def test_the_guards_are_ablations():
    from monalog_perturb.recipes.evonli import EvoOptions

    settings = EvoOptions(ablation=("no-rule-check", "no-skip")).settings()
    assert not settings.rule_check and not settings.skip_contradictions
    assert EvoOptions().settings().rule_check and EvoOptions().settings().skip_contradictions
