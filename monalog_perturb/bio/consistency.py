"""The consistency metric of BioNLI (section 4.4): for each threshold x, the share of mechanisms
(an original and its perturbations) of which at least x% of the perturbations are classified
correctly. A table, and a PNG curve like the paper's Figure 2."""
from __future__ import annotations

import logging
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from monalog.errors import InputError
from monalog.rows import BadRow, Row, read_jsonl
from monalog.fileio import atomic_path

log = logging.getLogger(__name__)

THRESHOLDS = tuple(range(0, 101, 10))


@dataclass(frozen=True)
class Consistency:
    mechanisms: int
    shares: dict[int, float]          # threshold (percent) -> share of mechanisms at or above it

    def table(self) -> str:
        lines = [f"{'at least':>9}  {'mechanisms':>10}", *(f"{t:>8}%  {s:>10.1%}" for t, s in self.shares.items())]
        return "\n".join(lines + [f"({self.mechanisms} mechanisms)"])


def consistency(rows: Iterable[dict], thresholds: Iterable[int] = THRESHOLDS) -> Consistency:
    """rows: {"source", "label", "prediction"} per perturbation (originals, labelled ENTAILMENT,
    count too when present). A prediction is correct when it equals the label, NOT_ENTAILMENT
    matching any non-entailment prediction (CONTRADICTION, NEUTRAL)."""
    per_source: dict[str, list[bool]] = defaultdict(list)
    for i, row in enumerate(rows, 1):
        try:
            gold, pred = row["label"].upper(), row["prediction"].upper()
            per_source[str(row["source"])].append(gold == pred or (gold == "NOT_ENTAILMENT" and pred != "ENTAILMENT"))
        except (KeyError, AttributeError, TypeError) as exc:
            raise InputError(f"prediction row {i} lacks source/label/prediction", input=row) from exc
    rates = [sum(v) / len(v) for v in per_source.values()]
    shares = {t: (sum(r * 100 >= t for r in rates) / len(rates) if rates else 0.0) for t in thresholds}
    return Consistency(len(rates), shares)


def read_predictions(path: str | Path, on_bad: Callable[[BadRow], None] | None = None) -> list[dict]:
    """The rows with string "source", "label" and "prediction"; any other line is a BadRow given to
    `on_bad` (logged when there is none) and skipped."""
    rows = []
    for row in read_jsonl(path):
        if isinstance(row, Row) and isinstance(row.fields.get("source"), (str, int)) \
                and row.text("label") and row.text("prediction"):
            rows.append(row.fields)
            continue
        bad = row if isinstance(row, BadRow) else BadRow(row.line, "needs \"source\", \"label\" and \"prediction\"")
        if on_bad:
            on_bad(bad)
        else:
            log.warning("%s:%d: skipped: %s", path, bad.line, bad.reason)
    return rows


PLOT_SOFTWARE = "monalog perturb consistency"


def is_plot(path: Path) -> bool:
    """A previous output of `plot`: a PNG whose metadata names this command."""
    try:
        with path.open("rb") as handle:
            head = handle.read(4096)
    except OSError:
        return False
    return head.startswith(b"\x89PNG") and PLOT_SOFTWARE.encode() in head


def plot(result: Consistency, path: str | Path, title: str = "Consistency") -> None:
    """Write the curve (x: threshold, y: share of mechanisms) as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(5, 3.5), dpi=120)
    xs = list(result.shares)
    ax.plot(xs, [100 * result.shares[x] for x in xs], marker="o")
    ax.set_xlabel("perturbations classified correctly (at least, %)")
    ax.set_ylabel("mechanisms (%)")
    ax.set_ylim(0, 105)
    ax.set_title(f"{title} ({result.mechanisms} mechanisms)")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    with atomic_path(path, suffix=".png") as tmp:
        fig.savefig(str(tmp), metadata={"Software": PLOT_SOFTWARE})
    plt.close(fig)
