"""The `monalog perturb` handlers: each checks its outputs, builds its recipe from the flags, reads
the items and hands them to the runner. Heavy imports happen inside the handlers."""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING

from monalog.console import TrainingBars, error, progress, skipped
from monalog.errors import InputError
from monalog.eval.datasets import training_pairs
from monalog.fileio import check_output, distinct_outputs, json_with, open_input, write_atomic
from monalog.hybrid.options import fallback_settings
from monalog.rows import BadRow

if TYPE_CHECKING:
    from monalog_perturb.runner import RunReport


def _check(args: argparse.Namespace, *report_keys: str) -> None:
    """Refuse, before any work (bionli's and evonli's models load before their items are read), an input that
    cannot be opened and an output (or report) that is an input or an unrelated file."""
    from monalog_perturb.runner import is_output

    open_input(args.input).close()
    distinct_outputs(args.output, f"{args.output}.progress", getattr(args, "report", None))
    check_output(args.output, inputs=[args.input], previous=is_output)
    if getattr(args, "report", None):
        check_output(args.report, inputs=[args.input, args.output], previous=json_with(*report_keys))


def _items(args: argparse.Namespace, read, limit: int | None = None) -> list:
    """The readable items (a bad line is reported and skipped), the first `limit` of them; none at
    all is an InputError (a one-line error, exit 2)."""
    items = []
    for item in read:
        if isinstance(item, BadRow):
            skipped(args.input, item.line, item.reason)
        else:
            items.append(item)
        if limit and len(items) >= limit:
            break
    if not items:
        raise InputError(f"no usable items in {args.input}", input=args.input)
    return items


def _run(args: argparse.Namespace, generator, items: list, options) -> RunReport:
    from monalog_perturb.runner import run

    from monalog_perturb.backends.chat import redacted

    settings = json.loads(json.dumps(asdict(options), default=str))
    for where in ("device", "llm_cache"):           # where it runs, not what it makes: free to change on resume
        settings.pop(where, None)
    if settings.get("llm_base_url"):                # OUT.progress records the settings: no credentials there
        settings["llm_base_url"] = redacted(settings["llm_base_url"])
    settings["input"] = str(Path(args.input).resolve())
    with progress(f"perturb {generator.name}", total=len(items), unit=" item") as bar:
        report = run(items, generator, args.output, inputs=[args.input], settings=settings, progress=bar.update)
    print(report.line(), file=sys.stderr)
    return report


def cmd_bionli(args: argparse.Namespace) -> int:
    from monalog_perturb.recipes.bionli import BioNLIOptions, build, read_items
    from monalog_perturb.recipes.base import options_from

    options = options_from(BioNLIOptions, args)
    try:
        strategies = options.strategy_list()
    except ValueError as exc:
        return error(str(exc))
    _check(args, "records", "strategies")
    # records are read before the entity typer loads (seconds); abstracts need it to find their records
    items = None if options.abstracts else _items(args, read_items(args.input, False, None))
    generator = build(options)
    print(generator.typer.describe(), file=sys.stderr)
    if items is None:
        items = _items(args, read_items(args.input, True, generator.typer, generator.stats.inputs_skipped))
    run_report = _run(args, generator, items, options)
    if args.report:
        write_atomic(args.report, json.dumps({**generator.stats.as_json(strategies), "recipe": "bionli",
                                              "items": run_report.items, "rows": run_report.rows,
                                              "failed": run_report.failed}, indent=2) + "\n")
    print(generator.stats.table(strategies), file=sys.stderr)
    if options.nl_positives:
        print(generator.nl_summary(), file=sys.stderr)
    return 0


def _teacher_signal(teacher) -> dict:
    """The teacher's counts for the report, with a loud stderr line when it abstained on everything."""
    from monalog_perturb.backends.nli import CountingTeacher

    if not isinstance(teacher, CountingTeacher):
        return {}
    if warning := teacher.warning():
        print(warning, file=sys.stderr)
    return teacher.summary()


def cmd_kbin(args: argparse.Namespace) -> int:
    from monalog_perturb.recipes.base import options_from
    from monalog_perturb.claims import read_claims
    from monalog_perturb.recipes.kbin import KbinOptions, build

    options = options_from(KbinOptions, args)
    if options.baseline == "mlm" and not options.mlm:
        return error("--baseline mlm needs --mlm MODEL (a masked LM)")
    _check(args, "claims", "negated")
    items = _items(args, read_claims(args.input), args.limit)        # before any model loads
    generator = build(options)
    run_report = _run(args, generator, items, options)
    report = generator.report
    report.failed, report.seconds = run_report.failed, run_report.seconds
    print(report.table(), file=sys.stderr)
    signal = _teacher_signal(getattr(generator.recipe.goal, "teacher", None))
    if args.report:
        write_atomic(args.report, json.dumps({**report.as_json(), "recipe": generator.recipe.name,
                                              "kb": generator.sources, "fluency": generator.fluency_kind,
                                              "teacher": args.teacher, **signal}, indent=2) + "\n")
    return 0


def cmd_evonli(args: argparse.Namespace) -> int:
    from monalog_perturb.recipes.base import options_from
    from monalog_perturb.recipes.evonli import EvoOptions, build, read_items

    options = options_from(EvoOptions, args)
    if "mlm" in (options.ablation or ()) and not options.mlm:
        return error("the mlm ablation needs --mlm MODEL")
    if not options.teacher:
        return error("evonli needs a teacher (CLASSIFY): --teacher monalog, a folder or an NLI model")
    _check(args, "pairs", "successes")
    generator = build(options)
    items = _items(args, read_items(args.input, options.seed, generator.client), args.limit)
    _run(args, generator, items, options)
    print(generator.report.table(), file=sys.stderr)
    signal = _teacher_signal(generator.evo.teacher)
    if args.report:
        write_atomic(args.report, json.dumps({**generator.report.as_json(), "teacher": args.teacher,
                                              "ablations": sorted(options.ablation or ()),
                                              "mutations": generator.evo.replace_words.name,
                                              "claim_scorer": generator.claim_scorer, **signal}, indent=2) + "\n")
    return 0


def cmd_gennd(args: argparse.Namespace) -> int:
    from monalog_perturb.recipes.base import options_from
    from monalog_perturb.recipes.gennd import GenNDOptions, build, read_items

    options = options_from(GenNDOptions, args)
    _check(args)
    items = _items(args, read_items(args.input))
    generator = build(options)
    report = _run(args, generator, items, options)
    print(f"records {len(items)}, generated {report.rows} (mode {options.mode}, similarity window "
          f"[{options.min_similarity}, {options.delta}))", file=sys.stderr)
    for reason, count in generator.gennd.skipped.most_common():
        print(f"  no output for {count} record(s): {reason}", file=sys.stderr)
    return 0


def cmd_debate(args: argparse.Namespace) -> int:
    from monalog_perturb.recipes.base import options_from
    from monalog_perturb.recipes.debate import DebateOptions, build, read_items

    options = options_from(DebateOptions, args)
    _check(args)
    items = _items(args, read_items(args.input))
    generator = build(options)
    _run(args, generator, items, options)
    print(f"items {generator.seen}, rewrites accepted {generator.accepted} (threshold {options.threshold}, at most "
          f"{options.max_rounds} rounds, {len(generator.agents)} {generator.kind} agents)", file=sys.stderr)
    _teacher_signal(generator.teacher)
    return 0


def cmd_consistency(args: argparse.Namespace) -> int:
    from monalog_perturb.bio.consistency import consistency, is_plot, plot, read_predictions

    if args.png:
        check_output(args.png, inputs=[args.predictions], previous=is_plot)
    rows = read_predictions(args.predictions, lambda bad: skipped(args.predictions, bad.line, bad.reason))
    if not rows:
        raise InputError(f"no usable predictions in {args.predictions}", input=args.predictions)
    result = consistency(rows)
    print(result.table())
    if args.png:
        plot(result, args.png)
    return 0


def cmd_teacher(args: argparse.Namespace) -> int:
    """SICK TRAIN plus the biomedical pairs (`recipes.teacher`), fine-tuned as `monalog train` does (in
    batches grouped by length), then a temperature fitted on a held-out tenth of the biomedical pairs."""
    from monalog.hybrid.api import train
    from monalog.hybrid.fallback import is_model_folder, split_dev
    from monalog_perturb.recipes.teacher import TeacherData, teacher_pairs

    inputs = [args.train, *(args.claims or []), *([args.mancon] if args.mancon else [])]
    check_output(args.output, inputs=inputs, previous=is_model_folder, folder=True)
    sick, bad = training_pairs(args.train, args.labels)
    for row in bad:
        skipped(args.train, row.line, row.reason)
    if not sick:
        return error(f"no TRAIN pairs with labels in {args.train}")
    data = TeacherData(args.mancon, tuple(args.claims or ()), args.per_question, args.max_per_source, args.seed,
                       args.hold_out)
    with progress("building the teacher's pairs", unit=" claim") as bar:
        def on_claim(done: int, total: int) -> None:
            bar.total = total
            bar.update(done)
        bio, described = teacher_pairs(data, on_claim)
    listing = [f"{name} {sum(counts.values())} (" + ", ".join(f"{k} {v}" for k, v in counts.items()) + ")"
               for name, counts in described["sources"].items()]
    print("teacher data: " + ", ".join(listing), file=sys.stderr, flush=True)
    bio_train, held = split_dev(bio, 0.1) if args.calibrate else (bio, [])
    with TrainingBars() as bars:
        summary = train(sick, args.output, fallback_settings(args), bio_train, calibration=held, progress=bars,
                        data={"sick_train": len(sick), **described, "calibration_pairs": len(held)})
    print(json.dumps(summary))
    return 0
