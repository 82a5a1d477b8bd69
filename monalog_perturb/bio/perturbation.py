"""What the BioNLI rules share: the perturbation they make, the context they run in (typer, seeded
generator, cap K, the count of why a rule did not apply), and the edits of a marked conclusion that
keep it well formed (spans replaced with their articles agreeing)."""
from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field

from monalog.text.morphology import agree_articles
from monalog_perturb.bio.entity_typing import DictionaryTyper
from monalog_perturb.bio.records import REGULATED, REGULATOR

NOT_ENTAILMENT = "NOT_ENTAILMENT"


@dataclass(frozen=True)
class Perturbation:
    source: str
    premise: str
    hypothesis: str
    strategy: str
    edit: str
    label: str = NOT_ENTAILMENT

    def as_json(self) -> dict:
        return {"source": self.source, "premise": self.premise, "hypothesis": self.hypothesis,
                "strategy": self.strategy, "label": self.label, "edit": self.edit}


@dataclass
class Context:
    """What the strategies share: a typer, a vocabulary by type, a seeded generator, the cap K, and
    the count of why each strategy did not apply ((strategy, reason) -> records)."""

    typer: DictionaryTyper = field(default_factory=DictionaryTyper)
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    per_record: int = 1
    outside: dict[str, list[str]] = field(default_factory=dict)   # type -> names (SREO candidates)
    skipped: Counter = field(default_factory=Counter)
    any_type_swaps: bool = False    # SEN/SEP as the paper has them: two entities of any types swapped

    def skip(self, strategy: str, reason: str) -> list[Perturbation]:
        """Count why `strategy` does not apply to a record; no perturbations."""
        self.skipped[(strategy, reason)] += 1
        return []


def marked_span(text: str, markers: tuple[str, str]) -> re.Match | None:
    return re.search(re.escape(markers[0]) + r"\s*(.*?)\s*" + re.escape(markers[1]), text)


_ARTICLE_BEFORE = re.compile(r"(?<!\w)([Aa]n?)(\s+(?:<(?:re|el)>\s*)?)$")


def fix_article(text: str, start: int) -> str:
    """a/an before position `start` agreeing with the word that now begins there ("an decreased" ->
    "a decreased"); markers between them are fine. A capital "A" inside a sentence is a name's letter
    ("Drug A reduced" -> "Drug A increased", not "Drug An increased")."""
    m = _ARTICLE_BEFORE.search(text, 0, start)
    word = re.match(r"\s*(?:<(?:re|el)>\s*)?(\w+)", text[start:])
    if not m or not word or m.group(1) == "A" and text[:m.start(1)].rstrip()[-1:] not in ("", ".", "!", "?"):
        return text
    fixed = agree_articles(f"{m.group(1)} {word.group(1)}").split(" ")[0]
    return text[:m.start(1)] + fixed + text[m.end(1):]


def put(text: str, changes: list[tuple[int, int, str]]) -> str:
    """`text` with each (start, end) span replaced (spans do not overlap), and an article before a
    replaced span made to agree with what now follows it."""
    for start, end, new in sorted(changes, reverse=True):
        text = fix_article(text[:start] + new + text[end:], start)
    return text



def outside_entities(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] lies outside both marked entities."""
    return not any(m.start() <= start and end <= m.end()
                   for markers in (REGULATOR, REGULATED) for m in [marked_span(text, markers)] if m)
