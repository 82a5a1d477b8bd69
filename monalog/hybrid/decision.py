"""A learned decision rule for the hybrid: a multinomial logistic regression over the fallback's
log-probabilities and the proof's features (the engine's label, whether its facts came from neural
alignment or WordNet, the lowest alignment score, the proof's length), fitted on the fallback's dev
share, with an E/C confidence threshold chosen there too.

The fixed rule (trust the engine's E/C, else the fallback) stays the default: on SICK the learned
rule is level with it (benchmarks/results/hybrid_decision.md). It is for engines and fallbacks
whose precision differs from SICK's, where a fixed trust is the wrong prior.
"""
from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from monalog.errors import InputError, MonalogError
from monalog.fileio import write_atomic
from monalog.hybrid.fallback import DECISION, LABELS, Fallback
from monalog.inference.batch import prove_all
from monalog.inference.proof import Label, Proof
from monalog.inference.prover import ProverSettings
from monalog.knowledge.facts import Source

FEATURES = ("log_p_entailment", "log_p_neutral", "log_p_contradiction", "proved_entailment",
            "proved_contradiction", "engine_failed", "entailment_aligned", "contradiction_aligned",
            "lowest_alignment_score", "entailment_wordnet", "contradiction_wordnet", "steps")
THRESHOLDS = (None, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95)


def features(result: Proof | MonalogError, probabilities: dict[str, float]) -> list[float]:
    """The FEATURES of one pair: what the fallback thinks and what the engine found, and from where."""
    proof = result if isinstance(result, Proof) else None
    label = proof.label if proof else None
    facts = [fact for step in (proof.steps if proof else ()) for fact in step.facts]
    scores = [float(fact.note.split()[-1]) for fact in facts if fact.source is Source.NEURAL]
    wordnet = any(fact.source is Source.WORDNET for fact in facts)
    proved_e, proved_c = label is Label.ENTAILMENT, label is Label.CONTRADICTION
    return [*(math.log(max(probabilities[lab.value], 1e-6)) for lab in LABELS),
            proved_e, proved_c, proof is None, proved_e and bool(scores), proved_c and bool(scores),
            min(scores, default=1.0) - 1.0, proved_e and wordnet, proved_c and wordnet,
            len(proof.steps) / 5 if proof else 0.0]


@dataclass(frozen=True)
class DecisionRule:
    """Weights (one row per label in LABELS order, one column per feature), biases, the threshold
    below which a learned E/C answer becomes NEUTRAL, and how it was fitted."""

    weights: tuple[tuple[float, ...], ...]
    bias: tuple[float, ...]
    threshold: float | None
    fitted: dict = field(default_factory=dict, compare=False)

    def probabilities(self, result: Proof | MonalogError, probabilities: dict[str, float]) -> dict[str, float]:
        scores = np.array(self.weights) @ np.array(features(result, probabilities)) + np.array(self.bias)
        p = _softmax(scores[None, :])[0]
        return {lab.value: float(v) for lab, v in zip(LABELS, p)}

    def decide(self, result: Proof | MonalogError, probabilities: dict[str, float]) -> tuple[Label, float]:
        """The label and its probability; an E/C below the threshold becomes NEUTRAL."""
        combined = self.probabilities(result, probabilities)
        best = max(combined, key=combined.__getitem__)
        label = Label(best)
        if self.threshold is not None and label is not Label.NEUTRAL and combined[best] < self.threshold:
            label = Label.NEUTRAL
        return label, combined[best]

    def save(self, folder: str | Path) -> None:
        write_atomic(Path(folder) / DECISION, json.dumps({"features": FEATURES, **asdict(self)}, indent=2) + "\n")

    @classmethod
    def load(cls, folder: str | Path) -> "DecisionRule":
        path = Path(folder) / DECISION
        if not path.is_file():
            raise InputError(f"{folder} has no learned decision rule; train it with `monalog train --fit-decision`",
                             input=str(folder))
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if tuple(data["features"]) != FEATURES:
                raise ValueError("its features are not this version's")
            weights = np.array(data["weights"], dtype=np.float64)
            bias = np.array(data["bias"], dtype=np.float64)
            threshold = data["threshold"]
            if weights.shape != (len(LABELS), len(FEATURES)) or bias.shape != (len(LABELS),):
                raise ValueError(f"weights must be {len(LABELS)}x{len(FEATURES)} and the bias {len(LABELS)} numbers")
            if not (np.isfinite(weights).all() and np.isfinite(bias).all()):
                raise ValueError("weights and bias must be finite")
            if threshold is not None and (isinstance(threshold, bool) or not isinstance(threshold, (int, float))
                                          or not 0.0 <= threshold <= 1.0):
                raise ValueError("the threshold must be null or a probability")
            fitted = data.get("fitted", {})
            return cls(tuple(map(tuple, weights.tolist())), tuple(bias.tolist()), threshold,
                       fitted if isinstance(fitted, dict) else {})
        except (ValueError, KeyError, TypeError) as e:
            raise InputError(f"{path}: unreadable decision rule ({e})", input=str(path)) from None


def fixed_label(result: Proof | MonalogError, probabilities: dict[str, float]) -> Label:
    """The default rule's label: the engine's E/C, else the fallback's argmax."""
    if isinstance(result, Proof) and result.label is not Label.NEUTRAL:
        return result.label
    return Label(max(probabilities, key=probabilities.__getitem__))


def fit(results: Sequence[Proof | MonalogError], probabilities: Sequence[dict[str, float]],
        gold: Sequence[Label], l2: float = 1.0) -> DecisionRule:
    """Fit the rule on labelled pairs (the fallback's dev share: pairs it was not trained on) and
    choose the threshold with the best accuracy there (ties: the lower one, None first)."""
    if not gold:
        raise InputError("no labelled pairs to fit a decision rule on")
    x = np.array([features(r, p) for r, p in zip(results, probabilities)], dtype=np.float64)
    y = np.array([LABELS.index(g) for g in gold])
    weights, bias = _logistic_regression(x, y, l2)
    rule = DecisionRule(tuple(map(tuple, weights.tolist())), tuple(bias.tolist()), None)

    def accuracy(candidate: DecisionRule) -> float:
        return float(np.mean([candidate.decide(r, p)[0] is g for r, p, g in zip(results, probabilities, gold)]))

    best = max((DecisionRule(rule.weights, rule.bias, t) for t in THRESHOLDS), key=accuracy)
    fixed = float(np.mean([fixed_label(r, p) is g for r, p, g in zip(results, probabilities, gold)]))
    fitted = {"pairs": len(gold), "l2": l2, "accuracy": round(accuracy(best), 6),
              "fixed_rule_accuracy": round(fixed, 6)}
    return DecisionRule(best.weights, best.bias, best.threshold, fitted)


def fit_model(folder: str | Path, dev: Sequence[tuple[str, str, Label]], settings: ProverSettings = ProverSettings(),
              workers: int = 1, device: str | None = None,
              on_chunk: Callable[[int], None] | None = None) -> DecisionRule:
    """Prove a trained fallback's dev share, fit the rule on it with the fallback's probabilities,
    and save it into the model folder (where `--decision learned` finds it)."""
    texts = [(p, h) for p, h, _ in dev]
    results = prove_all(texts, settings, workers, on_chunk=on_chunk)
    probabilities = Fallback(str(folder), device=device).probabilities(texts)
    rule = fit(results, probabilities, [g for _, _, g in dev])
    rule = DecisionRule(rule.weights, rule.bias, rule.threshold, {**rule.fitted, "engine": settings.knowledge.value})
    rule.save(folder)
    return rule


def _softmax(scores: np.ndarray) -> np.ndarray:
    e = np.exp(scores - scores.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def _logistic_regression(x: np.ndarray, y: np.ndarray, l2: float,
                         iterations: int = 50) -> tuple[np.ndarray, np.ndarray]:
    """Multinomial logistic regression by Newton's method: mean cross-entropy plus l2/(2n)·|W|²
    (scikit-learn's C = 1/l2); deterministic, no solver to install."""
    n, d = x.shape
    k = len(LABELS)
    xb = np.hstack([x, np.ones((n, 1))])
    target = np.eye(k)[y]
    theta = np.zeros((d + 1, k))
    penalty = np.full(d + 1, l2 / n)
    penalty[-1] = 1e-8                      # the bias is not shrunk (a tiny ridge keeps the Hessian invertible)
    for _ in range(iterations):
        p = _softmax(xb @ theta)
        gradient = (xb.T @ (p - target) / n + penalty[:, None] * theta).ravel(order="F")
        hessian = np.zeros(((d + 1) * k, (d + 1) * k))
        for a in range(k):
            for b in range(k):
                w = p[:, a] * ((a == b) - p[:, b]) / n
                hessian[a * (d + 1):(a + 1) * (d + 1), b * (d + 1):(b + 1) * (d + 1)] = (xb.T * w) @ xb
        hessian += np.diag(np.tile(penalty, k))
        step = np.linalg.solve(hessian, gradient)
        theta -= step.reshape((d + 1, k), order="F")
        if np.abs(step).max() < 1e-9:
            break
    return theta[:-1].T, theta[-1]
