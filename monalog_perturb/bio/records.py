"""Mechanism records (BioNLI): a premise (the supporting sentences of an abstract) and a hypothesis
(its conclusion) with the regulator marked <re> X <er> and the regulated entity <el> Y <le>."""
from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from monalog.errors import InputError
from monalog.fileio import open_input
from monalog.rows import BadRow, read_jsonl

REGULATOR = ("<re>", "<er>")
REGULATED = ("<el>", "<le>")
_SPAN = {REGULATOR: re.compile(r"<re>\s*(.*?)\s*<er>"), REGULATED: re.compile(r"<el>\s*(.*?)\s*<le>")}


class RecordError(InputError):
    """A record file or line could not be read."""


@dataclass(frozen=True)
class MechanismRecord:
    id: str
    premise: str
    hypothesis: str
    label: str = "ENTAILMENT"
    pmid: str | None = None

    def entity(self, markers: tuple[str, str]) -> str | None:
        """The text inside one pair of markers, or None when the hypothesis lacks them."""
        match = _SPAN[markers].search(self.hypothesis)
        return match.group(1) if match else None

    @property
    def regulator(self) -> str | None:
        return self.entity(REGULATOR)

    @property
    def regulated(self) -> str | None:
        return self.entity(REGULATED)


def strip_markers(text: str) -> str:
    return " ".join(re.sub(r"</?(?:re|er|el|le)>", " ", text).split())


def read_records(path: str | Path) -> Iterator[MechanismRecord | BadRow]:
    """Records from JSONL ({"id","premise","hypothesis"}) or BioNLI's CSV (supp_set, conclusion,
    label_cat, ori_conclusion, pmid, ...); a bad line is a BadRow with its line number, and reading goes on."""
    path = Path(path)
    if path.suffix.lower() == ".csv":
        yield from _csv_records(path)
        return
    for row in read_jsonl(path, RecordError):
        if isinstance(row, BadRow):
            yield row
            continue
        premise, hypothesis = row.fields.get("premise"), row.text("hypothesis")
        if not isinstance(premise, str) or hypothesis is None:
            yield BadRow(row.line, "needs \"premise\" and a non-empty \"hypothesis\" (strings)")
            continue
        label, pmid = row.fields.get("label"), row.fields.get("pmid")
        yield MechanismRecord(str(row.fields.get("id", row.line)), premise, row.fields["hypothesis"],
                              label if isinstance(label, str) else "ENTAILMENT",
                              str(pmid) if pmid is not None else None)


def _csv_records(path: Path) -> Iterator[MechanismRecord | BadRow]:
    with open_input(path, RecordError) as handle:
        rows = csv.DictReader(handle)
        line = 1
        try:
            for line, row in enumerate(rows, 2):
                premise, hypothesis = row.get("supp_set"), row.get("ori_conclusion") or row.get("conclusion")
                if not premise or not hypothesis:
                    yield BadRow(line, "missing supp_set or conclusion")
                    continue
                yield MechanismRecord(row.get("id") or f"{row.get('pmid', 'row')}-{line}", premise, hypothesis,
                                      row.get("label_cat") or "ENTAILMENT", row.get("pmid"))
        except (UnicodeDecodeError, csv.Error) as exc:
            raise RecordError(f"{path}: unreadable after row {line}: {exc}", input=str(path)) from exc
