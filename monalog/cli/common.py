"""What the command modules share: reading sentences and pairs, option groups; and, from the public
`monalog.console` and `monalog.argtypes` (which other packages' commands use too), one-line errors,
progress bars, argparse value types and deprecated flag spellings. Nothing heavy is imported here, so
`monalog --help` stays fast."""
from __future__ import annotations

import argparse
import dataclasses
import json
import logging
import sys
from typing import Callable, Iterable, Iterator, Sequence

from monalog.argtypes import count, deprecated_alias, device_name, positive, probability
from monalog.console import error, one_line, progress, skipped
from monalog.errors import InputError, MonalogError
from monalog.eval.datasets import FORMATS, usable_pairs
from monalog.fileio import readable
from monalog.hybrid import DEFAULT_THRESHOLD
# re-exported: command modules (and tests) import these from here too
from monalog.argtypes import input_path as input_path, share as share
from monalog.console import ProgressLines as ProgressLines, printable as printable

log = logging.getLogger("monalog")


def sentences(args: Sequence[str]) -> Iterator[str | InputError]:
    """The sentences given on the command line, or one a line from stdin for '-' (each line decoded
    on its own: one that is not UTF-8 is an InputError in its place, and the others go on)."""
    if list(args) != ["-"]:
        yield from args
        return
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:                              # a text stream put in place of stdin (embedding, tests)
        yield from (line.rstrip("\r\n") for line in sys.stdin)
        return
    for n, raw in enumerate(stream, 1):
        try:
            yield raw.decode("utf-8-sig" if n == 1 else "utf-8").rstrip("\r\n")
        except UnicodeDecodeError as exc:
            yield InputError(f"stdin line {n}: not UTF-8 text (byte 0x{raw[exc.start]:02x} at column "
                             f"{exc.start + 1})", input=n)


def chunks(items: Iterable, size: int) -> Iterator[list]:
    chunk: list = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def run_batches(args: argparse.Namespace, desc: str, process: Callable[[list[str]], list],
                render: Callable[[object], str]) -> int:
    """Feed sentences to `process` in batches; print `render(result)` for successes and an error
    line (JSON with --format json, else on stderr) for failures. Non-zero only if all failed."""
    ok = failed = 0
    with progress(desc) as bar:
        for chunk in chunks(sentences(args.sentences), args.batch_size):
            texts = [item for item in chunk if isinstance(item, str)]
            done = iter(process(texts))
            for item in chunk:
                sentence, result = (item, next(done)) if isinstance(item, str) else (None, item)
                if isinstance(result, MonalogError):
                    failed += 1
                    shown = None if sentence is None else readable(sentence)     # no undecodable bytes out
                    if args.format == "json":
                        print(json.dumps({"sentence": shown, "error": one_line(result)}, ensure_ascii=False))
                    else:
                        where = "" if shown is None else f"{shown!r}: "
                        print(f"monalog: error: {where}{one_line(result)}", file=sys.stderr)
                else:
                    ok += 1
                    print(render(result))
            sys.stdout.flush()
            bar.update(len(chunk))
    if ok + failed == 0:
        return error("no input sentences")
    return 1 if ok == 0 else 0


def sentence_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("sentences", nargs="+", metavar="SENTENCE", help="sentences, or - to read one a line from stdin")
    p.add_argument("--backend", choices=("monalog", "depccg"), default="monalog",
                   help="monalog: the shipped taggers; depccg: depccg's pretrained model if installed")
    p.add_argument("--model", help="monalog backend: ensemble (default: the BiLSTM and MiniLM taggers), bilstm "
                                   "(faster), minilm, or a tagger file; depccg backend: model variant/dir")
    p.add_argument("--batch-size", type=count(1), default=512)


def prover_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--depth", type=count(0), default=3,
                   help="most steps in a proof: edits, and the negation or exclusion that ends a "
                        "contradiction (default 3: an entailment of up to 3 edits, a contradiction of up to 2 "
                        "edits and its negation or exclusion)")
    p.add_argument("--kb-facts", action="append", metavar="FILE", type=input_path, dest="kb_facts",
                   help="extra facts in the KB language (repeatable)")
    deprecated_alias(p, "--kb", "--kb-facts", "kb_facts", append=True, metavar="FILE", type=input_path)
    p.add_argument("--exclusions", action="store_true",
                   help="also use kb/exclusions.kb (man | woman, ...) and WordNet antonyms")
    p.add_argument("--no-normalize", action="store_true", help="skip the syntactic normalisation rules")
    p.add_argument("--timeout", type=positive, metavar="SECONDS",
                   help="a wall-clock limit on each pair's search, off by default: the search budget counts "
                        "sentences, so answers never depend on the machine's load; a pair past this limit is "
                        "reported as timed out, never given a label")
    p.add_argument("--knowledge", choices=("aligned", "symbolic"), default="aligned",
                   help="aligned (default): WordNet and the KB, then, for a pair they cannot decide, neural "
                        "phrase alignment (each such step names its score); symbolic: no learned facts")
    p.add_argument("--align-model", dest="align_model", default="minilm", metavar="MODEL",
                   help="sentence-embedding model of the aligner: a folder, a cached hub name, minilm "
                        "(the packaged MiniLM, default) or mpnet (after `make setup-mpnet`; the default "
                        "--align-threshold was chosen for minilm)")
    p.add_argument("--align-threshold", dest="align_threshold", type=probability, default=None, metavar="COSINE",
                   help="cosine at or above which two phrases are aligned (default: the one chosen on SICK TRAIN)")
    reading_options(p)


def reading_options(p: argparse.ArgumentParser) -> None:
    """--numerals, --definites, --bare-plurals: the readings the literature leaves open."""
    p.add_argument("--numerals", choices=("at-least", "exact"), default="at-least",
                   help="bare numerals: 'three' as at least three (↑↑, default, what SICK needs) or exactly (= =)")
    p.add_argument("--definites", choices=("upward", "fixed"), default="upward",
                   help="the/this/possessives: existential (↑↑, default) or a fixed referent (noun =, scope ↑)")
    p.add_argument("--bare-plurals", dest="bare_plurals", choices=("existential", "universal"),
                   default="existential", help="'Dogs bark': some dogs (default) or all dogs (↓↑)")


def readings(args: argparse.Namespace):
    from monalog.polarity.lexicon import BarePlurals, Definites, Numerals, Readings

    return Readings(Numerals(args.numerals), Definites(args.definites), BarePlurals(args.bare_plurals))


def prover_settings(args: argparse.Namespace, **extra):
    from monalog.inference.alignment import AlignmentSettings, Knowledge
    from monalog.inference.prover import ProverSettings

    alignment = AlignmentSettings(model=args.align_model)
    if args.align_threshold is not None:
        alignment = dataclasses.replace(alignment, threshold=args.align_threshold)
    return ProverSettings(depth=args.depth, normalize=not args.no_normalize, exclusions=args.exclusions,
                          kb_files=tuple(args.kb_facts or ()), readings=readings(args), seconds=args.timeout,
                          knowledge=Knowledge(args.knowledge), alignment=alignment, **extra)


def pair_options(p: argparse.ArgumentParser, default_format: str) -> None:
    """Options of the commands that read a file of pairs and decide them (eval, classify)."""
    p.add_argument("--input-format", dest="input_format", choices=FORMATS, default=default_format,
                   help=f"the input file's format (default {default_format}; mnli: sentence1, sentence2 and "
                        "gold_label columns, 2- or 3-way; help: HELP's ori_sentence/new_sentence)")
    deprecated_alias(p, "--format", "--input-format", "input_format", choices=FORMATS)
    p.add_argument("--labels", choices=("original", "corrected"), default="corrected",
                   help="SICK: entailment_label (original) or label_current_paper (corrected)")
    engine_options(p, "worker processes for the prover (or Ray actors)")
    p.add_argument("--hybrid", metavar="MODEL_DIR", action="append",
                   help="a fallback classifier (a `monalog train` folder or any NLI model) for the pairs the "
                        "engine leaves NEUTRAL or cannot handle; repeat it for an ensemble (probabilities averaged, "
                        "e.g. three seeds' models)")
    fallback_options(p, f"default {DEFAULT_THRESHOLD}, chosen on TRAIN; 0 keeps every E/C; the paper: 0.95")
    p.add_argument("--decision", choices=("fixed", "learned"), default="fixed",
                   help="with --hybrid: fixed (default) trusts the engine's E/C and asks the fallback for the rest; "
                        "learned weighs both with the rule `train --fit-decision` fitted on the model's dev share")
    prover_options(p)


def engine_options(p: argparse.ArgumentParser, workers_help: str) -> None:
    """--workers, --engine and --ray-address of the commands that run batches in parallel (parallel.run_batches)."""
    p.add_argument("--workers", type=count(1), default=1, help=workers_help)
    p.add_argument("--engine", choices=("local", "ray"), default="local",
                   help="local (default): worker processes on this machine; ray: Ray actors (pip install "
                        "'monalog[ray]'), on a local Ray instance or the cluster at --ray-address")
    p.add_argument("--ray-address", help="a Ray cluster to run on (default: a local Ray instance)")


def fallback_options(p: argparse.ArgumentParser, threshold_note: str) -> None:
    """--threshold and --device of the commands that run a fallback classifier."""
    p.add_argument("--threshold", type=probability, default=None,
                   help=f"fallback E/C predictions below this probability become NEUTRAL ({threshold_note})")
    p.add_argument("--device", type=device_name, help="cuda or cpu for the fallback (default: cuda when available)")


def read_pairs(path: str, fmt: str, labels: str, need_label: bool, limit: int | None = None,
               sick_set: str | None = None):
    """The usable pairs of a file and its bad rows (eval.datasets.usable_pairs), each bad row reported on stderr."""
    pairs, bad = usable_pairs(path, fmt, labels, need_label, sick_set, limit)
    for row in bad:
        skipped(path, row.line, row.reason)
    return pairs, bad


def threshold(args: argparse.Namespace) -> float | None:
    """The fallback's E/C threshold: --threshold, else the default (none with a learned rule: it has its own)."""
    if args.threshold is not None:
        return args.threshold
    return None if getattr(args, "decision", "fixed") == "learned" else DEFAULT_THRESHOLD


def classifier(args: argparse.Namespace):
    """The hybrid classifier the options ask for (the engine alone without --hybrid)."""
    from monalog.hybrid.classifier import HybridClassifier

    return HybridClassifier.load(args.hybrid or (), prover_settings(args), args.threshold, args.decision,
                                 args.workers, args.device, args.engine, args.ray_address)


def decide(args: argparse.Namespace, pairs, on_ready: Callable[[float], None] | None = None) -> list:
    """Hybrid decisions (symbolic only without --hybrid), with a progress bar over the proving;
    `on_ready` is told each prover worker's load time."""
    with progress("proving", len(pairs), " pair") as bar:
        return classifier(args).classify([(p.premise, p.hypothesis) for p in pairs], on_chunk=bar.update,
                                         on_ready=on_ready)
