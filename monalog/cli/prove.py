"""`monalog prove`: one pair, its label on the first line, then the proof (text, JSON or DOT)."""
from __future__ import annotations

import argparse
import json

from monalog.cli.common import printable, prover_options, prover_settings


def register(sub) -> None:
    p = sub.add_parser("prove", help="prove one premise/hypothesis pair and show the proof")
    p.add_argument("premise")
    p.add_argument("hypothesis")
    p.add_argument("--trace", choices=("text", "json", "dot"), default="text")
    prover_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from monalog.inference.prover import Prover
    from monalog.inference.render import proof_dot, proof_json, proof_text

    proof = Prover(prover_settings(args, keep_search_tree=args.trace == "dot")).prove(args.premise, args.hypothesis)
    print(proof.label.value)
    if args.trace == "json":
        print(printable(json.dumps(proof_json(proof), ensure_ascii=False, indent=2)))   # still valid JSON
    elif args.trace == "dot":
        print(printable(proof_dot(proof)))
    else:
        print(printable(proof_text(proof)))
    return 0
