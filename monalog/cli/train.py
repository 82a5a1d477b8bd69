"""`monalog train`: fine-tune the BERT fallback on SICK TRAIN rows (and generated pairs)."""
from __future__ import annotations

import argparse
import json
import sys

from monalog.cli.common import count, device_name, error, positive, progress, read_pairs, share
from monalog.inference.proof import Label


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


def model_options(p: argparse.ArgumentParser) -> None:
    """The fine-tuning options `train` shares with `perturb teacher`."""
    p.add_argument("--model", default="minilm",
                   help="base model: minilm (packaged MiniLM-L6) or any transformers name or folder")
    p.add_argument("-o", "--output", required=True,
                   help="folder for model, tokenizer, label map, dev metrics (new, empty, or a previous output)")
    p.add_argument("--epochs", type=positive, default=3.0)
    p.add_argument("--max-steps", type=count(1), help="stop after this many steps (overrides --epochs)")
    p.add_argument("--lr", type=positive, default=1e-4,
                   help="learning rate (default 1e-4, tuned for the packaged MiniLM; 2e-5 to 5e-5 for BERT-base)")
    p.add_argument("--batch-size", type=count(1), default=32)
    p.add_argument("--max-length", type=count(8), default=128)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--device", type=device_name,
                   help="cuda or cpu (default: cuda when available, with mixed precision)")


def sick_train_pairs(path: str, labels: str) -> list:
    """The labelled TRAIN rows of a SICK file (every row when it has no split column)."""
    sick, _ = read_pairs(path, "auto", labels, True)
    if any(p.split for p in sick):
        sick = [p for p in sick if p.split == "TRAIN"]          # TRIAL (and TEST) rows are for evaluation
    return [(p.premise, p.hypothesis, p.label) for p in sick if p.label in Label]


def fine_tune(args: argparse.Namespace, sick: list, extra: list, data: dict | None = None,
              calibration: list | None = None) -> int:
    """Train with the model options on `sick` (its dev share selects) plus `extra`, with a progress bar
    (and ETA); with `calibration` pairs (never trained on), fit a temperature on them; print the summary line."""
    from monalog.hybrid.fallback import FallbackSettings, calibrate, train

    settings = FallbackSettings(model=args.model, epochs=args.epochs, max_steps=args.max_steps,
                                learning_rate=args.lr, batch_size=args.batch_size, seed=args.seed,
                                max_length=args.max_length, device=args.device,
                                generated_first=getattr(args, "generated_first", False),
                                dev_fold=getattr(args, "dev_fold", 0),
                                group_by_length=getattr(args, "group_by_length", False))
    with progress("training", unit=" step") as bar:
        def on_step(step: int, total: int, loss: float) -> None:
            bar.total = total
            bar.update(1)
            bar.set_postfix(loss=f"{loss:.3f}", refresh=False)
        meta = train(sick, args.output, settings, extra, on_step, data)
    summary = {k: meta[k] for k in ("dev_accuracy", "train_pairs", "extra_pairs", "dev_pairs", "steps", "seconds",
                                    "examples_per_second", "device")}
    if calibration:
        print(f"fitting a temperature on {len(calibration)} held-out pairs", file=sys.stderr, flush=True)
        summary.update(temperature=calibrate(args.output, calibration, args.device), calibration_pairs=len(calibration))
    if getattr(args, "fit_decision", False):
        from monalog.hybrid.decision import fit_model
        from monalog.hybrid.fallback import split_dev

        dev = split_dev(sick, settings.dev_fraction, settings.dev_fold)[1]
        with progress("proving the dev share", len(dev), " pair") as bar:
            rule = fit_model(args.output, dev, workers=args.workers, device=args.device, on_chunk=bar.update)
        summary["decision_rule"] = rule.fitted
    print(json.dumps(summary))
    return 0


def run(args: argparse.Namespace) -> int:
    import random

    from monalog.augment.recipe import RECIPES, select
    from monalog.fileio import check_output
    from monalog.hybrid.fallback import FallbackSettings, is_model_folder, split_dev

    check_output(args.output, inputs=[args.train, *(args.augment or [])], previous=is_model_folder, folder=True)
    sick = sick_train_pairs(args.train, args.labels)
    if not sick:
        return error(f"no TRAIN pairs with labels in {args.train}")
    generated = [row for path in args.augment or [] for row in _generated_rows(path, args.labels)]
    held_out = split_dev(sick, FallbackSettings().dev_fraction, args.dev_fold)[1]    # nothing generated from it
    extra = select(generated, sick, RECIPES[args.recipe], args.seed, held_out=held_out)
    if generated and not extra:
        print(f"monalog: warning: the {args.recipe} recipe took none of the {len(generated)} generated pairs"
              + (" (it reads pairs generated from the hypotheses of TRAIN's entailments: `monalog augment "
                 "--sick-column sentence_B`)" if args.recipe == "transitive" else ""), file=sys.stderr)
    if args.fraction < 1.0:
        rng = random.Random(args.seed)
        extra = [e for e in extra if rng.random() < args.fraction]
    return fine_tune(args, sick, extra)


def _generated_rows(path: str, labels: str) -> list[dict]:
    """A generated-pairs file's usable rows (bad ones reported), each with its proof when it has one."""
    from monalog.rows import BadRow, read_jsonl

    pairs, _ = read_pairs(path, "jsonl", labels, True)
    proofs = {row.line: row.fields.get("proof") for row in read_jsonl(path) if not isinstance(row, BadRow)}
    return [{"premise": p.premise, "hypothesis": p.hypothesis, "label": p.label.value,
             "proof": proofs.get(p.line) if isinstance(proofs.get(p.line), list) else []} for p in pairs]
