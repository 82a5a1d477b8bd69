"""BioNLI rule-based negatives at scale: records made from SciFact claims with entities typed by
the OpenBEL vocabularies, repeated to 10,000 records; time and per-strategy coverage.

    .venv/bin/python benchmarks/bionli.py

Each SciFact claim (../shared/data/bio/scifact) whose first two dictionary entities can be marked
becomes a record; its premise is the claim's neighbouring claims (a stand-in: no abstracts offline).
Writes benchmarks/results/bionli.json and bionli.md.
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from monalog_perturb.bio.bionli import STRATEGIES  # noqa: E402
from monalog_perturb.bio.conclusions import mark_entities  # noqa: E402
from monalog_perturb.bio.records import MechanismRecord  # noqa: E402
from monalog_perturb.bio.entity_typing import DictionaryTyper  # noqa: E402
from monalog_perturb.recipes.bionli import BioNLIOptions, build  # noqa: E402
from monalog_perturb.runner import collect  # noqa: E402

BIO = ROOT.parent / "shared" / "data" / "bio"


def main() -> None:
    start = time.perf_counter()
    typer = DictionaryTyper.from_files(sorted((BIO / "openbel").glob("*.belns")))
    load = time.perf_counter() - start
    claims = [json.loads(line)["claim"] for line in (BIO / "scifact" / "claims_train.jsonl").open(encoding="utf-8")]
    base = []
    for i, claim in enumerate(claims):
        marked = mark_entities(claim, typer)
        if marked:
            premise = " ".join(claims[max(0, i - 2):i] + claims[i + 1:i + 3])
            base.append(MechanismRecord(f"scifact-{i}", premise, marked))
    records = [MechanismRecord(f"{r.id}-{k}", r.premise, r.hypothesis) for k in range(10_000 // len(base) + 1)
               for r in base][:10_000]
    start = time.perf_counter()
    generator = build(BioNLIOptions(seed=0), typer)
    out, _ = collect(records, generator)
    stats = generator.stats
    seconds = time.perf_counter() - start
    report = {"command": "python benchmarks/bionli.py", "claims": len(claims), "records_from_claims": len(base),
              "records": len(records), "negatives": len(out), "seconds": seconds,
              "records_per_second": len(records) / seconds, "vocabulary_names": len(typer.names),
              "vocabulary_load_seconds": load,
              "applicable": dict(stats.applicable), "produced": dict(stats.produced)}
    res = ROOT / "benchmarks" / "results" / "bionli"
    res.with_suffix(".json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    md = ["# BioNLI rule-based negatives", "", f"Command: `{report['command']}` (one process).", "",
          f"{len(base)} of {len(claims)} SciFact claims get two typed entities (OpenBEL vocabularies, "
          f"{len(typer.names):,} names, loaded in {load:.1f} s); repeated to {len(records):,} records.", "",
          f"Perturbed {len(records):,} records in {seconds:.1f} s ({report['records_per_second']:.0f} records/s; "
          "floor: 10k in under a minute).", "", "```", stats.table(list(STRATEGIES)), "```", ""]
    res.with_suffix(".md").write_text("\n".join(md), encoding="utf-8")
    print("\n".join(md))


if __name__ == "__main__":
    main()
