"""`monalog polarize`: every word and constituent marked ↑ ↓ or =."""
from __future__ import annotations

import argparse
import json

from monalog.cli.common import reading_options, readings, run_batches, sentence_options


def register(sub) -> None:
    p = sub.add_parser("polarize", help="mark every word and constituent with its polarity (↑ ↓ =)")
    sentence_options(p)
    p.add_argument("--format", choices=("arrows", "json"), default="arrows", help="output format")
    p.add_argument("--normalize", action="store_true",
                   help="apply the syntactic normalisation rules first and print the rewritten sentence")
    reading_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from monalog.parsing.parser import get_parser
    from monalog.pipeline import Pipeline
    from monalog.polarity.lexicon import default_lexicon
    from monalog.polarity.polarizer import Polarizer
    from monalog.polarity.render import polarized_json

    polarizer = Polarizer(default_lexicon().with_readings(readings(args)))
    pipeline = Pipeline(get_parser(args.backend, args.model), polarizer)

    def process(chunk: list[str]):
        return pipeline.run(chunk, normalize=args.normalize)

    def render(result) -> str:
        return result.arrows() if args.format == "arrows" else json.dumps(polarized_json(result), ensure_ascii=False)

    return run_batches(args, "polarizing", process, render)
