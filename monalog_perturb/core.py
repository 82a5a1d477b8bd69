"""The perturbation framework, after TextAttack: a Transformation proposes edits, Constraints filter
candidates, a Goal scores them toward a target label, a Search chooses. A recipe composes the four
and cites its paper. Every candidate links to its parent by the edit that made it (the chain is
its history) and carries every score that admitted it.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Sequence

from monalog.errors import InputError


@dataclass(frozen=True)
class Edit:
    """One change: the transformation that made it, the character span replaced in the parent's text,
    the old and new strings, and where the new string came from (KB, concept ids, prompt, ...)."""

    transformation: str
    start: int
    end: int
    before: str
    after: str
    provenance: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def as_json(self) -> dict:
        return {"transformation": self.transformation, "span": [self.start, self.end], "before": self.before,
                "after": self.after, "provenance": self.provenance}


@dataclass(frozen=True)
class Candidate:
    """A text, the candidate it was edited from, the edit, and the scores given to it so far."""

    text: str
    parent: "Candidate | None" = field(default=None, compare=False, repr=False)
    edit: Edit | None = field(default=None, compare=False)
    scores: tuple[tuple[str, float], ...] = field(default=(), compare=False)
    context: Any = field(default=None, compare=False, repr=False)     # e.g. the source record

    @classmethod
    def original(cls, text: str, context: Any = None) -> "Candidate":
        if not isinstance(text, str) or not text.strip():
            raise InputError("empty text to perturb", input=text)
        return cls(text, context=context)

    def edited(self, start: int, end: int, new: str, transformation: str, **provenance) -> "Candidate":
        """A child with text[start:end] replaced by `new`."""
        edit = Edit(transformation, start, end, self.text[start:end], new, provenance)
        return Candidate(self.text[:start] + new + self.text[end:], self, edit, (), self.context)

    def scored(self, name: str, value: float) -> "Candidate":
        return replace(self, scores=tuple((k, v) for k, v in self.scores if k != name) + ((name, float(value)),))

    def score(self, name: str) -> float | None:
        return dict(self.scores).get(name)

    def root(self) -> "Candidate":
        node = self
        while node.parent is not None:
            node = node.parent
        return node

    def history(self) -> list[Edit]:
        """The edits from the original text to this one, in order."""
        edits, node = [], self
        while node.edit is not None:
            edits.append(node.edit)
            node = node.parent
        return list(reversed(edits))


class Transformation:
    """Proposes edited candidates. Subclasses implement `_transform`; an empty list means the
    transformation does not apply (never an exception)."""

    name = "transformation"

    def __call__(self, candidate: Candidate) -> list[Candidate]:
        if not isinstance(candidate, Candidate):
            raise TypeError(f"{self.name}: expected a Candidate, got {type(candidate).__name__}")
        return [c for c in self._transform(candidate) if c.text != candidate.text]

    def _transform(self, candidate: Candidate) -> list[Candidate]:
        raise NotImplementedError


class CompositeTransformation(Transformation):
    """All the candidates of several transformations."""

    def __init__(self, parts: Sequence[Transformation]) -> None:
        self.parts = list(parts)
        self.name = "+".join(p.name for p in self.parts)

    def _transform(self, candidate: Candidate) -> list[Candidate]:
        return [c for part in self.parts for c in part(candidate)]


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


class Search:
    """Chooses among candidates: `__call__` returns the accepted candidates (possibly none)."""

    name = "search"

    def __call__(self, original: Candidate, transformation: Transformation, constraints: Sequence[Constraint],
                 goal: Goal | None) -> list[Candidate]:
        raise NotImplementedError


def filtered(original: Candidate, candidates: Sequence[Candidate], constraints: Sequence[Constraint]) -> list[Candidate]:
    for constraint in constraints:
        candidates = constraint(original, candidates)
    return list(candidates)


class SinglePass(Search):
    """One round of transformation, constraints and goal; the `keep` best by the goal (or all)."""

    name = "single-pass"

    def __init__(self, keep: int | None = None) -> None:
        self.keep = keep

    def __call__(self, original, transformation, constraints, goal) -> list[Candidate]:
        candidates = filtered(original, transformation(original), constraints)
        if goal is not None:
            candidates = sorted(goal(original, candidates), key=lambda c: -c.score(goal.name))
        return candidates[:self.keep] if self.keep else candidates


@dataclass(frozen=True)
class Recipe:
    """A generator from a paper: its parts, composed."""

    name: str
    citation: str
    transformation: Transformation
    constraints: tuple[Constraint, ...]
    goal: Goal | None
    search: Search

    def __call__(self, original: Candidate) -> list[Candidate]:
        return self.search(original, self.transformation, self.constraints, self.goal)
