"""Parsing work per sentence: failures and the slowest sentence (CPU seconds, parsed alone) under the
decoder's two-pass step budget, on every distinct SICK sentence, 1,000 HELP premises (longer news
sentences) and hostile inputs (repetition, word salad, random characters).

    .venv/bin/python -m benchmarks.parse_budget [--settings 50:5000,10:20000 ...]

Each `--settings` entry is first-pass supertags:steps[,retry supertags:steps] (no retry if omitted);
the first entry is the shipped default. Writes benchmarks/results/parse_budget.{json,md}.
"""
from __future__ import annotations

import argparse
import csv
import dataclasses
import json
import random
import time
from pathlib import Path

from monalog.errors import MonalogError
from monalog.parsing.parser import get_parser

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"


def hostile() -> list[str]:
    rng = random.Random(0)
    words = "the a dog cat man runs is are playing of with quickly blue over under and or not".split()
    return [" ".join(["the dog"] * 60), " ".join(rng.choice(words) for _ in range(50)),
            " ".join(rng.choice(words) for _ in range(119)),
            "".join(rng.choice("abcdefghij klmnop,.;'!?") for _ in range(80)),
            " ".join(["and"] * 119), "no " * 100 + "dog"]


def data() -> dict[str, list[str]]:
    sick: set[str] = set()
    with open(SHARED / "sick" / "SICK_corrected_train_trial.tsv", encoding="utf-8") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            sick.update((row["sentence_A"], row["sentence_B"]))
    with open(SHARED / "nli" / "HELP_conjunction.tsv", encoding="utf-8") as handle:
        help_ = sorted({row["ori_sentence"] for row in csv.DictReader(handle, delimiter="\t")})
    random.Random(0).shuffle(help_)
    return {"SICK (all distinct)": sorted(sick), "HELP premises (1,000)": help_[:1000], "hostile": hostile()}


def settings(spec: str, base):
    first, _, retry = spec.partition(",")
    tags, steps = map(int, first.split(":"))
    rtags, rsteps = map(int, retry.split(":")) if retry else (tags, 0)
    return dataclasses.replace(base, pruning_size=tags, max_step=steps, retry_pruning_size=rtags,
                               retry_max_step=rsteps)


def measure(parser, sentences: list[str]) -> dict:
    fails, worst, total = 0, 0.0, 0.0
    for sentence in sentences:
        start = time.process_time()
        result = parser.parse_batch([sentence])[0]
        seconds = time.process_time() - start
        fails += isinstance(result, MonalogError)
        worst, total = max(worst, seconds), total + seconds
    return {"sentences": len(sentences), "failed": fails, "worst_seconds": round(worst, 3),
            "total_seconds": round(total, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--settings", nargs="+", default=["50:5000,10:20000", "50:20000", "10:20000"])
    args = ap.parse_args()
    parser = get_parser()
    default = parser.decoder.settings
    parser.parse_batch(["A dog runs"])
    sets, rows = data(), []
    for spec in args.settings:
        parser.decoder.settings = settings(spec, default)
        for name, sentences in sets.items():
            rows.append({"settings": spec, "data": name, **measure(parser, sentences)})
            print(rows[-1], flush=True)
    parser.decoder.settings = default
    out = ROOT / "benchmarks" / "results" / "parse_budget"
    command = "python -m benchmarks.parse_budget" + (f" --settings {' '.join(args.settings)}"
                                                     if args.settings != ap.get_default("settings") else "")
    out.with_suffix(".json").write_text(json.dumps({"command": command, "rows": rows}, indent=2) + "\n",
                                        encoding="utf-8")
    md = ["# Parse budget: work per sentence", "", f"Command: `{command}` (CPU time per sentence, parsed alone, "
          "2-core machine). Settings: first-pass supertags:A* steps[, retry supertags:steps]; the first row "
          "group is the shipped default.", "",
          "| settings | data | sentences | failed | slowest sentence (s) | total (s) |", "|---|---|---|---|---|---|"]
    md += [f"| {r['settings']} | {r['data']} | {r['sentences']} | {r['failed']} | {r['worst_seconds']:.2f} | "
           f"{r['total_seconds']:.1f} |" for r in rows]
    out.with_suffix(".md").write_text("\n".join(md) + "\n", encoding="utf-8")
    print("\n".join(md))


if __name__ == "__main__":
    main()
