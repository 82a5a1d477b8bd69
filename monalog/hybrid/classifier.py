"""The hybrid classifier (MonaLog section 4.2): the symbolic ENTAILMENT / CONTRADICTION answers are
trusted (their precision is very high); NEUTRAL and pairs the engine could not handle go to the
fallback classifier."""
from __future__ import annotations

import enum
import logging
from dataclasses import dataclass
from typing import Callable, Sequence

from monalog.hybrid.decision import DecisionRule
from monalog.inference.batch import prove_all
from monalog.errors import InputError, MonalogError
from monalog.inference.search import SearchTimeout
from monalog.inference.proof import Label, Proof
from monalog.inference.prover import ProverSettings
from monalog.hybrid.settings import DEFAULT_THRESHOLD
from monalog.hybrid.fallback import Fallback, FallbackEnsemble, Prediction, load_fallback

log = logging.getLogger(__name__)


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
    if prediction is None:          # the engine's NEUTRAL keeps its proof: its note says why (abstained, ...)
        return Decision(Label.NEUTRAL, Component.MONALOG, 1.0, symbolic, error, proof=proof)
    return Decision(prediction.label, Component.FALLBACK, prediction.confidence, symbolic, error, prediction, proof)


class HybridClassifier:
    """Prover + fallback. `threshold`: E/C fallback predictions below it become NEUTRAL (None or 0:
    none does); `rule`: a learned decision rule (the fallback then scores every pair the engine did
    not time out on, and the rule's own threshold replaces `threshold`)."""

    def __init__(self, fallback: Fallback | FallbackEnsemble | None, settings: ProverSettings = ProverSettings(),
                 threshold: float | None = DEFAULT_THRESHOLD, workers: int = 1,
                 rule: DecisionRule | None = None, engine: str = "local", address: str | None = None) -> None:
        self.fallback, self.settings, self.workers, self.rule = fallback, settings, workers, rule
        self.engine, self.address = engine, address        # where the engine proves (inference.batch.prove_all)
        self.threshold = None if rule is not None else threshold        # the rule has its own

    @classmethod
    def load(cls, models: Sequence[str] = (), settings: ProverSettings = ProverSettings(),
             threshold: float | None = None, decision: str = "fixed", workers: int = 1,
             device: str | None = None, engine: str = "local", address: str | None = None) -> "HybridClassifier":
        """The engine alone (no `models`), or with the fallback of `models` (`monalog train` folders or NLI
        models; several: their ensemble). `threshold`: fallback E/C below it become NEUTRAL (None: the
        default, DEFAULT_THRESHOLD; 0: none); `decision` "learned": the rule `train --fit-decision` fitted
        on the one model weighs both answers, with its own threshold. The engine proves in `workers`
        processes, or with `engine` "ray" as that many Ray actors (a local Ray, or the cluster at `address`)."""
        if decision not in ("fixed", "learned"):
            raise InputError(f"unknown decision rule {decision!r}: fixed or learned", input=decision)
        rule = None
        if decision == "learned":
            if not models:
                raise InputError("--decision learned needs a fallback model (--hybrid MODEL_DIR)")
            if threshold is not None:
                raise InputError("--threshold does not apply with --decision learned: the rule has its own threshold")
            if len(models) > 1:
                raise InputError("--decision learned takes one --hybrid model: its rule was fitted on that model's "
                                 "probabilities, not on an ensemble's")
            rule = DecisionRule.load(models[0])
            if rule.fitted.get("engine", settings.knowledge.value) != settings.knowledge.value:
                log.warning("the decision rule was fitted on --knowledge %s answers, these are --knowledge %s",
                            rule.fitted["engine"], settings.knowledge.value)
        fallback = load_fallback(list(models), device=device) if models else None
        return cls(fallback, settings, DEFAULT_THRESHOLD if threshold is None else threshold, workers, rule,
                   engine, address)

    def classify(self, pairs: Sequence[tuple[str, str]], on_chunk: Callable[[int], None] | None = None,
                 proofs: Sequence[Proof | MonalogError] | None = None,
                 on_ready: Callable[[float], None] | None = None) -> list[Decision]:
        """`proofs`: the engine's results when already computed (evaluating several fallbacks);
        `on_ready`: told each prover worker's load time."""
        if proofs is None:
            proofs = prove_all(pairs, self.settings, self.workers, on_chunk=on_chunk, on_ready=on_ready,
                               engine=self.engine, address=self.address)
        # the fallback decides what the engine left NEUTRAL or failed on (with a rule: every pair),
        # never a timed-out one
        undecided = [i for i, r in enumerate(proofs) if not isinstance(r, SearchTimeout)
                     and (self.rule is not None or not isinstance(r, Proof) or r.label is Label.NEUTRAL)]
        predictions: dict[int, Prediction] = {}
        if self.fallback is not None and undecided:
            found = self.fallback.predict([pairs[i] for i in undecided], self.threshold)
            predictions = dict(zip(undecided, found))
        return [combine(r, predictions.get(i), self.rule) for i, r in enumerate(proofs)]
