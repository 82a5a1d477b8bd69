"""Running the BioNLI strategies over a corpus: one negative per applicable strategy per record
(K candidates at most), optional originals as positives, per-strategy statistics, balancing."""
from __future__ import annotations

import random
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from monalog_perturb.bio.bionli import STRATEGIES, Context, Perturbation
from monalog_perturb.bio.records import MechanismRecord
from monalog_perturb.bio.entity_typing import DictionaryTyper
from monalog_perturb.bionli_rules import BioNLIRule
from monalog_perturb.core import Candidate


@dataclass
class Stats:
    records: int = 0
    applicable: Counter = field(default_factory=Counter)   # strategy -> records it applied to
    produced: Counter = field(default_factory=Counter)     # strategy -> negatives written

    def table(self, strategies: Sequence[str]) -> str:
        lines = [f"{'strategy':<10}{'records':>10}{'negatives':>11}{'share':>8}"]
        for name in strategies:
            share = self.applicable[name] / self.records if self.records else 0.0
            lines.append(f"{name:<10}{self.applicable[name]:>10}{self.produced[name]:>11}{share:>8.1%}")
        lines.append(f"{'total':<10}{self.records:>10}{sum(self.produced.values()):>11}")
        return "\n".join(lines)


def corpus_vocabulary(records: Iterable[MechanismRecord], typer: DictionaryTyper) -> dict[str, list[str]]:
    """Typed entities of the whole corpus by type: SREO's "outside the premise" pool."""
    pool: dict[str, set[str]] = defaultdict(set)
    for record in records:
        for entity in (record.regulator, record.regulated):
            type_ = typer.type_of(entity) if entity else None
            if type_:
                pool[type_].add(entity)
        for mention in typer.mentions(record.premise):
            pool[mention.type].add(mention.text)
    return {t: sorted(names) for t, names in pool.items()}


def perturb(records: Sequence[MechanismRecord], strategies: Sequence[str], typer: DictionaryTyper,
            seed: int = 0, per_record: int = 1, with_positives: bool = False, balance: int | None = None,
            vocabulary: dict[str, list[str]] | None = None) -> tuple[list[Perturbation], Stats]:
    """Negatives (and positives) for every record, in input order; `balance` keeps at most N per
    strategy, chosen with the seed (the paper's balanced set)."""
    outside = vocabulary if vocabulary is not None else corpus_vocabulary(records, typer)
    ctx = Context(typer=typer, rng=random.Random(seed), per_record=per_record, outside=outside)
    stats, out = Stats(), []
    rules = {name: BioNLIRule(name, ctx) for name in strategies}
    for record in records:
        stats.records += 1
        if with_positives:
            out.append(Perturbation(record.id, record.premise, record.hypothesis, "original", "none", "ENTAILMENT"))
        for name in strategies:
            made = rules[name](Candidate.original(record.hypothesis, context=record))
            if made:
                stats.applicable[name] += 1
                out.extend(Perturbation(record.id, record.premise, c.text, name, c.edit.provenance["edit"])
                           for c in made)
    if balance is not None:
        rng = random.Random(seed)
        keep: set[int] = set()
        by_strategy: dict[str, list[int]] = defaultdict(list)
        for i, p in enumerate(out):
            by_strategy[p.strategy].append(i)
        for indices in by_strategy.values():
            keep.update(indices if len(indices) <= balance else rng.sample(indices, balance))
        out = [p for i, p in enumerate(out) if i in keep]
    for p in out:
        if p.strategy in STRATEGIES:
            stats.produced[p.strategy] += 1
    return out, stats
