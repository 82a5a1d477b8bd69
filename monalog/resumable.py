"""A resumable JSONL output: rows are appended one batch at a time (one write and fsync), and after
each batch OUT.progress records the item ids the batch covered and OUT's size. A rerun cuts OUT
back to the last recorded size (a batch cut short is redone) and skips the recorded items.

OUT.progress starts with a header line naming the command and its settings; resuming with other
settings is refused. Only files the command wrote are ever cut back: an output whose rows are not
the command's (`is_row`), an output without its progress file, or a progress file that is not one, stops the
run before anything changes.
"""
from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Callable

from monalog.errors import OutputError
from monalog.fileio import first_json, row_with, write_atomic

log = logging.getLogger(__name__)


is_json_object = row_with()


def append_lines(path: Path, lines: list[str]) -> int:
    """Append a batch of lines with one write and fsync; returns the file's new size. A failed write (a
    full disk) is an OutputError: the batches recorded before it stay, and a rerun resumes after them."""
    try:
        with path.open("ab") as handle:
            if lines:
                handle.write("".join(lines).encode("utf-8"))
                handle.flush()
                os.fsync(handle.fileno())
            return handle.tell()
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror or exc}; what was written before this batch is "
                          "kept: run the same command again to resume", input=str(path)) from exc


def _flat(header: dict, prefix: str = "") -> dict:
    """Nested settings as dotted keys, so a refusal names the setting that differs."""
    out: dict = {}
    for key, value in header.items():
        if isinstance(value, dict):
            out.update(_flat(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


class ProgressFile:
    """OUT.progress beside `output`. `header` holds "command" and the settings; `is_row` tells a row of
    this command's output (it must carry the item id in `id_field`)."""

    def __init__(self, output: Path, header: dict, is_row: Callable[[bytes], bool] = is_json_object,
                 id_field: str = "source") -> None:
        self.output, self.path = output, output.with_name(output.name + ".progress")
        self.header = json.loads(json.dumps(header))
        self.is_row, self.id_field = is_row, id_field

    def is_progress(self, path: Path) -> bool:
        """A previous progress file of this command (for `check_output`; `resume` checks it whole)."""
        head = first_json(path)
        return isinstance(head, dict) and (head.get("command") == self.header["command"]
                                           or {"sources", "bytes"} <= set(head))

    def starts_with_row(self, path: Path) -> bool:
        """Its first line is one of this command's rows."""
        with path.open("rb") as handle:
            return self.is_row(handle.readline())

    def is_previous_output(self, path: Path) -> bool:
        """A previous output of this command (for `check_output`): its progress file beside it, and its first
        line one of the command's rows. A file of rows alone may be anybody's: it is not adopted."""
        return self.path.is_file() and self.is_progress(self.path) and self.starts_with_row(path)

    def resume(self) -> set[str]:
        """The ids already done; the output is cut back to the last recorded size."""
        if self.path.exists() and not self.path.is_file():
            raise OutputError(f"{self.path} is not a file; choose another output path", input=str(self.path))
        if not self.output.exists():
            if self.path.exists():
                self._read()                        # refuses a file that is not a progress file
                log.warning("%s: no output beside it; starting over", self.path)
            write_atomic(self.path, json.dumps(self.header) + "\n")
            return set()
        if not self.path.exists():
            if self.output.stat().st_size == 0:
                write_atomic(self.path, json.dumps(self.header) + "\n")
                return set()
            raise OutputError(f"output {self.output} exists without {self.path.name}, so it is not known as an "
                              f"output of {self.header['command']}; choose another path or move it away",
                              input=str(self.output))
        done, size, valid = self._read()
        if self.output.stat().st_size and not self.starts_with_row(self.output):
            raise OutputError(f"output {self.output} exists and is not an output of {self.header['command']}; "
                              "choose another path", input=str(self.output))
        if self.output.stat().st_size < size:
            raise OutputError(f"{self.output} is shorter than {self.path} records; remove both to start over",
                              input=str(self.output))
        self._check_tail(size)
        write_atomic(self.path, "".join(valid))
        with self.output.open("r+b") as handle:
            handle.truncate(size)
        return done

    def _check_tail(self, size: int) -> None:
        """What follows the recorded size may only be this command's rows (a batch written but not
        yet recorded) and a torn last line; anything else was not written by it, and stops the run."""
        with self.output.open("rb") as handle:
            handle.seek(size)
            for line in handle:
                if line.endswith(b"\n") and not self.is_row(line):
                    raise OutputError(f"{self.output} has lines after its last recorded batch that "
                                      f"{self.header['command']} did not write; move them away to resume",
                                      input=str(self.output))

    def _read(self) -> tuple[set[str], int, list[str]]:
        """The recorded ids, the last recorded size and the lines to keep (a record cut short and
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
                sources, recorded = list(entry["sources"]), int(entry["bytes"])
                if recorded < 0:
                    raise ValueError(f"a negative size: {recorded}")
                size = recorded
            except (ValueError, KeyError, TypeError):
                if n == 0:
                    raise OutputError(f"{self.path} exists and is not a progress file of {self.header['command']}; "
                                      "choose another output path", input=str(self.path)) from None
                break
            done.update(str(s) for s in sources)
            valid.append(line + "\n")
        return done, size, valid

    def _check_header(self, entry: dict) -> None:
        if entry != self.header:
            theirs, ours = _flat(entry), _flat(self.header)
            keys = sorted(set(theirs) | set(ours))
            diff = ", ".join(f"{k} {theirs.get(k)!r} -> {ours.get(k)!r}" for k in keys if theirs.get(k) != ours.get(k))
            raise OutputError(f"{self.output} was made with other settings ({diff[:300]}); resume with the same "
                              "settings or choose another output path", input=str(self.output))

    def record(self, sources: list[str], size: int) -> None:
        """Record a finished batch: its ids and the output's size after it."""
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps({"sources": sources, "bytes": size}) + "\n")
            handle.flush()
            os.fsync(handle.fileno())
