"""KBIN on the SciFact train claims with the offline defaults (DrugBank, HPO, FamPlex; packaged
MiniLM name embeddings; wordfreq fluency; no teacher), and the random same-type baseline.
Timing: the 809 claims repeated to 1,000 (floor: under 10 minutes on 2 cores without an LLM).

    .venv/bin/python -m benchmarks.kbin

Writes benchmarks/results/kbin.json and .md (yield, candidates per claim, score distributions).

    .venv/bin/python -m benchmarks.kbin sample [N] [SEED]

draws N (default 60) KBIN outputs on the SciFact train claims at random (seed default 17) into
benchmarks/results/kbin_sample.tsv, with empty columns for a reader's judgement (real entity,
same-type sibling, fluent, negates; a good negation is all four).

    .venv/bin/python -m benchmarks.kbin score

counts both readers' verdicts (kbin_sample_main.tsv, the developer; kbin_sample_second.tsv, the blind
reader), good negations and their agreement per column into kbin_sample.json's "readers" entry.
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from monalog_perturb.claims import Claim, read_claims
from monalog_perturb.recipes.kbin import KbinOptions, build
from monalog_perturb.runner import collect

ROOT = Path(__file__).resolve().parents[1]


def run_kbin(claims, options):
    """The recipe built from `options` (the same `build` as the CLI's) over the claims, in memory."""
    start = time.perf_counter()
    generator = build(options)
    load = time.perf_counter() - start
    rows, run = collect(claims, generator)
    generator.report.failed, generator.report.seconds = run.failed, run.seconds
    return rows, generator.report, load


CLAIMS = ROOT.parent / "shared" / "data" / "bio" / "scifact" / "claims_train.jsonl"


def sample(n: int = 60, seed: int = 17) -> None:
    import csv
    import random

    claims = [c for c in read_claims(CLAIMS) if isinstance(c, Claim)]
    rows, report, _ = run_kbin(claims, KbinOptions())
    drawn = random.Random(seed).sample(rows, min(n, len(rows)))
    out = ROOT / "benchmarks" / "results" / "kbin_sample.tsv"
    with out.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, delimiter="\t", lineterminator="\n")
        writer.writerow(["n", "id", "kb", "replaced", "by", "concept", "sibling", "claim", "negation",
                         "real_entity", "same_type_sibling", "fluent", "negates", "note"])
        for i, r in enumerate(drawn, 1):
            e, p = r["edit"], r["provenance"]
            writer.writerow([i, r["source"], p["kb"], e["before"], e["after"], p["concept"]["name"],
                             p["sibling"]["name"], r["original"], r["text"], "", "", "", "", ""])
    print(f"{len(rows)} of {len(claims)} claims negated ({len(rows) / len(claims):.1%}); {len(drawn)} drawn "
          f"(seed {seed}) into {out}")


def score() -> None:
    """Both readers' verdicts on the KBIN sample and their agreement (see the module docstring)."""
    import csv

    from benchmarks.bionli import reader_agreement

    results = ROOT / "benchmarks" / "results"
    first, second = (list(csv.DictReader((results / f"kbin_sample_{w}.tsv").open(encoding="utf-8"),
                                         delimiter="\t")) for w in ("main", "second"))
    if [r["negation"] for r in first] != [r["negation"] for r in second]:
        sys.exit("the two sheets do not hold the same outputs in the same order")
    columns = ("real_entity", "same_type_sibling", "fluent", "negates")
    for rows in (first, second):
        for r in rows:
            r["good"] = "y" if all(r[c].lower() == "y" for c in columns) else "n"
    readers = {"agreement": reader_agreement(first, second, columns + ("good",)),
               "negates_first_only": [r["n"] for r, q in zip(first, second)
                                          if r["negates"].lower() == "y" != q["negates"].lower()],
               "good_both": [r["n"] for r, q in zip(first, second) if r["good"] == q["good"] == "y"]}
    path = results / "kbin_sample.json"
    report = json.loads(path.read_text(encoding="utf-8"))
    report["readers"] = readers
    path.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(readers, indent=2))


def main() -> None:
    start = time.perf_counter()
    claims = [c for c in read_claims(CLAIMS) if isinstance(c, Claim)]
    thousand = (claims * 2)[:1000]
    rows, report, _ = run_kbin(thousand, KbinOptions())        # the offline defaults
    load_seconds = time.perf_counter() - start - report.seconds
    scifact = report.as_json()
    _, baseline, _ = run_kbin(claims, KbinOptions(baseline="random", seed=0))
    one_span = all(r["text"] == r["original"][:r["edit"]["span"][0]] + r["edit"]["after"]
                   + r["original"][r["edit"]["span"][1]:]
                   and r["provenance"]["concept"]["type"] == r["provenance"]["sibling"]["type"] for r in rows)
    result = {"command": "python -m benchmarks.kbin", "claims": len(claims),
              "negated_scifact": len({r['source'] for r in rows}),
              "yield_scifact": len({r['source'] for r in rows}) / len(claims),
              "run_1000": scifact, "seconds_1000_claims": report.seconds, "load_seconds": round(load_seconds, 1),
              "one_span_same_type": one_span, "random_baseline": baseline.as_json(),
              "examples": [{"claim": r["original"], "negation": r["text"], "kb": r["provenance"]["kb"]}
                           for r in rows[:8]]}
    out = ROOT / "benchmarks" / "results" / "kbin"
    out.with_suffix(".json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    c, s = scifact["candidates_per_claim"], scifact["scores"]
    md = ["# KBIN on the SciFact train claims (offline defaults)", "",
          "Command: `python -m benchmarks.kbin` on 2 CPU cores. Knowledge: DrugBank (MeSH-tree siblings), HPO, "
          "FamPlex; concept vectors: packaged MiniLM name embeddings; fluency: wordfreq; no teacher.", "",
          "| claims | negated | yield | candidates/claim (mean, median) | similarity median | fluency median | "
          "1,000 claims | by source |", "|---|---|---|---|---|---|---|---|",
          f"| {len(claims)} | {result['negated_scifact']} | {result['yield_scifact']:.1%} | "
          f"{c['mean']:.1f}, {c['median']:.0f} | {s['similarity']['median']:.3f} | {s['fluency']['median']:.2f} | "
          f"{report.seconds:.0f} s (+{load_seconds:.0f} s loading) | "
          + ", ".join(f"{k} {v}" for k, v in sorted(scifact['by_kb'].items())) + " |", "",
          f"Random same-type baseline: yield {baseline.as_json()['yield']:.1%}. Every output is a one-span change "
          f"to a same-type sibling: {one_span}. Floors: yield ≥ 25%, 1,000 claims < 10 min.", "", "Examples:", ""]
    md += [f"- {e['claim']} -> **{e['negation']}** ({e['kb']})" for e in result["examples"]]
    out.with_suffix(".md").write_text("\n".join(md) + "\n", encoding="utf-8")
    print("\n".join(md))


if __name__ == "__main__":
    if sys.argv[1:2] == ["sample"]:
        sample(*(int(x) for x in sys.argv[2:4]))
    elif sys.argv[1:2] == ["score"]:
        score()
    else:
        main()
