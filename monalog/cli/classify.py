"""`monalog classify`: label pairs with the engine (and, with --hybrid, the fallback for the rest)."""
from __future__ import annotations

import argparse
import json
import sys

from monalog.cli.common import decide, error, input_path, pair_options, read_pairs
from monalog.fileio import check_output, jsonl_with, write_jsonl

PREDICTION_KEYS = ("label", "component", "confidence")


def register(sub) -> None:
    p = sub.add_parser("classify", help="label pairs (symbolic engine, with --hybrid the fallback for the rest)")
    p.add_argument("input", type=input_path,
                   help="JSONL {premise, hypothesis[, id]} or a tsv (SICK, MED, or premise/hypothesis)")
    p.add_argument("-o", "--output", help="JSONL predictions (default: stdout)")
    pair_options(p, "auto")
    p.set_defaults(func=run)


def prediction_row(pair, d) -> dict:
    """One output row: the pair, the decision, the component that made it and both components' views."""
    row = {"id": pair.id, "premise": pair.premise, "hypothesis": pair.hypothesis, "label": d.label.value,
           "component": d.component.value, "confidence": round(d.confidence, 6),
           "symbolic": d.symbolic.value if d.symbolic else None,
           "fallback": {k: round(v, 6) for k, v in d.fallback.probabilities.items()} if d.fallback else None}
    if d.timed_out:
        row["label"] = None
    if d.error:
        row["error"] = d.error
    if pair.label is not None:
        row["gold"] = pair.label.value
    return row


def run(args: argparse.Namespace) -> int:
    if args.output:
        check_output(args.output, inputs=[args.input], previous=jsonl_with(*PREDICTION_KEYS))
    pairs, _ = read_pairs(args.input, args.input_format, args.labels, False)
    if not pairs:
        return error(f"no usable pairs in {args.input}")
    rows = [prediction_row(pair, d) for pair, d in zip(pairs, decide(args, pairs))]
    if args.output:
        write_jsonl(args.output, rows)
    else:
        sys.stdout.writelines(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    return 0
