"""Every `monalog ...` command the README shows parses with today's CLI (flags renamed since keep
their old spelling as a deprecated alias), so the documentation cannot drift from the code."""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from monalog.cli import build_parser

README = Path(__file__).resolve().parents[2] / "README.md"


def _commands(text: str) -> list[str]:
    """The `monalog ...` lines of the README's shell blocks (continuation lines joined)."""
    commands, block = [], re.findall(r"```bash\n(.*?)```", text, flags=re.S)
    for code in block:
        for line in code.replace("\\\n", " ").splitlines():
            line = line.split(" # ")[0].strip()
            if line.startswith("monalog ") or "| monalog " in line:
                commands.append(line[line.index("monalog "):])
    return commands


COMMANDS = _commands(README.read_text(encoding="utf-8"))


def test_the_readme_shows_every_command():
    shown = {shlex.split(c)[1] for c in COMMANDS}
    assert {"prove", "eval", "polarize", "parse", "augment", "train", "classify", "perturb"} <= shown


@pytest.mark.parametrize("command", COMMANDS)
def test_readme_command_parses(command):
    args = build_parser().parse_args(shlex.split(command)[1:])
    assert callable(args.func)


@pytest.mark.parametrize("argv", [
    ["prove", "A", "B", "--kb", "facts.kb"],
    ["eval", "sick.tsv", "--format", "med"],
    ["classify", "pairs.jsonl", "--format", "jsonl"],
    ["perturb", "kbin", "claims.txt", "-o", "out.jsonl", "--kb", "hpo"],
    ["perturb", "evonli", "pairs.jsonl", "-o", "out.jsonl", "--kb", "drugs"],
    ["perturb", "debate", "in.jsonl", "-o", "out.jsonl", "--classifier", "monalog"],
])
def test_old_flag_spellings_parse_into_the_new_options(argv, capsys):
    args = build_parser().parse_args(argv)
    assert "deprecated" in capsys.readouterr().err
    new = {"--kb": ("kb_facts" if argv[0] == "prove" else "kb_source"), "--format": "input_format",
           "--classifier": "teacher"}
    old = next(a for a in argv if a in new)
    value = getattr(args, new[old])
    assert value == argv[argv.index(old) + 1] or value == [argv[argv.index(old) + 1]]
