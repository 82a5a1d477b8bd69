"""BioNLI (Bastan et al. 2022, "BioNLI: Generating a Biomedical NLI Dataset Using Lexico-semantic
Constraints for Adversarial Examples", Findings of EMNLP, section 3.3): the seven rule-based negatives
of a mechanism record (one per applicable strategy, K candidates at most), optionally the originals
as positives and the natural-logic engine's entailed conclusions, per-strategy statistics, and the
paper's balanced set (`balance`: at most N negatives per strategy, chosen with the seed).
"""
from __future__ import annotations

import logging
import random
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator, Sequence

from monalog.rows import BadRow
from monalog_perturb.bio.bionli import STRATEGIES, Context, Perturbation
from monalog_perturb.bio.conclusions import Skip, extract_or_skip, read_abstracts
from monalog_perturb.bio.entity_typing import DictionaryTyper, NerTyper, SpacyTyper
from monalog_perturb.bio.positives import NaturalLogicPositives, NLBudget
from monalog_perturb.bio.records import MechanismRecord, read_records
from monalog_perturb.bio.vocabularies import hpo_parents
from monalog_perturb.candidate import Candidate, Edit, changed_span
from monalog_perturb.knowledge.registry import DEFAULT_VOCABULARIES, describe, typed_names
from monalog_perturb.resources import data_path
from monalog_perturb.runner import make_row
from monalog_perturb.transformations.bionli import BioNLIRule

log = logging.getLogger(__name__)
EXAMPLES = 3          # abstracts without a record reported one by one, per reason
CITATION = "Bastan et al. 2022, BioNLI (Findings of EMNLP), section 3.3: rule-based negatives"


@dataclass(frozen=True)
class BioNLIOptions:
    """`monalog perturb bionli`'s settings."""

    strategies: str | Sequence[str] = ",".join(STRATEGIES)
    per_record: int = 1
    seed: int = 0
    with_positives: bool = False
    balance: int | None = None
    vocab: tuple[str, ...] | list[str] | None = None
    vocab_source: tuple[str, ...] | list[str] | None = None
    matcher: str = "dict"
    ner: str | None = None
    abstracts: bool = False
    nl_positives: bool = False
    nl_candidates: int = 4          # natural-logic drops re-parsed per record (a count: results never depend on load)
    any_type_swaps: bool = False    # SEN/SEP swap entities of different types too (the paper's rules)

    def strategy_list(self) -> list[str]:
        names = self.strategies.split(",") if isinstance(self.strategies, str) else self.strategies
        names = [s.strip() for s in names if s.strip()]
        unknown = [s for s in names if s not in STRATEGIES]
        if unknown:
            raise ValueError(f"unknown strategies {', '.join(unknown)} (choose from {', '.join(STRATEGIES)})")
        if not names:
            raise ValueError(f"no strategies given (choose from {', '.join(STRATEGIES)})")
        return names


def make_typer(vocab: Iterable[str] | None = (), vocab_source: Iterable[str] | None = None, matcher: str = "dict",
               ner: str | None = None) -> DictionaryTyper:
    """Entity typing from vocabulary files (first: the user's types win), the bundled vocabularies
    (`vocab_source` None: all of them, DEFAULT_VOCABULARIES; "none": no bundled one), and a matcher or NER model."""
    sources = [s for s in (DEFAULT_VOCABULARIES if vocab_source is None else vocab_source) if s != "none"]
    typer = NerTyper(ner) if ner else SpacyTyper() if matcher == "spacy" else DictionaryTyper()
    for path in vocab or []:
        typer.read(path)
    if sources:
        typer.read(data_path("entity_types.tsv"))       # corrections to the bundled sources' types
    for source in sources:
        added = sum(typer.add(name, type_, source=source) for name, type_ in typed_names(source))
        typer.sources.append(f"{describe(source)} {added:,} names")
    log.info("typing: %s over %d names", type(typer).__name__, len(typer.names))
    return typer


@dataclass
class Stats:
    records: int = 0
    applicable: Counter = field(default_factory=Counter)   # strategy -> records it applied to
    produced: Counter = field(default_factory=Counter)     # strategy -> negatives written
    skipped: Counter = field(default_factory=Counter)      # (strategy, reason) -> records it did not apply to
    inputs_skipped: Counter = field(default_factory=Counter)   # reason -> input items read as no record

    def table(self, strategies: Sequence[str]) -> str:
        """The per-strategy table, then why strategies did not apply and why inputs gave no record."""
        lines = [f"{'strategy':<10}{'records':>10}{'negatives':>11}{'share':>8}"]
        for name in strategies:
            share = self.applicable[name] / self.records if self.records else 0.0
            lines.append(f"{name:<10}{self.applicable[name]:>10}{self.produced[name]:>11}{share:>8.1%}")
        lines.append(f"{'total':<10}{self.records:>10}{sum(self.produced.values()):>11}")
        reasons = [(name, reason, n) for (name, reason), n in self.skipped.items() if name in strategies]
        if reasons:
            lines += ["", "not applied (records):"]
            order = {name: i for i, name in enumerate(strategies)}
            lines += [f"  {name:<6}{n:>8}  {reason}" for name, reason, n in
                      sorted(reasons, key=lambda r: (order[r[0]], -r[2], r[1]))]
        if self.inputs_skipped:
            read = self.records + sum(self.inputs_skipped.values())
            lines += ["", f"abstracts: {read}, with a record {self.records} (yield {self.records / read:.1%}); "
                      "without one:"]
            lines += [f"  {n:>8}  {reason}" for reason, n in self.inputs_skipped.most_common()]
        return "\n".join(lines)

    def as_json(self, strategies: Sequence[str]) -> dict:
        """The report: records, per strategy (records applied, negatives, reasons not applied), and
        the inputs that gave no record by reason."""
        return {"records": self.records,
                "strategies": {name: {"applicable": self.applicable[name], "negatives": self.produced[name],
                                      "not_applied": {reason: n for (s, reason), n in
                                                      sorted(self.skipped.items()) if s == name}}
                               for name in strategies},
                "inputs_skipped": dict(self.inputs_skipped.most_common()),
                **({"abstract_yield": self.records / (self.records + sum(self.inputs_skipped.values()))}
                   if self.inputs_skipped else {})}


def corpus_vocabulary(records: Iterable[MechanismRecord], typer: DictionaryTyper) -> dict[str, list[str]]:
    """Typed entities of the whole corpus by type: SREO's "outside the premise" pool."""
    pool: dict[str, set[str]] = defaultdict(set)
    for record in records:
        for entity in (record.regulator, record.regulated):
            type_ = typer.type_of(entity) if entity else None
            if entity and type_:
                pool[type_].add(entity)
        for mention in typer.mentions(record.premise):
            pool[mention.type].add(mention.text)
    return {t: sorted(names) for t, names in pool.items()}


def read_items(path: str | Path, abstracts: bool, typer: DictionaryTyper | None,
               skipped: Counter | None = None) -> Iterator[MechanismRecord | BadRow]:
    """Mechanism records (JSONL or BioNLI's CSV), or conclusion records extracted from abstracts
    (which needs `typer`); an abstract without a record is a BadRow saying why, and the reason
    (no conclusion sentence, no premise, fewer than two typed entities, ...) is counted in `skipped`.
    Only the first EXAMPLES abstracts of each reason are reported one by one."""
    if not abstracts:
        yield from read_records(path)
        return
    if typer is None:
        raise ValueError("extracting conclusions from abstracts needs an entity typer")
    seen: Counter = Counter()
    for n, item in enumerate(read_abstracts(path), 1):
        if isinstance(item, BadRow):
            yield item
            continue
        record_id, abstract = item
        record = extract_or_skip(record_id, abstract, typer)
        if not isinstance(record, Skip):
            yield record
            continue
        seen[record.reason] += 1
        if skipped is not None:
            skipped[record.reason] += 1
        if seen[record.reason] <= EXAMPLES:
            more = " (further ones are only counted)" if seen[record.reason] == EXAMPLES else ""
            yield BadRow(n, f"abstract {record_id}: {record}{more}")


def perturbation_row(record: MechanismRecord, p: Perturbation) -> dict:
    """A BioNLI perturbation (or positive) as a row of the shared schema."""
    edit = None
    if p.hypothesis != record.hypothesis:
        start, end, new = changed_span(record.hypothesis, p.hypothesis)
        edit = Edit(p.strategy, start, end, record.hypothesis[start:end], new)
    return make_row(p.source, record.hypothesis, p.hypothesis, p.label, "bionli", edit, {},
                    {"strategy": p.strategy, "description": p.edit}, premise=p.premise)


class BioNLIGenerator:
    """The BioNLI rules (and positives) per record; `prepare` collects the corpus vocabulary."""

    def __init__(self, strategies: Sequence[str], typer: DictionaryTyper, seed: int = 0, per_record: int = 1,
                 with_positives: bool = False, balance: int | None = None, nl_positives: bool = False,
                 nl_candidates: int = 4, any_type_swaps: bool = False) -> None:
        self.name, self.strategies, self.typer, self.seed = "bionli", list(strategies), typer, seed
        self.with_positives, self.balance, self.nl_positives = with_positives, balance, nl_positives
        self.nl_candidates = nl_candidates
        self._nl: NaturalLogicPositives | None = None     # parser and HPO load on the first record
        self.stats = Stats()
        self.ctx = Context(typer=typer, rng=random.Random(seed), per_record=per_record, skipped=self.stats.skipped,
                           any_type_swaps=any_type_swaps)
        self.rules = {name: BioNLIRule(name, self.ctx) for name in self.strategies}

    def prepare(self, records: Sequence[MechanismRecord], vocabulary: dict[str, list[str]] | None = None) -> None:
        self.ctx.outside = vocabulary if vocabulary is not None else corpus_vocabulary(records, self.typer)

    def perturbations(self, record: MechanismRecord) -> list[Perturbation]:
        """The record's original (with_positives) and its negatives, counting applicable strategies. The
        random choices are seeded by (seed, record id): a record's rows do not depend on the records run
        before it, so a resumed run writes what an uninterrupted one does."""
        self.stats.records += 1
        self.ctx.rng.seed(f"{self.seed}:{record.id}")
        out = []
        if self.with_positives:
            out.append(Perturbation(record.id, record.premise, record.hypothesis, "original", "none", "ENTAILMENT"))
        for name in self.strategies:
            made = self.rules[name](Candidate.original(record.hypothesis, context=record))
            if made:
                self.stats.applicable[name] += 1
                out.extend(Perturbation(record.id, record.premise, c.text, name, c.last_edit().provenance["edit"])
                           for c in made)
        return out

    def __call__(self, record: MechanismRecord) -> list[dict]:
        out = self.perturbations(record)
        if self.nl_positives:
            out += self.natural_logic(record)
        return [perturbation_row(record, p) for p in out]

    def natural_logic(self, record: MechanismRecord) -> list[Perturbation]:
        """The engine's positives of one record (modifiers dropped, HPO entities generalised), within
        the per-record budget; why a conclusion gave none is counted (`nl_summary`)."""
        if self._nl is None:
            self._nl = NaturalLogicPositives(hpo_parents, "HPO", NLBudget(candidates=self.nl_candidates))
        return self._nl(record)

    def nl_summary(self) -> str:
        """One line: the natural-logic positives written by kind, and why conclusions (or candidate
        drops) gave none, by reason (this run's records only)."""
        if self._nl is None:
            return "natural-logic positives: no record reached"
        made = ", ".join(f"{kind} {n}" for kind, n in sorted(self._nl.made.items())) or "none"
        why = ", ".join(f"{reason} {n}" for reason, n in self._nl.skipped.most_common()) or "none"
        return f"natural-logic positives: {made}; records or drops without one: {why}"

    def finish(self, rows: list[dict]) -> list[dict]:
        """The balanced set (at most `balance` rows per strategy; the engine's positives all kept)."""
        names = [row["provenance"]["strategy"] for row in rows]
        if self.balance is not None:
            keep = balanced(names, self.balance, self.seed)
            rows, names = [rows[i] for i in keep], [names[i] for i in keep]
        self.stats.produced = Counter(s for s in names if s in STRATEGIES)
        return rows


def balanced(names: Sequence[str], balance: int, seed: int) -> list[int]:
    """Indices kept by the paper's balancing: at most `balance` per strategy, sampled with the seed;
    the natural-logic positives (NL-...) are all kept."""
    rng, keep = random.Random(seed), set()
    by_strategy: dict[str, list[int]] = defaultdict(list)
    for i, name in enumerate(names):
        if not name.startswith("NL-"):
            by_strategy[name].append(i)
    for indices in by_strategy.values():
        keep.update(indices if len(indices) <= balance else rng.sample(indices, balance))
    keep.update(i for i, name in enumerate(names) if name.startswith("NL-"))
    return sorted(keep)


def perturb(records: Sequence[MechanismRecord], strategies: Sequence[str], typer: DictionaryTyper, seed: int = 0,
            per_record: int = 1, with_positives: bool = False, balance: int | None = None,
            vocabulary: dict[str, list[str]] | None = None) -> tuple[list[Perturbation], Stats]:
    """Negatives (and originals) of a whole corpus in memory, in input order, with the statistics."""
    generator = BioNLIGenerator(strategies, typer, seed, per_record, with_positives, balance)
    generator.prepare(records, vocabulary)
    out = [p for record in records for p in generator.perturbations(record)]
    if balance is not None:
        out = [out[i] for i in balanced([p.strategy for p in out], balance, seed)]
    generator.stats.produced = Counter(p.strategy for p in out if p.strategy in STRATEGIES)
    return out, generator.stats


def build(options: BioNLIOptions, typer: DictionaryTyper | None = None) -> BioNLIGenerator:
    """The BioNLI rules with the options' typing (or `typer`), seed, K, positives and balance."""
    typer = typer or make_typer(options.vocab, options.vocab_source, options.matcher, options.ner)
    return BioNLIGenerator(options.strategy_list(), typer, options.seed, options.per_record, options.with_positives,
                           options.balance, options.nl_positives, options.nl_candidates, options.any_type_swaps)
