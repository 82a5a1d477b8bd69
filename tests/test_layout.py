"""The code's shape stays as the architecture issues left it: small modules and functions, the core
never importing the generators' package, no import cycles between packages nor between files (imports
inside functions and under TYPE_CHECKING count: they hide a cycle, they do not remove it), and project modules
imported inside functions only at the listed seams."""
from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

import pytest

from monalog.extras import EXTRAS

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted(p for package in ("monalog", "monalog_perturb") for p in (ROOT / package).rglob("*.py"))


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _package(module: str) -> str | None:
    """monalog.<sub> for the core's subpackages and root modules, monalog_perturb as one unit."""
    parts = module.split(".")
    if parts[0] == "monalog_perturb":
        return "monalog_perturb"
    return ".".join(parts[:2]) if parts[0] == "monalog" and len(parts) > 1 else None


def _imports(path: Path) -> list[tuple[str, int]]:
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append((node.module, node.lineno))
        elif isinstance(node, ast.Import):
            out += [(alias.name, node.lineno) for alias in node.names]
    return out


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_small_modules_and_functions(path):
    text = path.read_text(encoding="utf-8")
    assert text.count("\n") <= 400
    long = [f"{node.name} ({node.end_lineno - node.lineno + 1} lines)" for node in ast.walk(ast.parse(text))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno - node.lineno >= 60]
    assert not long


def test_core_never_imports_the_generators():
    bad = [f"{p.relative_to(ROOT)}:{line}" for p in SOURCES if p.relative_to(ROOT).parts[0] == "monalog"
           for module, line in _imports(p) if module.split(".")[0] == "monalog_perturb"]
    assert not bad


def test_the_generators_use_no_core_command_module():
    """monalog_perturb builds on the core's library (console, argtypes, hybrid.options included), never on its
    command modules: no import of monalog.cli at any level, inside functions too, nor a dotted name of one."""
    generators = [p for p in SOURCES if p.relative_to(ROOT).parts[0] == "monalog_perturb"]
    named = re.compile(r"monalog\.cli(\.|$)")
    bad = [f"{p.relative_to(ROOT)}:{line}" for p in generators for module, line in _imports(p) if named.match(module)]
    bad += [f"{p.relative_to(ROOT)}:{node.lineno}" for p in generators
            for node in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and named.match(node.value)]
    assert not bad


# every recipe module has these two, with one meaning: build that recipe's generator, read its items
RECIPE_PROTOCOL = {"build", "read_items"}


def test_no_two_public_classes_or_functions_of_one_name_in_the_generators():
    where: dict[str, list[str]] = defaultdict(list)
    for path in SOURCES:
        if path.relative_to(ROOT).parts[0] == "monalog_perturb":
            for node in ast.parse(path.read_text(encoding="utf-8")).body:
                if isinstance(node, (ast.ClassDef, ast.FunctionDef)) and not node.name.startswith("_"):
                    where[node.name].append(_module(path))
    assert not {name: modules for name, modules in where.items() if len(modules) > 1 and name not in RECIPE_PROTOCOL}


def test_no_import_cycles_between_packages():
    edges: dict[str, set[str]] = defaultdict(set)
    for path in SOURCES:
        source = _package(_module(path))
        for module, _ in _imports(path):
            target = _package(module)
            if source and target and source != target:
                edges[source].add(target)

    def reaches(start: str, goal: str) -> bool:
        seen, stack = set(), [start]
        while stack:
            node = stack.pop()
            if node == goal:
                return True
            if node not in seen:
                seen.add(node)
                stack.extend(edges.get(node, ()))
        return False

    cycles = sorted(f"{a} <-> {b}" for a in edges for b in edges[a] if reaches(b, a))
    assert not cycles


def _file_edges() -> dict[str, set[str]]:
    """module -> the project modules it imports anywhere in its file ("from pkg import mod" is mod)."""
    modules = {_module(p): p for p in SOURCES}
    edges: dict[str, set[str]] = {}
    for name, path in modules.items():
        out = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                out |= {f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in modules else node.module
                        for a in node.names}
            elif isinstance(node, ast.Import):
                out |= {a.name for a in node.names}
        edges[name] = {m for m in out if m in modules and m != name}
    return edges


def test_no_import_cycles_between_files():
    edges = _file_edges()

    def reachable(start: str) -> set[str]:
        seen, stack = set(), [start]
        while stack:
            for nxt in edges[stack.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        return seen

    cycles = sorted({" <-> ".join(sorted({a, b})) for a in edges for b in edges[a] if a in reachable(b)})
    assert not cycles


# Where a project module may be imported inside a function rather than at the top of the file (issue 48):
# only at a seam, where importing it at module level would make a light import heavy. Anywhere else a
# function-level import only hides what a module depends on.
#
# (a) By the module imported: these load a heavy third-party package at their own import time (the package
# named, straight or through a module of theirs), so a module that does not load it already imports them
# where they are needed: parsing a sentence needs no torch, proving a pair no web server.
HEAVY_AT_IMPORT = {
    "monalog.parsing.tagger": "torch",        # the torch supertagger: training and the legacy torch format
    "monalog.parsing.contextual": "torch",    # the MiniLM tagger's training
    "monalog.parsing.training": "torch",      # `monalog train-tagger`
    "monalog.server.app": "fastapi",          # `monalog serve`
    "monalog.server.guard": "uvicorn",
    "monalog.server.engine": "pydantic",      # fastapi's request models (server.schemas)
}
# (b) By the module importing: the command-line layer. `monalog --help` imports every command module to build
# its parser, so a command imports its library inside `run` (and the helpers it calls); only what --help
# loads anyway (console, fileio, rows, eval.datasets, ...) is imported at the top.
CLI_LAYER = ("monalog.cli", "monalog_perturb.cli")
HEAVY_PACKAGES = {*EXTRAS, "depccg", "nltk", "fastapi", "starlette", "uvicorn", "pydantic"}


def _in_functions(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    nodes = {node for fn in ast.walk(tree) if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
             for node in ast.walk(fn) if isinstance(node, (ast.Import, ast.ImportFrom))}
    return sorted(nodes, key=lambda node: node.lineno)


def _at_module_level(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """The imports that run when the module is imported: top level and under try/if, not under TYPE_CHECKING."""
    out, todo = [], list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            out.append(node)
        elif isinstance(node, ast.If) and "TYPE_CHECKING" not in ast.unparse(node.test):
            todo += node.body + node.orelse
        elif isinstance(node, ast.Try):
            todo += node.body + node.orelse + node.finalbody + [n for h in node.handlers for n in h.body]
    return out


def _imported_modules(node: ast.Import | ast.ImportFrom, modules: set[str]) -> set[str]:
    if isinstance(node, ast.ImportFrom):
        if not node.module or node.level:
            return set()
        return {f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in modules else node.module for a in node.names}
    return {a.name for a in node.names}


def _heavy_at_import() -> dict[str, set[str]]:
    """module -> the heavy packages its import loads, through the module-level imports of project modules."""
    trees = {_module(p): ast.parse(p.read_text(encoding="utf-8")) for p in SOURCES}
    direct: dict[str, set[str]] = {}
    for name, tree in trees.items():
        direct[name] = {m for node in _at_module_level(tree) for m in _imported_modules(node, set(trees))}
    loads: dict[str, set[str]] = {}
    for name in trees:
        seen, stack, heavy = {name}, [name], set()
        while stack:
            for imported in direct[stack.pop()]:
                heavy |= {imported.split(".")[0]} & HEAVY_PACKAGES
                if imported in trees and imported not in seen:
                    seen.add(imported)
                    stack.append(imported)
        loads[name] = heavy
    return loads


def test_function_level_imports_of_project_modules_only_at_seams():
    loads = _heavy_at_import()
    modules = {_module(p) for p in SOURCES}
    bad = []
    for path in SOURCES:
        here = _module(path)
        for node in _in_functions(ast.parse(path.read_text(encoding="utf-8"))):
            for imported in _imported_modules(node, modules):
                if imported.split(".")[0] not in ("monalog", "monalog_perturb") or here.startswith(CLI_LAYER):
                    continue
                if imported not in HEAVY_AT_IMPORT or HEAVY_AT_IMPORT[imported] in loads[here]:
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {imported} inside a function")
    assert not bad


def test_each_heavy_seam_loads_its_package_at_import():
    loads = _heavy_at_import()
    assert {module: package for module, package in HEAVY_AT_IMPORT.items() if package not in loads[module]} == {}


def test_no_module_imports_another_modules_private_name():
    bad = [f"{p.relative_to(ROOT)}: {node.module}.{a.name}" for p in SOURCES
           for node in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
           if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in ("monalog", "monalog_perturb")
           for a in node.names if a.name.startswith("_") and not a.name.startswith("__")]
    assert not bad
