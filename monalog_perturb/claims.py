"""Claims files, read once for every use: SciFact-style JSONL (an object a line with "claim", and "id",
"evidence", "cited_doc_ids" when given) or one claim a line. KBIN negates the claims, the teacher
perturbs them, and its dev set reads SciFact's evidence labels from the same rows (`Claim.fields`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from monalog.rows import BadRow, parse_json_object, read_lines, whole_lines


@dataclass(frozen=True)
class Claim:
    id: str
    text: str
    fields: dict = field(default_factory=dict, compare=False, repr=False)     # the JSONL row ({} for a plain line)


def read_claims(path: str | Path, whole: bool = False) -> Iterator[Claim | BadRow]:
    """Each claim of a file (JSONL with "claim", or one claim a line; blank lines skipped); a bad line
    is a BadRow. `whole`: a line that cannot be read at all (not UTF-8, too long) is an InputError
    instead, for a file that is only of use whole (a dev set)."""
    for item in whole_lines(path) if whole else read_lines(path):
        if isinstance(item, BadRow):
            yield item
            continue
        n, line = item
        if not line.strip():
            continue
        if not line.lstrip().startswith("{"):
            yield Claim(str(n), line.strip())
            continue
        row = parse_json_object(line)
        text = row.get("claim") if isinstance(row, dict) else None
        if isinstance(row, str):
            yield BadRow(n, row)
        elif not isinstance(text, str) or not text.strip():
            yield BadRow(n, "no \"claim\" string")
        else:
            yield Claim(str(row.get("id", n)), text.strip(), row)
