"""MED's dev half (issue 51): the prover on all 2,632 pairs of ../shared/data/nli/MED_dev.tsv (Yanaka et
al. 2019, 2-way), overall and per construction (the `genre` tags: downward_monotone, npi, conditionals,
lexical_knowledge, ...), side by side with a baseline commit in one run.

    .venv/bin/python -m benchmarks.med [--baseline 4403da7] [--workers 2]

Each code runs `monalog eval --predictions` in a child process (the baseline in a temporary git
worktree). Every ENTAILMENT that MED labels neutral goes to results/med_false_entailments.tsv, where a
reader's verdict (label-error: the premise does entail the hypothesis, or MED's pair is otherwise
mislabelled; engine-error; blank: not read) and reason are kept across runs, so the precision is given
with and without the pairs judged mislabelled. Writes results/med_dev.json and .md.
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

from benchmarks.worktree import checked_out

ROOT = Path(__file__).resolve().parents[1]
MED = ROOT.parent / "shared" / "data" / "nli" / "MED_dev.tsv"
RESULTS = ROOT / "benchmarks" / "results"
VERDICTS = RESULTS / "med_false_entailments.tsv"
PYTHON = ROOT / ".venv" / "bin" / "python"


def predictions(tree: Path, workers: int) -> list[dict]:
    """`monalog eval` of the code in `tree` on MED_dev, one row a pair."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "predictions.jsonl"
        env = {**os.environ, "PYTHONPATH": str(tree)}
        subprocess.run([str(PYTHON), "-m", "monalog", "eval", str(MED), "--input-format", "mnli",
                        "--workers", str(workers), "--predictions", str(out)], cwd=tree, env=env, check=True,
                       stdout=subprocess.DEVNULL)
        return [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]


def cell(rows: list[dict]) -> dict:
    said_e = [r for r in rows if r["label"] == "ENTAILMENT"]
    gold_e = [r for r in rows if r["gold"] == "ENTAILMENT"]
    right_e = sum(r["gold"] == "ENTAILMENT" for r in said_e)
    return {"n": len(rows), "accuracy": sum(bool(r["correct"]) for r in rows) / len(rows),
            "predicted_E": len(said_e), "E_precision": right_e / len(said_e) if said_e else None,
            "E_recall": right_e / len(gold_e) if gold_e else None}


def score(rows: list[dict], genres: dict[str, str]) -> dict:
    tags = defaultdict(list)
    for r in rows:
        for tag in genres[r["id"]].split(":")[1:]:
            tags[tag].append(r)
    return {"overall": cell(rows), "tags": {t: cell(v) for t, v in sorted(tags.items(), key=lambda kv: -len(kv[1]))}}


def adjudicate(rows: list[dict]) -> dict:
    """Keep the verdicts of earlier runs; new false ENTAILMENTs are added unread."""
    old = {}
    if VERDICTS.exists():
        with VERDICTS.open(encoding="utf-8") as handle:
            old = {(r["premise"], r["hypothesis"]): r for r in csv.DictReader(handle, delimiter="\t")}
    wrong = [r for r in rows if r["label"] == "ENTAILMENT" and r["gold"] != "ENTAILMENT"]
    table = [{"id": r["id"], "premise": r["premise"].strip(), "hypothesis": r["hypothesis"].strip(),
              "verdict": old.get((r["premise"].strip(), r["hypothesis"].strip()), {}).get("verdict", ""),
              "reason": old.get((r["premise"].strip(), r["hypothesis"].strip()), {}).get("reason", "")}
             for r in wrong]
    with VERDICTS.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, ["id", "premise", "hypothesis", "verdict", "reason"], delimiter="\t",
                                lineterminator="\n")
        writer.writeheader()
        writer.writerows(table)
    counts = {v: sum(r["verdict"] == v for r in table) for v in ("label-error", "engine-error", "")}
    said_e = sum(r["label"] == "ENTAILMENT" for r in rows)
    mislabelled = counts["label-error"]
    right = said_e - len(table)
    return {**counts, "E_precision_without_mislabelled": right / (said_e - mislabelled) if said_e > mislabelled
            else None}


def _pct(x) -> str:
    return "–" if x is None else f"{x:.1%}"


def markdown(report: dict) -> str:
    now, before = report["current"], report["baseline"]
    md = ["# MED, dev half (issue 51)", "", f"Command: `{report['command']}` (2 CPU cores); "
          f"{now['overall']['n']} pairs, 2-way. Baseline: {report['baseline_commit']}, same run.", "",
          "| | accuracy | E predicted | E precision | E recall |", "|---|---|---|---|---|"]
    for name, part in (("baseline", before), ("current", now)):
        o = part["overall"]
        md.append(f"| {name} | {o['accuracy']:.2%} | {o['predicted_E']} | {_pct(o['E_precision'])} | "
                  f"{_pct(o['E_recall'])} |")
    a = report["adjudicated"]
    md += ["", f"Of the current code's false ENTAILMENTs a reader judged {a['label-error']} mislabelled by MED, "
           f"{a['engine-error']} the engine's errors, {a['']} not read (`med_false_entailments.tsv`, with a reason "
           f"for each); without the mislabelled pairs the ENTAILMENT precision is "
           f"{_pct(a['E_precision_without_mislabelled'])}.", "",
           "Per construction (a pair counts under each of its tags):", "",
           "| tag | pairs | accuracy before | accuracy now | E precision now | E recall now |",
           "|---|---|---|---|---|---|"]
    for tag, c in now["tags"].items():
        b = before["tags"].get(tag, {})
        md.append(f"| {tag} | {c['n']} | {_pct(b.get('accuracy'))} | {c['accuracy']:.1%} | "
                  f"{_pct(c['E_precision'])} | {_pct(c['E_recall'])} |")
    return "\n".join(md) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--baseline", default="4403da7", help="the commit to compare with")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    with MED.open(encoding="utf-8") as handle:
        genres = {r["pairID"]: r["genre"] for r in csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)}
    current = predictions(ROOT, args.workers)
    with checked_out(args.baseline) as base:
        baseline = predictions(base, args.workers)
    report = {"command": f"python -m benchmarks.med --baseline {args.baseline} --workers {args.workers}",
              "baseline_commit": args.baseline, "current": score(current, genres),
              "baseline": score(baseline, genres), "adjudicated": adjudicate(current)}
    (RESULTS / "med_dev.json").write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    (RESULTS / "med_dev.md").write_text(markdown(report), encoding="utf-8")
    sys.stdout.write(markdown(report))


if __name__ == "__main__":
    main()
