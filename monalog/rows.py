"""One reader for line-based inputs (text lines, JSONL, TSV with a header). Every line is decoded on
its own, so an undecodable byte, a BOM, CRLF endings, a malformed or too deeply nested JSON line
costs that line alone: it comes back as a `BadRow` (line number + reason) and reading goes on."""
from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from monalog.errors import InputError
from monalog.fileio import open_read

MAX_LINE_BYTES = 1 << 20


@dataclass(frozen=True)
class BadRow:
    """A line that cannot be used, and why."""
    line: int
    reason: str


@dataclass(frozen=True)
class Row:
    """A usable line: its number and its fields (a JSON object, or a TSV row by header name; a TSV
    row also keeps the file's `header` and its number of `cells`)."""
    line: int
    fields: dict
    header: tuple[str, ...] = ()
    cells: int = 0

    def text(self, *keys: str) -> str | None:
        """The first of `keys` that holds a non-blank string, stripped (None when none does)."""
        for key in keys:
            value = self.fields.get(key)
            if isinstance(value, str) and value.strip():
                return value.strip()
        return None


def read_lines(path: str | Path, error: type[InputError] = InputError) -> Iterator[tuple[int, str] | BadRow]:
    """(line number, text without its line ending) for every line; a line that is not UTF-8 or is
    longer than MAX_LINE_BYTES is a BadRow. A leading BOM is dropped."""
    with open_read(path, error, "rb") as handle:
        try:
            for n, raw in enumerate(handle, 1):
                if len(raw) > MAX_LINE_BYTES:
                    yield BadRow(n, f"line longer than {MAX_LINE_BYTES} bytes")
                    continue
                try:
                    text = raw.decode("utf-8-sig" if n == 1 else "utf-8")
                except UnicodeDecodeError as exc:
                    yield BadRow(n, f"not UTF-8 text (byte 0x{raw[exc.start]:02x} at column {exc.start + 1})")
                    continue
                yield n, text.rstrip("\r\n")
        except OSError as exc:                      # a folder, a device that fails mid-read
            raise error(f"cannot read {path}: {exc.strerror}", input=str(path)) from exc


def whole_lines(path: str | Path, error: type[InputError] = InputError) -> Iterator[tuple[int, str]]:
    """The lines of a file in a structured text format (MEDLINE, PubMed RCT), where one unreadable
    line spoils the rest: it is an `error` naming the file and the line."""
    for item in read_lines(path, error):
        if isinstance(item, BadRow):
            raise error(f"{path}:{item.line}: {item.reason}", input=str(path))
        yield item


def parse_json_object(text: str) -> dict | str:
    """The JSON object on a line, or the reason it is not one."""
    try:
        value = json.loads(text)
    except ValueError as exc:
        return f"bad JSON: {exc}"
    except RecursionError:
        return "bad JSON: nested too deeply"
    return value if isinstance(value, dict) else f"not a JSON object ({type(value).__name__})"


def read_jsonl(path: str | Path, error: type[InputError] = InputError) -> Iterator[Row | BadRow]:
    """Every non-blank line of a JSONL file as a Row of its object, or a BadRow."""
    for item in read_lines(path, error):
        if isinstance(item, BadRow):
            yield item
            continue
        n, text = item
        if not text.strip():
            continue
        value = parse_json_object(text)
        yield Row(n, value) if isinstance(value, dict) else BadRow(n, value)


def read_tsv(path: str | Path, error: type[InputError] = InputError, required: tuple[str, ...] = ()
             ) -> Iterator[Row | BadRow]:
    """Every non-blank row of a tab-separated file with a header line, fields by column name (a
    short row lacks the missing columns). A header without a `required` column is an `error`."""
    header: tuple[str, ...] | None = None
    for item in read_lines(path, error):
        if isinstance(item, BadRow):
            if header is None:
                raise error(f"{path}: unreadable header line ({item.reason})", input=str(path))
            yield item
            continue
        n, text = item
        if not text.strip():
            continue
        cells = next(csv.reader([text], delimiter="\t", quoting=csv.QUOTE_NONE))
        if header is None:
            header = tuple(cell.strip() for cell in cells)
            missing = [c for c in required if c not in header]
            if missing:
                raise error(f"{path}: header lacks column(s) {', '.join(missing)}", input=str(path))
            continue
        yield Row(n, dict(zip(header, cells)), header, len(cells))
    if header is None:
        raise error(f"{path} is empty", input=str(path))
