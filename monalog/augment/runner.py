"""Augmentation at scale: premises from a file -> generated pairs as JSONL, resumable.

Batches of premises go to an engine (this process, local workers, or Ray); each finished batch is
appended to the output with one write and then recorded, with the output's new size, in a progress
file beside it (OUT.progress). A rerun truncates the output to the last recorded size (dropping a
batch cut short) and skips the sources already recorded, so an interrupted run resumes without
losing or repeating pairs. A premise that fails is logged, recorded as done, and skipped.
"""
from __future__ import annotations

import json
import logging
import os
from collections import Counter
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Callable, Iterator

from monalog.augment.generate import AugmentSettings, Augmenter, Generated, sample
from monalog.parallel import run_batches
from monalog.errors import MonalogError, OutputError
from monalog.fileio import check_output, write_atomic
from monalog.rows import BadRow, read_jsonl, read_lines, read_tsv
from monalog.inference.render import step_json

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Premise:
    source: str
    text: str
    line: int = 0


Skipped = BadRow           # a line of the input that gives no premise, and why


def read_premises(path: str | Path, sick_set: str | None = None) -> Iterator[Premise | BadRow]:
    """One premise a line, a SICK tsv (sentence_A of each pair; `sick_set` keeps one SemEval_set,
    e.g. TRAIN), or JSONL with "premise" (and "id"). Repeated premises are given once; an id used
    by an earlier premise is a bad row (ids are what resuming goes by)."""
    path = Path(path)
    first = next((item[1] for item in read_lines(path) if not isinstance(item, BadRow) and item[1].strip()), "")
    if first.lstrip().startswith("{") or path.suffix in (".jsonl", ".json"):
        items: Iterator[Premise | BadRow] = _jsonl(path)
    elif "sentence_A" in first.split("\t"):
        items = _sick(path, sick_set)
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


def _jsonl(path: Path) -> Iterator[Premise | BadRow]:
    for row in read_jsonl(path):
        if isinstance(row, BadRow):
            yield row
        elif (text := row.text("premise")) is None:
            yield BadRow(row.line, "no \"premise\" string")
        else:
            yield Premise(str(row.fields.get("id", row.line)), text, row.line)


def _sick(path: Path, sick_set: str | None) -> Iterator[Premise | BadRow]:
    for row in read_tsv(path, required=("sentence_A",)):
        if isinstance(row, BadRow):
            yield row
        elif (text := row.text("sentence_A")) is None:
            yield BadRow(row.line, "empty sentence_A")
        elif not sick_set or (row.fields.get("SemEval_set") or "").strip().upper() == sick_set.upper():
            yield Premise(row.fields.get("pair_ID") or str(row.line), text, row.line)


# -- the worker -------------------------------------------------------------------------------------

def pair_json(pair: Generated, source: str) -> dict:
    return {"premise": pair.premise, "hypothesis": pair.hypothesis, "label": pair.label.value, "source": source,
            "proof": [step_json(step) for step in pair.steps]}


def _augment_worker(settings: AugmentSettings) -> Callable[[list[Premise]], list[list[dict] | str]]:
    augmenter = Augmenter(settings)

    def run(batch: list[Premise]) -> list[list[dict] | str]:
        results = augmenter.generate_batch([p.text for p in batch])
        return [" ".join(str(r).split()) if isinstance(r, MonalogError) else [pair_json(g, p.source) for g in r]
                for p, r in zip(batch, results)]
    return run


# -- resumable output -------------------------------------------------------------------------------

AUGMENT_KEYS = ("premise", "hypothesis", "label", "source", "proof")


def _is_pair_row(line: bytes) -> bool:
    try:
        row = json.loads(line)
    except ValueError:
        return False
    return isinstance(row, dict) and all(k in row for k in AUGMENT_KEYS)


def _starts_with_pair(path: Path) -> bool:
    with path.open("rb") as handle:
        return _is_pair_row(handle.readline())


class ProgressFile:
    """OUT.progress: a header line naming the command and its settings, then one JSON line per
    finished batch: the sources it covered and the output's size after it.

    Only files this command wrote are ever cut back: an output that is not an augment output, or a
    progress file that is not one, stops the run before anything is read or changed."""

    def __init__(self, output: Path, header: dict | None = None) -> None:
        self.output = output
        self.path = output.with_name(output.name + ".progress")
        self.header = json.loads(json.dumps({"command": "monalog augment", **(header or {})}))

    def resume(self) -> set[str]:
        """The sources already done; the output is cut back to the last recorded size."""
        if self.path.exists() and not self.path.is_file():
            raise OutputError(f"{self.path} is not a file; choose another output path", input=str(self.path))
        if not self.output.exists():
            if self.path.exists():
                self._read()                        # refuses a file that is not a progress file
                log.warning("%s: no output beside it; starting over", self.path)
            write_atomic(self.path, json.dumps(self.header) + "\n")
            return set()
        if not self.path.exists():
            return self._from_output()
        done, size, valid = self._read()
        if self.output.stat().st_size and not _starts_with_pair(self.output):
            raise OutputError(f"output {self.output} exists and is not an augment output; choose another path",
                              input=str(self.output))
        if self.output.stat().st_size < size:
            raise OutputError(f"{self.output} is shorter than {self.path} records; remove both to start over",
                              input=str(self.output))
        write_atomic(self.path, "".join(valid))
        with self.output.open("r+b") as handle:
            handle.truncate(size)
        return done

    def _read(self) -> tuple[set[str], int, list[str]]:
        """The recorded sources, the last recorded size and the lines to keep (a record cut short and
        what follows are redone). A header with other settings is refused."""
        done: set[str] = set()
        size = 0
        valid = [json.dumps(self.header) + "\n"]
        lines = self.path.read_bytes().decode("utf-8", "replace").splitlines()
        for n, line in enumerate(lines):
            try:
                entry = json.loads(line)
                if n == 0 and isinstance(entry, dict) and entry.get("command") == self.header["command"]:
                    self._check_header(entry)
                    continue
                sources, size = list(entry["sources"]), int(entry["bytes"])
            except (ValueError, KeyError, TypeError):
                if n == 0:
                    raise OutputError(f"{self.path} exists and is not an augment progress file; choose another "
                                      "output path", input=str(self.path)) from None
                break
            done.update(str(s) for s in sources)
            valid.append(line + "\n")
        return done, size, valid

    def _check_header(self, entry: dict) -> None:
        ours = {k: v for k, v in self.header.items() if k != "command"}
        theirs = {k: v for k, v in entry.items() if k != "command"}
        if ours != theirs:
            diff = ", ".join(f"{k} {theirs.get(k)!r} -> {ours.get(k)!r}" for k in sorted(set(ours) | set(theirs))
                             if ours.get(k) != theirs.get(k))
            raise OutputError(f"{self.output} was made with other settings ({diff}); resume with the same "
                              "settings or choose another output path", input=str(self.output))

    def _from_output(self) -> set[str]:
        """No progress file (deleted): the output's complete lines count, provided every one of them
        is an augment pair; only a torn last line (no newline) is dropped."""
        done: set[str] = set()
        size = 0
        with self.output.open("rb") as handle:
            for n, line in enumerate(handle, 1):
                if not line.endswith(b"\n"):
                    break
                if not _is_pair_row(line):
                    raise OutputError(f"output {self.output} exists and is not an augment output (line {n}); "
                                      "choose another path", input=str(self.output))
                done.add(str(json.loads(line)["source"]))
                size += len(line)
        with self.output.open("r+b") as handle:
            handle.truncate(size)
        write_atomic(self.path, json.dumps(self.header) + "\n")
        self.record(sorted(done), size)
        return done

    def record(self, sources: list[str], size: int) -> None:
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps({"sources": sources, "bytes": size}) + "\n")
            handle.flush()
            os.fsync(handle.fileno())


def _append(path: Path, lines: list[str]) -> int:
    """Append the batch with one write; returns the file's new size."""
    with path.open("ab") as handle:
        if lines:
            handle.write("".join(lines).encode("utf-8"))
            handle.flush()
            os.fsync(handle.fileno())
        return handle.tell()


@dataclass
class AugmentReport:
    premises: int = 0
    resumed: int = 0
    failed: list[tuple[str, str]] = field(default_factory=list)
    labels: Counter = field(default_factory=Counter)
    written: int = 0
    duplicates: int = 0
    seconds: float = 0.0

    def table(self) -> str:
        lines = [f"premises {self.premises} (resumed past {self.resumed}, failed {len(self.failed)}); "
                 f"pairs written {self.written}, duplicates dropped {self.duplicates}"
                 + (f"; {self.written / self.seconds:.1f} pairs/s" if self.seconds else "")]
        lines += [f"  {label:<14}{count:>9}" for label, count in sorted(self.labels.items())]
        return "\n".join(lines)


def augment_file(path: str | Path, output: str | Path, settings: AugmentSettings = AugmentSettings(), *,
                 fraction: float = 1.0, seed: int = 0, workers: int = 1, engine: str = "local",
                 batch_size: int = 32, address: str | None = None, sick_set: str | None = None,
                 progress=None, on_skip: Callable[[BadRow], None] | None = None,
                 limit: int | None = None) -> AugmentReport:
    """Generate pairs from every premise of `path` into the JSONL `output` (resuming a previous run).
    `progress`: a tqdm-like bar (its total is set to the premises left, then updated per batch)."""
    import time

    output = check_output(output, inputs=[path], previous=_starts_with_pair)     # before anything is changed
    check_output(output.with_name(output.name + ".progress"), inputs=[path], previous=lambda _: True)
    output.parent.mkdir(parents=True, exist_ok=True)
    record = ProgressFile(output, {**asdict(settings), "fraction": fraction, "seed": seed})
    done = record.resume()
    report = AugmentReport()
    seen: set[tuple[str, str]] = set()
    if output.exists():
        for line in output.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            seen.add((row["premise"], row["hypothesis"]))
            report.labels[row["label"]] += 1
    todo = _premises_left(path, sick_set, done, limit, on_skip, report)
    batches = [todo[i:i + batch_size] for i in range(0, len(todo), batch_size)]
    if progress is not None:
        progress.total = len(todo)
        progress.refresh()
    start = time.perf_counter()
    for batch, results in zip(batches, run_batches(partial(_augment_worker, settings), batches, engine, workers,
                                                   address)):
        lines = _new_lines(batch, results, fraction, seed, seen, report)
        record.record([p.source for p in batch], _append(output, lines))
        if progress is not None:
            progress.update(len(batch))
    report.seconds = time.perf_counter() - start
    return report


def _premises_left(path: str | Path, sick_set: str | None, done: set[str], limit: int | None,
                   on_skip: Callable[[BadRow], None] | None, report: AugmentReport) -> list[Premise]:
    """The premises not yet done (counting all of them, and the resumed ones, in `report`)."""
    todo: list[Premise] = []
    for item in read_premises(path, sick_set):
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
