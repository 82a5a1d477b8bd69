"""Every command x hostile input, through the real CLI in process: an exit code of 0, 1 or 2, at most
one `monalog: error:` line (exactly one for exit 2), no traceback, no hang, the input unchanged."""
from __future__ import annotations

import io
import signal
import sys

import pytest

from monalog.cli import main

ROW = ('{"premise": "A dog runs", "hypothesis": "A dog moves", "label": "entailment", "claim": "Aspirin '
       'reduces fever.", "sentence1": "A", "sentence2": "B", "id": "1", "source": "1", "prediction": '
       '"NEUTRAL", "text": "A dog runs"}')
INPUTS = {
    "empty": b"", "whitespace": b"  \n\t\n", "random bytes": bytes(range(256)) * 8,
    "invalid utf-8": b"caf\xe9 au lait\n\xff\xfe\n", "bom and crlf": b"\xef\xbb\xbf" + ROW.encode() + b"\r\n",
    "control and bidi": '{"premise": "A \u202edog\u0007 runs", "hypothesis": "A dog\x1b[31m moves", '
                        '"claim": "x\u202e", "sentence1": "\u0000", "sentence2": "B"}\n'.encode(),
    "deep nesting": b"[" * 100_000 + b"\n", "a list": b"[1, 2]\n",
    "100k characters": b'{"premise": "' + b"dog " * 25_000 + b'", "hypothesis": "x"}\n',
    "missing": None, "folder": "folder",
}
COMMANDS = {
    "eval jsonl": ["eval", "{p}", "--input-format", "jsonl"], "eval sick": ["eval", "{p}"],
    "classify": ["classify", "{p}"], "augment": ["augment", "{p}", "-o", "{out}", "--no-verify"],
    "bionli": ["perturb", "bionli", "{p}", "-o", "{out}"],
    "kbin": ["perturb", "kbin", "{p}", "-o", "{out}", "--embeddings", "none"],
    "evonli": ["perturb", "evonli", "{p}", "-o", "{out}"], "debate": ["perturb", "debate", "{p}", "-o", "{out}"],
    "consistency": ["perturb", "consistency", "{p}"],
    "kb facts": ["prove", "A dog runs", "An animal runs", "--kb-facts", "{p}"],
    "vocabulary": ["perturb", "bionli", "{row}", "-o", "{out}", "--vocab", "{p}"],
    "train-tagger": ["train-tagger", "--data", "{p}", "-o", "{folder}/t.pt", "--epochs", "1"],
    "polarize stdin": ["polarize", "-"],
}


def _timeout(*_):
    raise TimeoutError("over 60 s")


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("kind", INPUTS)
def test_hostile_input(tmp_path, capsys, monkeypatch, command, kind):
    data = INPUTS[kind]
    path = tmp_path / ("folder" if data == "folder" else "missing.jsonl" if data is None else "in.jsonl")
    if data == "folder":
        path.mkdir()
    elif data is not None:
        path.write_bytes(data)
    row = tmp_path / "row.jsonl"
    row.write_text(ROW + "\n", encoding="utf-8")
    argv = [a.format(p=path, out=tmp_path / "out.jsonl", row=row, folder=tmp_path) for a in COMMANDS[command]]
    if command == "polarize stdin":
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data if isinstance(data, bytes) else b"")))
    before = {p: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
    signal.signal(signal.SIGALRM, _timeout)
    signal.alarm(60)
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    finally:
        signal.alarm(0)
    err = capsys.readouterr().err
    errors = [line for line in err.splitlines() if line.startswith("monalog: error:")]
    assert code in (0, 1, 2) and "Traceback" not in err
    per_item = command == "polarize stdin"          # one error line per bad sentence, the others go on
    assert (per_item or len(errors) <= 1) and (code != 2 or errors or "usage:" in err)
    assert {p: p.read_bytes() for p in before} == before


@pytest.mark.parametrize("text", ["", "   ", "dog " * 2000, "x" * 100_000, "\u202e\u0000\x1b[2J", "caf\udce9"])
@pytest.mark.parametrize("command", [["parse"], ["polarize"], ["prove", "A dog runs"], ["prove", "{t}", "A dog"]])
def test_hostile_sentences_on_the_command_line(capsys, command, text):
    argv = [a.replace("{t}", text) for a in command] + ([] if "{t}" in command else [text])
    code = main(argv)
    out, err = capsys.readouterr()
    errors = [line for line in err.splitlines() if line.startswith("monalog: error:")]
    assert code in (0, 1, 2) and "Traceback" not in err and len(errors) == (code != 0)
    assert not any(ch in out + err for ch in "\u202e\x1b\x00")


@pytest.mark.parametrize("command", [c for c in COMMANDS if c != "polarize stdin"])
def test_an_empty_input_path_is_named_as_such(capsys, tmp_path, command):
    """`monalog eval ""` names the empty path, not the current folder it would open ("cannot read .")."""
    argv = [a.format(p="", out=tmp_path / "out.jsonl", row="x.jsonl", folder=tmp_path) for a in COMMANDS[command]]
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2 and "the path is empty" in capsys.readouterr().err
