"""Goals score candidates toward a target; `reached` says when a score is enough."""
from __future__ import annotations

from typing import Sequence

from monalog_perturb.candidate import Candidate


class Goal:
    """Scores candidates toward a target (higher is closer); `reached` says when a score is enough."""

    name = "goal"

    def __init__(self, threshold: float = 0.5) -> None:
        self.threshold = threshold

    def __call__(self, original: Candidate, candidates: Sequence[Candidate]) -> list[Candidate]:
        if not candidates:
            return []
        return [c.scored(self.name, s) for c, s in zip(candidates, self._scores(original, list(candidates)))]

    def reached(self, candidate: Candidate) -> bool:
        score = candidate.score(self.name)
        return score is not None and score >= self.threshold

    def _scores(self, original: Candidate, candidates: list[Candidate]) -> list[float]:
        raise NotImplementedError
