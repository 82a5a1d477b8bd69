"""Running a KBIN-style recipe over claims: reading, one negation per claim, output rows and a report."""
from __future__ import annotations

import json
import logging
import statistics
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

from monalog.errors import InputError, MonalogError
from monalog.fileio import open_input
from monalog_perturb.knowledge.sources import Concept
from monalog_perturb.core import Candidate, Recipe

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Claim:
    id: str
    text: str


def read_claims(path: str | Path) -> Iterator[Claim | tuple[int, str]]:
    """JSONL with "id" and "claim" (SciFact), or one claim a line; bad lines as (line, reason)."""
    path = Path(path)
    with open_input(path) as handle:
        for n, line in enumerate(handle, 1):
            if not line.strip():
                continue
            if line.lstrip().startswith("{"):
                try:
                    row = json.loads(line)
                    text = row.get("claim") if isinstance(row, dict) else None
                except ValueError as exc:
                    yield n, f"bad JSON: {exc}"
                    continue
                if not isinstance(text, str) or not text.strip():
                    yield n, "no \"claim\" string"
                    continue
                yield Claim(str(row.get("id", n)), text.strip())
            else:
                yield Claim(str(n), line.strip())


def _concept(concept: Concept | None) -> dict | None:
    return None if concept is None else {"id": concept.id, "name": concept.name, "type": concept.type}


def output_row(claim: Claim, chosen: Candidate, recipe: Recipe, fluency_kind: str) -> dict:
    edit = chosen.edit
    provenance = edit.provenance
    scores = {k: v for k, v in chosen.scores if k not in ("candidates", "variants")}
    if provenance.get("similarity") is not None:
        scores["similarity"] = provenance["similarity"]
    return {"source": claim.id, "claim": claim.text, "negation": chosen.text, "entity": edit.before,
            "replacement": edit.after, "concept": _concept(provenance.get("concept")),
            "sibling": _concept(provenance.get("sibling")), "kb": provenance.get("kb"), "scores": scores,
            "recipe": recipe.name, "fluency": fluency_kind, "span": [edit.start, edit.end]}


@dataclass
class KbinReport:
    claims: int = 0
    negated: int = 0
    failed: list[tuple[str, str]] = field(default_factory=list)
    candidates: list[int] = field(default_factory=list)
    scores: dict[str, list[float]] = field(default_factory=dict)
    by_kb: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0

    def as_json(self) -> dict:
        def describe(values):
            if not values:
                return None
            q = statistics.quantiles(values, n=4) if len(values) > 1 else [values[0]] * 3
            return {"n": len(values), "mean": statistics.fmean(values), "min": min(values), "q1": q[0],
                    "median": q[1], "q3": q[2], "max": max(values)}
        return {"claims": self.claims, "negated": self.negated,
                "yield": self.negated / self.claims if self.claims else 0.0, "failed": len(self.failed),
                "candidates_per_claim": describe([float(c) for c in self.candidates]),
                "scores": {k: describe(v) for k, v in sorted(self.scores.items())}, "by_kb": self.by_kb,
                "seconds": round(self.seconds, 1)}

    def table(self) -> str:
        data = self.as_json()
        lines = [f"claims {self.claims}, negated {self.negated} (yield {data['yield']:.1%}), failed {len(self.failed)}, "
                 f"{self.seconds:.1f} s"]
        if data["candidates_per_claim"]:
            c = data["candidates_per_claim"]
            lines.append(f"candidates per claim (all claims): mean {c['mean']:.1f}, median {c['median']:.0f}, max {c['max']:.0f}")
        for name, d in data["scores"].items():
            if d:
                lines.append(f"{name:<14} mean {d['mean']:.3f}  median {d['median']:.3f}  [{d['min']:.3f}, {d['max']:.3f}]")
        lines.append("by knowledge source: " + ", ".join(f"{k} {v}" for k, v in sorted(self.by_kb.items())))
        return "\n".join(lines)


def run_kbin(claims: list[Claim], recipe: Recipe, fluency_kind: str,
             progress: Callable[[int], None] | None = None) -> tuple[list[dict], KbinReport]:
    import time

    report, rows, start = KbinReport(), [], time.perf_counter()
    for claim in claims:
        report.claims += 1
        try:
            chosen = recipe(Candidate.original(claim.text, context=claim))
        except (MonalogError, InputError) as exc:
            log.warning("claim %s skipped: %s", claim.id, exc)
            report.failed.append((claim.id, " ".join(str(exc).split())))
            chosen = []
        report.candidates.append(int(chosen[0].score("candidates")) if chosen else 0)
        if chosen:
            row = output_row(claim, chosen[0], recipe, fluency_kind)
            rows.append(row)
            report.negated += 1
            report.by_kb[row["kb"]] = report.by_kb.get(row["kb"], 0) + 1
            for name, value in row["scores"].items():
                report.scores.setdefault(name, []).append(value)
        if progress:
            progress(1)
    report.seconds = time.perf_counter() - start
    return rows, report
