"""Locate the data shipped with the package (grammars/, kb/, the trained tagger) and the cache folder
of what monalog builds or installs once (the WordNet index, the MPNet base)."""
from __future__ import annotations

import os
from importlib import resources
from pathlib import Path


def grammar_path(name: str) -> Path:
    """A file in the project's grammars/ folder (package `monalog.grammars` once installed)."""
    return Path(str(resources.files("monalog.grammars").joinpath(name)))


def grammar_lines(name: str) -> list[str]:
    """A word list in grammars/: its lines, stripped, without blank lines and "#" comments."""
    lines = grammar_path(name).read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def kb_path(name: str) -> Path:
    """A file in the project's kb/ folder (package `monalog.kb` once installed)."""
    return Path(str(resources.files("monalog.kb").joinpath(name)))


def model_path(name: str) -> Path:
    """A shipped model file under monalog/models/."""
    return Path(str(resources.files("monalog.models").joinpath(name)))


def cache_dir() -> Path:
    """Where monalog keeps data it builds or installs (MONALOG_CACHE, else ~/.cache/monalog)."""
    return Path(os.environ.get("MONALOG_CACHE", Path.home() / ".cache" / "monalog"))
