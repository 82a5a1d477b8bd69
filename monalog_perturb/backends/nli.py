"""NLI teachers: a sequence-pair classifier (a `monalog train` folder or any transformers NLI model)
or the symbolic prover ("monalog": confidence 1.0 for what it proves, otherwise it abstains)."""
from __future__ import annotations

from typing import Sequence

from monalog.errors import MonalogError
from monalog.inference.proof import Label
from monalog_perturb.protocols import Scores, Teacher


class ClassifierTeacher:
    """A transformers sequence-pair classifier, loaded once, batched, on CUDA when present."""

    def __init__(self, model: str, device: str | None = None, batch_size: int = 64) -> None:
        from monalog.hybrid.fallback import Fallback

        self.name = f"classifier:{model}"
        self.fallback = Fallback(model, device=device, batch_size=batch_size)

    def scores(self, pairs: Sequence[tuple[str, str]]) -> list[Scores]:
        return list(self.fallback.probabilities(pairs)) if pairs else []


class SymbolicTeacher:
    """The natural-logic prover: what it proves has probability 1.0; NEUTRAL or a failure abstains.
    A teacher scores many long candidates, so it runs on a smaller budget than `monalog prove`:
    the parser's TEACHER_BUDGET and a search of at most 1,000 sentences a pair. Both are counts, so
    its answers do not depend on the machine's load; a pair over budget abstains."""

    name = "monalog"

    def __init__(self, prover=None) -> None:
        from monalog.inference.prover import Prover, ProverSettings
        from monalog.pipeline import TEACHER_BUDGET

        if prover is None:
            prover = Prover(ProverSettings(max_states=1000, parser_budget=TEACHER_BUDGET))
        self.prover = prover

    def scores(self, pairs: Sequence[tuple[str, str]]) -> list[Scores]:
        out: list[Scores] = []
        for result in self.prover.prove_batch(list(pairs)):
            if isinstance(result, MonalogError) or result.label is Label.NEUTRAL:
                out.append(None)
            else:
                out.append({lab.value: float(lab is result.label) for lab in Label})
        return out


def load_teacher(spec: str | None, device: str | None = None) -> Teacher | None:
    """None or "" -> no teacher; "monalog" -> the prover; anything else -> a classifier name or folder."""
    if not spec:
        return None
    if spec == "monalog":
        return SymbolicTeacher()
    return ClassifierTeacher(spec, device)
