"""The words of a marked conclusion, as BioNLI's clause heuristics read them (`clauses`): word classes
(kb/bionli_clause_words.tsv), the verb forms VNeg may negate, and each word with its place, its
lower-case form and whether it lies inside an entity's markers."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from monalog.fileio import read_table
from monalog.text.morphology import past_tense, third_person
from monalog_perturb.bio.lexicon import NEGATABLE, negatable_verbs
from monalog_perturb.resources import data_path

_TOKEN = re.compile(r"<(?:re|er|el|le)>|[^\s<]+|<")
MARKER_PAIRS = {"<re>": "<er>", "<el>": "<le>"}
PUNCT = ".,;:!?()[]{}\"'“”‘’"
_ADVERB_EXCEPTIONS = frozenset({"only", "early", "family", "supply", "apply", "rely", "fly", "italy"})


@lru_cache(maxsize=1)
def roles() -> dict[str, frozenset[str]]:
    """Role -> its words (kb/bionli_clause_words.tsv)."""
    out: dict[str, set[str]] = {}
    for row in read_table(data_path("bionli_clause_words.tsv")):
        out.setdefault(row["role"], set()).add(row["word"])
    return {role: frozenset(words) for role, words in out.items()}


def role(name: str) -> frozenset[str]:
    """The words of one role (kb/bionli_clause_words.tsv)."""
    return roles().get(name, frozenset())


@lru_cache(maxsize=1)
def verb_forms() -> dict[str, tuple[str, str]]:
    """Finite or base form of a verb VNeg may negate -> (form name: 3sg, past or base; base form)."""
    out: dict[str, tuple[str, str]] = {}
    bases = {base for _, base in negatable_verbs().values()} | set(role("verb"))
    for base in sorted(bases):
        out.setdefault(third_person(base), ("3sg", base))
        out.setdefault(past_tense(base), ("past", base))
        out.setdefault(base, ("base", base))
    return out


@dataclass(frozen=True)
class Word:
    """A word of a marked text: as written (closing punctuation apart), its place, its lower-case
    form, whether it is inside an entity's markers and whether a comma follows it."""

    text: str
    start: int
    end: int
    low: str
    entity: bool
    comma: bool = False


def words(text: str) -> list[Word]:
    """The words of `text`, markers left out (they only flag the words between them)."""
    out: list[Word] = []
    closing: str | None = None
    for m in _TOKEN.finditer(text):
        token = m.group()
        if token in MARKER_PAIRS and closing is None:
            closing = MARKER_PAIRS[token]
        elif token == closing:
            closing = None
        elif token in ("<er>", "<le>", "<re>", "<el>"):
            continue
        elif token.strip(PUNCT) == "":
            if "," in token and out:
                last = out[-1]
                out[-1] = Word(last.text, last.start, last.end, last.low, last.entity, True)
        else:
            core = token.rstrip(PUNCT.replace("'", ""))
            start = m.start()
            out.append(Word(core, start, start + len(core), token.strip(PUNCT).lower(), closing is not None,
                            token[len(core):].startswith(",")))
    return out


def is_aux(word: Word) -> bool:
    if word.text == "May" and word.start > 0:
        return False                                  # the month
    return word.low in NEGATABLE or word.low == "cannot" or word.low.endswith("n't")


def is_surface_adverb(word: Word) -> bool:
    """"not", an -ly word or a sentence adverb, told by the word alone (`positives.tokens.is_adverb` asks
    a parse's tag and WordNet instead)."""
    return word.low == "not" or (word.low.endswith("ly") and word.low not in _ADVERB_EXCEPTIONS) \
        or word.low in {"also", "still", "further", "thereby", "indeed"}
