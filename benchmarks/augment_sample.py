"""Generated pairs judged by hand (issue 15's floors: of 100 random pairs, at least 90 grammatical
and 95 with the right label).

    .venv/bin/python -m benchmarks.augment_sample draw [--n 100] [--seed 15]   # after benchmarks.augment
    .venv/bin/python -m benchmarks.augment_sample score
    .venv/bin/python -m benchmarks.augment_sample draw --name augment_disjunction --added or --n 40   # one edit's pairs
    .venv/bin/python -m benchmarks.augment_sample draw --name augment_exclusions --exclusions --n 40 --seed 1128

`draw` takes a seeded random sample of benchmarks/work/augment_train.jsonl into
benchmarks/results/augment_sample.jsonl (premise, hypothesis, label, fluency, the proof as text).
Readers write one verdict file each, benchmarks/results/augment_sample_<reader>.tsv (<reader> one
lowercase word, such as main or second), with columns
id, grammatical (y/n: the hypothesis is a fluent English sentence), label (y/n: the label is what a
SICK annotator would give), note. `score` counts each reader's verdicts and where readers disagree
into augment_sample.json and .md. `--name` keeps another sample beside it (NAME.jsonl, NAME_<reader>.tsv);
`--added WORD` draws only pairs whose hypothesis has the word more often than the premise;
`--exclusions` only contradictions by an excluding word.
"""
from __future__ import annotations

import argparse
import csv
import json
import random
import re
import sys
from pathlib import Path

from monalog.augment.recipe import by_exclusion

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"


def _count(text: str, word: str) -> int:
    return text.lower().split().count(word)


def draw(n: int, seed: int, source: Path, name: str, added: str | None, exclusions: bool = False) -> None:
    rows = [json.loads(line) for line in source.read_text(encoding="utf-8").splitlines() if line.strip()]
    if added:
        rows = [r for r in rows if _count(r["hypothesis"], added) > _count(r["premise"], added)]
    if exclusions:
        rows = [r for r in rows if by_exclusion(r)]
    picked = random.Random(seed).sample(rows, min(n, len(rows)))
    sample = RESULTS / f"{name}.jsonl"
    drawn = f"seed {seed}, {len(picked)} of {len(rows)}" + (f" pairs that add \"{added}\"" if added else "") \
        + (" contradictions by an excluding word" if exclusions else "")
    with sample.open("w", encoding="utf-8") as out:
        for i, row in enumerate(picked, 1):
            proof = [s["text"] for s in row.get("proof", [])]
            out.write(json.dumps({"id": i, "premise": row["premise"], "hypothesis": row["hypothesis"],
                                  "label": row["label"], "fluency": row.get("fluency"), "proof": proof,
                                  "source": source.name, "drawn": drawn}, ensure_ascii=False) + "\n")
    print(f"{len(picked)} of {len(rows)} pairs -> {sample}", file=sys.stderr)


def _verdicts(path: Path) -> dict[int, dict]:
    with path.open(encoding="utf-8") as handle:
        return {int(r["id"]): r for r in csv.DictReader(handle, delimiter="\t")}


def score(name: str) -> None:
    sample = {r["id"]: r for r in map(json.loads, (RESULTS / f"{name}.jsonl").read_text(encoding="utf-8").splitlines())}
    readers = {p.stem.removeprefix(f"{name}_"): _verdicts(p) for p in sorted(RESULTS.glob(f"{name}_*.tsv"))
               if re.fullmatch(rf"{re.escape(name)}_[a-z]+", p.stem)}      # not another sample's: NAME_stop44*.tsv
    report: dict = {"pairs": len(sample), "readers": {}}
    for reader, verdicts in readers.items():
        judged = [verdicts[i] for i in sample if i in verdicts]
        report["readers"][reader] = {
            "judged": len(judged),
            "grammatical": sum(v["grammatical"] == "y" for v in judged),
            "label_correct": sum(v["label"] == "y" for v in judged),
            "by_label": {label: {"pairs": sum(sample[i]["label"] == label for i in verdicts if i in sample),
                                 "label_correct": sum(sample[i]["label"] == label and v["label"] == "y"
                                                      for i, v in verdicts.items() if i in sample)}
                         for label in ("ENTAILMENT", "CONTRADICTION")}}
    if len(readers) > 1:
        both = [i for i in sample if all(i in v for v in readers.values())]
        report["disagreements"] = {key: [i for i in both if len({v[i][key] for v in readers.values()}) > 1]
                                   for key in ("grammatical", "label")}
    (RESULTS / f"{name}.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    first = next(iter(sample.values()))
    source = first.get("source", "augment_train.jsonl")
    origin = ("the output of `python -m benchmarks.augment` (every SICK TRAIN premise, default settings: senses in "
              "context, fluency filter on)" if source == "augment_train.jsonl" else f"benchmarks/work/{source}")
    md = ["# Generated pairs judged by hand", "",
          f"{len(sample)} pairs drawn at random (`python -m benchmarks.augment_sample draw`, {first.get('drawn', '')}) "
          f"from {origin}; each reader judged every pair without seeing the other's verdicts. Pairs and "
          f"proofs: {name}.jsonl; verdicts with notes: {name}_<reader>.tsv.", "",
          "| reader | judged | grammatical | correct label | ENTAILMENT correct | CONTRADICTION correct |",
          "|---|---|---|---|---|---|"]
    for reader, r in report["readers"].items():
        e, c = r["by_label"]["ENTAILMENT"], r["by_label"]["CONTRADICTION"]
        md.append(f"| {reader} | {r['judged']} | {r['grammatical']} | {r['label_correct']} | "
                  f"{e['label_correct']}/{e['pairs']} | {c['label_correct']}/{c['pairs']} |")
    if "disagreements" in report:
        d = report["disagreements"]
        md += ["", f"Readers disagree on grammaticality for pairs {d['grammatical'] or 'none'} and on the label for "
               f"pairs {d['label'] or 'none'}. Reader main is the engineer who built the generator; the others "
               "are helpers that saw only premise, hypothesis and label."]
    history = sorted((RESULTS / "augment_sample_history").glob("round*_*.tsv"),
                     key=lambda p: (int(p.stem.split("_")[0][len("round"):]), p.stem))      # round10 after round9
    if history and name == "augment_sample":
        md += ["", "Earlier rounds (each a fresh random sample of that round's generator, the causes of its errors "
               "then fixed; samples and verdicts in augment_sample_history/):", "",
               "| round | reader | grammatical | correct label |", "|---|---|---|---|"]
        for path in history:
            round_name, reader = path.stem.split("_", 1)
            verdicts = _verdicts(path).values()
            md.append(f"| {round_name} | {reader} | {sum(v['grammatical'] == 'y' for v in verdicts)} | "
                      f"{sum(v['label'] == 'y' for v in verdicts)} |")
    md += ["", "Floors (issue 15): at least 90 of 100 grammatical, at least 95 of 100 with the correct label."]
    (RESULTS / f"{name}.md").write_text("\n".join(md) + "\n", encoding="utf-8")
    print("\n".join(md))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("action", choices=("draw", "score"))
    ap.add_argument("--n", type=int, default=100)
    ap.add_argument("--seed", type=int, default=15)
    ap.add_argument("--source", type=Path, default=ROOT / "benchmarks" / "work" / "augment_train.jsonl")
    ap.add_argument("--name", default="augment_sample", help="the sample's file name, without extension")
    ap.add_argument("--added", help="draw only pairs whose hypothesis has this word more often than the premise")
    ap.add_argument("--exclusions", action="store_true", help="draw only contradictions by an excluding word")
    args = ap.parse_args()
    if args.action == "draw":
        draw(args.n, args.seed, args.source, args.name, args.added, args.exclusions)
    else:
        score(args.name)


if __name__ == "__main__":
    main()
