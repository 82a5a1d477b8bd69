"""Monotonicity benchmark on data written before tuning (issue 13): polarity token accuracy per
operator on the gold sets, and the prover on the hand-written monotonicity suite and HELP's
conjunction/disjunction pairs, per operator and direction, with ENTAILMENT precision.

    .venv/bin/python -m benchmarks.monotonicity [--workers 2]

Data: tests/data/polarity_gold.tsv and polarity_gold_operators.tsv (own gold, Hu & Moss 2018
conventions), tests/data/monotonicity_suite.tsv (own pairs, 3-way), ../shared/data/nli/HELP_*.tsv
(HELP, Yanaka et al. 2019, CC BY-SA 4.0; 2-way: entailment / neutral). Writes
benchmarks/results/monotonicity.json and .md.
"""
from __future__ import annotations

import argparse
import csv
import json
import time
from collections import defaultdict
from pathlib import Path

from monalog.errors import MonalogError
from monalog.eval.datasets import parse_label
from monalog.eval.polarity_gold import read_gold, score_gold
from monalog.inference.batch import prove_all
from monalog.inference.proof import Label

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
HELP = ROOT.parent / "shared" / "data" / "nli"


def polarity() -> dict:
    out = {}
    for name in ("polarity_gold.tsv", "polarity_gold_operators.tsv"):
        gold = read_gold(DATA / name)
        groups = defaultdict(list)
        for g in gold:
            groups[g.group or "all"].append(g)
        per = {}
        for group, items in groups.items():
            s = score_gold(items)
            per[group] = {"sentences": s.sentences, "tokens": s.tokens, "accuracy": s.accuracy,
                          "exact": s.sentences_exact, "mismatches": [list(m) for m in s.mismatches]}
        tokens = sum(v["tokens"] for v in per.values())
        correct = sum(round(v["accuracy"] * v["tokens"]) for v in per.values())
        out[name] = {"sentences": len(gold), "tokens": tokens, "accuracy": correct / tokens,
                     "exact": sum(v["exact"] for v in per.values()), "groups": per}
    return out


def score(rows: list[dict], predicted: list[Label], key, two_way: bool) -> dict:
    """Accuracy and ENTAILMENT precision overall and per key(row)."""
    def cell(items) -> dict:
        gold = [g for g, _ in items]
        pred = [Label.NEUTRAL if two_way and p is Label.CONTRADICTION else p for _, p in items]
        said_e = [g for g, p in zip(gold, pred) if p is Label.ENTAILMENT]
        said_c = [g for g, p in zip(gold, pred) if p is Label.CONTRADICTION]
        return {"n": len(items), "accuracy": sum(g is p for g, p in zip(gold, pred)) / len(items),
                "predicted_E": len(said_e), "E_precision": (sum(g is Label.ENTAILMENT for g in said_e) / len(said_e))
                if said_e else None, "predicted_C": len(said_c),
                "C_precision": (sum(g is Label.CONTRADICTION for g in said_c) / len(said_c)) if said_c else None}

    groups = defaultdict(list)
    for row, p in zip(rows, predicted):
        groups[key(row)].append((row["gold"], p))
    return {"overall": cell([(r["gold"], p) for r, p in zip(rows, predicted)]),
            "groups": {k: cell(v) for k, v in sorted(groups.items())}}


def prove_rows(rows: list[dict], workers: int) -> tuple[list[Label], float, list]:
    start = time.perf_counter()
    results = prove_all([(r["premise"], r["hypothesis"]) for r in rows], workers=workers)
    seconds = time.perf_counter() - start
    labels = [Label.NEUTRAL if isinstance(r, MonalogError) else r.label for r in results]
    wrong_e = [{"premise": r["premise"], "hypothesis": r["hypothesis"], "gold": r["gold"].value,
                "proof": res.explain()} for r, res, p in zip(rows, results, labels)
               if p is Label.ENTAILMENT and r["gold"] is not Label.ENTAILMENT]
    return labels, seconds, wrong_e


def read_rows(path: Path, premise: str, hypothesis: str) -> list[dict]:
    with path.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))
    for r in rows:
        r["premise"], r["hypothesis"], r["gold"] = r[premise], r[hypothesis], parse_label(r["gold_label"])
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    report: dict = {"command": f"python -m benchmarks.monotonicity --workers {args.workers}", "polarity": polarity()}
    suite = read_rows(DATA / "monotonicity_suite.tsv", "premise", "hypothesis")
    labels, seconds, wrong = prove_rows(suite, args.workers)
    by_operator = score(suite, labels, lambda r: f"{r['operator']} / {r['direction']}", False)
    report["suite"] = {"seconds": seconds, "false_entailments": wrong, "by_operator_direction": by_operator,
                       "by_edit": score(suite, labels, lambda r: r["edit"], False)["groups"]}
    help_rows = [r for name in ("HELP_conjunction.tsv", "HELP_disjunction.tsv")
                 for r in read_rows(HELP / name, "ori_sentence", "new_sentence")]
    labels, seconds, wrong = prove_rows(help_rows, args.workers)
    report["help"] = {"seconds": seconds, "false_entailments": wrong[:50], "adjudicated": adjudicate(wrong),
                      **score(help_rows, labels, lambda r: f"{r['determiner']} / {r['monotonicity']}", True)}
    out = ROOT / "benchmarks" / "results" / "monotonicity"
    out.with_suffix(".json").write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    out.with_suffix(".md").write_text(markdown(report), encoding="utf-8")
    print(markdown(report))


def adjudicate(wrong: list[dict]) -> dict:
    """HELP's labels are generated, not judged: every ENTAILMENT it calls NEUTRAL goes to
    results/help_false_entailments.tsv, where a reader's verdict (valid: the premise does entail the
    hypothesis; invalid; blank: not read) is kept across runs by (premise, hypothesis)."""
    path = ROOT / "benchmarks" / "results" / "help_false_entailments.tsv"
    old = {}
    if path.exists():
        with path.open(encoding="utf-8") as handle:
            old = {(r["premise"], r["hypothesis"]): r for r in csv.DictReader(handle, delimiter="\t")}
    rows = [{"premise": w["premise"], "hypothesis": w["hypothesis"],
             "verdict": old.get((w["premise"], w["hypothesis"]), {}).get("verdict", ""),
             "note": old.get((w["premise"], w["hypothesis"]), {}).get("note", "")} for w in wrong]
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, ["premise", "hypothesis", "verdict", "note"], delimiter="\t",
                                lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return {v: sum(r["verdict"] == v for r in rows) for v in ("valid", "invalid", "")}


def _pct(x) -> str:
    return "–" if x is None else f"{x:.1%}"


def markdown(report: dict) -> str:
    md = ["# Monotonicity benchmark (issue 13)", "", f"Command: `{report['command']}` (2 CPU cores).", "",
          "## Polarity, token accuracy (gold written before tuning, Hu & Moss 2018 conventions)", "",
          "| gold | sentences | token accuracy | sentences exact | floor |", "|---|---|---|---|---|"]
    for name, g in report["polarity"].items():
        md.append(f"| {name} | {g['sentences']} | {g['accuracy']:.2%} | {g['exact']} | ≥ 97% |")
    md += ["", "Per operator (polarity_gold_operators.tsv):", "",
           "| operator | sentences | token accuracy |", "|---|---|---|"]
    for op, g in report["polarity"]["polarity_gold_operators.tsv"]["groups"].items():
        md.append(f"| {op} | {g['sentences']} | {g['accuracy']:.1%} |")
    for title, key in (("Own monotonicity suite (3-way)", "suite"), ("HELP conjunction/disjunction (2-way)", "help")):
        part = report[key]
        scored = part.get("by_operator_direction", part)
        o = scored["overall"]
        md += ["", f"## {title}", "", f"{o['n']} pairs: accuracy {o['accuracy']:.2%}, ENTAILMENT precision "
               f"{_pct(o['E_precision'])} ({o['predicted_E']} predicted), CONTRADICTION precision "
               f"{_pct(o['C_precision'])} ({o['predicted_C']} predicted); floor: E precision ≥ 98%.", "",
               "| operator / direction | pairs | accuracy | E predicted | E precision |", "|---|---|---|---|---|"]
        for k, c in scored["groups"].items():
            md.append(f"| {k} | {c['n']} | {c['accuracy']:.1%} | {c['predicted_E']} | {_pct(c['E_precision'])} |")
        if "adjudicated" in part:
            a, wrong_e = part["adjudicated"], o["predicted_E"] - round(o["E_precision"] * o["predicted_E"])
            md += ["", f"Of the {wrong_e} ENTAILMENTs HELP labels neutral, a reader judged {a['valid']} valid (the "
                   f"premise entails the hypothesis), {a['invalid']} invalid, {a['']} not read "
                   f"(`help_false_entailments.tsv`). Counting only those judged invalid or not read as false: "
                   f"ENTAILMENT precision {1 - (wrong_e - a['valid']) / o['predicted_E']:.1%}."]
        md += ["", "False entailments (first 15):", ""]
        md += [f"- `{w['premise']}` ⇒ `{w['hypothesis']}` (gold {w['gold']})" for w in part["false_entailments"][:15]]
    return "\n".join(md) + "\n"


if __name__ == "__main__":
    main()
