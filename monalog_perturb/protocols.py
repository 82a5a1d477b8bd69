"""The interfaces the generators use instead of concrete backends: an NLI teacher, a fluency
scorer, a sentence embedder and a chat client (any object with these members will do)."""
from __future__ import annotations

from typing import Protocol, Sequence, runtime_checkable

import numpy as np

Scores = dict[str, float] | None        # label -> probability; None: the teacher abstains
Message = dict[str, str]


@runtime_checkable
class Teacher(Protocol):
    """An NLI scorer: label probabilities for (premise, hypothesis) pairs, or None to abstain."""

    name: str

    def scores(self, pairs: Sequence[tuple[str, str]]) -> list[Scores]: ...


@runtime_checkable
class Fluency(Protocol):
    """Fluency scores, higher is more fluent; `kind` says what the score is."""

    kind: str

    def score(self, texts: Sequence[str]) -> list[float]: ...


@runtime_checkable
class Embedder(Protocol):
    """Unit-length sentence vectors and the cosine similarity of pairs."""

    name: str

    def encode(self, texts: Sequence[str]) -> np.ndarray: ...

    def similarity(self, pairs: Sequence[tuple[str, str]]) -> list[float]: ...


@runtime_checkable
class ChatClient(Protocol):
    """A chat model: the assistant's reply to one conversation."""

    model: str

    def complete(self, messages: Sequence[Message], **params) -> str: ...
