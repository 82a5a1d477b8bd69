"""The transitive training recipe's pairs judged by hand: a seeded random 100 of what
`monalog train --recipe transitive` adds (seed 0), each judged by two readers.

    .venv/bin/python -m benchmarks.transitive_sample draw [--seed 1201]   # needs the hypotheses' pairs
    .venv/bin/python -m benchmarks.transitive_sample score

`draw` composes the pairs from benchmarks/work/augment_hypotheses.jsonl (`monalog augment SICK.tsv
--sick-set TRAIN --sick-column sentence_B`; --augment-hypotheses for another file) as the hybrid
benchmark's `transitive` config does, and writes a seeded 100 of them to
benchmarks/results/transitive_sample/sample.jsonl. Readers write <reader>.tsv beside it (id,
grammatical: the generated sentence reads as fluent English, label: right under SICK's guidelines,
note); `score` counts them into results.md.
"""
from __future__ import annotations

import argparse
import csv
import json
import random
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FOLDER = ROOT / "benchmarks" / "results" / "transitive_sample"
SICK = ROOT.parent / "shared" / "data" / "sick" / "SICK_corrected_train_trial.tsv"


def draw(args) -> None:
    from monalog.augment.recipe import TRANSITIVE, select
    from monalog.eval.datasets import Pair, read_pairs
    from monalog.hybrid.fallback import dev_share

    if any(FOLDER.glob("*.tsv")):
        sys.exit(f"{FOLDER} holds readers' verdicts on the drawn sample; move them away to draw a new one")
    pairs = [p for p in read_pairs(args.data, "sick", "corrected") if isinstance(p, Pair) and p.label]
    sick = [(p.premise, p.hypothesis, p.label) for p in pairs if p.split == "TRAIN"]
    rows = [json.loads(line) for line in Path(args.augment_hypotheses).read_text(encoding="utf-8").splitlines()]
    composed = select(rows, sick, TRANSITIVE, 0, held_out=dev_share(sick))
    picked = random.Random(args.seed).sample(composed, min(args.n, len(composed)))
    FOLDER.mkdir(parents=True, exist_ok=True)
    with (FOLDER / "sample.jsonl").open("w", encoding="utf-8") as out:
        for i, (premise, hypothesis, label) in enumerate(picked, 1):
            out.write(json.dumps({"id": i, "premise": premise, "hypothesis": hypothesis, "label": label.value,
                                  "drawn": f"seed {args.seed}, {len(picked)} of {len(composed)}"},
                                 ensure_ascii=False) + "\n")
    print(f"{len(picked)} of {len(composed)} composed pairs (seed {args.seed})", file=sys.stderr)


def score(_args) -> None:
    sample = {row["id"]: row for row in map(json.loads, (FOLDER / "sample.jsonl").read_text().splitlines())}
    lines = ["# The transitive recipe's pairs judged by hand", "",
             f"A random {len(sample)} (`python -m benchmarks.transitive_sample draw`, "
             f"{sample[1].get('drawn', 'seed 1201, 100 of 3086')}) of the "
             "pairs `monalog train --recipe transitive` adds at seed 0, from the hypotheses of "
             "SICK TRAIN's entailments. Reader main built the recipe and judged the generated sentence's grammar "
             "(the premise of a NEUTRAL pair, else the hypothesis); second is a helper that saw only the "
             "premise, hypothesis and label, and judged the hypothesis's grammar.", "",
             "| reader | grammatical | correct label | ENTAILMENT | CONTRADICTION | NEUTRAL |",
             "|---|---|---|---|---|---|"]
    for path in sorted(FOLDER.glob("*.tsv")):
        with path.open(encoding="utf-8") as handle:
            verdicts = {int(r["id"]): r for r in csv.DictReader(handle, delimiter="\t")}
        right, total = Counter(), Counter()
        for i, v in verdicts.items():
            total[sample[i]["label"]] += 1
            right[sample[i]["label"]] += v["label"] == "y"
        per = " | ".join(f"{right[lab]}/{total[lab]}" for lab in ("ENTAILMENT", "CONTRADICTION", "NEUTRAL"))
        lines.append(f"| {path.stem} | {sum(v['grammatical'] == 'y' for v in verdicts.values())} | "
                     f"{sum(v['label'] == 'y' for v in verdicts.values())} | {per} |")
    notes = FOLDER / "notes.md"                      # the readers' findings, written by hand
    if notes.exists():
        lines += ["", notes.read_text(encoding="utf-8").strip()]
    (FOLDER / "results.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("action", choices=("draw", "score"))
    ap.add_argument("--data", default=str(SICK))
    ap.add_argument("--augment-hypotheses", default=str(ROOT / "benchmarks" / "work" / "augment_hypotheses.jsonl"))
    ap.add_argument("--n", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1201)
    args = ap.parse_args()
    (draw if args.action == "draw" else score)(args)


if __name__ == "__main__":
    main()
