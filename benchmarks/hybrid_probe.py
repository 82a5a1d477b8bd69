"""What generated pairs teach the fallback, beyond SICK TRIAL: the models benchmarks/hybrid.py trained
(benchmarks/work/models/CONFIG-seedN) scored on monotonicity pairs none of them saw.

    .venv/bin/python -m benchmarks.hybrid_probe [--configs sick transitive balanced] [--seeds 0 1 2]

Probes:
- held-out generated pairs: `monalog augment`'s pairs from the premises of the dev share (which no
  recipe draws from), chosen as the balanced recipe chooses (40 % ENTAILMENT, 30 % CONTRADICTION,
  30 % NEUTRAL from strict entailments read backwards; three per dev pair, data seed 0), 3-way;
- HELP (Yanaka et al. 2019): conjunction and disjunction pairs, 2-way (ENTAILMENT against the rest),
  made from other text than SICK's.
Writes benchmarks/results/hybrid_probe.json and .md.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from benchmarks.hybrid import CONFIGS, SICK, WORK, RESULTS, splits
from monalog.augment.recipe import PairRecipe, select
from monalog.eval.datasets import Pair, read_pairs
from monalog.hybrid.fallback import Fallback, dev_share, relabel
from monalog.inference.proof import Label

ROOT = Path(__file__).resolve().parents[1]
HELP = ROOT.parent / "shared" / "data" / "nli"


def held_out_generated(augment: Path, sick: list) -> list:
    """Generated pairs from the dev share's premises, chosen as the balanced recipe chooses."""
    dev = dev_share(sick)
    premises = {p for p, _, _ in dev}
    rows = [row for line in augment.read_text(encoding="utf-8").splitlines()
            if (row := json.loads(line))["premise"] in premises]
    return select(rows, dev, PairRecipe(ratio=3.0), seed=0)


def help_pairs(name: str) -> list:
    return [(p.premise, p.hypothesis, p.label) for p in read_pairs(HELP / f"HELP_{name}.tsv", "help")
            if isinstance(p, Pair) and p.label]


def accuracy(gold: list[Label], predicted: list[Label], two_way: bool = False) -> float:
    if two_way:
        return sum((g is Label.ENTAILMENT) == (p is Label.ENTAILMENT) for g, p in zip(gold, predicted)) / len(gold)
    return sum(g is p for g, p in zip(gold, predicted)) / len(gold)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--configs", nargs="+", choices=sorted(CONFIGS), default=["sick", "transitive", "balanced"])
    ap.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    ap.add_argument("--augment", default=str(WORK / "augment_train.jsonl"))
    args = ap.parse_args()
    sick, _, _ = splits(str(SICK))
    probes = {"generated, held-out premises": (held_out_generated(Path(args.augment), sick), False),
              "HELP conjunction": (help_pairs("conjunction"), True),
              "HELP disjunction": (help_pairs("disjunction"), True)}
    report: dict = {"command": " ".join(["python -m benchmarks.hybrid_probe", *sys.argv[1:]]),
                    "probes": {name: len(pairs) for name, (pairs, _) in probes.items()}, "runs": []}
    for config in args.configs:
        for seed in args.seeds:
            folder = WORK / "models" / f"{config}-seed{seed}"
            if not folder.is_dir():
                print(f"skipped {folder.name}: not trained (run python -m benchmarks.hybrid --configs {config})",
                      file=sys.stderr)
                continue
            fallback = Fallback(str(folder))
            run: dict = {"data": CONFIGS[config], "seed": seed}
            for name, (pairs, two_way) in probes.items():
                predicted = [relabel(p, None).label for p in fallback.probabilities([(p, h) for p, h, _ in pairs])]
                run[name] = accuracy([g for _, _, g in pairs], predicted, two_way)
            report["runs"].append(run)
            print(json.dumps(run), file=sys.stderr, flush=True)
    out = RESULTS / "hybrid_probe"
    out.with_suffix(".json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    md = ["# What the generated pairs teach the fallback (CPU, packaged MiniLM-L6)", "",
          f"Command: `{report['command']}`. The models of `benchmarks/hybrid.py` (3 epochs, trained on SICK TRAIN "
          "with or without generated pairs), scored on pairs none of them was trained on; mean ± standard deviation "
          "over seeds (accuracy, %). Pairs: " + ", ".join(f"{name} {n}" for name, n in report["probes"].items())
          + "; HELP 2-way (ENTAILMENT against the rest).", "",
          "| training data | seeds | " + " | ".join(probes) + " |", "|---|---|" + "---|" * len(probes)]
    for data in dict.fromkeys(r["data"] for r in report["runs"]):
        runs = [r for r in report["runs"] if r["data"] == data]
        cells = []
        for name in probes:
            values = [100 * r[name] for r in runs]
            spread = f" ± {statistics.stdev(values):.2f}" if len(values) > 1 else ""
            cells.append(f"{statistics.mean(values):.2f}{spread}")
        md.append(f"| {data} | {len(runs)} | " + " | ".join(cells) + " |")
    out.with_suffix(".md").write_text("\n".join(md) + "\n", encoding="utf-8")
    print("\n".join(md))


if __name__ == "__main__":
    main()
