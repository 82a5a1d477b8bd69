"""Readers for NLI pair files: SICK's tsv, MNLI-style tsv (MED and other monotonicity benchmarks),
HELP's tsv and JSONL. Bad rows are reported with their line numbers and skipped, never silently dropped."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, cast

from monalog.errors import InputError
from monalog.inference.proof import Label
from monalog.rows import BadRow, read_jsonl, read_lines, read_tsv

SICK_COLUMNS = ("pair_ID", "sentence_A", "sentence_B", "entailment_label")
_LABELS = {"entailment": Label.ENTAILMENT, "contradiction": Label.CONTRADICTION, "neutral": Label.NEUTRAL,
           "non-entailment": Label.NEUTRAL, "non_entailment": Label.NEUTRAL, "not_entailment": Label.NEUTRAL,
           # SICK's per-direction columns (entailment_AB, entailment_BA)
           **{f"{a}_{verb}_{b}": label for a, b in (("a", "b"), ("b", "a"))
              for verb, label in (("entails", Label.ENTAILMENT), ("contradicts", Label.CONTRADICTION),
                                  ("neutral", Label.NEUTRAL))}}


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


def parse_label(text: object) -> Label | None:
    """A gold label in any of the usual spellings (None when blank); ValueError when it is not one."""
    if text is None or (isinstance(text, str) and not text.strip()):
        return None
    if not isinstance(text, str):
        raise ValueError(f"label {text!r} is not a string")
    try:
        return _LABELS[text.strip().lower()]
    except KeyError:
        raise ValueError(f"unknown label {text!r}") from None


def usable_pairs(path: str | Path, fmt: str = "sick", labels: str = "corrected", need_label: bool = True,
                 sick_set: str | None = None, limit: int | None = None) -> tuple[list[Pair], list[BadRow]]:
    """The pairs of a file (with a gold label when `need_label`; SICK: of one SemEval_set when given), the
    first `limit` of them, and the rows left out with why."""
    pairs, bad = [], []
    for item in read_pairs(path, fmt, labels):
        if isinstance(item, BadRow):
            bad.append(item)
        elif need_label and item.label is None:
            bad.append(BadRow(item.line, "no gold label"))
        elif sick_set is None or item.split == sick_set:
            pairs.append(item)
        if limit and len(pairs) >= limit:
            break
    return pairs, bad


def training_pairs(path: str | Path, labels: str = "corrected") -> tuple[list[tuple[str, str, Label]], list[BadRow]]:
    """The labelled TRAIN rows of a SICK file (every row when it has no split column: TRIAL and TEST
    rows are for evaluation) as (premise, hypothesis, label), what `monalog.hybrid.train` takes, and
    the rows left out with why. Any format `read_pairs` knows is read ("auto")."""
    pairs, bad = usable_pairs(path, "auto", labels, True)
    if any(p.split for p in pairs):
        pairs = [p for p in pairs if p.split == "TRAIN"]
    return [(p.premise, p.hypothesis, p.label) for p in pairs if p.label is not None], bad


def read_pairs(path: str | Path, fmt: str = "sick", labels: str = "corrected") -> Iterator[Pair | BadRow]:
    """Yield pairs, or BadRow(line, reason) for rows that cannot be used."""
    path = Path(path)
    if fmt == "auto":
        fmt = detect_format(path)
    if fmt == "jsonl":
        yield from _jsonl(path)
    elif fmt in _COLUMNS:
        yield from _tsv(path, _COLUMNS[fmt], fmt == "sick" and labels == "corrected")
    else:
        raise DatasetError(f"unknown format {fmt!r} ({', '.join(FORMATS)})", input=fmt)


def sick_reversed(path: str | Path) -> Iterator[Pair | BadRow]:
    """SICK's judgements of the other direction: sentence_B as premise and sentence_A as hypothesis,
    labelled by the entailment_BA column (the original annotation: the corrections cover A -> B
    only). Each pair keeps its row's id and split."""
    yield from _tsv(Path(path), ("sentence_B", "sentence_A", "pair_ID", "entailment_BA"), corrected=False)


def detect_format(path: Path) -> str:
    """jsonl for .jsonl or a JSON first line; else by the tsv header: sentence_A (SICK), sentence1
    (MNLI-style: MED and other benchmarks), ori_sentence (HELP), premise (a plain tsv with premise,
    hypothesis and optional label/id columns)."""
    first = next((item[1] for item in read_lines(path, DatasetError) if not isinstance(item, BadRow)), "")
    if path.suffix == ".jsonl" or first.lstrip().startswith("{"):
        return "jsonl"
    header = [cell.strip() for cell in first.split("\t")]
    for fmt, columns in _COLUMNS.items():
        if columns[0] in header:
            return fmt
    raise DatasetError(f"{path}: cannot tell the format (a .jsonl file, or a tsv header with sentence_A, "
                       "sentence1, ori_sentence or premise)", input=str(path))


def _check(premise, hypothesis) -> str | None:
    if not isinstance(premise, str) or not premise.strip():
        return "empty premise"
    if not isinstance(hypothesis, str) or not hypothesis.strip():
        return "empty hypothesis"
    return None


def _jsonl(path: Path) -> Iterator[Pair | BadRow]:
    for row in read_jsonl(path, DatasetError):
        if isinstance(row, BadRow):
            yield row
            continue
        fields = row.fields
        if "hypothesis" not in fields and "text" in fields:      # a generator's row: original/premise -> text
            fields = {**fields, "hypothesis": fields["text"],
                      "premise": fields.get("premise") or fields.get("original")}
        if "premise" not in fields or "hypothesis" not in fields:
            yield BadRow(row.line, "needs \"premise\" and \"hypothesis\" (or a generator's \"original\" and \"text\")")
            continue
        premise, hypothesis = fields["premise"], fields["hypothesis"]
        problem = _check(premise, hypothesis)
        if problem:
            yield BadRow(row.line, problem)
            continue
        try:
            label = parse_label(fields.get("label") or fields.get("gold_label"))
        except ValueError as exc:
            yield BadRow(row.line, str(exc))
            continue
        # _check passed: both are non-empty strings
        pair_id = str(fields.get("id", fields.get("source", row.line)))
        yield Pair(pair_id, cast(str, premise), cast(str, hypothesis), label, row.line)


# premise, hypothesis, id and label columns of each tsv layout ("med" is the MNLI layout's old name)
_COLUMNS = {"sick": ("sentence_A", "sentence_B", "pair_ID", "entailment_label"),
            "mnli": ("sentence1", "sentence2", "pairID", "gold_label"),
            "med": ("sentence1", "sentence2", "pairID", "gold_label"),
            "help": ("ori_sentence", "new_sentence", "", "gold_label"),
            "tsv": ("premise", "hypothesis", "id", "label")}
FORMATS = (*_COLUMNS, "jsonl", "auto")


def _tsv(path: Path, columns: tuple[str, str, str, str], corrected: bool) -> Iterator[Pair | BadRow]:
    """Pairs from a tsv's premise, hypothesis, id and label `columns`; with `corrected`, SICK's
    label_current_paper column when the file has one."""
    premise_col, hypothesis_col, id_col, label_col = columns
    for row in read_tsv(path, DatasetError, required=(premise_col, hypothesis_col)):
        if isinstance(row, BadRow):
            yield row
            continue
        cells = row.fields
        if corrected and "label_current_paper" in row.header:
            label_col = "label_current_paper"
        need = max(row.header.index(premise_col), row.header.index(hypothesis_col)) + 1
        if row.cells < need:
            yield BadRow(row.line, f"{row.cells} columns, expected at least {need}")
            continue
        premise, hypothesis = cells[premise_col], cells[hypothesis_col]
        problem = _check(premise, hypothesis)
        if problem:
            yield BadRow(row.line, problem)
            continue
        try:
            label = parse_label(cells.get(label_col))
        except ValueError as exc:
            yield BadRow(row.line, str(exc))
            continue
        split = cells["SemEval_set"].strip().upper() if "SemEval_set" in cells else None
        yield Pair(cells.get(id_col, "") or str(row.line), premise, hypothesis, label, row.line, split)
