"""NLI teachers: a sequence-pair classifier (a `monalog train` folder or any transformers NLI model)
or the symbolic prover ("monalog": confidence 1.0 for what it proves, otherwise it abstains)."""
from __future__ import annotations

from typing import Sequence

from monalog.errors import MonalogError
from monalog.hybrid.fallback import Fallback
from monalog.inference.alignment import Knowledge
from monalog.inference.proof import Label
from monalog.inference.prover import Prover, ProverSettings
from monalog.knowledge.wordnet_facts import WordNetSettings
from monalog.pipeline import TEACHER_BUDGET
from monalog_perturb.protocols import Scores, Teacher


class ClassifierTeacher:
    """A transformers sequence-pair classifier, loaded once, batched, on CUDA when present."""

    def __init__(self, model: str, device: str | None = None, batch_size: int = 64) -> None:
        self.name = f"classifier:{model}"
        self.fallback = Fallback(model, device=device, batch_size=batch_size)

    def scores(self, pairs: Sequence[tuple[str, str]]) -> list[Scores]:
        return list(self.fallback.probabilities(pairs)) if pairs else []


class SymbolicTeacher:
    """The natural-logic prover, symbolic knowledge only (a learned alignment is no certainty) with
    WordNet's verb, adjective and adverb antonyms (the negatives it judges are made with them): what
    it proves has probability 1.0; NEUTRAL or a failure abstains.
    A teacher scores many long candidates, so it runs on a smaller budget than `monalog prove`:
    the parser's TEACHER_BUDGET and a search of at most 1,000 sentences a pair. Both are counts, so
    its answers do not depend on the machine's load; a pair over budget abstains."""

    name = "monalog"

    def __init__(self, prover=None) -> None:
        if prover is None:
            prover = Prover(ProverSettings(max_states=1000, parser_budget=TEACHER_BUDGET, knowledge=Knowledge.SYMBOLIC,
                                           wordnet_settings=WordNetSettings(antonyms=("v", "a", "r"))))
        self.prover = prover

    def scores(self, pairs: Sequence[tuple[str, str]]) -> list[Scores]:
        out: list[Scores] = []
        for result in self.prover.prove_batch(list(pairs)):
            if isinstance(result, MonalogError) or result.label is Label.NEUTRAL:
                out.append(None)
            else:
                out.append({lab.value: float(lab is result.label) for lab in Label})
        return out


class CountingTeacher:
    """A teacher that counts the pairs it was asked about and those it abstained on, so that a run can
    say when its teacher gave no signal at all (the prover on sentences it cannot relate)."""

    def __init__(self, inner: Teacher) -> None:
        self.inner, self.name = inner, inner.name
        self.asked = self.abstained = 0

    def scores(self, pairs: Sequence[tuple[str, str]]) -> list[Scores]:
        out = self.inner.scores(pairs)
        self.asked += len(out)
        self.abstained += sum(s is None for s in out)
        return out

    def summary(self) -> dict:
        return {"teacher": self.name, "teacher_asked": self.asked, "teacher_abstained": self.abstained,
                "teacher_abstained_on_all": bool(self.asked) and self.abstained == self.asked}

    def warning(self) -> str | None:
        """A loud line when the teacher abstained on every pair it was asked about."""
        if not self.asked or self.abstained < self.asked:
            return None
        return (f"WARNING: the teacher ({self.name}) abstained on all {self.asked} pairs it was asked about: its "
                "scores carried no signal. Train one with `monalog perturb teacher` and pass --teacher FOLDER.")


def load_teacher(spec: str | None, device: str | None = None) -> CountingTeacher | None:
    """None or "" -> no teacher; "monalog" -> the prover; anything else -> a classifier name or folder;
    each counted (`CountingTeacher`)."""
    if not spec:
        return None
    return CountingTeacher(SymbolicTeacher() if spec == "monalog" else ClassifierTeacher(spec, device))
