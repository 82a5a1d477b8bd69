"""The hybrid's fallback threshold chosen on TRAIN by cross-fitting, and the cross-fitted ensemble
(issue 14's hybrid floor).

    python3 -m benchmarks.hybrid_gpu run --folds 10 --only sick:0 sick:1 sick:2 sick:3 sick:4 --name folds ...
    .venv/bin/python -m benchmarks.hybrid_folds [benchmarks/results/hybrid_gpu_runs/runs-folds.json.gz]

Each seed's ten models (`monalog train --dev-fold K`, K = 0..9) each hold out one tenth of SICK
TRAIN, so every TRAIN pair has the probabilities of a model that did not train on it: the
out-of-fold (OOF) predictions, 4,439 pairs against the 444 of the usual dev share. The threshold
(fallback E/C answers below it become NEUTRAL where the engine found no proof) is the one with the
best OOF hybrid accuracy, averaged over the seeds and over the engine with and without
`--exclusions`; TRIAL is not looked at to choose it. TRIAL is then scored at every threshold: the
fold-0 models alone (the usual `monalog train` model), all fifty models alone, and each seed's ten
models as one ensemble (probabilities averaged: `--hybrid M0 ... --hybrid M9`). Writes
benchmarks/results/hybrid_folds.json and .md (the markdown keeps what follows "Written by hand.").
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from benchmarks.hybrid import RESULTS, SICK, splits
from benchmarks.hybrid_gpu import _mean, _read_runs, write_markdown
from monalog.hybrid.classifier import combine
from monalog.hybrid.fallback import relabel, split_dev
from monalog.inference.batch import prove_all
from monalog.inference.prover import ProverSettings

THRESHOLDS = (None, 0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 0.99)
ENGINES = {"default": ProverSettings(), "--exclusions": ProverSettings(exclusions=True)}


def accuracy(proofs, probabilities, gold, threshold) -> float:
    """The fixed rule's accuracy: the engine's E/C, else the fallback's answer at `threshold`."""
    return sum(combine(r, relabel(p, threshold)).label is g
               for r, p, g in zip(proofs, probabilities, gold)) / len(gold)


def alone(probabilities, gold) -> float:
    """The fallback's accuracy by itself (its argmax)."""
    return sum(relabel(p, None).label is g for p, g in zip(probabilities, gold)) / len(gold)


def cell(values: list[float]) -> str:
    return f"{100 * statistics.mean(values):.2f} ± {100 * statistics.stdev(values):.2f}" if len(values) > 1 \
        else f"{100 * values[0]:.2f}"


def out_of_fold(sick: list, runs: list[dict]) -> list[dict]:
    """Each TRAIN pair's probabilities from the model of one seed that held it out."""
    index = {(p, h): i for i, (p, h, _) in enumerate(sick)}
    oof: list = [None] * len(sick)
    for r in runs:
        held = split_dev(sick, 0.1, r["fold"])[1]
        if len(held) != len(r["heldout"]):
            raise SystemExit(f"seed {r['seed']} fold {r['fold']}: {len(r['heldout'])} held-out probabilities for "
                             f"{len(held)} pairs (another TRAIN file?)")
        for (p, h, _), probs in zip(held, r["heldout"]):
            oof[index[(p, h)]] = probs
    if any(o is None for o in oof):
        raise SystemExit(f"seed {runs[0]['seed']}: the runs do not hold out every TRAIN pair (all ten folds?)")
    return oof


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("runs", nargs="?", default=str(RESULTS / "hybrid_gpu_runs" / "runs-folds.json.gz"))
    ap.add_argument("--data", default=str(SICK))
    ap.add_argument("--name", default="hybrid_folds", help="results file name under benchmarks/results")
    args = ap.parse_args()
    file = _read_runs(args.runs)
    sick, trial, _ = splits(args.data)
    gold_train, gold_trial = [g for _, _, g in sick], [p.label for p in trial]
    if len({r["config"] for r in file["runs"]}) != 1:
        raise SystemExit(f"{args.runs}: runs of several configs; score one config's runs at a time")
    seeds = sorted({r["seed"] for r in file["runs"]})
    by_seed = {s: [r for r in file["runs"] if r["seed"] == s] for s in seeds}
    oof = {s: out_of_fold(sick, rs) for s, rs in by_seed.items()}
    fold0 = {s: next(r for r in rs if r["fold"] == 0) for s, rs in by_seed.items()}
    ensembles = [_mean(r["trial"] for r in rs) for rs in by_seed.values()]
    index = {(p, h): i for i, (p, h, _) in enumerate(sick)}
    dev = [index[(p, h)] for p, h, _ in split_dev(sick, 0.1, 0)[1]]       # the dev share: fold 0
    texts = [(p.premise, p.hypothesis) for p in trial]
    result: dict = {"command": "python -m benchmarks.hybrid_folds " + " ".join(sys.argv[1:]), "device": file["device"],
                    "config": ", ".join(sorted({r["config"] for r in file["runs"]})),
                    "seeds": seeds, "folds": len(by_seed[seeds[0]]), "train_pairs": len(sick),
                    "trial_pairs": len(trial), "thresholds": [str(t) for t in THRESHOLDS], "engines": {}}
    for name, settings in ENGINES.items():
        train_proofs = prove_all([(p, h) for p, h, _ in sick], settings, workers=2)
        trial_proofs = prove_all(texts, settings, workers=2)
        rows = {"OOF on TRAIN, each seed": [[accuracy(train_proofs, oof[s], gold_train, t) for s in seeds]
                                            for t in THRESHOLDS],
                "the dev share (fold 0 of TRAIN) alone, fold-0 models": [
                    [accuracy([train_proofs[i] for i in dev], fold0[s]["heldout"], [gold_train[i] for i in dev], t)
                     for s in seeds] for t in THRESHOLDS],
                "TRIAL, fold-0 models": [[accuracy(trial_proofs, fold0[s]["trial"], gold_trial, t) for s in seeds]
                                         for t in THRESHOLDS],
                "TRIAL, every model alone": [[accuracy(trial_proofs, r["trial"], gold_trial, t)
                                              for r in file["runs"]] for t in THRESHOLDS],
                "TRIAL, each seed's ten models as one ensemble": [[accuracy(trial_proofs, e, gold_trial, t)
                                                                   for e in ensembles] for t in THRESHOLDS]}
        engine_alone = [sum(getattr(r, "label", None) is g for r, g in zip(proofs, gold)) / len(gold)
                        for proofs, gold in ((train_proofs, gold_train), (trial_proofs, gold_trial))]
        fallback_alone = {"fold-0 models": [alone(fold0[s]["trial"], gold_trial) for s in seeds],
                          "ensembles": [alone(e, gold_trial) for e in ensembles],
                          "OOF on TRAIN": [alone(oof[s], gold_train) for s in seeds]}
        result["engines"][name] = {"rows": rows, "engine_alone_train": engine_alone[0],
                                   "engine_alone_trial": engine_alone[1], "fallback_alone": fallback_alone}
        print(name, "done", file=sys.stderr)
    key = "OOF on TRAIN, each seed"
    score = [statistics.mean(statistics.mean(e["rows"][key][i]) for e in result["engines"].values())
             for i in range(len(THRESHOLDS))]
    best = max(range(len(THRESHOLDS)), key=lambda i: (score[i], -i))         # ties: the lower threshold
    result["chosen_threshold"] = THRESHOLDS[best]
    write(result, RESULTS / args.name)


def write(result: dict, out: Path) -> None:
    out.with_suffix(".json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    heads = " | ".join("off" if t == "None" else t for t in result["thresholds"])
    md = ["# The hybrid's threshold chosen on TRAIN by cross-fitting (SICK, packaged MiniLM-L6)", "",
          f"Command: `{result['command']}`, after `hybrid_gpu.py run --folds {result['folds']}` on "
          f"{result['device']} (config {result['config']}, seeds {', '.join(map(str, result['seeds']))}; the runs in "
          "`hybrid_gpu_runs/`). "
          "Hybrid accuracy (%, mean ± standard deviation) of the fixed rule (the engine's E/C, else the "
          "fallback's answer, its E/C below the threshold made NEUTRAL) at each threshold. OOF: each TRAIN "
          f"pair scored by the model that held it out ({result['train_pairs']} pairs). Chosen threshold (best "
          f"mean OOF accuracy over seeds and both engines, TRIAL not looked at): **{result['chosen_threshold']}**.",
          ""]
    for name, e in result["engines"].items():
        fa = e["fallback_alone"]
        md += [f"## Engine: {name}", "",
               f"Engine alone: {100 * e['engine_alone_train']:.2f} on TRAIN, {100 * e['engine_alone_trial']:.2f} on "
               f"TRIAL. Fallback alone: on TRIAL, fold-0 models {cell(fa['fold-0 models'])}, ensembles "
               f"{cell(fa['ensembles'])}; out of fold on TRAIN {cell(fa['OOF on TRAIN'])}.", "",
               f"| rows | {heads} |", "|---|" + "---|" * len(result["thresholds"])]
        md += [f"| {row} | " + " | ".join(cell(v) for v in values) + " |" for row, values in e["rows"].items()]
        md.append("")
    write_markdown(out.with_suffix(".md"), md)
    print("\n".join(md))


if __name__ == "__main__":
    main()
