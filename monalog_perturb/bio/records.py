"""Mechanism records (BioNLI): a premise (the supporting sentences of an abstract) and a hypothesis
(its conclusion) with the regulator marked <re> X <er> and the regulated entity <el> Y <le>."""
from __future__ import annotations

import csv
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from monalog.errors import InputError
from monalog.fileio import open_input

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


def read_records(path: str | Path) -> Iterator[MechanismRecord | RecordError]:
    """Records from JSONL ({"id","premise","hypothesis"}) or BioNLI's CSV (supp_set, conclusion,
    label_cat, ori_conclusion, pmid, ...); a bad line yields a RecordError naming it, and reading goes on."""
    path = Path(path)
    with open_input(path, RecordError) as handle:
        if path.suffix.lower() == ".csv":
            for line, row in enumerate(csv.DictReader(handle), 2):
                premise, hypothesis = row.get("supp_set"), row.get("ori_conclusion") or row.get("conclusion")
                if not premise or not hypothesis:
                    yield RecordError(f"{path}:{line}: missing supp_set or conclusion", input=row)
                    continue
                yield MechanismRecord(row.get("id") or f"{row.get('pmid', 'row')}-{line}", premise, hypothesis,
                                      row.get("label_cat") or "ENTAILMENT", row.get("pmid"))
            return
        for line, text in enumerate(handle, 1):
            if not text.strip():
                continue
            try:
                row = json.loads(text)
                premise, hypothesis = row["premise"], row["hypothesis"]
                if not isinstance(premise, str) or not isinstance(hypothesis, str) or not hypothesis.strip():
                    raise ValueError("premise and hypothesis must be non-empty strings")
            except (ValueError, KeyError, TypeError) as exc:
                yield RecordError(f"{path}:{line}: {exc}", input=text[:200])
                continue
            yield MechanismRecord(str(row.get("id", line)), premise, hypothesis, row.get("label", "ENTAILMENT"),
                                  row.get("pmid"))
