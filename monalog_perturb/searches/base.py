"""Searches choose among candidates: the base class and the single pass."""
from __future__ import annotations

from typing import Sequence

from monalog_perturb.candidate import Candidate
from monalog_perturb.constraints.base import Constraint, filtered
from monalog_perturb.goals.base import Goal
from monalog_perturb.transformations.base import Transformation


class Search:
    """Chooses among candidates: `__call__` returns the accepted candidates (possibly none)."""

    name = "search"

    def __call__(self, original: Candidate, transformation: Transformation, constraints: Sequence[Constraint],
                 goal: Goal | None) -> list[Candidate]:
        raise NotImplementedError


class SinglePass(Search):
    """One round of transformation, constraints and goal; the `keep` best by the goal (or all)."""

    name = "single-pass"

    def __init__(self, keep: int | None = None) -> None:
        self.keep = keep

    def __call__(self, original, transformation, constraints, goal) -> list[Candidate]:
        candidates = filtered(original, transformation(original), constraints)
        if goal is not None:
            candidates = sorted(goal(original, candidates), key=lambda c: -c.value(goal.name))
        return candidates[:self.keep] if self.keep else candidates
