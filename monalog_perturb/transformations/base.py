"""Transformations propose edited candidates (after TextAttack's transformations)."""
from __future__ import annotations

from typing import Sequence

from monalog_perturb.candidate import Candidate


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
