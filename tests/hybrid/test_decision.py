"""The learned decision rule: fitted by Newton's method to the optimum, saved and loaded, and used
by the hybrid in place of the fixed rule."""
from __future__ import annotations

import json
import random

import numpy as np
import pytest

from monalog.errors import InputError
from monalog.hybrid.classifier import Component, combine
from monalog.hybrid.decision import FEATURES, DecisionRule, features, fit, fixed_label
from monalog.hybrid.fallback import DECISION, Prediction
from monalog.inference.proof import Label, Proof, Step, StepKind
from monalog.inference.search import SearchTimeout
from monalog.knowledge.facts import Fact, Relation, Source, Term


def _probs(label: Label, p: float) -> dict[str, float]:
    rest = (1 - p) / 2
    return {lab.value: (p if lab is label else rest) for lab in Label}


def _aligned(label: Label, score: float) -> Proof:
    fact = Fact(Term("a"), Relation.EQ, Term("b"), Source.NEURAL, f"score {score:.2f}")
    return Proof("p", "h", label, steps=(Step(StepKind.REPLACE, "a", "b", "h", facts=(fact,)),))


def _sample(n: int = 400, seed: int = 7):
    """Pairs where a plain proof is always right, an aligned proof only when its score is high, and
    the fallback is right 70 % of the time."""
    rng = random.Random(seed)
    results, probabilities, gold = [], [], []
    for _ in range(n):
        truth = rng.choice(list(Label))
        guess = truth if rng.random() < 0.7 else rng.choice(list(Label))
        kind = rng.random()
        if kind < 0.3 and truth is not Label.NEUTRAL:
            result = Proof("p", "h", truth)
        elif kind < 0.5:
            score = rng.uniform(0.6, 1.0)
            result = _aligned(truth if score > 0.8 else Label.ENTAILMENT, score)
        else:
            result = Proof("p", "h", Label.NEUTRAL)
        results.append(result)
        probabilities.append(_probs(guess, rng.uniform(0.5, 0.95)))
        gold.append(truth)
    return results, probabilities, gold


def test_features_name_every_column():
    assert len(features(_aligned(Label.ENTAILMENT, 0.9), _probs(Label.NEUTRAL, 0.6))) == len(FEATURES)
    row = dict(zip(FEATURES, features(_aligned(Label.ENTAILMENT, 0.9), _probs(Label.NEUTRAL, 0.6))))
    assert row["proved_entailment"] == 1 and row["entailment_aligned"] == 1
    assert row["lowest_alignment_score"] == pytest.approx(-0.1) and row["engine_failed"] == 0
    failed = dict(zip(FEATURES, features(InputError("empty"), _probs(Label.NEUTRAL, 0.6))))
    assert failed["engine_failed"] == 1 and failed["steps"] == 0


def test_fit_reaches_the_optimum_and_beats_the_fixed_rule_where_alignment_errs():
    from monalog.hybrid.decision import LABELS, _softmax

    results, probabilities, gold = _sample()
    rule = fit(results, probabilities, gold, l2=1.0)
    x = np.array([features(r, p) for r, p in zip(results, probabilities)])
    w, b = np.array(rule.weights), np.array(rule.bias)
    p = _softmax(x @ w.T + b)
    target = np.eye(3)[[LABELS.index(g) for g in gold]]
    gradient = x.T @ (p - target) / len(gold) + w.T * (1.0 / len(gold))
    assert np.abs(gradient).max() < 1e-6                  # the regularised likelihood's stationary point
    assert rule.fitted["accuracy"] > rule.fitted["fixed_rule_accuracy"]
    fresh = _sample(seed=8)                               # and it generalises to pairs it was not fitted on
    learned = np.mean([rule.decide(r, q)[0] is g for r, q, g in zip(*fresh)])
    fixed = np.mean([fixed_label(r, q) is g for r, q, g in zip(*fresh)])
    assert learned > fixed
    assert rule == fit(results, probabilities, gold, l2=1.0)          # deterministic


def test_save_load_and_bad_files(tmp_path):
    rule = fit(*_sample(120))
    rule.save(tmp_path)
    assert DecisionRule.load(tmp_path) == rule and DecisionRule.load(tmp_path).fitted == rule.fitted
    with pytest.raises(InputError, match="--fit-decision"):
        DecisionRule.load(tmp_path / "elsewhere")
    data = json.loads((tmp_path / DECISION).read_text())
    (tmp_path / DECISION).write_text(json.dumps({**data, "features": ["other"]}))
    with pytest.raises(InputError, match="features"):
        DecisionRule.load(tmp_path)
    (tmp_path / DECISION).write_text("{not json")
    with pytest.raises(InputError, match="unreadable"):
        DecisionRule.load(tmp_path)
    for bad, reason in (({"weights": data["weights"][:2]}, "weights must be"), ({"bias": [0.0]}, "weights must be"),
                        ({"weights": [[float("nan")] * len(FEATURES)] * 3}, "finite"),
                        ({"threshold": "0.9"}, "threshold"), ({"threshold": 5}, "threshold")):
        (tmp_path / DECISION).write_text(json.dumps({**data, **bad}))
        with pytest.raises(InputError, match=reason):
            DecisionRule.load(tmp_path)
    with pytest.raises(InputError):
        fit([], [], [])


def test_combine_with_a_rule():
    rule = fit(*_sample())
    guess = Prediction(Label.NEUTRAL, 0.9, Label.NEUTRAL, _probs(Label.NEUTRAL, 0.9))
    decision = combine(Proof("p", "h", Label.ENTAILMENT), guess, rule)
    assert decision.component is Component.LEARNED and decision.symbolic is Label.ENTAILMENT
    assert decision.label is Label.ENTAILMENT and decision.confidence > 0.4      # a plain proof still wins
    timed_out = combine(SearchTimeout("slow"), guess, rule)
    assert timed_out.timed_out and timed_out.component is Component.MONALOG
    assert combine(Proof("p", "h", Label.ENTAILMENT), None, rule).component is Component.MONALOG   # no fallback
