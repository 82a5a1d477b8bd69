"""Calibration of a classifier's probabilities: temperature scaling (Guo et al. 2017, one parameter
fitted by negative log-likelihood on held-out pairs) and its measures, the expected calibration error
over equal-width confidence bins of the top class and the reliability diagram's bins."""
from __future__ import annotations

import math
from typing import Sequence

EPS = 1e-12
BINS = 15


def scaled(row: Sequence[float], temperature: float) -> list[float]:
    """Probabilities softmax(logits / T), from softmax(logits) (the log-sum-exp shift cancels)."""
    logs = [math.log(max(p, EPS)) / temperature for p in row]
    top = max(logs)
    exps = [math.exp(v - top) for v in logs]
    total = sum(exps)
    return [e / total for e in exps]


def _nll(rows: Sequence[Sequence[float]], gold: Sequence[int], temperature: float) -> float:
    return -sum(math.log(max(scaled(r, temperature)[g], EPS)) for r, g in zip(rows, gold)) / len(rows)


def fit_temperature(rows: Sequence[Sequence[float]], gold: Sequence[int], low: float = 0.05,
                    high: float = 20.0) -> float:
    """The temperature in [low, high] with the least NLL (golden-section search on log T; deterministic)."""
    if not rows:
        return 1.0
    a, b, ratio = math.log(low), math.log(high), (math.sqrt(5) - 1) / 2
    for _ in range(60):
        c, d = b - ratio * (b - a), a + ratio * (b - a)
        if _nll(rows, gold, math.exp(c)) <= _nll(rows, gold, math.exp(d)):
            b = d
        else:
            a = c
    return round(math.exp((a + b) / 2), 4)


def reliability(rows: Sequence[Sequence[float]], gold: Sequence[int], bins: int = BINS) -> list[dict]:
    """Per equal-width bin of the top class's probability: pairs, mean confidence, accuracy."""
    out = [{"low": k / bins, "high": (k + 1) / bins, "n": 0, "confidence": 0.0, "accuracy": 0.0}
           for k in range(bins)]
    for row, g in zip(rows, gold):
        top = max(range(len(row)), key=row.__getitem__)
        b = out[min(bins - 1, int(row[top] * bins))]
        b["n"] += 1
        b["confidence"] += row[top]
        b["accuracy"] += top == g
    for b in out:
        if b["n"]:
            b["confidence"] /= b["n"]
            b["accuracy"] /= b["n"]
    return out


def expected_calibration_error(rows: Sequence[Sequence[float]], gold: Sequence[int], bins: int = BINS) -> float:
    """Σ_bins n_b / N · |accuracy_b − confidence_b| over equal-width bins of the top probability."""
    return sum(b["n"] * abs(b["accuracy"] - b["confidence"]) for b in reliability(rows, gold, bins)) / max(1, len(rows))
