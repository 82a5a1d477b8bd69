"""One runner for every generator: it reads nothing itself (the recipe's reader gives the items), runs
the generator on each item (a failure is recorded for that item and the run goes on), reports
progress, and appends the rows to the output resumably.

Every generator writes the same JSONL row:

    source      the item's id
    original    the sentence before the change
    text        the new sentence
    label       its label (against `premise`, or against `original` where there is no premise)
    recipe      the recipe that made it (bionli, kbin, random, mlm, evonli, gen-nd, debate)
    edit        what changed: {"transformation", "before", "after", "span": [start, end] in original}
    scores      every score that admitted it (name -> number)
    provenance  where it came from: KB concepts, teacher, fluency kind, strategy, mutation history,
                debate transcript ... (whatever the generator has)
    premise     the context the label is relative to, where the generator has one

Resuming (monalog.resumable): OUT.progress records, after each batch appended to OUT (one write and
fsync), the items the batch covered and OUT's size. Re-running with the same output path and settings skips the items
already done and first cuts OUT back to the last recorded size (a batch cut short is redone).
Only a previous output of a perturb command (and its progress file) is ever cut back or replaced;
anything else is refused before any work. Generators that share one seeded random stream across
items (the BioNLI rules, the random KBIN baseline, the debate) reproduce an uninterrupted run only
when the run is not resumed half-way.
"""
from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Protocol, Sequence

from monalog.errors import MonalogError
from monalog.fileio import check_output, jsonl_with, row_with, write_atomic, write_jsonl
from monalog.resumable import ProgressFile, append_lines
from monalog_perturb.candidate import Edit

log = logging.getLogger(__name__)

ROW_FIELDS = ("source", "original", "text", "label", "recipe", "edit", "scores", "provenance")
ROW_KEYS = ("source", "original", "text", "recipe")
_rows = jsonl_with(*ROW_KEYS)


def is_output(path: Path) -> bool:
    """A previous output of a generator: its rows, with its progress file beside it."""
    return path.with_name(path.name + ".progress").is_file() and _rows(path)


class Generator(Protocol):
    """A built recipe: rows for one item (an object with an `id`). It may also have `prepare(items)`
    (called once with every item, done or not, before the run) and `finish(rows)` (the rows of the
    whole output, after the run; what it returns replaces the output)."""

    name: str

    def __call__(self, item: Any) -> list[dict]: ...


def edit_json(edit: Edit | None) -> dict | None:
    """The row's `edit` field."""
    if edit is None:
        return None
    return {"transformation": edit.transformation, "before": edit.before, "after": edit.after,
            "span": [edit.start, edit.end]}


def make_row(source: str, original: str, text: str, label: str | None, recipe: str, edit: Edit | None,
             scores: Mapping[str, float | None] | None = None, provenance: dict | None = None,
             premise: str | None = None) -> dict:
    """One output row in the shared schema (see the module docstring)."""
    row = {"source": str(source), "original": original, "text": text, "label": label, "recipe": recipe,
           "edit": edit_json(edit), "scores": dict(scores or {}), "provenance": dict(provenance or {})}
    if premise is not None:
        row["premise"] = premise
    return row


@dataclass
class RunReport:
    """What a run did: items seen, skipped as done earlier, failed (id, reason), rows written."""

    items: int = 0
    resumed: int = 0
    failed: list[tuple[str, str]] = field(default_factory=list)
    rows: int = 0
    seconds: float = 0.0

    def line(self) -> str:
        return (f"items {self.items} (resumed past {self.resumed}, failed {len(self.failed)}), rows written "
                f"{self.rows}, {self.seconds:.1f} s")


def apply(generator: Generator, item: Any, report: RunReport) -> list[dict]:
    """The generator's rows for one item; a failure is logged, recorded and gives no rows."""
    try:
        return generator(item)
    except MonalogError as exc:
        reason = " ".join(str(exc).split())
        log.warning("item %s failed: %s", item.id, reason)
        report.failed.append((str(item.id), reason))
        return []


def collect(items: Sequence[Any], generator: Generator,
            progress: Callable[[int], None] | None = None) -> tuple[list[dict], RunReport]:
    """Run in memory (no output file): every row, and the report."""
    report, rows, start = RunReport(), [], time.perf_counter()
    if hasattr(generator, "prepare"):
        generator.prepare(items)
    for item in items:
        report.items += 1
        rows += apply(generator, item, report)
        if progress:
            progress(1)
    if hasattr(generator, "finish"):
        rows = generator.finish(rows)
    report.rows, report.seconds = len(rows), time.perf_counter() - start
    return rows, report


def _left(items: Sequence[Any], done: set[str], report: RunReport) -> list[Any]:
    """The items not done yet; an id seen before in the input is a failed item (resuming goes by ids)."""
    todo, seen = [], set()
    for item in items:
        key = str(item.id)
        if key in seen:
            report.failed.append((key, "the id repeats an earlier item's; give each item its own id"))
        elif key in done:
            report.resumed += 1
        else:
            todo.append(item)
        seen.add(key)
    report.items = len(items)
    return todo


def run(items: Sequence[Any], generator: Generator, output: str | Path, *, inputs: Iterable[str | Path] = (),
        settings: dict | None = None, batch_size: int = 16,
        progress: Callable[[int], None] | None = None) -> RunReport:
    """Run every item not done yet into the JSONL `output`, resuming a previous run of the same
    command and settings. `progress(n)` is called as items finish."""
    inputs = list(inputs)
    record = ProgressFile(Path(output), {"command": f"monalog perturb {generator.name}", "settings": settings or {}},
                          row_with(*ROW_KEYS))
    out = check_output(output, inputs=inputs, previous=record.is_previous_output)
    check_output(record.path, inputs=inputs, previous=record.is_progress)
    done = record.resume()
    report, start = RunReport(), time.perf_counter()
    if hasattr(generator, "prepare"):
        generator.prepare(items)
    todo = _left(items, done, report)
    if progress and report.resumed:
        progress(report.resumed)
    for begin in range(0, len(todo), batch_size):
        batch = todo[begin:begin + batch_size]
        lines, finished = [], []
        for item in batch:
            failures = len(report.failed)
            lines += [json.dumps(row, ensure_ascii=False) + "\n" for row in apply(generator, item, report)]
            if len(report.failed) == failures:      # a failed item is not recorded: a rerun tries it again
                finished.append(str(item.id))
            if progress:
                progress(1)
        report.rows += len(lines)
        record.record(finished, append_lines(out, lines))
    if not out.exists():
        write_atomic(out, "")
    if hasattr(generator, "finish"):
        rows = generator.finish([json.loads(line) for line in out.read_bytes().split(b"\n") if line])
        write_jsonl(out, rows)
        report.rows = len(rows)
        record.record([], out.stat().st_size)
    report.seconds = time.perf_counter() - start
    return report
