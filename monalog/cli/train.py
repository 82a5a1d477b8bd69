"""`monalog train`: fine-tune the BERT fallback on SICK TRAIN rows (and generated pairs)."""
from __future__ import annotations

import argparse
import json
import sys

from monalog.cli.common import count, error, read_pairs, share, skipped
from monalog.console import TrainingBars
from monalog.eval.datasets import training_pairs
from monalog.fileio import check_output
from monalog.hybrid.options import fallback_settings, model_options
from monalog.rows import BadRow, read_jsonl


def register(sub) -> None:
    p = sub.add_parser("train", help="fine-tune the fallback classifier on SICK TRAIN rows (+ generated pairs)")
    p.add_argument("--train", required=True, help="SICK tsv (its TRAIN rows; a fixed 10%% of them select the model)")
    p.add_argument("--augment", action="append", metavar="JSONL", help="generated pairs (monalog augment output)")
    p.add_argument("--recipe", choices=("balanced", "prior", "sample", "all", "transitive"), default="balanced",
                   help="balanced (default): as many generated pairs as TRAIN pairs, at most 6 per premise and "
                        "label, 40%% ENTAILMENT / 30%% CONTRADICTION / 30%% NEUTRAL (strict entailments read "
                        "backwards); prior: the same with the label shares of the TRAIN pairs themselves (55%% "
                        "NEUTRAL in SICK); sample: 4,000 pairs drawn uniformly (data seed 0); all: every generated "
                        "pair (MonaLog's way); transitive: pairs generated from the hypotheses of TRAIN's "
                        "entailments (`augment --sick-column sentence_B`) composed with their premises")
    p.add_argument("--fraction", type=share, default=1.0, help="then use this share of them")
    p.add_argument("--generated-first", action="store_true",
                   help="train one epoch on the generated pairs alone, then --epochs on SICK (a curriculum) "
                        "instead of mixing them")
    p.add_argument("--dev-fold", type=int, choices=range(10), default=0, metavar="K",
                   help="hold out the K-th 10%% share of TRAIN (0 to 9) instead of the first: train one model per "
                        "K and pass them all to --hybrid, a cross-fitted ensemble (README, Hybrid)")
    p.add_argument("--fit-decision", action="store_true",
                   help="then prove the dev share and fit a learned decision rule on it, saved in the model folder "
                        "for `classify`/`eval --hybrid MODEL --decision learned`")
    p.add_argument("--workers", type=count(1), default=1, help="worker processes for proving the dev share")
    p.add_argument("--labels", choices=("original", "corrected"), default="corrected")
    model_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import random

    from monalog.augment.recipe import RECIPES, select
    from monalog.hybrid.api import train
    from monalog.hybrid.fallback import is_model_folder, split_dev

    check_output(args.output, inputs=[args.train, *(args.augment or [])], previous=is_model_folder, folder=True)
    sick, bad = training_pairs(args.train, args.labels)
    for row in bad:
        skipped(args.train, row.line, row.reason)
    if not sick:
        return error(f"no TRAIN pairs with labels in {args.train}")
    generated = [row for path in args.augment or [] for row in _generated_rows(path, args.labels)]
    settings = fallback_settings(args)
    held_out = split_dev(sick, settings.dev_fraction, settings.dev_fold)[1]      # nothing generated from it
    extra = select(generated, sick, RECIPES[args.recipe], args.seed, held_out=held_out)
    if generated and not extra:
        print(f"monalog: warning: the {args.recipe} recipe took none of the {len(generated)} generated pairs"
              + (" (it reads pairs generated from the hypotheses of TRAIN's entailments: `monalog augment "
                 "--sick-column sentence_B`)" if args.recipe == "transitive" else ""), file=sys.stderr)
    if args.fraction < 1.0:
        rng = random.Random(args.seed)
        extra = [e for e in extra if rng.random() < args.fraction]
    with TrainingBars() as bars:
        summary = train(sick, args.output, settings, extra, fit_decision=args.fit_decision, workers=args.workers,
                        progress=bars)
    print(json.dumps(summary))
    return 0


def _generated_rows(path: str, labels: str) -> list[dict]:
    """A generated-pairs file's usable rows (bad ones reported), each with its proof when it has one."""
    pairs, _ = read_pairs(path, "jsonl", labels, True)
    proofs = {row.line: row.fields.get("proof") for row in read_jsonl(path) if not isinstance(row, BadRow)}
    return [{"premise": p.premise, "hypothesis": p.hypothesis, "label": p.label.value,
             "proof": proofs.get(p.line) if isinstance(proofs.get(p.line), list) else []} for p in pairs]
