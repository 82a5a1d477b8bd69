"""CCG categories as immutable trees: atoms with optional features, and slash functors.

`Category.parse("(S[dcl]\\NP)/NP")` builds the structure once (cached); `str()` writes it back in
the exact notation depccg and CCGbank use, so reading and writing round-trip.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Union

from monalog.errors import CategoryError


class Slash(str, enum.Enum):
    """Direction in which a functor looks for its argument."""

    FORWARD = "/"
    BACKWARD = "\\"


@dataclass(frozen=True, slots=True)
class Atom:
    """An atomic category such as N, NP[nb], S[dcl], conj or a punctuation mark."""

    base: str
    feature: str | None = None

    def __str__(self) -> str:
        return f"{self.base}[{self.feature}]" if self.feature else self.base

    @property
    def is_functor(self) -> bool:
        return False

    @property
    def arity(self) -> int:
        return 0

    def without_features(self) -> "Atom":
        return self if self.feature is None else Atom(self.base)

    def matches(self, other: "Category") -> bool:
        """Equal up to features, where a missing feature or X matches any (CCG unification)."""
        if not isinstance(other, Atom) or other.base != self.base:
            return False
        return (
            self.feature is None or other.feature is None
            or self.feature == "X" or other.feature == "X"
            or self.feature == other.feature
        )


@dataclass(frozen=True, slots=True)
class Functor:
    """A functor category `result slash argument`, e.g. (S\\NP)/NP."""

    result: "Category"
    slash: Slash
    argument: "Category"
    _text: str = field(init=False, repr=False, compare=False)   # written once: the search asks it often
    _hash: int = field(init=False, repr=False, compare=False)   # likewise (categories key many caches)
    _bare: "Functor | None" = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", f"{_wrapped(self.result)}{self.slash.value}{_wrapped(self.argument)}")
        object.__setattr__(self, "_hash", hash((self.result, self.slash, self.argument)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple:
        return Functor, (self.result, self.slash, self.argument)     # built afresh: str hashes vary by process

    def __str__(self) -> str:
        return self._text

    @property
    def is_functor(self) -> bool:
        return True

    @property
    def arity(self) -> int:
        return 1 + self.result.arity

    def without_features(self) -> "Functor":
        """The category with every feature dropped, built once (the search asks it of every node)."""
        if self._bare is None:
            bare = Functor(self.result.without_features(), self.slash, self.argument.without_features())
            object.__setattr__(self, "_bare", self if bare == self else bare)
        return self._bare  # type: ignore[return-value]   # set just above

    def matches(self, other: "Category") -> bool:
        return (
            isinstance(other, Functor) and other.slash is self.slash
            and self.result.matches(other.result) and self.argument.matches(other.argument)
        )

    @property
    def is_modifier(self) -> bool:
        """X/X or X\\X up to features: adjectives, adverbs, prepositional modifiers."""
        return self.result.without_features() == self.argument.without_features()


Category = Union[Atom, Functor]


def _wrapped(cat: Category) -> str:
    return f"({cat})" if isinstance(cat, Functor) else str(cat)


@lru_cache(maxsize=4096)
def parse_category(text: str) -> Category:
    """Parse a category string; raises CategoryError naming the text when it is malformed."""
    text = text.strip()
    if not text:
        raise CategoryError("empty category", input=text)
    cat, end = _parse(text, 0)
    if end != len(text):
        raise CategoryError(f"unexpected {text[end]!r} at {end} in category {text!r}", input=text)
    return cat


def _parse(text: str, pos: int) -> tuple[Category, int]:
    left, pos = _parse_operand(text, pos)
    while pos < len(text) and text[pos] in "/\\":
        slash = Slash(text[pos])
        right, pos = _parse_operand(text, pos + 1)
        left = Functor(left, slash, right)
    return left, pos


def _parse_operand(text: str, pos: int) -> tuple[Category, int]:
    if pos >= len(text):
        raise CategoryError(f"category {text!r} ends early", input=text)
    if text[pos] == "(":
        inner, pos = _parse(text, pos + 1)
        if pos >= len(text) or text[pos] != ")":
            raise CategoryError(f"unbalanced parenthesis in category {text!r}", input=text)
        return inner, pos + 1
    start = pos
    while pos < len(text) and text[pos] not in "/\\()[":
        pos += 1
    base = text[start:pos]
    if not base:
        raise CategoryError(f"missing atom at {start} in category {text!r}", input=text)
    feature = None
    if pos < len(text) and text[pos] == "[":
        close = text.find("]", pos)
        if close < 0:
            raise CategoryError(f"unclosed feature in category {text!r}", input=text)
        feature = text[pos + 1:close]
        pos = close + 1
    return Atom(base, feature), pos


def complement_slots(cat: Category) -> int:
    """The arguments of a category other than a verb's subject (an S's innermost \\NP): where a
    word's own markings go ("refused" (S\\NP)/(S[to]\\NP): one, the infinitive)."""
    return len(complements(cat))


def complements(cat: Category) -> tuple[Category, ...]:
    """The categories of those arguments, outermost first ("prevented" ((S\\NP)/PP)/NP: NP, PP)."""
    functors: list[Functor] = []
    while isinstance(cat, Functor):
        functors.append(cat)
        cat = cat.result
    subject = bool(functors) and functors[-1].slash is Slash.BACKWARD and isinstance(functors[-1].argument, Atom) \
        and functors[-1].argument.base == "NP" and isinstance(cat, Atom) and cat.base == "S"
    return tuple(f.argument for f in functors[:len(functors) - subject])
