"""Candidates and edits: a candidate is a text linked to its parent by the edit that made it (the
chain is its history), carrying every score that admitted it."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

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

    def last_edit(self) -> Edit:
        """The edit that made this candidate (every transformation's output has one; an original
        has none: ValueError)."""
        if self.edit is None:
            raise ValueError(f"{self.text!r} is an original, not an edited candidate")
        return self.edit

    def value(self, name: str) -> float:
        """The score `name` of a candidate known to carry it (KeyError otherwise): what a search
        ranks by after the goal or constraint that records it has run."""
        return dict(self.scores)[name]

    def root(self) -> "Candidate":
        node = self
        while node.parent is not None:
            node = node.parent
        return node

    def history(self) -> list[Edit]:
        """The edits from the original text to this one, in order."""
        edits: list[Edit] = []
        node: Candidate | None = self
        while node is not None and node.edit is not None:      # an edited candidate always has a parent
            edits.append(node.edit)
            node = node.parent
        return list(reversed(edits))

    def net_edit(self) -> Edit | None:
        """One edit from the original text to this one (the smallest whole-word span), named after
        the transformations that made it; None for an original."""
        history = self.history()
        if not history:
            return None
        before = self.root().text
        start, end, new = changed_span(before, self.text)
        provenance = history[-1].provenance if len(history) == 1 else {}
        names = "+".join(dict.fromkeys(e.transformation for e in history))
        return Edit(names, start, end, before[start:end], new, provenance)


def changed_span(old: str, new: str) -> tuple[int, int, str]:
    """(start, end, replacement): the smallest span of whole words of `old` whose replacement gives `new`."""
    start = 0
    while start < min(len(old), len(new)) and old[start] == new[start]:
        start += 1
    end_old, end_new = len(old), len(new)
    while end_old > start and end_new > start and old[end_old - 1] == new[end_new - 1]:
        end_old, end_new = end_old - 1, end_new - 1
    if start == end_old == end_new:
        return start, start, ""
    while start > 0 and old[start - 1].isalnum():
        start -= 1
    while end_old < len(old) and old[end_old].isalnum():
        end_old, end_new = end_old + 1, end_new + 1
    return start, end_old, new[start:end_new]
