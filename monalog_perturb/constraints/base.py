"""Constraints filter candidates by a score, recording the score on every candidate they keep."""
from __future__ import annotations

from typing import Sequence

from monalog_perturb.candidate import Candidate


class Constraint:
    """Keeps the candidates whose score passes; the score is recorded on every kept candidate.
    Subclasses implement `_scores` (batched) and set `name`; `threshold` and `higher_is_better`
    decide what passes."""

    name = "constraint"

    def __init__(self, threshold: float, higher_is_better: bool = True) -> None:
        self.threshold, self.higher_is_better = threshold, higher_is_better

    def __call__(self, original: Candidate, candidates: Sequence[Candidate]) -> list[Candidate]:
        if not candidates:
            return []
        scores = self._scores(original, list(candidates))
        if len(scores) != len(candidates):
            raise ValueError(f"{self.name}: {len(scores)} scores for {len(candidates)} candidates")
        return [c.scored(self.name, s) for c, s in zip(candidates, scores) if self.passes(s)]

    def passes(self, score: float) -> bool:
        return score >= self.threshold if self.higher_is_better else score <= self.threshold

    def _scores(self, original: Candidate, candidates: list[Candidate]) -> list[float]:
        raise NotImplementedError


def filtered(original: Candidate, candidates: Sequence[Candidate],
             constraints: Sequence[Constraint]) -> list[Candidate]:
    for constraint in constraints:
        candidates = constraint(original, candidates)
    return list(candidates)
