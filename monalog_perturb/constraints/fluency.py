"""Fluency as a constraint: every candidate scored by a fluency scorer (LM perplexity, pseudo-
perplexity or word frequency), kept when the score reaches the threshold (by default all are kept)."""
from __future__ import annotations

from monalog_perturb.candidate import Candidate
from monalog_perturb.constraints.base import Constraint
from monalog_perturb.protocols import Fluency


class FluencyScore(Constraint):
    """The fluency of each candidate (higher is more fluent), recorded as "fluency"."""

    name = "fluency"

    def __init__(self, fluency: Fluency, threshold: float = float("-inf")) -> None:
        super().__init__(threshold)
        self.fluency = fluency

    @property
    def kind(self) -> str:
        return self.fluency.kind

    def _scores(self, original: Candidate, candidates: list[Candidate]) -> list[float]:
        return self.fluency.score([c.text for c in candidates])
