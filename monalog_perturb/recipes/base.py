"""A recipe composes a transformation, constraints, a goal and a search, and cites its paper; the
options of a recipe's `build` come from a frozen dataclass or an argparse namespace."""
from __future__ import annotations

import argparse
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, TypeVar

from monalog_perturb.candidate import Candidate
from monalog_perturb.constraints.base import Constraint
from monalog_perturb.goals.base import Goal
from monalog_perturb.searches.base import Search
from monalog_perturb.transformations.base import Transformation

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound="DataclassInstance")


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


def options_from(cls: type[T], namespace: argparse.Namespace | dict[str, Any]) -> T:
    """The options dataclass `cls` filled from an argparse namespace (or a dict); fields it lacks keep
    their defaults."""
    values = vars(namespace) if isinstance(namespace, argparse.Namespace) else dict(namespace)
    return cls(**{f.name: values[f.name] for f in fields(cls) if f.name in values})
