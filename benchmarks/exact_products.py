"""What exact products (monalog.neural.exact) cost, side by side with a baseline commit that ran plain
BLAS products (float32 in the sentence embedder, float64 in the taggers), and that every answer stays.

    .venv/bin/python -m benchmarks.exact_products [--baseline a3611fb] [--rounds 2] [--pairs 4934]

The baseline is checked out into a temporary git worktree; each round runs both codes one after the
other (the order alternating), each in fresh processes:
- the prover on SICK train + trial (aligned, --exclusions, 2 workers): every label compared, seconds;
- the sentence embedder on 600 SICK premises, the default supertagger on the same 600 (one process).
Also the BERT fallback on 150 pairs, numpy (exact, this code) against torch (float32, batched).
Writes benchmarks/results/exact_products.{json,md}.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.worktree import checked_out

ROOT = Path(__file__).resolve().parents[1]
SICK = ROOT.parent / "shared" / "data" / "sick" / "SICK_corrected_train_trial.tsv"
PYTHON = str(ROOT / ".venv" / "bin" / "python")

PROVER = r"""
import json, sys, time
from monalog.eval.datasets import Pair, read_pairs
from monalog.errors import MonalogError
from monalog.inference.batch import prove_all
from monalog.inference.prover import ProverSettings

def main():
    pairs = [p for p in read_pairs(sys.argv[1], "sick", "corrected") if isinstance(p, Pair)][:int(sys.argv[2])]
    start = time.perf_counter()
    results = prove_all([(p.premise, p.hypothesis) for p in pairs], ProverSettings(exclusions=True), workers=2)
    seconds = time.perf_counter() - start
    labels = [type(r).__name__ if isinstance(r, MonalogError) else r.label.value for r in results]
    print(json.dumps({"seconds": seconds, "labels": labels}))

if __name__ == "__main__":
    main()
"""

MODELS = r"""
import csv, json, sys, time
from monalog.neural.embeddings import ArrayEmbedder
from monalog.parsing.scorers import default_scorer
rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8"), delimiter="\t"))
sentences = sorted({r["sentence_A"] for r in rows})[:600]
embedder, scorer = ArrayEmbedder(), default_scorer()
embedder.encode(sentences[:8]); scorer.score([s.split() for s in sentences[:8]])
start = time.perf_counter(); ArrayEmbedder().encode(sentences); embed = time.perf_counter() - start
start = time.perf_counter(); scorer.score([s.split() for s in sentences]); tag = time.perf_counter() - start
print(json.dumps({"embedder_seconds": embed, "tagger_seconds": tag}))
"""

FALLBACK = r"""
import json, tempfile, time
import torch
from transformers import AutoModelForSequenceClassification, AutoTokenizer
from monalog.hybrid.fallback import Fallback, probabilities
from monalog.neural.models import MINILM, resolve
torch.manual_seed(0)
folder = tempfile.mkdtemp()
model = AutoModelForSequenceClassification.from_pretrained(resolve(MINILM), num_labels=3)
model.config.id2label = {0: "entailment", 1: "neutral", 2: "contradiction"}
model.save_pretrained(folder); AutoTokenizer.from_pretrained(resolve(MINILM)).save_pretrained(folder)
words = "a man in a red shirt is slowly riding an old bike down the hill near two small dogs".split()
texts = [" ".join(words[i % 9:i % 9 + 1 + (i * 7) % 15]) + f" {i}" for i in range(150)]
pairs = list(zip(texts, texts[::-1]))
fallback = Fallback(folder, device="cpu")
start = time.perf_counter(); exact = fallback.probabilities(pairs); numpy_seconds = time.perf_counter() - start
tokenizer = AutoTokenizer.from_pretrained(folder)
start = time.perf_counter(); theirs = probabilities(model.eval(), tokenizer, pairs, torch.device("cpu"))
torch_seconds = time.perf_counter() - start
names = ("ENTAILMENT", "NEUTRAL", "CONTRADICTION")
gap = max(abs(row[k] - p) for row, ps in zip(exact, theirs) for k, p in zip(names, ps))
print(json.dumps({"numpy_seconds": numpy_seconds, "torch_seconds": torch_seconds, "max_difference": gap}))
"""


def run(code: str, where: Path, *args: str) -> dict:
    env = {**os.environ, "PYTHONPATH": str(where)}
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as script:
        script.write(code)
    try:
        out = subprocess.run([PYTHON, script.name, *args], env=env, cwd=where, capture_output=True, text=True,
                             timeout=3600)
    finally:
        os.unlink(script.name)
    if out.returncode != 0:
        raise RuntimeError(f"{where}: {out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--baseline", default="a3611fb", help="the commit before exact products")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--pairs", type=int, default=4934)
    args = ap.parse_args()
    prover: dict[str, list[dict]] = {"baseline": [], "exact": []}
    models: dict[str, list[dict]] = {"baseline": [], "exact": []}
    with checked_out(args.baseline) as base:
        codes = {"baseline": base, "exact": ROOT}
        for r in range(args.rounds):
            for name in (list(codes) if r % 2 == 0 else list(codes)[::-1]):
                prover[name].append(run(PROVER, codes[name], str(SICK), str(args.pairs)))
                models[name].append(run(MODELS, codes[name], str(SICK)))
                print(name, f"round {r + 1}: prover {prover[name][-1]['seconds']:.1f} s", file=sys.stderr)
    fallback = run(FALLBACK, ROOT)
    labels = {name: [tuple(p["labels"]) for p in runs] for name, runs in prover.items()}
    changed = sum(a != b for a, b in zip(labels["baseline"][0], labels["exact"][0]))
    median = {name: {"prover_seconds": statistics.median(p["seconds"] for p in prover[name]),
                     **{key: statistics.median(m[key] for m in models[name]) for key in models[name][0]}}
              for name in prover}
    report = {"command": f"python -m benchmarks.exact_products --baseline {args.baseline} --rounds {args.rounds} "
                         f"--pairs {args.pairs}", "pairs": args.pairs, "labels_changed": changed,
              "labels_stable_across_rounds": all(len(set(v)) == 1 for v in labels.values()),
              "median": median, "fallback": fallback}
    out = ROOT / "benchmarks" / "results" / "exact_products"
    out.with_suffix(".json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    b, e = median["baseline"], median["exact"]
    md = ["# Exact products: what they cost, and that every answer stays", "",
          f"Command: `{report['command']}` on 2 CPU cores; medians of {args.rounds} rounds, the two codes "
          "alternating. Baseline: plain BLAS products (float32 embedder, float64 taggers).", "",
          "| what | baseline (s) | exact (s) | ratio |", "|---|---|---|---|"]
    for key, what in (("prover_seconds", f"prover, {args.pairs} SICK pairs, aligned --exclusions, 2 workers"),
                      ("embedder_seconds", "sentence embedder, 600 SICK premises"),
                      ("tagger_seconds", "supertagger ensemble, the same 600")):
        md.append(f"| {what} | {b[key]:.2f} | {e[key]:.2f} | {e[key] / b[key]:.2f} |")
    md += ["", f"Prover labels changed by exact products: **{changed}** of {args.pairs}.", "",
           f"BERT fallback (the packaged MiniLM with a seeded classifier head), 150 pairs: numpy exact "
           f"{fallback['numpy_seconds']:.2f} s against torch float32 batched {fallback['torch_seconds']:.2f} s "
           f"({fallback['numpy_seconds'] / fallback['torch_seconds']:.1f}x); largest probability difference "
           f"{fallback['max_difference']:.1e}."]
    out.with_suffix(".md").write_text("\n".join(md) + "\n", encoding="utf-8")
    print("\n".join(md))


if __name__ == "__main__":
    main()
