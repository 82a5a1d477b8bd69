"""The resumable runner shared by every generator."""
from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from monalog.errors import InputError, OutputError
from monalog_perturb.candidate import Edit
from monalog_perturb.runner import ROW_FIELDS, collect, make_row, run


@dataclass(frozen=True)
class Item:
    id: str
    text: str


class Upper:
    name = "upper"

    def __init__(self) -> None:
        self.seen: list[str] = []

    def __call__(self, item: Item) -> list[dict]:
        self.seen.append(item.id)
        if item.text == "bad":
            raise InputError("cannot upper this")
        return [make_row(item.id, item.text, item.text.upper(), "NEUTRAL", self.name,
                         Edit("upper", 0, len(item.text), item.text, item.text.upper()))]


ITEMS = [Item(str(i), t) for i, t in enumerate(["a b", "bad", "c", "d e"])]


def rows(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_failures_are_recorded_and_the_run_goes_on(tmp_path):
    out = tmp_path / "out.jsonl"
    report = run(ITEMS, Upper(), out, batch_size=2, settings={"k": 1})
    assert [r["source"] for r in rows(out)] == ["0", "2", "3"] and report.failed[0][0] == "1"
    assert all(set(r) == set(ROW_FIELDS) for r in rows(out))
    assert rows(out)[0]["edit"] == {"transformation": "upper", "before": "a b", "after": "A B", "span": [0, 3]}
    in_memory, _ = collect(ITEMS, Upper())
    assert in_memory == rows(out)
    again = Upper()                                 # a failed item is not recorded as done: a rerun retries it
    report = run(ITEMS, again, out, batch_size=2, settings={"k": 1})
    assert again.seen == ["1"] and report.resumed == 3 and report.failed[0][0] == "1"
    assert [r["source"] for r in rows(out)] == ["0", "2", "3"]


def test_resume_skips_the_items_done_and_cuts_a_torn_batch(tmp_path):
    out = tmp_path / "out.jsonl"
    run(ITEMS[:2], Upper(), out, batch_size=1, settings={"k": 1})
    with out.open("a") as handle:                   # a batch cut short: written but not recorded
        handle.write('{"source": "2", "original": "c", "text": "C", "rec')
    again = Upper()
    report = run(ITEMS, again, out, batch_size=1, settings={"k": 1})
    assert again.seen == ["1", "2", "3"] and report.resumed == 1        # "1" failed: tried again
    assert [r["source"] for r in rows(out)] == ["0", "2", "3"]


def test_other_settings_and_unrelated_files_are_refused(tmp_path):
    out = tmp_path / "out.jsonl"
    run(ITEMS[:1], Upper(), out, settings={"k": 1})
    with pytest.raises(OutputError):
        run(ITEMS, Upper(), out, settings={"k": 2})
    other = tmp_path / "notes.txt"
    other.write_text("keep me\n")
    with pytest.raises(OutputError):
        run(ITEMS, Upper(), other)
    assert other.read_text() == "keep me\n"
