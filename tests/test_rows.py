"""The one line/JSONL/TSV reader: each bad line costs that line alone, with its number and reason."""
from __future__ import annotations

import pytest

from monalog.errors import InputError
from monalog.rows import BadRow, Row, read_jsonl, read_lines, read_tsv


def _write(tmp_path, data: bytes, name: str = "in.jsonl"):
    path = tmp_path / name
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("data, expected", [
    (b'\xef\xbb\xbf{"a": 1}\n', [(1, {"a": 1})]),                       # BOM
    (b'{"a": 1}\r\n{"a": 2}\r\n', [(1, {"a": 1}), (2, {"a": 2})]),        # CRLF
    (b'\xff\xfe\n{"a": 1}\n', [(1, "not UTF-8 text (byte 0xff at column 1)"), (2, {"a": 1})]),
    (b'caf\xe9\n', [(1, "not UTF-8 text (byte 0xe9 at column 4)")]),      # Latin-1
    (b'[1, 2]\n', [(1, "not a JSON object (list)")]),
    (b'[' * 100_000 + b'\n', [(1, "bad JSON: nested too deeply")]),
    (b'\n  \n{"a": 1}', [(3, {"a": 1})]),                                 # blank lines, no final newline
])
def test_jsonl(tmp_path, data, expected):
    items = list(read_jsonl(_write(tmp_path, data)))
    assert [(i.line, i.fields if isinstance(i, Row) else i.reason) for i in items] == expected


def test_overlong_line_is_a_bad_row(tmp_path):
    items = list(read_lines(_write(tmp_path, b"x" * (2 << 20) + b"\nok\n")))
    assert isinstance(items[0], BadRow) and "longer" in items[0].reason and items[1] == (2, "ok")


def test_tsv_rows_keep_header_and_cell_count(tmp_path):
    path = _write(tmp_path, b"premise\thypothesis\nA\tB\nonly one\n", "in.tsv")
    rows = list(read_tsv(path, required=("premise",)))
    assert rows[0].fields == {"premise": "A", "hypothesis": "B"} and rows[1].cells == 1
    assert rows[0].header == ("premise", "hypothesis") and rows[0].text("hypothesis") == "B"


@pytest.mark.parametrize("data, message", [(b"", "empty"), (b"a\tb\n", "lacks column")])
def test_tsv_header_problems_are_errors(tmp_path, data, message):
    with pytest.raises(InputError, match=message):
        list(read_tsv(_write(tmp_path, data, "in.tsv"), required=("premise",)))


def test_missing_file_and_folder_are_errors(tmp_path):
    with pytest.raises(InputError, match="cannot read"):
        list(read_lines(tmp_path / "missing"))
    with pytest.raises(InputError, match="cannot read"):
        list(read_lines(tmp_path))
