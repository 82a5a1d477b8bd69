"""Augmentation at scale: premises from a file -> generated pairs as JSONL, resumable.

Batches of premises go to an engine (this process, local workers, or Ray); each finished batch is
appended to the output with one write and then recorded, with the output's new size, in a progress
file beside it (OUT.progress). A rerun truncates the output to the last recorded size (dropping a
batch cut short) and skips the sources already recorded (monalog.resumable), so an interrupted run resumes without
losing or repeating pairs. A premise that fails is logged, recorded as done, and skipped.
"""
from __future__ import annotations

import json
import logging
import random
from collections import Counter
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Callable, Iterable, Iterator, TypeVar

from monalog.augment.generate import AugmentSettings, Augmenter, Generated
from monalog.parallel import run_batches
from monalog.errors import InputError, MonalogError
from monalog.fileio import check_output, row_with
from monalog.resumable import ProgressFile, append_lines
from monalog.rows import BadRow, read_jsonl, read_lines, read_tsv
from monalog.inference.render import step_json

T = TypeVar("T")

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Premise:
    source: str
    text: str
    line: int = 0


def read_premises(path: str | Path, sick_set: str | None = None,
                  sick_column: str = "sentence_A") -> Iterator[Premise | BadRow]:
    """One premise a line, a SICK tsv (`sick_column` of each pair, sentence_A or sentence_B;
    `sick_set` keeps one SemEval_set, e.g. TRAIN), or JSONL with "premise" (and "id"). Repeated
    premises are given once; an id used by an earlier premise is a bad row (ids are what resuming
    goes by)."""
    path = Path(path)
    kind = input_kind(path, sick_set, sick_column)
    if kind == "jsonl":
        items: Iterator[Premise | BadRow] = _jsonl(path)
    elif kind == "sick":
        items = _sick(path, sick_set, sick_column)
    else:
        items = (item if isinstance(item, BadRow) else Premise(str(item[0]), item[1].strip(), item[0])
                 for item in read_lines(path) if isinstance(item, BadRow) or item[1].strip())
    seen: set[str] = set()
    sources: dict[str, int] = {}
    for item in items:
        if isinstance(item, Premise):
            if item.text in seen:
                continue
            if item.source in sources:
                yield BadRow(item.line, f"id {item.source!r} already names the premise on line "
                                        f"{sources[item.source]}; give each premise its own id")
                continue
            seen.add(item.text)
            sources[item.source] = item.line
        yield item


def input_kind(path: Path, sick_set: str | None = None, sick_column: str = "sentence_A") -> str:
    """The input's kind: "jsonl", "sick" (a tsv with sentence_A) or "lines"; SICK options on another kind
    are an InputError."""
    first = next((item[1] for item in read_lines(path) if not isinstance(item, BadRow) and item[1].strip()), "")
    if first.lstrip().startswith("{") or path.suffix in (".jsonl", ".json"):
        kind = "jsonl"
    else:
        kind = "sick" if "sentence_A" in first.split("\t") else "lines"
    if kind != "sick" and (sick_set or sick_column != "sentence_A"):
        raise InputError(f"{path} is not a SICK tsv (no sentence_A column): --sick-set and --sick-column apply "
                         "to SICK input only", input=str(path))
    return kind


def _jsonl(path: Path) -> Iterator[Premise | BadRow]:
    for row in read_jsonl(path):
        if isinstance(row, BadRow):
            yield row
        elif (text := row.text("premise")) is None:
            yield BadRow(row.line, "no \"premise\" string")
        else:
            yield Premise(str(row.fields.get("id", row.line)), text, row.line)


def _sick(path: Path, sick_set: str | None, column: str) -> Iterator[Premise | BadRow]:
    for row in read_tsv(path, required=(column,)):
        if isinstance(row, BadRow):
            yield row
        elif (text := row.text(column)) is None:
            yield BadRow(row.line, f"empty {column}")
        elif not sick_set or (row.fields.get("SemEval_set") or "").strip().upper() == sick_set.upper():
            yield Premise(row.fields.get("pair_ID") or str(row.line), text, row.line)


# -- the worker -------------------------------------------------------------------------------------

def pair_json(pair: Generated, source: str) -> dict:
    return {"premise": pair.premise, "hypothesis": pair.hypothesis, "label": pair.label.value, "source": source,
            "fluency": pair.fluency, "proof": [step_json(step) for step in pair.steps]}


def _augment_worker(settings: AugmentSettings) -> Callable[[list[Premise]], list[list[dict] | str]]:
    augmenter = Augmenter(settings).load()

    def run(batch: list[Premise]) -> list[list[dict] | str]:
        results = augmenter.generate_batch([p.text for p in batch])
        return [" ".join(str(r).split()) if isinstance(r, MonalogError) else [pair_json(g, p.source) for g in r]
                for p, r in zip(batch, results)]
    return run


# -- resumable output -------------------------------------------------------------------------------

AUGMENT_KEYS = ("premise", "hypothesis", "label", "source", "proof")


_is_pair_row = row_with(*AUGMENT_KEYS)


def progress_file(output: Path, settings: dict | None = None) -> ProgressFile:
    """The augment output's progress file (its header names the command and the settings)."""
    return ProgressFile(output, {"command": "monalog augment", **(settings or {})}, _is_pair_row)


@dataclass
class AugmentReport:
    premises: int = 0
    resumed: int = 0
    failed: list[tuple[str, str]] = field(default_factory=list)
    labels: Counter = field(default_factory=Counter)
    written: int = 0
    duplicates: int = 0
    seconds: float = 0.0            # generating, without loading models
    load_seconds: float = 0.0       # the slowest worker's model loading

    def table(self) -> str:
        lines = [f"premises {self.premises} (resumed past {self.resumed}, failed {len(self.failed)}); "
                 f"pairs written {self.written}, duplicates dropped {self.duplicates}"
                 + (f"; {self.written / self.seconds:.1f} pairs/s" if self.seconds else "")
                 + (f" (models loaded in {self.load_seconds:.1f} s)" if self.load_seconds else "")]
        lines += [f"  {label:<14}{count:>9}" for label, count in sorted(self.labels.items())]
        return "\n".join(lines)


def augment_file(path: str | Path, output: str | Path, settings: AugmentSettings = AugmentSettings(), *,
                 fraction: float = 1.0, seed: int = 0, workers: int = 1, engine: str = "local",
                 batch_size: int = 32, address: str | None = None, sick_set: str | None = None,
                 sick_column: str = "sentence_A",
                 progress=None, on_skip: Callable[[BadRow], None] | None = None,
                 limit: int | None = None) -> AugmentReport:
    """Generate pairs from every premise of `path` into the JSONL `output` (resuming a previous run).
    `progress`: a tqdm-like bar (its total is set to the premises left, then updated per batch)."""
    import time

    sick = {k: v for k, v in (("sick_set", sick_set), ("sick_column", sick_column)) if v not in (None, "sentence_A")}
    record = progress_file(Path(output), {**asdict(settings), "fraction": fraction, "seed": seed,
                                          "input": str(Path(path).resolve()), **sick})   # old runs still resume
    input_kind(Path(path), sick_set, sick_column)                                       # before anything changes
    output = check_output(output, inputs=[path], previous=record.is_previous_output)
    check_output(record.path, inputs=[path], previous=record.is_progress)
    output.parent.mkdir(parents=True, exist_ok=True)
    done = record.resume()
    report = AugmentReport()
    seen: set[tuple[str, str]] = set()
    if output.exists():
        for line in output.read_bytes().split(b"\n"):     # "\n" only: rows may hold U+2028 and the like
            if not line:
                continue
            row = json.loads(line)
            seen.add((row["premise"], row["hypothesis"]))
            report.labels[row["label"]] += 1
    todo = _premises_left(read_premises(path, sick_set, sick_column), done, limit, on_skip, report)
    batches = [todo[i:i + batch_size] for i in range(0, len(todo), batch_size)]
    if progress is not None:
        progress.total = len(todo)
        progress.refresh()
    start = time.perf_counter()
    loads: list[float] = []
    for batch, results in zip(batches, run_batches(partial(_augment_worker, settings), batches, engine, workers,
                                                   address, on_ready=loads.append)):
        lines = _new_lines(batch, results, fraction, seed, seen, report)
        finished = [p.source for p, result in zip(batch, results) if not isinstance(result, str)]
        record.record(finished, append_lines(output, lines))       # a failed premise is tried again on a rerun
        if progress is not None:
            progress.update(len(batch))
    report.load_seconds = max(loads, default=0.0)
    report.seconds = time.perf_counter() - start - report.load_seconds
    return report


def _premises_left(items: Iterable[Premise | BadRow], done: set[str], limit: int | None,
                   on_skip: Callable[[BadRow], None] | None, report: AugmentReport) -> list[Premise]:
    """The premises not yet done (counting all of them, and the resumed ones, in `report`)."""
    todo: list[Premise] = []
    for item in items:
        if isinstance(item, BadRow):
            if on_skip:
                on_skip(item)
            continue
        if limit is not None and report.premises >= limit:
            break
        report.premises += 1
        if item.source in done:
            report.resumed += 1
        else:
            todo.append(item)
    return todo


def _new_lines(batch: list[Premise], results: list[list[dict] | str], fraction: float, seed: int,
               seen: set[tuple[str, str]], report: AugmentReport) -> list[str]:
    """The output lines of one batch: each premise's sampled pairs not seen before."""
    lines = []
    for premise, result in zip(batch, results):
        if isinstance(result, str):
            log.warning("premise %s skipped: %s", premise.source, result)
            report.failed.append((premise.source, result))
            continue
        for row in sample(result, fraction, seed, premise.source):
            key = (row["premise"], row["hypothesis"])
            if key in seen:
                report.duplicates += 1
                continue
            seen.add(key)
            row["source"] = premise.source
            lines.append(json.dumps(row, ensure_ascii=False) + "\n")
            report.labels[row["label"]] += 1
            report.written += 1
    return lines


def sample(pairs: list[T], fraction: float, seed: int, source: str) -> list[T]:
    """A `fraction` of one source's pairs, chosen by a generator seeded from (seed, source), so the
    sample does not depend on batching, workers or order."""
    if fraction >= 1.0:
        return pairs
    rng = random.Random(f"{seed}:{source}")
    return [p for p in pairs if rng.random() < fraction]
