"""Evaluation of predictions against gold labels: accuracy, per-label P/R/F1, confusion matrix."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from monalog.inference.proof import Label

LABELS = (Label.ENTAILMENT, Label.CONTRADICTION, Label.NEUTRAL)


@dataclass(frozen=True)
class Report:
    n: int
    accuracy: float
    labels: dict
    confusion: dict
    errors: int
    seconds: float                  # deciding the pairs, without the prover workers' model loading
    load_seconds: float = 0.0       # the prover's model loading (the slowest worker's)

    def as_json(self) -> dict:
        return {"n": self.n, "accuracy": self.accuracy, "labels": self.labels, "confusion": self.confusion,
                "errors": self.errors, "seconds": self.seconds, "load_seconds": self.load_seconds,
                "pairs_per_second": self.n / self.seconds if self.seconds else None}

    def table(self) -> str:
        lines = [f"pairs {self.n}   accuracy {self.accuracy:.2%}   errors {self.errors}   "
                 f"{self.seconds:.1f} s ({self.n / self.seconds if self.seconds else 0:.1f} pairs/s; "
                 f"models loaded in {self.load_seconds:.1f} s)", "",
                 f"{'label':<14}{'precision':>10}{'recall':>10}{'f1':>10}{'support':>9}"]
        for label in LABELS:
            m = self.labels[label.value]
            lines.append(f"{label.value:<14}{m['precision']:>10.2%}{m['recall']:>10.2%}{m['f1']:>10.2%}{m['support']:>9}")
        lines += ["", "confusion (rows gold, columns predicted)",
                  " " * 14 + "".join(f"{lab.value[:7]:>9}" for lab in LABELS)]
        for gold in LABELS:
            lines.append(f"{gold.value:<14}" + "".join(f"{self.confusion[gold.value][p.value]:>9}" for p in LABELS))
        return "\n".join(lines)


def two_way_label(label: Label) -> Label:
    """A label as 2-way gold (entailment / non-entailment) scores it: CONTRADICTION counts as NEUTRAL."""
    return Label.NEUTRAL if label is Label.CONTRADICTION else label


def evaluate(gold: Sequence[Label], predicted: Sequence[Label], errors: int = 0, seconds: float = 0.0,
             two_way: bool = False, load_seconds: float = 0.0) -> Report:
    """Metrics; with two_way (MED) a predicted CONTRADICTION counts as NEUTRAL (non-entailment)."""
    if two_way:
        predicted, gold = [two_way_label(p) for p in predicted], [two_way_label(g) for g in gold]
    pairs = list(zip(gold, predicted))
    confusion = {g.value: {p.value: 0 for p in LABELS} for g in LABELS}
    for g, p in pairs:
        confusion[g.value][p.value] += 1
    gold_count, pred_count = Counter(g for g, _ in pairs), Counter(p for _, p in pairs)
    per_label = {}
    for label in LABELS:
        tp = confusion[label.value][label.value]
        precision = tp / pred_count[label] if pred_count[label] else 0.0
        recall = tp / gold_count[label] if gold_count[label] else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        per_label[label.value] = {"precision": precision, "recall": recall, "f1": f1, "support": gold_count[label]}
    accuracy = sum(g == p for g, p in pairs) / len(pairs) if pairs else 0.0
    return Report(len(pairs), accuracy, per_label, confusion, errors, seconds, load_seconds)
