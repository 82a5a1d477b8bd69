"""The hybrid classifier: the symbolic engine's E/C answers, a neural fallback for the rest.

    monalog.hybrid.train(pairs, "fallback/", FallbackSettings(...))   fine-tune a fallback (`monalog train`)
    monalog.hybrid.load(["fallback/"], ProverSettings(...))            the hybrid `--hybrid` loads

Importing the package is light: numpy, torch and transformers load with the first call that needs them.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from monalog.hybrid.settings import DEFAULT_THRESHOLD, FallbackSettings

_EXPORTS = {"train": "monalog.hybrid.api", "load": "monalog.hybrid.api", "TrainingProgress": "monalog.hybrid.api",
            "HybridClassifier": "monalog.hybrid.classifier"}
__all__ = ["DEFAULT_THRESHOLD", "FallbackSettings", "HybridClassifier", "TrainingProgress", "load", "train"]

if TYPE_CHECKING:
    from monalog.hybrid.api import TrainingProgress, load, train
    from monalog.hybrid.classifier import HybridClassifier


def __getattr__(name: str) -> Any:
    """Load an exported name's module on first use (PEP 562), so importing the package stays light."""
    if name not in _EXPORTS:
        raise AttributeError(f"module 'monalog.hybrid' has no attribute {name!r}")
    value = getattr(importlib.import_module(_EXPORTS[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(list(globals()) + __all__)
