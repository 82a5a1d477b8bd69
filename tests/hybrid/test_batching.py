"""Batching for fine-tuning: the plan of steps, seeded epochs, and length-grouped batches (less padding)."""
from __future__ import annotations

import random

from monalog.hybrid.batching import batches, padded_cost, plan


def _pairs(n: int) -> list[tuple[str, str, str]]:
    rng = random.Random(1)
    return [(f"p{i} " + "word " * rng.choice((2, 3, 40, 60)), f"h{i}", "NEUTRAL") for i in range(n)]


def test_plan_cuts_the_last_phase_to_max_steps():
    assert plan([(list(range(10)), 2.0)], 4, None) == [(list(range(10)), 3, 6)]
    assert [p[1:] for p in plan([(list(range(10)), 1.0), (list(range(20)), 2.0)], 4, 5)] == [(3, 3), (5, 2)]


def test_grouped_batches_cover_every_pair_each_epoch_and_are_seeded():
    pairs = _pairs(100)
    one = [[p[0] for p in b] for b, _ in batches(pairs, 13, 8, random.Random(0), group_by_length=True)]
    two = [[p[0] for p in b] for b, _ in batches(pairs, 13, 8, random.Random(0), group_by_length=True)]
    assert one == two
    assert sorted(x for b in one for x in b) == sorted(p[0] for p in pairs)     # 13 batches of 8 = one epoch


def test_grouped_batches_pad_less_than_random_ones():
    pairs = _pairs(400)
    grouped = [b for b, _ in batches(pairs, 50, 8, random.Random(0), group_by_length=True)]
    shuffled = [b for b, _ in batches(pairs, 50, 8, random.Random(0))]
    assert padded_cost(grouped) < 0.7 * padded_cost(shuffled)
