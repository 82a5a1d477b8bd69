"""`monalog eval`: prove every pair of a labelled file and score the answers."""
from __future__ import annotations

import argparse
import json
import time
from collections import Counter

from monalog.cli.common import count, decide, error, log, pair_options, read_pairs, threshold


def register(sub) -> None:
    p = sub.add_parser("eval", help="prove every pair of a file and score against its gold labels")
    p.add_argument("file")
    p.add_argument("--limit", type=count(1), help="only the first N pairs")
    p.add_argument("--sick-set", type=str.upper, choices=("TRAIN", "TRIAL", "TEST"),
                   help="SICK input: only the pairs of this SemEval_set (TRAIN, TRIAL, TEST): score a fallback "
                        "trained on TRAIN on TRIAL alone")
    p.add_argument("--json", metavar="OUT", help="write the metrics as JSON")
    pair_options(p, "sick")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from monalog.eval.metrics import evaluate
    from monalog.fileio import check_output, json_with, write_atomic
    from monalog.inference.proof import Label

    if args.json:
        check_output(args.json, inputs=[args.file], previous=json_with("n", "accuracy", "confusion"))
    pairs, bad = read_pairs(args.file, args.input_format, args.labels, True,
                            None if args.sick_set else args.limit)
    if args.sick_set:
        pairs = [p for p in pairs if p.split == args.sick_set][:args.limit]
    if not pairs:
        return error(f"no usable pairs in {args.file}" + (f" of set {args.sick_set}" if args.sick_set else ""))
    start = time.perf_counter()
    loads: list[float] = []
    decisions = decide(args, pairs, loads.append)
    load = max(loads, default=0.0)          # workers load side by side, before their first pairs
    seconds = time.perf_counter() - start - load
    errors = [(p, d) for p, d in zip(pairs, decisions) if d.error and not d.timed_out]
    for pair, decision in errors:
        log.warning("%s:%d: %s", args.file, pair.line, decision.error)
    # no answer is not a NEUTRAL answer: pairs past --timeout are left out of the scores and the errors
    timed_out = [p.line for p, d in zip(pairs, decisions) if d.timed_out]
    scored = [(p.label, d.label) for p, d in zip(pairs, decisions) if not d.timed_out]
    gold = [g for g, _ in scored]
    # 2-way gold (entailment / non-entailment, as MNLI-style monotonicity benchmarks are) has no
    # contradiction: a predicted CONTRADICTION is then a non-entailment answer
    two_way = args.input_format in ("med", "mnli") or Label.CONTRADICTION not in gold
    report = evaluate(gold, [p for _, p in scored], len(errors), seconds, two_way=two_way, load_seconds=load)
    print(report.table())
    if timed_out:
        print(f"\ntimed out (not scored): {len(timed_out)} pairs")
    components = Counter(d.component.value for d in decisions if not d.timed_out)
    if args.hybrid:
        print(f"\ndecided by: {', '.join(f'{name} {count}' for name, count in sorted(components.items()))}")
    if args.json:
        data = report.as_json()
        data["two_way"] = two_way
        data["skipped_rows"] = [{"line": b.line, "reason": b.reason} for b in bad]
        data["timed_out_lines"] = timed_out
        data["sick_set"] = args.sick_set
        if args.hybrid:
            data["components"] = dict(components)
            model = args.hybrid[0] if len(args.hybrid) == 1 else args.hybrid
            data["hybrid"] = {"model": model, "threshold": threshold(args), "decision": args.decision}
        write_atomic(args.json, json.dumps(data, indent=2) + "\n")
    return 0
