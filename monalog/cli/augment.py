"""`monalog augment`: labelled entailments and contradictions generated from premises, resumable."""
from __future__ import annotations

import argparse
import sys

from monalog.cli.common import count, engine_options, error, input_path, progress, share, skipped


def register(sub) -> None:
    p = sub.add_parser("augment", help="generate labelled entailments and contradictions from premises")
    p.add_argument("file", type=input_path,
                   help="one premise a line, a SICK tsv (sentence_A), or JSONL with \"premise\"")
    p.add_argument("-o", "--output", required=True,
                   help="JSONL of pairs; rerunning with the same output resumes (OUT.progress beside it)")
    p.add_argument("--depth", type=count(0), default=2, help="most edits from the premise (default 2)")
    engine_options(p, "worker processes (or Ray actors)")
    p.add_argument("--fraction", type=share, default=1.0, help="keep this share of each premise's pairs")
    p.add_argument("--seed", type=int, default=0, help="seed of the --fraction sample")
    p.add_argument("--sick-set", type=str.upper, choices=("TRAIN", "TRIAL", "TEST"),
                   help="SICK input: only premises of this SemEval_set")
    p.add_argument("--sick-column", choices=("sentence_A", "sentence_B"), default="sentence_A",
                   help="SICK input: the sentences to generate from (sentence_B: the hypotheses, for "
                        "`train --recipe transitive`)")
    p.add_argument("--limit", type=count(1), help="only the first N premises")
    p.add_argument("--batch-size", type=count(1), default=32, help="premises per batch (the unit of resuming)")
    p.add_argument("--max-pairs", type=count(1), default=200, help="pairs at most per premise")
    p.add_argument("--no-contradictions", action="store_true")
    p.add_argument("--no-exclusions", action="store_true",
                   help="no contradictions by a word that excludes the premise's (man -> woman, sitting -> "
                        "standing: SICK's convention that both sentences describe one situation)")
    p.add_argument("--no-verify", action="store_true",
                   help="skip re-proving each pair (faster; a pair whose words read differently may then slip in)")
    p.add_argument("--no-normalize", action="store_true", help="skip the syntactic normalisation rules")
    p.add_argument("--min-fluency", type=_fluency, metavar="SCORE",
                   help="drop hypotheses whose fluency score (recorded per pair) is under SCORE (default: the "
                        "packaged threshold, passed by 95%% of SICK TRIAL sentences; off keeps all)")
    p.add_argument("--first-senses", action="store_true",
                   help="read every word in its first WordNet sense (no MiniLM; faster, more sense errors)")
    p.add_argument("--tagger", default="bilstm",
                   help="the parser's tagger: bilstm (default: SICK-style premises, fast), ensemble (premises "
                        "outside SICK's style; about 0.65x the pairs/s), minilm, or a tagger file")
    p.set_defaults(func=run)


def _fluency(text: str) -> float:
    """A threshold, or "off" (keep every pair)."""
    if text.strip().lower() in ("off", "none"):
        return float("-inf")
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number or 'off': {text!r}") from None


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from monalog.augment.generate import AugmentSettings
    from monalog.augment.runner import augment_file

    from monalog.parsing.scorers import SHIPPED

    if args.tagger not in (*SHIPPED, "ensemble") and not Path(args.tagger).is_file():
        return error(f"--tagger: no tagger named or file {args.tagger!r} (bilstm, ensemble, minilm or a file)")

    settings = AugmentSettings(depth=args.depth, contradictions=not args.no_contradictions,
                               exclusions=not args.no_exclusions,
                               normalize=not args.no_normalize, verify=not args.no_verify, max_pairs=args.max_pairs,
                               min_fluency=args.min_fluency, senses=not args.first_senses, tagger=args.tagger)
    with progress("augmenting", unit=" premise") as bar:
        report = augment_file(args.file, args.output, settings, fraction=args.fraction, seed=args.seed,
                              workers=args.workers, engine=args.engine, batch_size=args.batch_size,
                              address=args.ray_address, sick_set=args.sick_set, sick_column=args.sick_column,
                              progress=bar, on_skip=lambda item: skipped(args.file, item.line, item.reason),
                              limit=args.limit)
    for source, reason in report.failed:
        print(f"monalog: premise {source} skipped: {reason}", file=sys.stderr)
    print(report.table(), file=sys.stderr)
    if not report.premises:
        return error(f"no usable premises in {args.file}")
    return 1 if report.premises and len(report.failed) == report.premises else 0
