"""The generators' configuration and input errors: one line, exit 2, nothing written."""
from __future__ import annotations

import pytest

from monalog.cli import main


@pytest.mark.parametrize("generator, extra", [
    ("kbin", ["--kb-source", "obo:/no/such/file.obo"]),
    ("kbin", ["--kb-source", "umls:/no/such/folder"]),
    ("evonli", ["--kb-source", "famplex:/no/such/relations.csv"]),
])
def test_a_missing_knowledge_source_stops_the_run(tmp_path, capsys, generator, extra):
    source = tmp_path / "in.jsonl"
    source.write_text('{"id": "1", "claim": "Aspirin reduces fever.", "sentence1": "A", "sentence2": "B"}\n')
    out = tmp_path / "out.jsonl"
    assert main(["perturb", generator, str(source), "-o", str(out), *extra]) == 2
    err = capsys.readouterr().err
    assert "monalog: error:" in err and "does not exist" in err and not out.exists()


@pytest.mark.parametrize("generator", ["kbin", "evonli", "debate", "bionli"])
def test_an_input_without_items_is_an_error(tmp_path, capsys, generator):
    source = tmp_path / "in.jsonl"
    source.write_text("\n")
    assert main(["perturb", generator, str(source), "-o", str(tmp_path / "out.jsonl")]) == 2
    assert "no usable items" in capsys.readouterr().err


@pytest.mark.parametrize("generator", ["kbin", "evonli", "debate", "bionli"])
@pytest.mark.parametrize("kind", ["missing", "folder"])
def test_an_input_that_cannot_be_opened_stops_the_run_before_any_model_loads(tmp_path, capsys, monkeypatch,
                                                                             generator, kind):
    import importlib

    def no_loading(*_args, **_kwargs):
        raise AssertionError("the recipe was built (its models loaded) before the input was opened")

    monkeypatch.setattr(importlib.import_module(f"monalog_perturb.recipes.{generator}"), "build",
                        no_loading)
    source = tmp_path / "in"
    if kind == "folder":
        source.mkdir()
    extra = ["--teacher", "monalog"] if generator == "evonli" else []
    assert main(["perturb", generator, str(source), "-o", str(tmp_path / "out.jsonl"), *extra]) == 2
    assert f"cannot read {source}" in _one_error(capsys.readouterr().err)


def _one_error(err: str) -> str:
    lines = [line for line in err.splitlines() if line.startswith("monalog: error:")]
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.mark.parametrize("generator, extra, expected", [
    ("kbin", ["--kb-source", "obo:{binary}"], "cannot read ontology"),
    ("kbin", ["--kb-source", "umls:{empty}"], "MRCONSO.RRF"),
    ("kbin", ["--kb-source", "famplex:{undecodable}"], "not UTF-8 text"),
    ("kbin", ["--cui2vec", "{undecodable}"], "not UTF-8 text"),
    ("bionli", ["--vocab-source", "famplex:{undecodable}"], "not UTF-8 text"),
    ("bionli", ["--vocab", "{undecodable}"], "not UTF-8 text"),
    ("bionli", ["--vocab", "{empty_vocab}"], "has no typed names"),
    ("bionli", ["--strategies", ""], "no strategies given"),
])
def test_an_unusable_source_or_option_stops_the_run_before_any_item(tmp_path, capsys, generator, extra, expected):
    files = {"binary": tmp_path / "onto.obo", "empty": tmp_path / "umls", "undecodable": tmp_path / "bad.csv",
             "empty_vocab": tmp_path / "vocab.tsv"}
    files["binary"].write_bytes(bytes(range(256)) * 4)
    files["empty"].mkdir()
    files["undecodable"].write_bytes(b"FPLX,AMPK,isa,FPLX,\xff\xfe kinase\n")
    files["empty_vocab"].write_text("no tabs here\n")
    source = tmp_path / "in.jsonl"
    source.write_text('{"id": "1", "claim": "Aspirin reduces fever.", "premise": "Aspirin was given.", '
                      '"hypothesis": "<re> Aspirin <er> reduces <el> fever <le>."}\n')
    out = tmp_path / "out.jsonl"
    argv = [part.format(**{k: str(v) for k, v in files.items()}) for part in extra]
    assert main(["perturb", generator, str(source), "-o", str(out), *argv]) == 2
    assert expected in _one_error(capsys.readouterr().err) and not out.exists()


def test_a_debate_row_with_bad_protected_spans_is_reported_and_skipped(tmp_path):
    from monalog.rows import BadRow
    from monalog_perturb.recipes.debate import read_items

    source = tmp_path / "nli.jsonl"
    source.write_text('{"id": "a", "text": "Aspirin reduces fever", "protected": "notalist"}\n'
                      '{"id": "b", "text": "Aspirin reduces fever", "protected": [[0, 99]]}\n'
                      '{"id": "c", "text": "Aspirin reduces fever", "protected": [[0, 7]]}\n')
    a, b, c = read_items(source)
    assert isinstance(a, BadRow) and isinstance(b, BadRow) and "character offsets" in a.reason
    assert c.protected == ((0, 7),)
