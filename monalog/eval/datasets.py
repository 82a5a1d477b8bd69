"""Readers for NLI pair files: SICK's tsv, MED's tsv and JSONL. Bad rows are reported with their
line numbers and skipped, never silently dropped."""
from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from monalog.errors import InputError
from monalog.fileio import open_input
from monalog.inference.proof import Label

SICK_COLUMNS = ("pair_ID", "sentence_A", "sentence_B", "entailment_label")
_LABELS = {"entailment": Label.ENTAILMENT, "contradiction": Label.CONTRADICTION, "neutral": Label.NEUTRAL,
           "non-entailment": Label.NEUTRAL, "non_entailment": Label.NEUTRAL, "not_entailment": Label.NEUTRAL}


class DatasetError(InputError):
    """A pair file is unreadable or has no usable rows."""


@dataclass(frozen=True)
class Pair:
    id: str
    premise: str
    hypothesis: str
    label: Label | None
    line: int
    split: str | None = None      # SICK's SemEval_set (TRAIN, TRIAL, ...) when the file has it


@dataclass(frozen=True)
class BadRow:
    line: int
    reason: str


def parse_label(text: str | None) -> Label | None:
    if text is None or not text.strip():
        return None
    try:
        return _LABELS[text.strip().lower()]
    except KeyError:
        raise ValueError(f"unknown label {text!r}") from None


def read_pairs(path: str | Path, fmt: str = "sick", labels: str = "corrected") -> Iterator[Pair | BadRow]:
    """Yield pairs, or BadRow(line, reason) for rows that cannot be used."""
    path = Path(path)
    with open_input(path, DatasetError) as handle:
        if fmt == "auto":
            fmt = detect_format(path, handle.readline())
            handle.seek(0)
        if fmt == "jsonl":
            yield from _jsonl(handle)
        elif fmt in ("sick", "med", "tsv"):
            yield from _tsv(handle, path, fmt, labels)
        else:
            raise DatasetError(f"unknown format {fmt!r} (sick, med, tsv or jsonl)", input=fmt)


def detect_format(path: Path, first_line: str) -> str:
    """jsonl for .jsonl or a JSON first line; else by the tsv header: sentence_A (SICK), sentence1
    (MED), premise (a plain tsv with premise, hypothesis and optional label/id columns)."""
    if path.suffix == ".jsonl" or first_line.lstrip().startswith("{"):
        return "jsonl"
    header = [cell.strip() for cell in first_line.split("\t")]
    for column, fmt in (("sentence_A", "sick"), ("sentence1", "med"), ("premise", "tsv")):
        if column in header:
            return fmt
    raise DatasetError(f"{path}: cannot tell the format (a .jsonl file, or a tsv header with sentence_A, "
                       "sentence1 or premise)", input=str(path))


def _check(premise, hypothesis) -> str | None:
    if not isinstance(premise, str) or not premise.strip():
        return "empty premise"
    if not isinstance(hypothesis, str) or not hypothesis.strip():
        return "empty hypothesis"
    return None


def _jsonl(handle) -> Iterator[Pair | BadRow]:
    for line_no, line in enumerate(handle, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            if not isinstance(row, dict):
                raise ValueError("not a JSON object")
            label = parse_label(row.get("label") or row.get("gold_label"))
        except ValueError as exc:
            yield BadRow(line_no, f"bad JSON line: {exc}")
            continue
        premise, hypothesis = row.get("premise"), row.get("hypothesis")
        problem = _check(premise, hypothesis)
        if problem:
            yield BadRow(line_no, problem)
            continue
        yield Pair(str(row.get("id", line_no)), premise, hypothesis, label, line_no)


def _tsv(handle, path: Path, fmt: str, labels: str) -> Iterator[Pair | BadRow]:
    reader = csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
    header = next(reader, None)
    if header is None:
        raise DatasetError(f"{path} is empty", input=str(path))
    index = {name.strip(): i for i, name in enumerate(header)}
    if fmt == "sick":
        premise_col, hypothesis_col, id_col = "sentence_A", "sentence_B", "pair_ID"
        label_col = "label_current_paper" if labels == "corrected" and "label_current_paper" in index \
            else "entailment_label"
    elif fmt == "med":
        premise_col, hypothesis_col, id_col, label_col = "sentence1", "sentence2", "pairID", "gold_label"
    else:
        premise_col, hypothesis_col, id_col, label_col = "premise", "hypothesis", "id", "label"
    missing = [c for c in (premise_col, hypothesis_col) if c not in index]
    if missing:
        raise DatasetError(f"{path}: header lacks column(s) {', '.join(missing)}", input=str(path))
    for line_no, row in enumerate(reader, 2):
        if not any(cell.strip() for cell in row):
            continue
        need = max(index[premise_col], index[hypothesis_col])
        if len(row) <= need:
            yield BadRow(line_no, f"{len(row)} columns, expected at least {need + 1}")
            continue
        premise, hypothesis = row[index[premise_col]], row[index[hypothesis_col]]
        problem = _check(premise, hypothesis)
        if problem:
            yield BadRow(line_no, problem)
            continue
        try:
            label = parse_label(row[index[label_col]]) if label_col in index and len(row) > index[label_col] else None
        except ValueError as exc:
            yield BadRow(line_no, str(exc))
            continue
        pair_id = row[index[id_col]] if id_col in index and len(row) > index[id_col] else str(line_no)
        split = row[index["SemEval_set"]].strip().upper() if "SemEval_set" in index and len(row) > index["SemEval_set"] \
            else None
        yield Pair(pair_id, premise, hypothesis, label, line_no, split)
