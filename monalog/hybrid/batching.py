"""The fine-tuning schedule: steps per phase, and each epoch's batches in a fresh seeded order,
optionally grouped by length (HF's `group_by_length` recipe: sorted within chunks of 50 batches, the
batches then shuffled) so that short pairs are not padded to a long one's length."""
from __future__ import annotations

import math
import random
from typing import Iterator, Sequence

GROUP = 50          # batches a chunk sorted by length holds


def plan(phases: Sequence[tuple[list, float]], batch_size: int,
         max_steps: int | None) -> list[tuple[list, int, int]]:
    """(examples, steps per epoch, steps) for each phase; with `max_steps` the last phase is cut or
    stretched so the phases together take that many steps."""
    out = []
    for examples, epochs in phases:
        per_epoch = math.ceil(len(examples) / batch_size)
        out.append((examples, per_epoch, max(1, math.ceil(epochs * per_epoch))))
    if max_steps:
        left = max_steps
        for i, (examples, per_epoch, steps) in enumerate(out):
            out[i] = (examples, per_epoch, left if i == len(out) - 1 else min(left, steps))
            left -= out[i][2]
    return [phase for phase in out if phase[2] > 0]


def _size(example: Sequence) -> int:
    return len(example[0]) + len(example[1])


def _epoch(examples: Sequence, batch_size: int, rng: random.Random, group_by_length: bool) -> list[list[int]]:
    order = list(range(len(examples)))
    rng.shuffle(order)
    if group_by_length:
        chunk = batch_size * GROUP
        order = [i for begin in range(0, len(order), chunk)
                 for i in sorted(order[begin:begin + chunk], key=lambda i: _size(examples[i]))]
    out = [order[begin:begin + batch_size] for begin in range(0, len(order), batch_size)]
    if group_by_length:
        rng.shuffle(out)
    return out


def batches(examples: Sequence, steps: int, batch_size: int, rng: random.Random,
            group_by_length: bool = False) -> Iterator[tuple[list, int]]:
    """`steps` batches (with their 1-based step number), each epoch in a fresh seeded order."""
    step = 0
    while step < steps:
        for idx in _epoch(examples, batch_size, rng, group_by_length):
            step += 1
            yield [examples[i] for i in idx], step
            if step >= steps:
                return


def padded_cost(groups: Sequence[Sequence]) -> int:
    """Characters the batches take when each is padded to its longest pair (a proxy for compute)."""
    return sum(len(b) * max(_size(e) for e in b) for b in groups if b)
