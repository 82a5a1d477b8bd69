"""The resumable JSONL output: only the command's own rows are ever cut back."""
from __future__ import annotations

import json

import pytest

from monalog.errors import OutputError
from monalog.resumable import ProgressFile, append_lines, row_with

HEADER = {"command": "monalog test", "settings": {"depth": 2}}
is_row = row_with("source", "text")


def _row(source: str, text: str = "x") -> str:
    return json.dumps({"source": source, "text": text}, ensure_ascii=False) + "\n"


def _start(tmp_path):
    out = tmp_path / "out.jsonl"
    record = ProgressFile(out, HEADER, is_row)
    assert record.resume() == set()
    record.record(["a"], append_lines(out, [_row("a")]))
    return out, record


def test_an_unrecorded_batch_of_own_rows_is_redone(tmp_path):
    out, record = _start(tmp_path)
    append_lines(out, [_row("b"), '{"source": "c", "te'])              # killed before recording
    assert ProgressFile(out, HEADER, is_row).resume() == {"a"} and out.read_text() == _row("a")


def test_lines_someone_else_appended_are_never_cut(tmp_path):
    out, _ = _start(tmp_path)
    append_lines(out, ['{"note": "mine"}\n'])
    with pytest.raises(OutputError, match="did not write"):
        ProgressFile(out, HEADER, is_row).resume()
    assert out.read_text().endswith('{"note": "mine"}\n')


def test_rows_without_their_progress_file_are_not_adopted(tmp_path):
    out = tmp_path / "out.jsonl"
    out.write_text(_row("a") + _row("b").rstrip("\n"))
    with pytest.raises(OutputError, match="exists without out.jsonl.progress"):
        ProgressFile(out, HEADER, is_row).resume()
    assert out.read_text() == _row("a") + _row("b").rstrip("\n")


def test_other_settings_name_the_setting(tmp_path):
    out, _ = _start(tmp_path)
    with pytest.raises(OutputError, match=r"settings.depth 2 -> 3"):
        ProgressFile(out, {"command": "monalog test", "settings": {"depth": 3}}, is_row).resume()


def test_line_separators_inside_rows_survive_a_resume(tmp_path):
    out = tmp_path / "out.jsonl"
    record = ProgressFile(out, HEADER, is_row)
    record.resume()
    record.record(["a"], append_lines(out, [_row("a", "one\u2028two\x85three")]))
    assert ProgressFile(out, HEADER, is_row).resume() == {"a"}
    assert [json.loads(line)["text"] for line in out.read_bytes().split(b"\n") if line] == ["one\u2028two\x85three"]
