"""The hybrid's library calls: `train` under `monalog train` and `monalog perturb teacher`, `load` under
`--hybrid` (the commands only parse their options into settings, call these and print):

    >>> import monalog, monalog.hybrid
    >>> from monalog.eval.datasets import training_pairs
    >>> pairs, _ = training_pairs("SICK.tsv")                               # its labelled TRAIN rows
    >>> summary = monalog.hybrid.train(pairs, "fallback/", monalog.hybrid.FallbackSettings(epochs=1))
    >>> hybrid = monalog.hybrid.load(["fallback/"], monalog.ProverSettings(exclusions=True))
    >>> print(monalog.evaluate("SICK.tsv", hybrid, sick_set="TRIAL").report.table())
"""
from __future__ import annotations

from pathlib import Path
from typing import Protocol, Sequence

from monalog.hybrid.classifier import HybridClassifier
from monalog.hybrid.decision import fit_model
from monalog.hybrid.fallback import Example, SoftExample, calibrate, fine_tune, split_dev
from monalog.hybrid.settings import FallbackSettings
from monalog.inference.prover import ProverSettings

# what `train` returns (and `monalog train` prints) of the model folder's metadata
SUMMARY = ("dev_accuracy", "train_pairs", "extra_pairs", "dev_pairs", "steps", "seconds", "examples_per_second",
           "device")


class TrainingProgress(Protocol):
    """What `train` tells as it goes: each stage as it begins, with its size when known ("training":
    optimisation steps, their total told with each step; "calibration": the held-out pairs a
    temperature is fitted on; "decision": the dev pairs proved for the decision rule), then the work
    done in it (a training step with its loss, a chunk of pairs proved)."""

    def stage(self, name: str, total: int | None) -> None: ...

    def advance(self, done: int, total: int | None = None, loss: float | None = None) -> None: ...


def train(pairs: Sequence[Example], output: str | Path, settings: FallbackSettings = FallbackSettings(),
          extra: Sequence[Example | SoftExample] = (), *, calibration: Sequence[Example] = (),
          fit_decision: bool = False, workers: int = 1, data: dict | None = None,
          progress: TrainingProgress | None = None) -> dict:
    """Fine-tune the fallback on labelled `pairs` (a fixed dev share of them selects the checkpoint)
    plus `extra` (generated pairs: labelled, or a teacher's distribution over ENTAILMENT, NEUTRAL,
    CONTRADICTION) into the folder `output`; then, with `calibration` pairs (never trained on), fit a
    temperature on them, and with `fit_decision`, prove the dev share (`workers` processes) and fit
    the learned decision rule. `data`: a description of the training data, kept in the folder's
    metadata. Returns the summary: dev accuracy, pair counts, steps, time and device (SUMMARY), plus
    the temperature and the rule's fit when made; the folder's monalog_fallback.json holds the rest."""
    progress = progress if progress is not None else _Quiet()
    progress.stage("training", None)
    meta = fine_tune(pairs, output, settings, extra, lambda step, total, loss: progress.advance(1, total, loss), data)
    summary = {key: meta[key] for key in SUMMARY}
    if calibration:
        progress.stage("calibration", len(calibration))
        summary.update(temperature=calibrate(output, calibration, settings.device), calibration_pairs=len(calibration))
    if fit_decision:
        dev = split_dev(pairs, settings.dev_fraction, settings.dev_fold)[1]
        progress.stage("decision", len(dev))
        rule = fit_model(output, dev, workers=workers, device=settings.device, on_chunk=progress.advance)
        summary["decision_rule"] = rule.fitted
    return summary


class _Quiet:
    """No progress shown."""

    def stage(self, name: str, total: int | None) -> None:
        pass

    def advance(self, done: int, total: int | None = None, loss: float | None = None) -> None:
        pass


def load(models: Sequence[str] = (), settings: ProverSettings = ProverSettings(), *, threshold: float | None = None,
         decision: str = "fixed", workers: int = 1, device: str | None = None) -> HybridClassifier:
    """The engine with `settings` and the fallback of `models` (`monalog train` folders or NLI models;
    several: their ensemble; none: the engine alone), as `--hybrid` loads it. `threshold`: fallback
    E/C answers below it become NEUTRAL (None: DEFAULT_THRESHOLD; 0: none); `decision` "learned": the
    rule `train(..., fit_decision=True)` fitted on the one model weighs both answers instead."""
    return HybridClassifier.load(models, settings, threshold, decision, workers, device)
