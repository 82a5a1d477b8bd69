"""The BERT fallback (MonaLog section 4.2): a sequence-pair classifier fine-tuned with transformers
on SICK's TRAIN rows (plus generated pairs), selected on a fixed 10% of them, and used where the
symbolic engine says NEUTRAL. E/C predictions below a confidence threshold become NEUTRAL.

Device-agnostic: CUDA with mixed precision when present, CPU otherwise. Batches are padded to
their longest pair, not to a fixed length (no work spent on padding). On the CPU a trained (BERT)
fallback predicts in numpy with exact products (hybrid.arrays), the same in any batch.
"""
from __future__ import annotations

import json
import logging
import math
import random
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Sequence, cast

from monalog.errors import InputError, ResourceError
from monalog.fileio import check_output, new_mode, replace_folder, temporary_prefix
from monalog.inference.proof import Label
from monalog.hybrid.reproducible import deterministic, environment
from monalog.hybrid.arrays import exact_classifier
from monalog.hybrid.batching import batches, plan
from monalog.hybrid.calibration import fit_temperature, scaled
from monalog.hybrid.settings import FallbackSettings
from monalog.neural.models import device as pick_device, load, resolve

log = logging.getLogger(__name__)

LABELS = (Label.ENTAILMENT, Label.NEUTRAL, Label.CONTRADICTION)     # class index order of trained models
META = "monalog_fallback.json"
DECISION = "monalog_decision.json"      # the learned decision rule `train --fit-decision` adds (hybrid.decision)
_NAMES = {"entailment": Label.ENTAILMENT, "neutral": Label.NEUTRAL, "contradiction": Label.CONTRADICTION,
          "not_entailment": Label.NEUTRAL, "non-entailment": Label.NEUTRAL}

Example = tuple[str, str, Label]
SoftExample = tuple[str, str, tuple[float, float, float]]   # a distribution over LABELS (a teacher's)


@dataclass(frozen=True)
class Prediction:
    """The (possibly relabelled) label, its probability, the argmax label and all probabilities."""

    label: Label
    confidence: float
    raw_label: Label
    probabilities: dict[str, float] = field(compare=False)


def split_dev(examples: Sequence[Example], fraction: float = 0.1,
              fold: int = 0) -> tuple[list[Example], list[Example]]:
    """(train, dev): a fixed share chosen with seed 0, whatever the training seed, so every run is
    selected on the same pairs; `fold` k holds out the k-th share of that size instead (cross-fitting:
    the folds 0 .. 1/fraction - 1 do not overlap and together hold out every pair once)."""
    folds = math.ceil(1 / fraction - 1e-9) if fraction > 0 else 1
    if not 0 <= fold < folds:
        raise InputError(f"dev fold {fold} does not exist: a dev share of {fraction:g} has folds 0 to {folds - 1}")
    if fraction <= 0 or not examples:
        return list(examples), []
    order = list(range(len(examples)))
    random.Random(0).shuffle(order)
    size = len(examples) * fraction

    def bound(k: int) -> int:           # where fold k begins (fold 0 holds at least one pair, as it always did)
        return 0 if k == 0 else min(len(examples), max(1, round(size * k)))

    if bound(fold) >= bound(fold + 1):
        raise InputError(f"{len(examples)} labelled pair(s) are too few for dev fold {fold}")
    dev = set(order[bound(fold):bound(fold + 1)])
    return [e for i, e in enumerate(examples) if i not in dev], [examples[i] for i in sorted(dev)]


def dev_share(examples: Sequence[Example]) -> list[Example]:
    """The fixed dev share `train` holds out with the default settings (what selects the model)."""
    return split_dev(examples, FallbackSettings().dev_fraction)[1]


def relabel(probabilities: dict[str, float], threshold: float | None) -> Prediction:
    raw = max(probabilities, key=probabilities.__getitem__)
    label, confidence = Label(raw), probabilities[raw]
    if threshold is not None and label is not Label.NEUTRAL and confidence < threshold:
        label = Label.NEUTRAL
    return Prediction(label, confidence, Label(raw), probabilities)


def _class_labels(config) -> list[Label]:
    """Our label for each class index of a model, from its id2label names."""
    names = [config.id2label[i] for i in range(config.num_labels)]
    try:
        return [_NAMES[name.lower()] if name.lower() in _NAMES else Label(name.upper()) for name in names]
    except ValueError:
        raise ResourceError(f"the model's labels {names} are not NLI labels (entailment, neutral, contradiction)",
                            input=str(names)) from None


def _autocast(device):
    import contextlib

    import torch

    if device.type == "cuda":
        dtype = torch.bfloat16 if torch.cuda.is_bf16_supported() else torch.float16
        return torch.autocast("cuda", dtype=dtype)
    return contextlib.nullcontext()


def probabilities(model, tokenizer, pairs: Sequence[tuple[str, str]], device, batch_size: int = 64,
                  max_length: int = 128) -> list[list[float]]:
    """Softmax over the model's classes for each pair (batched by length, returned in input order)."""
    import torch

    model.eval()
    order = sorted(range(len(pairs)), key=lambda i: len(pairs[i][0]) + len(pairs[i][1]))
    out: list[list[float] | None] = [None] * len(pairs)
    with torch.inference_mode():
        for start in range(0, len(order), batch_size):
            idx = order[start:start + batch_size]
            enc = tokenizer([pairs[i][0] for i in idx], [pairs[i][1] for i in idx], padding=True,
                            truncation=True, max_length=max_length, return_tensors="pt").to(device)
            with _autocast(device):
                logits = model(**enc).logits
            for i, row in zip(idx, torch.softmax(logits.float(), dim=-1).cpu().tolist()):
                out[i] = row
    return cast(list[list[float]], out)     # every pair is in one batch, so every slot is filled


def _accuracy(model, tokenizer, dev: Sequence[Example], device, settings: FallbackSettings) -> float:
    if not dev:
        return 0.0
    probs = probabilities(model, tokenizer, [(p, h) for p, h, _ in dev], device, 64, settings.max_length)
    return sum(LABELS[max(range(3), key=row.__getitem__)] is gold for row, (_, _, gold) in zip(probs, dev)) / len(dev)


def fine_tune(sick: Sequence[Example], output: str | Path, settings: FallbackSettings = FallbackSettings(),
              extra: Sequence[Example | SoftExample] = (), progress: Callable[[int, int, float], None] | None = None,
              data: dict | None = None) -> dict:
    """Fine-tune on `sick` (its fixed dev share held out) plus `extra` (generated pairs, labelled or
    with a teacher's distribution over LABELS: distillation); keep the checkpoint with the best dev
    accuracy; save model, tokenizer and META (with `data`, a description of the training data, when
    given) into `output` and return META. `monalog.hybrid.train` runs this, then calibration and the
    decision rule when asked."""

    if not sick:
        raise InputError("no training pairs", input=str(output))
    for premise, _, target in extra:
        if not isinstance(target, Label) and not (isinstance(target, tuple) and len(target) == len(LABELS)
                                                  and all(isinstance(v, (int, float)) and v >= 0 for v in target)
                                                  and abs(sum(target) - 1) < 1e-3):
            raise InputError(f"a generated pair's target must be a Label or {len(LABELS)} probabilities summing to "
                             f"1, not {target!r}", input=premise)
    check_output(output, folder=True, previous=is_model_folder)
    with deterministic(settings.seed):
        return _train(sick, Path(output), settings, extra, progress, data)


def _train(sick: Sequence[Example], output: Path, settings: FallbackSettings, extra: Sequence[Example | SoftExample],
           progress: Callable[[int, int, float], None] | None, data: dict | None = None) -> dict:
    import torch

    rng = random.Random(settings.seed)
    train_set, dev = split_dev(sick, settings.dev_fraction, settings.dev_fold)
    phases: list[tuple[list, float]] = [(list(extra), 1.0), (list(train_set), settings.epochs)] \
        if settings.generated_first and extra else [([*train_set, *extra], settings.epochs)]
    if not phases[-1][0]:
        raise InputError(f"{len(sick)} labelled pair(s) all go to the fixed dev share; training needs more",
                         input=str(output))
    device = pick_device(settings.device)
    tokenizer = load("AutoTokenizer", settings.model)
    model = load("AutoModelForSequenceClassification", settings.model, num_labels=len(LABELS),
                 id2label={i: lab.value for i, lab in enumerate(LABELS)},
                 label2id={lab.value: i for i, lab in enumerate(LABELS)}, ignore_mismatched_sizes=True).to(device)
    schedule = plan(phases, settings.batch_size, settings.max_steps)
    total = sum(steps for _, _, steps in schedule)
    optimizer, scheduler = _optimizer(model, settings, total)
    scaler = torch.amp.GradScaler("cuda", enabled=device.type == "cuda" and not torch.cuda.is_bf16_supported())
    history, best, best_acc, step, start = [], None, -1.0, 0, time.perf_counter()

    def evaluate(epoch: float) -> None:
        nonlocal best, best_acc
        acc = _accuracy(model, tokenizer, dev, device, settings)
        history.append({"step": step, "epoch": round(epoch, 3), "dev_accuracy": acc})
        log.info("step %d dev accuracy %.4f", step, acc)
        if acc > best_acc:
            best_acc, best = acc, {k: v.detach().to("cpu", copy=True) for k, v in model.state_dict().items()}
        model.train()

    model.train()
    for examples, steps_per_epoch, phase_end in schedule:
        for batch, phase_step in batches(examples, phase_end, settings.batch_size, rng, settings.group_by_length):
            loss = _step(model, tokenizer, batch, device, settings, (optimizer, scheduler, scaler))
            step += 1
            if progress:
                progress(step, total, loss)
            if phase_step % steps_per_epoch == 0 or phase_step == phase_end:
                evaluate(phase_step / steps_per_epoch)
    seconds = time.perf_counter() - start
    model.load_state_dict(best)
    meta = {"labels": [lab.value for lab in LABELS], "base_model": settings.model, "settings": asdict(settings),
            "train_pairs": len(train_set), "extra_pairs": len(extra), "dev_pairs": len(dev), "steps": step,
            "dev_accuracy": best_acc, "history": history, "seconds": round(seconds, 1),
            "examples_per_second": round(step * settings.batch_size / seconds, 1), "device": str(device),
            "environment": environment(device)}
    if data is not None:
        meta["training_data"] = data
    _save(model, tokenizer, meta, Path(output))
    return meta


def _optimizer(model, settings: FallbackSettings, total: int):
    """AdamW (no weight decay on biases and norms) with a linear schedule after warm-up."""
    import torch
    from transformers import get_linear_schedule_with_warmup

    decay = [p for n, p in model.named_parameters() if not any(k in n for k in ("bias", "LayerNorm", "norm"))]
    no_decay = [p for n, p in model.named_parameters() if any(k in n for k in ("bias", "LayerNorm", "norm"))]
    optimizer = torch.optim.AdamW([{"params": decay, "weight_decay": settings.weight_decay},
                                   {"params": no_decay, "weight_decay": 0.0}], lr=settings.learning_rate)
    return optimizer, get_linear_schedule_with_warmup(optimizer, int(settings.warmup * total), total)


_LABEL_INDEX = {lab: i for i, lab in enumerate(LABELS)}


def _targets(batch: Sequence[Example | SoftExample], device):
    """Class indices, or (when the batch holds a teacher's distributions) one distribution per pair."""
    import torch

    labels = [t for _, _, t in batch if isinstance(t, Label)]
    if len(labels) == len(batch):
        return torch.tensor([_LABEL_INDEX[t] for t in labels], device=device)
    return torch.tensor([[float(t == lab) for lab in LABELS] if isinstance(t, Label) else list(t)
                         for _, _, t in batch], device=device)


def _step(model, tokenizer, batch: Sequence[Example | SoftExample], device, settings: FallbackSettings,
          optim) -> float:
    """One optimisation step on a batch (padded to its longest pair); returns the loss."""
    import torch

    optimizer, scheduler, scaler = optim
    enc = tokenizer([p for p, _, _ in batch], [h for _, h, _ in batch], padding=True, truncation=True,
                    max_length=settings.max_length, return_tensors="pt").to(device)
    labels = _targets(batch, device)
    with _autocast(device):
        loss = torch.nn.functional.cross_entropy(model(**enc).logits.float(), labels)
    optimizer.zero_grad(set_to_none=True)
    scaler.scale(loss).backward()
    scaler.unscale_(optimizer)
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    scaler.step(optimizer)
    scaler.update()
    scheduler.step()
    return loss.item()


# What save_pretrained writes for the models and tokenizers used here (folders saved before the
# file list was recorded in META are recognised by these names).
_SAVED_NAMES = {"config.json", "model.safetensors", "pytorch_model.bin", "generation_config.json", "vocab.txt",
                "vocab.json", "merges.txt", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json",
                "added_tokens.json", "spiece.model", "sentencepiece.bpe.model"}


def is_model_folder(path: Path) -> bool:
    """A previous `train` output: META and nothing but the files it lists (so replacing it loses nothing)."""
    try:
        meta = json.loads((path / META).read_text(encoding="utf-8"))
        names = set(meta.get("files") or _SAVED_NAMES) | {META, DECISION}
        return all(entry.is_file() and entry.name in names for entry in path.iterdir())
    except (OSError, ValueError, AttributeError, TypeError):
        return False


def _save(model, tokenizer, meta: dict, output: Path) -> None:
    """Into a new temporary sibling folder, then moved into place: never a half-written model, and
    an existing folder is replaced only when it is a previous output (`is_model_folder`)."""
    output.absolute().parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=output.absolute().parent, prefix=temporary_prefix(output)))
    try:
        model.save_pretrained(tmp)
        tokenizer.save_pretrained(tmp)
        meta["files"] = sorted(entry.name for entry in tmp.iterdir())
        (tmp / META).write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
        tmp.chmod(new_mode(folder=True))
        replace_folder(tmp, output, is_model_folder)
    finally:
        if tmp.exists():
            import shutil

            shutil.rmtree(tmp)


class Fallback:
    """A trained fallback (a `monalog train` folder) or any transformers NLI classifier, loaded once.
    `batch_size` is the exact numpy path's (a BERT model on the CPU); a model torch computes predicts one
    pair at a time, on any device."""

    def __init__(self, model: str, device: str | None = None, batch_size: int = 64, max_length: int = 128) -> None:
        self.device = pick_device(device)
        self.tokenizer = load("AutoTokenizer", model)
        config = load("AutoConfig", model)
        self.classes = _class_labels(config)
        self.arrays = exact_classifier(resolve(model), config, self.device)      # on the CPU: exact, in numpy
        self.model = None if self.arrays else load("AutoModelForSequenceClassification", model).to(self.device)
        # torch's products move with the rows beside them (padding, batch shape): one pair at a time, so
        # that a pair's probabilities never depend on its batch; and no pair past the model's positions
        self.batch_size = batch_size if self.arrays else 1
        self.max_length = min(max_length, getattr(config, "max_position_embeddings", max_length))
        meta = Path(model) / META
        try:
            self.meta = json.loads(meta.read_text(encoding="utf-8")) if meta.exists() else {}
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise ResourceError(f"cannot read {meta}: {' '.join(str(exc).split())[:200]}", input=str(meta)) from exc
        self.temperature = float(self.meta.get("temperature", 1.0))     # temperature scaling (`calibrate`)

    def probabilities(self, pairs: Sequence[tuple[str, str]]) -> list[dict[str, float]]:
        if self.arrays is not None:
            rows = self.arrays.classify(self.tokenizer, pairs, self.batch_size, self.max_length)
        else:
            rows = probabilities(self.model, self.tokenizer, pairs, self.device, self.batch_size, self.max_length)
        out = []
        for row in rows:
            row = scaled(row, self.temperature) if self.temperature != 1.0 else row
            probs = {lab.value: 0.0 for lab in LABELS}
            for lab, p in zip(self.classes, row):
                probs[lab.value] += p
            out.append(probs)
        return out

    def predict(self, pairs: Sequence[tuple[str, str]], threshold: float | None = None) -> list[Prediction]:
        return [relabel(p, threshold) for p in self.probabilities(pairs)]


def calibrate(folder: str | Path, held_out: Sequence[Example], device: str | None = None) -> float:
    """Fit a temperature on `held_out` pairs (never trained on) and save it in the folder's META, so
    that every later prediction is scaled by it; returns it (1.0 without pairs)."""
    model = Fallback(str(folder), device)
    model.temperature = 1.0
    rows = [[p[lab.value] for lab in LABELS] for p in model.probabilities([(p, h) for p, h, _ in held_out])]
    temperature = fit_temperature(rows, [LABELS.index(gold) for _, _, gold in held_out])
    meta_path = Path(folder) / META
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    meta.update(temperature=temperature, calibration_pairs=len(held_out))
    meta_path.write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    return temperature


class FallbackEnsemble:
    """Several fallbacks as one, their probabilities averaged: models trained alike with different
    seeds differ by up to 1-3 points on SICK TRIAL, and their average is steadier and more accurate
    than each (benchmarks/results/hybrid_reversed.md and hybrid_balanced.md)."""

    def __init__(self, models: Sequence[str], device: str | None = None, batch_size: int = 64,
                 max_length: int = 128) -> None:
        if not models:
            raise InputError("an ensemble needs at least one model")
        self.members = [Fallback(m, device, batch_size, max_length) for m in models]
        self.device = self.members[0].device

    def probabilities(self, pairs: Sequence[tuple[str, str]]) -> list[dict[str, float]]:
        rows = [member.probabilities(pairs) for member in self.members]
        return [{lab.value: sum(r[i][lab.value] for r in rows) / len(rows) for lab in LABELS}
                for i in range(len(pairs))]

    def predict(self, pairs: Sequence[tuple[str, str]], threshold: float | None = None) -> list[Prediction]:
        return [relabel(p, threshold) for p in self.probabilities(pairs)]


def load_fallback(models: Sequence[str], device: str | None = None) -> "Fallback | FallbackEnsemble":
    """One model's fallback, or the ensemble of several."""
    return Fallback(models[0], device) if len(models) == 1 else FallbackEnsemble(models, device)

