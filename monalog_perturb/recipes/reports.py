"""The reports of the KBIN and EvoNLI recipes (yields, score distributions, pass rates)."""
from __future__ import annotations

import statistics
from dataclasses import dataclass, field

from monalog_perturb.searches.evolution import EvoResult


@dataclass
class KbinReport:
    """KBIN's yield, candidates per claim and score distributions."""

    claims: int = 0
    negated: int = 0
    failed: list[tuple[str, str]] = field(default_factory=list)
    candidates: list[int] = field(default_factory=list)
    scores: dict[str, list[float]] = field(default_factory=dict)
    by_kb: dict[str, int] = field(default_factory=dict)
    skipped: dict[str, int] = field(default_factory=dict)      # reason -> entities or siblings not swapped
    seconds: float = 0.0

    def add(self, row: dict) -> None:
        """Count one negation (a row of the shared schema)."""
        self.negated += 1
        kb = row["provenance"]["kb"]
        self.by_kb[kb] = self.by_kb.get(kb, 0) + 1
        for name, value in row["scores"].items():
            self.scores.setdefault(name, []).append(value)

    def as_json(self) -> dict:
        def describe(values):
            if not values:
                return None
            q = statistics.quantiles(values, n=4, method="inclusive") if len(values) > 1 else [values[0]] * 3
            return {"n": len(values), "mean": statistics.fmean(values), "min": min(values), "q1": q[0],
                    "median": q[1], "q3": q[2], "max": max(values)}
        return {"claims": self.claims, "negated": self.negated,
                "yield": self.negated / self.claims if self.claims else 0.0, "failed": len(self.failed),
                "candidates_per_claim": describe([float(c) for c in self.candidates]),
                "scores": {k: describe(v) for k, v in sorted(self.scores.items())}, "by_kb": self.by_kb,
                "not_swapped": dict(sorted(self.skipped.items())), "seconds": round(self.seconds, 1)}

    def table(self) -> str:
        data = self.as_json()
        lines = [f"claims {self.claims}, negated {self.negated} (yield {data['yield']:.1%}), "
                 f"failed {len(self.failed)}, {self.seconds:.1f} s"]
        if data["candidates_per_claim"]:
            c = data["candidates_per_claim"]
            lines.append(f"candidates per claim (all claims): mean {c['mean']:.1f}, median {c['median']:.0f}, "
                         f"max {c['max']:.0f}")
        for name, d in data["scores"].items():
            if d:
                lines.append(f"{name:<14} mean {d['mean']:.3f}  median {d['median']:.3f}  "
                             f"[{d['min']:.3f}, {d['max']:.3f}]")
        lines.append("by knowledge source: " + ", ".join(f"{k} {v}" for k, v in sorted(self.by_kb.items())))
        if self.skipped:
            lines.append("not swapped: " + ", ".join(f"{k} {v}" for k, v in sorted(self.skipped.items())))
        return "\n".join(lines)


@dataclass
class EvoReport:
    """EvoNLI's attack success rate, contradiction ratio, filter pass rates and mutation types."""

    pairs: int = 0
    successes: int = 0
    evaluated: int = 0
    contradictions: int = 0
    proposed: int = 0
    filters: dict[str, list[int]] = field(default_factory=dict)
    mutation_types: dict[str, int] = field(default_factory=dict)
    skipped: dict[str, int] = field(default_factory=dict)          # reason -> pairs not mutated
    refused: dict[str, int] = field(default_factory=dict)          # rule check reason -> children refused
    oppositions: dict[str, int] = field(default_factory=dict)      # rule check kind -> successes

    def add(self, result: EvoResult, mutation: str | None) -> None:
        self.pairs += 1
        if result.skipped:
            self.skipped[result.skipped] = self.skipped.get(result.skipped, 0) + 1
        for reason, n in result.refused.items():
            self.refused[reason] = self.refused.get(reason, 0) + n
        if result.success is not None and result.opposition:
            self.oppositions[result.opposition] = self.oppositions.get(result.opposition, 0) + 1
        self.successes += result.success is not None
        self.evaluated += result.evaluated
        self.contradictions += result.contradictions
        self.proposed += result.proposed
        for name, (checked, passed) in result.filters.items():
            counts = self.filters.setdefault(name, [0, 0])
            counts[0] += checked
            counts[1] += passed
        if mutation:
            self.mutation_types[mutation] = self.mutation_types.get(mutation, 0) + 1

    def as_json(self) -> dict:
        def rate(name):
            checked, passed = self.filters.get(name, (0, 0))
            return passed / checked if checked else None
        return {"pairs": self.pairs, "successes": self.successes,
                "attack_success_rate": self.successes / self.pairs if self.pairs else 0.0,
                "contradiction_ratio": self.contradictions / self.evaluated if self.evaluated else 0.0,
                "candidates_proposed": self.proposed,
                "similarity_pass_rate": rate("similarity"), "claim_pass_rate": rate("claim"),
                "mutation_types": self.mutation_types, "skipped": dict(sorted(self.skipped.items())),
                "rule_check_refused": dict(sorted(self.refused.items())),
                "rule_check_kinds": dict(sorted(self.oppositions.items()))}

    def table(self) -> str:
        d = self.as_json()
        rate = lambda v: "off or nothing checked" if v is None else f"{v:.1%}"  # noqa: E731
        return (f"pairs {d['pairs']}, successes {d['successes']} (attack success rate {d['attack_success_rate']:.1%}); "
                f"contradiction ratio {d['contradiction_ratio']:.1%} of {self.evaluated} scored children; "
                f"filter pass rates: similarity {rate(d['similarity_pass_rate'])}, claim {rate(d['claim_pass_rate'])}\n"
                "mutation types: " + ", ".join(f"{k} {v}" for k, v in sorted(self.mutation_types.items()))
                + "".join(f"\n{title}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
                          for title, counts in (("skipped pairs", self.skipped), ("refused by the rule check",
                                                                                self.refused)) if counts))
