"""Knowledge-base facts: relations with provenance, and the fact language (grammars/kb_facts.lark)."""
from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from lark import Lark, Transformer
from lark.exceptions import LarkError

from monalog.errors import InputError
from monalog.resources import grammar_path
from monalog.rows import whole_lines


class Relation(str, enum.Enum):
    LEQ = "≤"     # left is below (more specific than) right
    GEQ = "≥"
    EQ = "≡"
    EXCL = "⊥"    # left and right exclude each other


class Source(str, enum.Enum):
    FIXED = "fixed"
    WORDNET = "WordNet"
    PAIR = "pair-derived"
    USER = "user"
    NEURAL = "neural alignment"     # a phrase pair scored by sentence embeddings (inference.alignment)


@dataclass(frozen=True)
class Term:
    text: str
    pos: str | None = None     # n v a r, or d for determiners; None: any

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Fact:
    left: Term
    relation: Relation
    right: Term
    source: Source
    note: str = ""

    def __str__(self) -> str:
        note = f"; {self.note}" if self.note else ""
        return f"{self.left} {self.relation.value} {self.right} ({self.source.value}{note})"


@dataclass(frozen=True)
class Exclusion:
    """Terms that exclude each other pairwise (`a | b | c`, or one antonym pair), kept as one set:
    n terms cost n entries, not n(n-1)/2 facts."""

    terms: tuple[Term, ...]
    source: Source
    note: str = ""

    def fact(self, a: str, b: str) -> Fact:
        """The binary fact a ⊥ b this set implies (for proofs)."""
        by_text = {t.text: t for t in self.terms}
        return Fact(by_text[a], Relation.EXCL, by_text[b], self.source, self.note)


class FactFileError(InputError):
    """A fact file could not be read."""


class _ToFacts(Transformer):
    def __init__(self, source: Source) -> None:
        super().__init__()
        self.source = source

    def start(self, statements):
        return [fact for facts in statements for fact in facts]

    def term(self, items):
        pos = items[-1][1:] if items and items[-1].type == "POS" else None
        words = [str(t) for t in items if t.type != "POS"]
        text = words[0][1:-1] if words[0].startswith('"') else " ".join(words)
        return Term(text.lower(), pos)

    def chain(self, items):
        facts = []
        for left, rel, right in zip(items[0::2], items[1::2], items[2::2]):
            relation = {"<=": Relation.LEQ, ">=": Relation.GEQ, "=": Relation.EQ}[str(rel)]
            facts.append(Fact(left, relation, right, self.source))
        return facts

    def exclusion(self, terms):
        return [Exclusion(tuple(terms), self.source)]


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark(grammar_path("kb_facts.lark").read_text(encoding="utf-8"), parser="lalr")


def parse_facts(text: str, source: Source = Source.USER, name: str = "<facts>") -> list[Fact | Exclusion]:
    """Parse statements of the fact language; errors name the file and line."""
    parser = _parser()
    try:
        tree = parser.parse(text if text.endswith("\n") else text + "\n")
    except LarkError as exc:
        line = getattr(exc, "line", "?")
        raise FactFileError(f"{name}:{line}: not a fact statement ({type(exc).__name__})", input=name) from exc
    return _ToFacts(source).transform(tree)


def read_facts(path: str | Path, source: Source = Source.USER) -> list[Fact | Exclusion]:
    """The facts of a file in the fact language; any unreadable line is a FactFileError naming it."""
    text = "\n".join(line for _, line in whole_lines(path, FactFileError))
    return parse_facts(text, source, str(path))
