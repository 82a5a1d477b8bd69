"""Supertagger ensemble (issue 13 item 2): the shipped BiLSTM, a MiniLM tagger trained longer than in
tagger_encoders.py, and the two combined, side by side in one run.

    .venv/bin/python -m benchmarks.tagger_ensemble [--epochs 6] [--weights 0.3 0.5 0.7]

The MiniLM tagger is minilm2+chars (MiniLM's first 2 layers, first-subword pooling, char CNN; the
variant tagger_encoders.md recommends), trained `--epochs` epochs on 2 threads on the fixed 90 %
split (seed 0) with the BiLSTM's augmentation, and kept in benchmarks/work/tagger_encoders/ (reused
when its settings and the augmentation files match; monalog/models/tagger_minilm.npz is that file).
The ensemble (monalog.parsing.scorers.EnsembleScorer) averages the two taggers' supertag and head
log-probabilities (weight w on MiniLM) and renormalises; POS tags come from the BiLSTM. The parser's
default is the ensemble with w = 0.7.

Measures, per scorer: token polarity accuracy on tests/data/polarity_gold_operators.tsv (out of
domain) and polarity_gold.tsv, decoded supertag accuracy and labelled-span F1 on the 546 held-out
silver trees, and the time to parse 1,000 SICK sentences in one batch (2 threads, median of 3,
scorers interleaved; all run in numpy, float64, as shipped). Writes
benchmarks/results/tagger_ensemble.json and .md.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import torch  # noqa: E402

from monalog.ccg.tree import leaves
from monalog.eval.datasets import Pair, read_pairs
from monalog.eval.polarity_gold import read_gold, score_gold
from monalog.parsing.contextual import ContextualTrainSettings, save_contextual, train_contextual
from monalog.parsing.minilm_arrays import ContextualConfig, contextual_header
from monalog.parsing.parser import Parser
from monalog.parsing.scorers import EnsembleScorer, TaggerScorer
from monalog.parsing.training import load_split, score_parses
from monalog.pipeline import Pipeline

ROOT = Path(__file__).resolve().parents[1]
SILVER = ROOT.parent / "shared" / "data" / "ccg" / "sick_train_trial.depccg.txt"
SICK = ROOT.parent / "shared" / "data" / "sick" / "SICK_corrected_train_trial.tsv"
GOLD = ROOT / "tests" / "data"
WORK = ROOT / "benchmarks" / "work" / "tagger_encoders"
OUT = ROOT / "benchmarks" / "results" / "tagger_ensemble"
THREADS = 2


def minilm(epochs: int, train: list) -> tuple[Path, dict]:
    """The MiniLM tagger's file (numpy format), trained here unless a matching one is cached."""
    settings = ContextualTrainSettings(epochs=epochs, threads=THREADS)
    config = ContextualConfig(layers=2, chars=True)
    path = WORK / f"minilm2+chars-e{epochs}.npz"
    sources = (("grammars", "tagger_augmentation.json"), ("parsing", "tagger_augmentation.py"))
    stamp = {"augmentation": {name: _digest(ROOT / "monalog" / sub / name) for sub, name in sources},
             "epochs": epochs, "threads": THREADS, "train_trees": len(train)}
    header = contextual_header(path) if path.exists() else None
    if header and all(header["meta"].get(k) == v for k, v in stamp.items()):
        print(f"reusing {path.relative_to(ROOT)}", file=sys.stderr)
        return path, header["meta"]
    start = time.perf_counter()
    model = train_contextual(train, config, settings,
                             on_epoch=lambda e, loss: print(f"epoch {e}: loss {loss:.4f}", file=sys.stderr))
    meta = {**stamp, "train_seconds": round(time.perf_counter() - start, 1)}
    WORK.mkdir(parents=True, exist_ok=True)
    save_contextual(model, path, meta)
    return path, meta


def _digest(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def polarity(parser: Parser, name: str) -> tuple[int, int]:
    score = score_gold(read_gold(GOLD / name), Pipeline(parser))
    return score.correct, score.tokens


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--epochs", type=int, default=6)
    ap.add_argument("--weights", type=float, nargs="+", default=[0.3, 0.5, 0.7])
    args = ap.parse_args()
    torch.set_num_threads(THREADS)
    train, held = load_split(SILVER)
    path, meta = minilm(args.epochs, train)
    bilstm, contextual = TaggerScorer(), TaggerScorer(path)
    scorers = {"bilstm (shipped)": bilstm, f"minilm2+chars, {args.epochs} epochs": contextual}
    scorers.update({f"ensemble, w={w}": EnsembleScorer(bilstm, contextual, w) for w in args.weights})
    parsers = {name: Parser(scorer) for name, scorer in scorers.items()}
    rows: dict[str, dict] = {}
    held_text = [" ".join(leaf.token.word for leaf in leaves(t)) for t in held]
    for name, parser in parsers.items():
        ops, ops_total = polarity(parser, "polarity_gold_operators.tsv")
        own, own_total = polarity(parser, "polarity_gold.tsv")
        parsed = parser.parse_batch(held_text)
        scores = score_parses(held, [getattr(r, "tree", None) for r in parsed], 0.0)
        rows[name] = {"operators": ops / ops_total, "operators_correct": ops, "operators_tokens": ops_total,
                      "own": own / own_total, "held_out_tags": scores.tag_accuracy, "held_out_f1": scores.span_f1,
                      "failed": scores.failed}
        print(name, rows[name], file=sys.stderr)
    sentences = list(dict.fromkeys(p.premise for p in read_pairs(SICK, "sick", "corrected") if isinstance(p, Pair)))
    sentences = sentences[:1000]
    for parser in parsers.values():        # warm the rule caches
        parser.parse_batch(sentences[:50])
    times: dict[str, list[float]] = {name: [] for name in parsers}
    for _ in range(3):
        for name, parser in parsers.items():
            start = time.perf_counter()
            parser.parse_batch(sentences)
            times[name].append(time.perf_counter() - start)
    for name in parsers:
        rows[name]["sentences_per_second"] = len(sentences) / statistics.median(times[name])
    report = {"command": f"python -m benchmarks.tagger_ensemble --epochs {args.epochs} --weights "
                         + " ".join(map(str, args.weights)), "minilm": meta, "threads": THREADS,
              "load_average": [round(x, 2) for x in os.getloadavg()], "scorers": rows}
    OUT.with_suffix(".json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    md = ["# Supertagger ensemble: BiLSTM, MiniLM, both (issue 13)", "", f"Command: `{report['command']}`", "",
          f"MiniLM tagger: minilm2+chars, {args.epochs} epochs on {THREADS} threads ({meta.get('train_seconds')} s), "
          "the BiLSTM's augmentation, the fixed 90 % split. Ensemble: weighted mean of log-probabilities "
          "(w on MiniLM). Speed: 1,000 SICK premises in one batch, 2 threads, median of 3, interleaved; "
          f"load average at the end {report['load_average']}.", "",
          "| scorer | operator polarity (266 sent.) | own polarity gold | held-out tags after decoding "
          "| held-out span F1 | failed | parse sent/s |", "|---|---|---|---|---|---|---|"]
    for name, r in rows.items():
        md.append(f"| {name} | {r['operators']:.2%} ({r['operators_correct']}/{r['operators_tokens']}) "
                  f"| {r['own']:.2%} | {r['held_out_tags']:.2%} | {r['held_out_f1']:.2%} | {r['failed']} "
                  f"| {r['sentences_per_second']:.0f} |")
    OUT.with_suffix(".md").write_text("\n".join(md) + "\n", encoding="utf-8")
    print("\n".join(md))


if __name__ == "__main__":
    main()
