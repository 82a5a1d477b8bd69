"""`monalog eval`: prove every pair of a labelled file and score the answers."""
from __future__ import annotations

import argparse
import json

from monalog.cli.common import classifier, count, error, input_path, log, pair_options, progress, read_pairs, threshold
from monalog.fileio import check_output, distinct_outputs, json_with, jsonl_with, write_atomic, write_jsonl


def register(sub) -> None:
    p = sub.add_parser("eval", help="prove every pair of a file and score against its gold labels")
    p.add_argument("file", type=input_path)
    p.add_argument("--limit", type=count(1), help="only the first N pairs")
    p.add_argument("--sick-set", type=str.upper, choices=("TRAIN", "TRIAL", "TEST"),
                   help="SICK input: only the pairs of this SemEval_set (TRAIN, TRIAL, TEST): score a fallback "
                        "trained on TRAIN on TRIAL alone")
    p.add_argument("--json", metavar="OUT", help="write the metrics as JSON")
    p.add_argument("--predictions", metavar="OUT",
                   help="write each pair's answer, gold label, who decided and the proof as JSONL (error analysis)")
    pair_options(p, "sick")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from monalog.eval.evaluate import evaluate

    distinct_outputs(args.json, args.predictions)
    if args.json:
        check_output(args.json, inputs=[args.file], previous=json_with("n", "accuracy", "confusion"))
    if args.predictions:
        check_output(args.predictions, inputs=[args.file], previous=jsonl_with("line", "gold", "label", "component"))
    pairs, bad = read_pairs(args.file, args.input_format, args.labels, True, args.limit, args.sick_set)
    if not pairs:
        return error(f"no usable pairs in {args.file}" + (f" of set {args.sick_set}" if args.sick_set else ""))
    with progress("proving", len(pairs), " pair") as bar:
        run = evaluate(pairs, classifier(args), input_format=args.input_format, on_chunk=bar.update)
    for pair, decision in zip(run.pairs, run.decisions):
        if decision.error and not decision.timed_out:
            log.warning("%s:%d: %s", args.file, pair.line, decision.error)
    if args.predictions:
        write_jsonl(args.predictions, run.predictions())
    if args.json:
        data = run.report.as_json()
        data["two_way"] = run.two_way
        data["skipped_rows"] = [{"line": b.line, "reason": b.reason} for b in bad]
        data["timed_out_lines"] = run.timed_out
        data["sick_set"] = args.sick_set
        if args.hybrid:
            data["components"] = dict(run.components)
            model = args.hybrid[0] if len(args.hybrid) == 1 else args.hybrid
            data["hybrid"] = {"model": model, "threshold": threshold(args), "decision": args.decision}
        write_atomic(args.json, json.dumps(data, indent=2) + "\n")
    # Files first: a reader that closes stdout early (`| head`) must not cost them.
    print(run.report.table())
    if run.timed_out:
        print(f"\ntimed out (not scored): {len(run.timed_out)} pairs")
    if args.hybrid:
        print(f"\ndecided by: {', '.join(f'{name} {count}' for name, count in sorted(run.components.items()))}")
    return 0
