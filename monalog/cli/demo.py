"""`monalog demo`: the main job on the bundled example pairs, with their proofs."""
from __future__ import annotations

import argparse
import sys

from monalog.cli.common import one_line
from monalog.errors import MonalogError


def register(sub) -> None:
    p = sub.add_parser("demo", help="prove the bundled example pairs and print their proofs")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import csv
    import io
    from importlib import resources

    from monalog.inference.prover import Prover
    from monalog.inference.render import proof_text

    text = resources.files("monalog").joinpath("data/demo_pairs.tsv").read_text(encoding="utf-8")
    pairs = [(row["premise"], row["hypothesis"]) for row in csv.DictReader(io.StringIO(text), delimiter="\t")]
    for result in Prover().prove_batch(pairs):
        if isinstance(result, MonalogError):
            print(f"monalog: error: {one_line(result)}", file=sys.stderr)
            continue
        print(result.label.value)
        print(proof_text(result))
        print()
    return 0
