"""Evaluate the engine, or the hybrid, on labelled pairs: the library call under `monalog eval`.

    >>> from monalog import HybridClassifier, evaluate
    >>> run = evaluate("SICK.tsv", HybridClassifier.load(["fold0/"]), sick_set="TRIAL")
    >>> print(run.report.table())          # and run.predictions(): each pair's answer, gold and proof
"""
from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator, Sequence, cast

from monalog.errors import InputError
from monalog.eval.datasets import Pair, usable_pairs
from monalog.eval.metrics import Report, evaluate as score, two_way_label
from monalog.hybrid.classifier import HybridClassifier
from monalog.inference.proof import Label
from monalog.rows import BadRow

if TYPE_CHECKING:
    from monalog.hybrid.classifier import Decision


@dataclass(frozen=True)
class Evaluation:
    """The scores, and what they are made of: every pair with its decision, the rows left out."""

    report: Report
    pairs: tuple[Pair, ...]
    decisions: tuple["Decision", ...]
    two_way: bool                        # 2-way gold (entailment / non-entailment): a CONTRADICTION counts as NEUTRAL
    skipped: tuple[BadRow, ...] = field(default=())

    @property
    def timed_out(self) -> list[int]:
        """The lines of the pairs past the engine's --timeout: no answer, left out of the scores."""
        return [p.line for p, d in zip(self.pairs, self.decisions) if d.timed_out]

    @property
    def components(self) -> Counter:
        """How many pairs each component decided (monalog, fallback, learned rule)."""
        return Counter(d.component.value for d in self.decisions if not d.timed_out)

    def predictions(self) -> Iterator[dict]:
        """One JSON-ready row a pair: its line, id, sentences, gold label, answer, whether it is right (as
        scored: 2-way where the gold is), who decided, the confidence, the engine's error and its proof."""
        for pair, d in zip(self.pairs, self.decisions):
            label = None if d.timed_out else d.label
            scored = two_way_label(label) if self.two_way and label else label
            gold = two_way_label(pair.label) if self.two_way and pair.label else pair.label
            yield {"line": pair.line, "id": pair.id, "premise": pair.premise, "hypothesis": pair.hypothesis,
                   "gold": pair.label.value if pair.label else None, "label": label.value if label else None,
                   "correct": None if label is None else scored is gold, "component": d.component.value,
                   "confidence": round(d.confidence, 6), "error": d.error,
                   "proof": d.proof.as_json() if d.proof is not None else None}


def evaluate(data: str | Path | Sequence[Pair], classifier: "HybridClassifier | None" = None, *,
             input_format: str = "sick", labels: str = "corrected", sick_set: str | None = None,
             limit: int | None = None, on_chunk: Callable[[int], None] | None = None,
             on_ready: Callable[[float], None] | None = None) -> Evaluation:
    """Decide every pair of `data` (a file, read with `input_format` and `labels`, or pairs) with
    `classifier` (default: the engine alone) and score the answers. A pair past the engine's --timeout
    is no answer and is left out of the scores; one the engine failed on counts as an error."""
    if isinstance(data, (str, Path)):
        pairs, bad = usable_pairs(data, input_format, labels, True, sick_set, limit)
    else:
        pairs, bad = list(data)[:limit], []
        if any(p.label is None for p in pairs):
            raise InputError("every pair to evaluate needs a gold label")
    classifier = classifier or HybridClassifier.load()
    loads: list[float] = []

    def ready(seconds: float) -> None:
        loads.append(seconds)
        if on_ready is not None:
            on_ready(seconds)

    start = time.perf_counter()
    decisions = classifier.classify([(p.premise, p.hypothesis) for p in pairs], on_chunk=on_chunk, on_ready=ready)
    load = max(loads, default=0.0)          # workers load side by side, before their first pairs
    scored = [(cast(Label, p.label), d.label) for p, d in zip(pairs, decisions) if not d.timed_out]
    gold = [g for g, _ in scored]
    # 2-way gold (entailment / non-entailment, as MNLI-style monotonicity benchmarks are) has no
    # contradiction: a predicted CONTRADICTION is then a non-entailment answer
    two_way = input_format in ("med", "mnli") or Label.CONTRADICTION not in gold
    errors = sum(1 for d in decisions if d.error and not d.timed_out)
    report = score(gold, [p for _, p in scored], errors, time.perf_counter() - start - load, two_way=two_way,
                   load_seconds=load)
    return Evaluation(report, tuple(pairs), tuple(decisions), two_way, tuple(bad))
