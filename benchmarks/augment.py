"""Augmentation benchmark: every SICK TRAIN premise through `monalog augment` (2 workers, re-proving
on), then an independent re-proof of a seeded sample of the output.

    .venv/bin/python -m benchmarks.augment [--workers 2] [--sample 3000] [--unfiltered]

The generated pairs go to benchmarks/work/augment_train.jsonl (not committed: large; the hybrid
benchmark reads it). Writes benchmarks/results/augment.json and .md.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

from monalog.augment.generate import AugmentSettings
from monalog.augment.runner import augment_file, progress_file
from monalog.inference.alignment import Knowledge
from monalog.inference.batch import prove_all
from monalog.inference.prover import ProverSettings
from monalog.errors import MonalogError

ROOT = Path(__file__).resolve().parents[1]
SICK = ROOT.parent / "shared" / "data" / "sick" / "SICK_corrected_train_trial.tsv"
WORK = ROOT / "benchmarks" / "work"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", default=str(SICK))
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--sample", type=int, default=3000, help="pairs re-proved independently afterwards")
    ap.add_argument("--unfiltered", action="store_true",
                    help="also run with the fluency filter off (--min-fluency off), side by side")
    args = ap.parse_args()
    out = WORK / "augment_train.jsonl"
    configs = [("fluency filter on (default)", AugmentSettings(), out)]
    if args.unfiltered:
        configs.append(("fluency filter off", AugmentSettings(min_fluency=float("-inf")),
                        WORK / "augment_train_unfiltered.jsonl"))
    runs = [run(name, settings, path, args) for name, settings, path in configs]
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    sample = random.Random(0).sample(rows, min(args.sample, len(rows)))
    proofs = prove_all([(r["premise"], r["hypothesis"]) for r in sample],
                       ProverSettings(knowledge=Knowledge.SYMBOLIC, exclusions=True),   # logic alone, with the
                       workers=args.workers)                                             # exclusions augment uses
    agree = sum(not isinstance(p, MonalogError) and p.label.value == r["label"] for p, r in zip(proofs, sample))
    depth = Counter(sum(s["kind"] not in ("normalize", "negate") for s in r["proof"]) for r in rows)
    result = {"command": "python -m benchmarks.augment " + " ".join(sys.argv[1:]), "runs": runs,
              "edits": {str(k): v for k, v in sorted(depth.items())},
              "reproved_sample": len(sample), "reproved_to_own_label": agree}
    res = ROOT / "benchmarks" / "results" / "augment"
    res.with_suffix(".json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    md = ["# Augmentation benchmark (SICK TRAIN premises)", "",
          f"Command: `{result['command']}` on 2 CPU cores (model loading, parsing and the re-proof of every "
          "pair included; configurations run one after the other in one process).", "",
          "| configuration | premises | failed | pairs | ENTAILMENT | CONTRADICTION | pairs/premise | seconds | "
          "pairs/s |", "|---|---|---|---|---|---|---|---|---|"]
    md += [f"| {r['configuration']} | {r['premises']} | {r['failed_premises']} | {r['pairs']} | "
           f"{r['labels'].get('ENTAILMENT', 0)} | {r['labels'].get('CONTRADICTION', 0)} | "
           f"{r['pairs_per_premise']} | {r['seconds']} | {r['pairs_per_second']} |" for r in runs]
    md += ["", "Independent re-proof (default output, seeded sample, symbolic prover with --exclusions): "
           f"{agree}/{len(sample)} pairs get their own label.", "",
           "Edits per pair in the default output (0: a contradictory of the premise itself, or the premise with "
           "one word swapped for an excluding one): " +
           ", ".join(f"{k}: {v}" for k, v in result["edits"].items()), "",
           "Floor: ≥ 300 generated pairs/s on 2 cores with the filters on; every pair re-proves to its own label."]
    res.with_suffix(".md").write_text("\n".join(md) + "\n", encoding="utf-8")
    print("\n".join(md))


def run(name: str, settings: AugmentSettings, out: Path, args) -> dict:
    """Every SICK TRAIN premise through the runner with `settings` into `out`, started afresh when
    `out` is a previous output of the runner (its .progress record beside it); any other file there
    is left alone and the runner refuses it."""
    record = progress_file(out)
    if record.path.exists() and record.is_progress(record.path) and (not out.exists() or record.starts_with_row(out)):
        out.unlink(missing_ok=True)             # the runner's own output and record, nothing else
        record.path.unlink()
    start = time.perf_counter()
    report = augment_file(args.data, out, settings, workers=args.workers, sick_set="TRAIN")
    wall = time.perf_counter() - start
    return {"configuration": name, "premises": report.premises, "failed_premises": len(report.failed),
            "pairs": report.written, "labels": dict(report.labels), "seconds": round(wall, 1),
            "pairs_per_second": round(report.written / wall, 1),
            "pairs_per_premise": round(report.written / max(1, report.premises), 1)}


if __name__ == "__main__":
    main()
