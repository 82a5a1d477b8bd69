"""BioNLI's seven rule-based negative strategies (Bastan et al. 2022, section 3.3). Each returns a
list of perturbations, empty when it does not apply; every perturbation records its edit."""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Callable

from monalog_perturb.bio.lexicon import NEGATABLE, negatable_verbs, polarity_reversals
from monalog_perturb.bio.records import REGULATED, REGULATOR, MechanismRecord
from monalog_perturb.bio.entity_typing import DictionaryTyper

NOT_ENTAILMENT = "NOT_ENTAILMENT"
_NUMBER = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)?%?(?![\w.])")


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
    """What the strategies share: a typer, a vocabulary by type, a seeded generator, the cap K."""

    typer: DictionaryTyper = field(default_factory=DictionaryTyper)
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    per_record: int = 1
    outside: dict[str, list[str]] = field(default_factory=dict)   # type -> names (SREO candidates)


def _span(text: str, markers: tuple[str, str]) -> re.Match | None:
    return re.search(re.escape(markers[0]) + r"\s*(.*?)\s*" + re.escape(markers[1]), text)


def _replace_entity(text: str, markers: tuple[str, str], new: str) -> str:
    m = _span(text, markers)
    if m is None:       # the callers replace only entities they found marked
        raise ValueError(f"no {markers[0]} ... {markers[1]} span in {text!r}")
    return text[:m.start(1)] + new + text[m.end(1):]


def sen(record: MechanismRecord, ctx: Context) -> list[Perturbation]:
    """Swap the two entity names; the markers stay where they are."""
    x, y = record.regulator, record.regulated
    if not x or not y or x.lower() == y.lower():
        return []
    text = _replace_entity(_replace_entity(record.hypothesis, REGULATOR, "\0"), REGULATED, x).replace("\0", y)
    return [Perturbation(record.id, record.premise, text, "SEN", f"swapped names {x!r} <-> {y!r}")]


def sep(record: MechanismRecord, ctx: Context) -> list[Perturbation]:
    """Swap the two marked spans, markers included (the roles travel with the names)."""
    a, b = _span(record.hypothesis, REGULATOR), _span(record.hypothesis, REGULATED)
    if not a or not b:
        return []
    first, second = sorted((a, b), key=lambda m: m.start())
    text = record.hypothesis
    swapped = (text[:first.start()] + second.group(0) + text[first.end():second.start()] + first.group(0)
               + text[second.end():])
    if swapped == text:
        return []
    return [Perturbation(record.id, record.premise, swapped, "SEP", "swapped the marked spans")]


def _same_type_swap(record: MechanismRecord, ctx: Context, name: str,
                    pool: Callable[[str], list[str]]) -> list[Perturbation]:
    """At most K replacements in all, drawn from both marked entities' same-type candidates."""
    taken = {(record.regulator or "").lower(), (record.regulated or "").lower()}
    options = []
    for markers in (REGULATOR, REGULATED):
        entity = record.entity(markers)
        type_ = ctx.typer.type_of(entity) if entity else None
        if type_:
            options += [(markers, entity, type_, c) for c in sorted({c for c in pool(type_) if c.lower() not in taken})]
    ctx.rng.shuffle(options)
    return [Perturbation(record.id, record.premise, _replace_entity(record.hypothesis, markers, candidate), name,
                         f"{entity!r} -> {candidate!r} (both {type_})")
            for markers, entity, type_, candidate in options[:ctx.per_record]]


def sre(record: MechanismRecord, ctx: Context) -> list[Perturbation]:
    """Replace an entity by another entity of the same type found in the premise."""
    mentions = ctx.typer.mentions(record.premise)
    return _same_type_swap(record, ctx, "SRE", lambda t: [m.text for m in mentions if m.type == t])


def sreo(record: MechanismRecord, ctx: Context) -> list[Perturbation]:
    """Replace an entity by one of the same type from outside the premise (corpus or vocabulary)."""
    in_premise = {m.text.lower() for m in ctx.typer.mentions(record.premise)}
    return _same_type_swap(record, ctx, "SREO",
                           lambda t: [n for n in ctx.outside.get(t, []) if n.lower() not in in_premise])


def vneg(record: MechanismRecord, ctx: Context) -> list[Perturbation]:
    """Flip the polarity of the predicate after the regulator: "inhibits" -> "does not inhibit",
    "is" -> "is not", "is not" -> "is", "cannot" -> "can"."""
    anchor = _span(record.hypothesis, REGULATOR) or _span(record.hypothesis, REGULATED)
    if not anchor:
        return []
    head, tail = record.hypothesis[:anchor.end()], record.hypothesis[anchor.end():]
    words = tail.split(" ")
    verbs = negatable_verbs()
    for i, word in enumerate(words):
        low = word.lower()
        if low == "cannot":
            new, edit = words[:i] + ["can"] + words[i + 1:], "cannot -> can"
        elif low in NEGATABLE and i + 1 < len(words) and words[i + 1].lower() == "not":
            new, edit = words[:i + 1] + words[i + 2:], f"{low} not -> {low}"
        elif low in NEGATABLE:
            new, edit = words[:i] + NEGATABLE[low].split() + words[i + 1:], f"{low} -> {NEGATABLE[low]}"
        elif low in verbs:
            aux, base = verbs[low]
            new, edit = words[:i] + [aux, "not", base] + words[i + 1:], f"{low} -> {aux} not {base}"
        else:
            continue
        return [Perturbation(record.id, record.premise, head + " ".join(new), "VNeg", edit)]
    return []


def sn(record: MechanismRecord, ctx: Context) -> list[Perturbation]:
    """Replace a number of the conclusion by a different number from the premise."""
    numbers = [m for m in _NUMBER.finditer(record.hypothesis)]
    pool = sorted({m.group() for m in _NUMBER.finditer(record.premise)})
    out = []
    for m in numbers[:1]:
        candidates = [n for n in pool if n != m.group()]
        ctx.rng.shuffle(candidates)
        for n in candidates[:ctx.per_record]:
            text = record.hypothesis[:m.start()] + n + record.hypothesis[m.end():]
            out.append(Perturbation(record.id, record.premise, text, "SN", f"{m.group()} -> {n}"))
    return out


def lpr(record: MechanismRecord, ctx: Context) -> list[Perturbation]:
    """Reverse a regulation word (inhibit <-> promote, ...), keeping its inflection."""
    reversals = polarity_reversals()
    for m in re.finditer(r"[A-Za-z][A-Za-z-]*", record.hypothesis):
        word = m.group()
        opposite = reversals.get(word.lower())
        if opposite:
            opposite = opposite.capitalize() if word[0].isupper() else opposite
            text = record.hypothesis[:m.start()] + opposite + record.hypothesis[m.end():]
            return [Perturbation(record.id, record.premise, text, "LPR", f"{word} -> {opposite}")]
    return []


STRATEGIES: dict[str, Callable[[MechanismRecord, Context], list[Perturbation]]] = {
    "SEN": sen, "SEP": sep, "SRE": sre, "SREO": sreo, "VNeg": vneg, "SN": sn, "LPR": lpr}
