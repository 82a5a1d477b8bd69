"""Temperature scaling and the calibration measures (ECE, reliability bins)."""
from __future__ import annotations

import math
import random

import pytest

from monalog.hybrid.calibration import expected_calibration_error, fit_temperature, reliability, scaled


def test_scaling_keeps_the_argmax_and_sharpens_or_softens():
    row = [0.7, 0.2, 0.1]
    assert scaled(row, 1.0) == pytest.approx(row)
    soft, sharp = scaled(row, 2.0), scaled(row, 0.5)
    assert soft[0] < 0.7 < sharp[0] and sum(soft) == pytest.approx(1) and soft.index(max(soft)) == 0


def test_fitted_temperature_undoes_overconfidence():
    rng = random.Random(0)
    rows, gold = [], []
    for _ in range(600):                    # right 70 % of the time but always 99 % sure
        truth = rng.randrange(3)
        guess = truth if rng.random() < 0.7 else (truth + 1) % 3
        rows.append([0.99 if k == guess else 0.005 for k in range(3)])
        gold.append(truth)
    t = fit_temperature(rows, gold)
    assert t > 1.5
    before = expected_calibration_error(rows, gold)
    after = expected_calibration_error([scaled(r, t) for r in rows], gold)
    assert before > 0.25 and after < 0.05


def test_ece_bins():
    rows = [[0.95, 0.05, 0.0], [0.55, 0.45, 0.0]]
    assert expected_calibration_error(rows, [0, 1], bins=15) == pytest.approx((0.05 + 0.55) / 2)
    bins = reliability(rows, [0, 1], bins=15)
    assert len(bins) == 15 and sum(b["n"] for b in bins) == 2
    assert math.isclose(bins[14]["accuracy"], 1.0) and bins[8]["accuracy"] == 0.0
