"""Teacher confidence as a goal: the probability that the original contradicts the candidate."""
from __future__ import annotations

from monalog_perturb.candidate import Candidate
from monalog_perturb.goals.base import Goal
from monalog_perturb.protocols import Teacher


class ContradictionGoal(Goal):
    """The teacher's probability that the premise (the original's context["premise"], else the original
    itself) contradicts the candidate (0 when it abstains)."""

    name = "contradiction"

    def __init__(self, teacher: Teacher, threshold: float = 0.0, name: str = "contradiction") -> None:
        super().__init__(threshold)
        self.teacher, self.name = teacher, name

    def _scores(self, original: Candidate, candidates: list[Candidate]) -> list[float]:
        premise = original.context.get("premise") if isinstance(original.context, dict) else None
        scores = self.teacher.scores([(premise or original.text, c.text) for c in candidates])
        return [s["CONTRADICTION"] if s else 0.0 for s in scores]
