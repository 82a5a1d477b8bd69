"""Polarity benchmark: token accuracy on the hand-written gold set (tests/data/polarity_gold.tsv).

    .venv/bin/python -m benchmarks.polarity

Writes benchmarks/results/polarity.json and polarity.md, with every mismatching sentence listed.
"""
from __future__ import annotations

import json
import time
from pathlib import Path

from monalog.eval.polarity_gold import read_gold, score_gold
from monalog.parsing.parser import get_parser

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    gold = read_gold(ROOT / "tests" / "data" / "polarity_gold.tsv")
    get_parser()
    start = time.perf_counter()
    score = score_gold(gold)
    seconds = time.perf_counter() - start
    report = {
        "command": "python -m benchmarks.polarity",
        "sentences": score.sentences, "tokens": score.tokens, "token_accuracy": score.accuracy,
        "sentences_exact": score.sentences_exact, "failed": score.failed,
        "seconds": seconds, "sentences_per_second": score.sentences / seconds,
        "mismatches": [{"gold": g, "predicted": p} for g, p in score.mismatches],
    }
    out = ROOT / "benchmarks" / "results" / "polarity"
    out.with_suffix(".json").write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    md = ["# Polarity benchmark", "", f"Command: `{report['command']}`", "",
          "| metric | value | floor |", "|---|---|---|",
          f"| gold sentences (own set, tests/data/polarity_gold.tsv) | {score.sentences} | ≥ 80 |",
          f"| token accuracy | {score.accuracy:.2%} ({score.correct}/{score.tokens}) | ≥ 97% |",
          f"| sentences fully correct | {score.sentences_exact}/{score.sentences} | |",
          f"| failed | {score.failed} | 0 |",
          f"| speed (parse + polarize, one batch) | {report['sentences_per_second']:.0f} sent/s | |", "",
          "Mismatches (gold, then predicted):", ""]
    md += [f"- `{g}`<br>`{p}`" for g, p in score.mismatches]
    out.with_suffix(".md").write_text("\n".join(md) + "\n", encoding="utf-8")
    print("\n".join(md))


if __name__ == "__main__":
    main()
