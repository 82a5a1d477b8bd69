"""The hybrid classifier (MonaLog section 4.2): the symbolic ENTAILMENT / CONTRADICTION answers are
trusted (their precision is very high); NEUTRAL and pairs the engine could not handle go to the
fallback classifier."""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Callable, Sequence

from monalog.inference.batch import prove_all
from monalog.errors import MonalogError
from monalog.inference.search import SearchTimeout
from monalog.inference.proof import Label, Proof
from monalog.inference.prover import ProverSettings
from monalog.hybrid.fallback import Fallback, Prediction


class Component(str, enum.Enum):
    MONALOG = "monalog"
    FALLBACK = "fallback"


@dataclass(frozen=True)
class Decision:
    label: Label
    component: Component
    confidence: float
    symbolic: Label | None            # the engine's answer (None: it failed on the pair)
    error: str | None = None          # why the engine failed
    fallback: Prediction | None = None
    proof: Proof | None = None
    timed_out: bool = False           # the engine passed --timeout: no answer (`label` is then meaningless)


def combine(result: Proof | MonalogError, prediction: Prediction | None) -> Decision:
    """The decision rule: a symbolic E or C wins (confidence 1.0); otherwise the fallback decides."""
    if isinstance(result, Proof) and result.label is not Label.NEUTRAL:
        return Decision(result.label, Component.MONALOG, 1.0, result.label, proof=result)
    symbolic = result.label if isinstance(result, Proof) else None
    error = None if isinstance(result, Proof) else " ".join(str(result).split())
    if isinstance(result, SearchTimeout):       # the engine might have found E/C with more time: no answer
        return Decision(Label.NEUTRAL, Component.MONALOG, 0.0, None, error, timed_out=True)
    if prediction is None:
        return Decision(Label.NEUTRAL, Component.MONALOG, 1.0, symbolic, error)
    return Decision(prediction.label, Component.FALLBACK, prediction.confidence, symbolic, error, prediction,
                    result if isinstance(result, Proof) else None)


class HybridClassifier:
    """Prover + fallback. `threshold`: E/C fallback predictions below it become NEUTRAL."""

    def __init__(self, fallback: Fallback | None, settings: ProverSettings = ProverSettings(),
                 threshold: float | None = None, workers: int = 1) -> None:
        self.fallback, self.settings, self.threshold, self.workers = fallback, settings, threshold, workers

    def classify(self, pairs: Sequence[tuple[str, str]], on_chunk: Callable[[int], None] | None = None,
                 proofs: Sequence[Proof | MonalogError] | None = None,
                 on_ready: Callable[[float], None] | None = None) -> list[Decision]:
        """`proofs`: the engine's results when already computed (evaluating several fallbacks);
        `on_ready`: told each prover worker's load time."""
        if proofs is None:
            proofs = prove_all(pairs, self.settings, self.workers, on_chunk=on_chunk, on_ready=on_ready)
        # the fallback decides what the engine left NEUTRAL or failed on, but never a timed-out pair
        undecided = [i for i, r in enumerate(proofs)
                     if (r.label is Label.NEUTRAL if isinstance(r, Proof) else not isinstance(r, SearchTimeout))]
        predictions: dict[int, Prediction] = {}
        if self.fallback is not None and undecided:
            found = self.fallback.predict([pairs[i] for i in undecided], self.threshold)
            predictions = dict(zip(undecided, found))
        return [combine(r, predictions.get(i)) for i, r in enumerate(proofs)]
