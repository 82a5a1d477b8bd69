"""The hybrid classifier: the symbolic engine's E/C answers, a neural fallback for the rest.

    monalog.hybrid.train(pairs, "fallback/", FallbackSettings(...))   fine-tune a fallback (`monalog train`)
    monalog.hybrid.load(["fallback/"], ProverSettings(...))            the hybrid `--hybrid` loads

Importing the package is light: numpy, torch and transformers load with the first call that needs them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from monalog.hybrid.settings import DEFAULT_THRESHOLD, FallbackSettings
from monalog.lazy import lazy_exports

_EXPORTS = {"train": "monalog.hybrid.api", "load": "monalog.hybrid.api", "TrainingProgress": "monalog.hybrid.api",
            "HybridClassifier": "monalog.hybrid.classifier"}
__all__ = ["DEFAULT_THRESHOLD", "FallbackSettings", "HybridClassifier", "TrainingProgress", "load", "train"]

if TYPE_CHECKING:
    from monalog.hybrid.api import TrainingProgress, load, train
    from monalog.hybrid.classifier import HybridClassifier

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
