"""Every `monalog ...` command the README and the docs/ pages show parses with today's CLI (flags renamed
since keep their old spelling as a deprecated alias), every command is shown somewhere, the README
stays short, and every relative link in them leads to a file (and heading) that exists, so the
documentation cannot drift from the code or from benchmarks/results."""
from __future__ import annotations

import argparse
import ast
import importlib
import re
import shlex
from pathlib import Path

import pytest

from monalog.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
OPERATORS = {";", "|", "||", "&&", "&"}
REDIRECTS = {">", ">>", "<", "&>"}


def _split(line: str) -> list[list[str]]:
    """A shell line's simple commands (split at ; | && ||), quotes and redirections removed, a loop's
    `do` dropped and its variables ($seed, ${k}) read as 0, the first value the loops shown give them."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
    lexer.whitespace_split, lexer.commenters = True, ""
    commands, current, redirected = [], [], False
    for token in lexer:
        if token in OPERATORS:
            commands.append(current)
            current = []
        elif token in REDIRECTS or redirected:
            redirected = token in REDIRECTS                 # the file after it is no argument either
        else:
            current.append(re.sub(r"\$\{?\w+\}?", "0", token))
    commands.append(current)
    return [c[1:] if c[:1] in (["do"], ["then"]) else c for c in commands]


def _commands(text: str) -> list[list[str]]:
    """The `monalog ...` commands of a page's shell blocks (continuation lines joined, comments cut)."""
    commands = []
    for code in re.findall(r"```bash\n(.*?)```", text, flags=re.S):
        for line in code.replace("\\\n", " ").splitlines():
            line = line.split(" # ")[0].strip()
            if line and not line.startswith("#"):
                commands += [c for c in _split(line) if c[:1] == ["monalog"]]
    return commands


SHOWN = {page.relative_to(ROOT).as_posix(): _commands(page.read_text(encoding="utf-8")) for page in PAGES}
COMMANDS = [pytest.param(argv, id=f"{page}: {shlex.join(argv)}") for page, found in SHOWN.items() for argv in found]


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    return next((a.choices for a in parser._actions if isinstance(a, argparse._SubParsersAction)), {})


def test_the_readme_shows_every_command():
    """Every command and every `perturb` generator is shown in the README or a docs/ page, and the
    README's tour itself shows the everyday ones."""
    shown = {tuple(argv[1:3]) for found in SHOWN.values() for argv in found}
    commands = _subcommands(build_parser())
    missing = [name for name in commands if not any(s[0] == name for s in shown)]
    missing += [f"perturb {name}" for name in _subcommands(commands["perturb"]) if ("perturb", name) not in shown]
    assert not missing
    in_readme = {argv[1] for argv in SHOWN["README.md"]}
    assert {"prove", "polarize", "parse", "eval", "serve"} <= in_readme
    assert any(found for page, found in SHOWN.items() if page != "README.md")      # the docs pages are read


@pytest.mark.parametrize("argv", COMMANDS)
def test_documented_command_parses(argv):
    args = build_parser().parse_args(argv[1:])
    assert callable(args.func)


SNIPPETS = [pytest.param(code, id=f"{page.relative_to(ROOT).as_posix()} python {n}") for page in PAGES
            for n, code in enumerate(re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), flags=re.S))]


def _resolve(dotted: str) -> object:
    """A dotted name under monalog: attributes, or submodules imported on the way."""
    parts = dotted.split(".")
    value = importlib.import_module(parts[0])
    for n, part in enumerate(parts[1:], 2):
        try:
            value = getattr(value, part)
        except AttributeError:
            value = importlib.import_module(".".join(parts[:n]))
    return value


@pytest.mark.parametrize("code", SNIPPETS)
def test_python_snippets_call_what_exists(code):
    """Every Python example in README and docs compiles, and every monalog name it uses exists (the
    hybrid's example also runs, tests/hybrid/test_library.py)."""
    tree = ast.parse(code)
    names = set(re.findall(r"\bmonalog(?:\.\w+)+", code))
    names |= {f"{node.module}.{alias.name}" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
              and (node.module or "").split(".")[0] == "monalog" for alias in node.names}
    for name in sorted(names):
        _resolve(name)


def test_the_readme_stays_short():
    assert README.read_text(encoding="utf-8").count("\n") <= 200


def _anchors(page: Path) -> set[str]:
    """A page's headings as GitHub writes their anchors."""
    headings = re.findall(r"^#{1,6} (.+)$", page.read_text(encoding="utf-8"), flags=re.M)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_links_lead_somewhere(page):
    """Every relative link (a results file, another page, a heading) exists: a result a claim links
    to cannot be deleted or renamed without the claim."""
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    broken = []
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        resolved = (page.parent / path).resolve() if path else page
        if not resolved.exists() or (anchor and resolved.suffix == ".md" and anchor not in _anchors(resolved)):
            broken.append(target)
    assert not broken


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
