"""The hybrid classifier (MonaLog section 4.2): the symbolic ENTAILMENT / CONTRADICTION answers are
trusted (their precision is very high); NEUTRAL and pairs the engine could not handle go to the
fallback classifier."""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Sequence

from monalog.inference.batch import prove_all
from monalog.errors import MonalogError
from monalog.inference.search import SearchTimeout
from monalog.inference.proof import Label, Proof
from monalog.inference.prover import ProverSettings
from monalog.hybrid import DEFAULT_THRESHOLD
from monalog.hybrid.fallback import Fallback, FallbackEnsemble, Prediction

if TYPE_CHECKING:
    from monalog.hybrid.decision import DecisionRule


class Component(str, enum.Enum):
    MONALOG = "monalog"
    FALLBACK = "fallback"
    LEARNED = "learned rule"      # the learned decision rule weighed both (hybrid.decision)


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


def combine(result: Proof | MonalogError, prediction: Prediction | None, rule: DecisionRule | None = None) -> Decision:
    """The decision rule: a symbolic E or C wins (confidence 1.0); otherwise the fallback decides.
    With a learned `rule` (and a prediction) the rule weighs both instead."""
    proof = result if isinstance(result, Proof) else None
    symbolic = proof.label if proof else None
    error = None if proof else " ".join(str(result).split())
    if isinstance(result, SearchTimeout):       # the engine might have found E/C with more time: no answer
        return Decision(Label.NEUTRAL, Component.MONALOG, 0.0, None, error, timed_out=True)
    if rule is not None and prediction is not None:
        label, confidence = rule.decide(result, prediction.probabilities)
        return Decision(label, Component.LEARNED, confidence, symbolic, error, prediction, proof)
    if proof is not None and proof.label is not Label.NEUTRAL:
        return Decision(proof.label, Component.MONALOG, 1.0, proof.label, proof=proof)
    if prediction is None:
        return Decision(Label.NEUTRAL, Component.MONALOG, 1.0, symbolic, error)
    return Decision(prediction.label, Component.FALLBACK, prediction.confidence, symbolic, error, prediction, proof)


class HybridClassifier:
    """Prover + fallback. `threshold`: E/C fallback predictions below it become NEUTRAL (None or 0:
    none does); `rule`: a learned decision rule (the fallback then scores every pair the engine did
    not time out on, and the rule's own threshold replaces `threshold`)."""

    def __init__(self, fallback: Fallback | FallbackEnsemble | None, settings: ProverSettings = ProverSettings(),
                 threshold: float | None = DEFAULT_THRESHOLD, workers: int = 1,
                 rule: DecisionRule | None = None) -> None:
        self.fallback, self.settings, self.workers, self.rule = fallback, settings, workers, rule
        self.threshold = None if rule is not None else threshold        # the rule has its own

    def classify(self, pairs: Sequence[tuple[str, str]], on_chunk: Callable[[int], None] | None = None,
                 proofs: Sequence[Proof | MonalogError] | None = None,
                 on_ready: Callable[[float], None] | None = None) -> list[Decision]:
        """`proofs`: the engine's results when already computed (evaluating several fallbacks);
        `on_ready`: told each prover worker's load time."""
        if proofs is None:
            proofs = prove_all(pairs, self.settings, self.workers, on_chunk=on_chunk, on_ready=on_ready)
        # the fallback decides what the engine left NEUTRAL or failed on (with a rule: every pair),
        # never a timed-out one
        undecided = [i for i, r in enumerate(proofs) if not isinstance(r, SearchTimeout)
                     and (self.rule is not None or not isinstance(r, Proof) or r.label is Label.NEUTRAL)]
        predictions: dict[int, Prediction] = {}
        if self.fallback is not None and undecided:
            found = self.fallback.predict([pairs[i] for i in undecided], self.threshold)
            predictions = dict(zip(undecided, found))
        return [combine(r, predictions.get(i), self.rule) for i, r in enumerate(proofs)]
