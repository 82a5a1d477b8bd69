"""monalog: natural-logic inference over polarized CCG parses (MonaLog, Hu et al. 2020).

    >>> import monalog
    >>> proof = monalog.prove("No animal runs", "No dog runs")
    >>> print(proof.label, proof.explain(), sep="\\n")

Importing the package is light: the parser, WordNet and torch load on the first call that needs them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from monalog.lazy import lazy_exports

__version__ = "0.1.0"

_EXPORTS = {
    "prove": "monalog.api", "prove_many": "monalog.api", "polarize": "monalog.api", "parse": "monalog.api",
    "Prover": "monalog.inference.prover", "ProverSettings": "monalog.inference.prover",
    "Proof": "monalog.inference.proof", "Step": "monalog.inference.proof", "StepKind": "monalog.inference.proof",
    "Label": "monalog.inference.proof", "Polarity": "monalog.polarity.marks",
    "Knowledge": "monalog.inference.alignment", "AlignmentSettings": "monalog.inference.alignment",
    "Readings": "monalog.polarity.lexicon", "Numerals": "monalog.polarity.lexicon",
    "Definites": "monalog.polarity.lexicon", "BarePlurals": "monalog.polarity.lexicon",
    "MonalogError": "monalog.errors", "InputError": "monalog.errors", "ParseError": "monalog.errors",
    "OutputError": "monalog.errors", "ResourceError": "monalog.errors",
    "evaluate": "monalog.eval.evaluate", "Evaluation": "monalog.eval.evaluate",
    "HybridClassifier": "monalog.hybrid.classifier",
}
__all__ = ["AlignmentSettings", "BarePlurals", "Definites", "Evaluation", "HybridClassifier", "InputError", "Knowledge",
           "Label", "MonalogError", "Numerals", "OutputError", "ParseError", "Polarity", "Proof", "Prover",
           "ProverSettings", "Readings", "ResourceError", "Step", "StepKind", "evaluate", "parse", "polarize", "prove",
           "prove_many"]

if TYPE_CHECKING:
    from monalog.api import parse, polarize, prove, prove_many
    from monalog.errors import InputError, MonalogError, OutputError, ParseError, ResourceError
    from monalog.eval.evaluate import Evaluation, evaluate
    from monalog.hybrid.classifier import HybridClassifier
    from monalog.inference.alignment import AlignmentSettings, Knowledge
    from monalog.inference.proof import Label, Proof, Step, StepKind
    from monalog.inference.prover import Prover, ProverSettings
    from monalog.polarity.lexicon import BarePlurals, Definites, Numerals, Readings
    from monalog.polarity.marks import Polarity

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
