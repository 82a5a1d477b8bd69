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
