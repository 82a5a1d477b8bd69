"""`monalog parse`: CCG derivations of sentences (AUTO, a drawn derivation, or JSON)."""
from __future__ import annotations

import argparse
import json

from monalog.cli.common import run_batches, sentence_options


def register(sub) -> None:
    p = sub.add_parser("parse", help="parse sentences into CCG derivations")
    sentence_options(p)
    p.add_argument("--format", choices=("auto", "deriv", "json"), default="auto", help="output format")
    p.set_defaults(func=run)


def _token_json(leaf) -> dict:
    return {"word": leaf.token.word, "lemma": leaf.token.lemma, "pos": leaf.token.pos,
            "category": str(leaf.category)}


def run(args: argparse.Namespace) -> int:
    from monalog.ccg.io import write_auto
    from monalog.ccg.render import derivation
    from monalog.parsing.parser import get_parser

    def render(result) -> str:
        if args.format == "auto":
            return write_auto(result.tree)
        if args.format == "deriv":
            return f"# {result.sentence}\n{derivation(result.tree)}\n"
        return json.dumps({"sentence": result.sentence, "tokens": [_token_json(leaf) for leaf in result.leaves],
                           "tree": write_auto(result.tree)}, ensure_ascii=False)

    return run_batches(args, "parsing", get_parser(args.backend, args.model).parse_batch, render)
