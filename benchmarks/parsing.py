"""Parsing benchmark: held-out accuracy of the shipped taggers + depccg decoder, speed and load time.

    .venv/bin/python -m benchmarks.parsing [--model ensemble|bilstm|minilm|PATH] [--data FILE]

Held-out set: the fixed 10% split (seed 0) of the silver trees that `monalog train-tagger` never
trains on. Throughput: one batch of 1,000 SICK sentences, median of 3 runs, each beside a run of
the BiLSTM tagger alone (the ratio is measured side by side). Load time: a fresh
process importing monalog and loading tagger + grammar (torch import included), median of 3.
Writes benchmarks/results/parsing.json and parsing.md.
"""
from __future__ import annotations

import argparse
import csv
import json
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

import torch

from monalog.ccg.tree import leaves
from monalog.parsing.parser import Parser
from monalog.parsing.scorers import tagger_scorer
from monalog.parsing.training import load_split, score_parses

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"


def tagger_accuracy(scorer, trees) -> float:
    """1-best supertag accuracy of the tagger (or ensemble) alone, before decoding."""
    correct, total, names = 0, 0, scorer.tags
    for b in range(0, len(trees), 256):
        batch = trees[b:b + 256]
        sents = [[leaf.token.word for leaf in leaves(t)] for t in batch]
        tags, _, _ = scorer.forward(sents)
        for row, tree in zip(tags.argmax(-1).tolist(), batch):
            gold = [str(leaf.category) for leaf in leaves(tree)]
            correct += sum(names[i] == g for i, g in zip(row, gold))
            total += len(gold)
    return correct / total


def sick_sentences(n: int) -> list[str]:
    path = SHARED / "sick" / "SICK_corrected_train_trial.tsv"
    seen: dict[str, None] = {}
    with path.open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            seen.setdefault(row["sentence_A"], None)
            seen.setdefault(row["sentence_B"], None)
    return list(seen)[:n]


def load_seconds(model: str | None) -> float:
    code = ("import time; t=time.perf_counter(); from monalog.parsing.parser import get_parser; "
            f"get_parser('monalog', {model!r}); print(time.perf_counter()-t)")
    runs = [float(subprocess.check_output([sys.executable, "-c", code], cwd=ROOT, text=True))
            for _ in range(3)]
    return statistics.median(runs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", help="ensemble (default: the shipped BiLSTM and MiniLM taggers), bilstm, minilm, "
                                    "or a tagger file")
    ap.add_argument("--data", default=str(SHARED / "ccg" / "sick_train_trial.depccg.txt"))
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "parsing"))
    args = ap.parse_args()

    _, held = load_split(args.data)
    scorer = tagger_scorer(args.model)
    parser = Parser(scorer)
    sents = [" ".join(leaf.token.word for leaf in leaves(t)) for t in held]
    start = time.perf_counter()
    results = parser.parse_batch(sents)
    seconds = time.perf_counter() - start
    predicted = [getattr(r, "tree", None) for r in results]
    scores = score_parses(held, predicted, seconds)

    batch = sick_sentences(1000)
    parser = Parser(scorer)          # fresh decoder: the first run starts with cold rule caches
    bilstm = Parser(tagger_scorer("bilstm"))        # side by side: the BiLSTM alone, rounds interleaved
    bilstm.parse_batch(batch[:50])
    runs, bilstm_runs = [], []
    for _ in range(3):
        start = time.perf_counter()
        out = parser.parse_batch(batch)
        runs.append(time.perf_counter() - start)
        start = time.perf_counter()
        bilstm.parse_batch(batch)
        bilstm_runs.append(time.perf_counter() - start)
    throughput_failures = sum(not hasattr(r, "tree") for r in out)

    report = {
        "command": "python -m benchmarks.parsing",
        "model": args.model or "ensemble",
        "model_meta": [getattr(part.model, "meta", {}) for part in
                       ((scorer.first, scorer.second) if hasattr(scorer, "first") else (scorer,))],
        "held_out": {**scores.as_dict(), "tagger_1best_accuracy": tagger_accuracy(scorer, held)},
        "throughput": {"sentences": len(batch), "median_seconds": statistics.median(runs),
                       "sentences_per_second": len(batch) / statistics.median(runs),
                       "first_run_sentences_per_second": len(batch) / runs[0],
                       "runs_seconds": runs, "failed": throughput_failures,
                       "bilstm_alone_sentences_per_second": len(batch) / statistics.median(bilstm_runs)},
        "load_seconds_fresh_process": load_seconds(args.model),
        "machine": {"cpus": torch.get_num_threads(), "python": platform.python_version(),
                    "torch": torch.__version__},
    }
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.with_suffix(".json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    h, t = report["held_out"], report["throughput"]
    md = [
        "# Parsing benchmark", "",
        f"Command: `{report['command']}` (CPU, {report['machine']['cpus']} threads); tagger: "
        f"{report['model']}.", "",
        "| metric | value | floor |", "|---|---|---|",
        f"| held-out trees (fixed 10% split) | {h['sentences']} | |",
        f"| supertag accuracy after decoding | {h['tag_accuracy']:.2%} | ≥ 96% |",
        f"| tagger 1-best supertag accuracy | {h['tagger_1best_accuracy']:.2%} | |",
        f"| labelled-span F1 (P / R) | {h['span_f1']:.2%} "
        f"({h['span_precision']:.2%} / {h['span_recall']:.2%}) | ≥ 95% |",
        f"| failed parses | {h['failed']} | 0 |",
        f"| throughput, 1,000 SICK sentences in one batch (median of 3) | "
        f"{t['sentences_per_second']:.0f} sent/s | ≥ 500 |",
        f"| the same, first batch of a fresh parser (cold rule cache) | "
        f"{t['first_run_sentences_per_second']:.0f} sent/s | |",
        f"| the BiLSTM tagger alone, its rounds interleaved with the median's | "
        f"{t['bilstm_alone_sentences_per_second']:.0f} sent/s | |",
        f"| model load in a fresh process, torch import included (median of 3) | "
        f"{report['load_seconds_fresh_process']:.2f} s | < 3 s |",
        "",
    ]
    out.with_suffix(".md").write_text("\n".join(md), encoding="utf-8")
    print("\n".join(md))


if __name__ == "__main__":
    main()
