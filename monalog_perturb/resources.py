"""Locate the data shipped with the generators' package (prompts/, kb/)."""
from __future__ import annotations

from importlib import resources
from pathlib import Path


def data_path(name: str) -> Path:
    """A lexicon or vocabulary file under monalog_perturb/kb/."""
    return Path(str(resources.files("monalog_perturb").joinpath("kb", name)))


def prompt_path(name: str) -> Path:
    """A chat prompt template under monalog_perturb/prompts/."""
    return Path(str(resources.files("monalog_perturb").joinpath("prompts", name)))


def prompt(name: str, **fields) -> str:
    """A prompt template from prompts/ with its {fields} filled."""
    return prompt_path(f"{name}.txt").read_text(encoding="utf-8").format(**fields)
