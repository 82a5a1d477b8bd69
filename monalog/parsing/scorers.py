"""Supertag/head scorers that feed the decoder: the shipped taggers (a BiLSTM and a MiniLM tagger, as
an ensemble), one tagger file, or depccg's own pretrained model."""
from __future__ import annotations

import logging
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol, Sequence

import numpy as np

from monalog.errors import ResourceError
from monalog.parsing.minilm_arrays import ArrayContextualTagger, contextual_header
from monalog.parsing.scoring import Logits, Scores, score_in_batches, torch_forward
from monalog.parsing.tagger_arrays import ArrayTagger, encode_arrays, is_npz_archive, log_softmax
from monalog.resources import model_path

log = logging.getLogger(__name__)



class Scorer(Protocol):
    """Scores supertags and heads for batches of tokenised sentences."""

    tags: list[str]
    grammar: str

    def score(self, sentences: Sequence[Sequence[str]]) -> tuple[list[Scores], list[list[str]]]:
        """Scores and POS tags ('XX' where the scorer has none) per sentence."""


class TaggerScorer:
    """One tagger file: the BiLSTM (monalog/models/tagger.npz unless a path is given) or a MiniLM
    tagger (monalog.parsing.minilm_arrays), told apart by the file's header.

    By default it runs in numpy on the CPU: no torch import, and the same numbers on every machine.
    Naming a `device` ("cpu", "cuda", ...) runs the torch model there instead (faster for large
    batches on a GPU); a tagger file in the older torch format always runs on torch."""

    grammar = "grammar_en_rebank.json"

    def __init__(self, path: str | Path | None = None, device: str | None = None,
                 batch_size: int = 256) -> None:
        path = Path(path) if path else model_path(BILSTM)
        if not path.exists():
            raise ResourceError(f"tagger model not found: {path} (train one with "
                                f"`monalog train-tagger`)", input=str(path))
        self.device = device
        self.batch_size = batch_size
        contextual = contextual_header(path) is not None
        if device is None and contextual:
            self.model: Any = ArrayContextualTagger.load(path)
        elif device is None and is_npz_archive(path):
            self.model = ArrayTagger.load(path)
        else:
            self.model = _torch_tagger(path, device, contextual)
        self.tags = list(self.model.vocab.tags)
        self.pos_names = list(self.model.vocab.pos)

    def forward(self, batch: list) -> "Logits":
        """Tag, POS and head logits (numpy) for one batch of token lists."""
        if isinstance(self.model, ArrayTagger):
            return self.model.forward(*encode_arrays(self.model.vocab, batch))
        if isinstance(self.model, ArrayContextualTagger):
            return self.model.forward(*self.model.encode(batch))
        return torch_forward(self.model, lambda b: _encode_torch(self.model, b))(batch)

    def score(self, sentences: Sequence[Sequence[str]]) -> tuple[list[Scores], list[list[str]]]:
        return score_in_batches(self.forward, self.pos_names, sentences, self.batch_size)


class EnsembleScorer:
    """Two taggers over one grammar: the weighted mean of their supertag and head log-probabilities
    (`weight` on the second), renormalised; POS tags and the tag set are the first's (a tag the
    second lacks gets log-probability -30 from it)."""

    def __init__(self, first: TaggerScorer, second: TaggerScorer, weight: float, batch_size: int = 256) -> None:
        if not 0.0 <= weight <= 1.0:
            raise ValueError(f"ensemble weight must be in [0, 1], got {weight}")
        self.first, self.second, self.weight, self.batch_size = first, second, weight, batch_size
        self.tags, self.grammar, self.pos_names = first.tags, first.grammar, first.pos_names
        index = {tag: i for i, tag in enumerate(second.tags)}
        self._map = np.array([index.get(tag, -1) for tag in first.tags])

    def forward(self, batch: list) -> "Logits":
        tag_a, pos, arc_a = self.first.forward(batch)
        tag_b, _, arc_b = self.second.forward(batch)
        tag_b = np.where(self._map >= 0, log_softmax(tag_b)[..., np.maximum(self._map, 0)], -30.0)
        w = self.weight
        return ((1 - w) * log_softmax(tag_a) + w * tag_b, pos,
                (1 - w) * log_softmax(arc_a) + w * log_softmax(arc_b))

    def score(self, sentences: Sequence[Sequence[str]]) -> tuple[list[Scores], list[list[str]]]:
        return score_in_batches(self.forward, self.pos_names, sentences, self.batch_size)


BILSTM, MINILM = "tagger.npz", "tagger_minilm.npz"
#: The shipped taggers by name, for `--model` ("ensemble", the default, is both)
SHIPPED = {"bilstm": BILSTM, "minilm": MINILM}
#: The weight of the MiniLM tagger in the shipped ensemble (benchmarks/results/tagger_ensemble.md).
MINILM_WEIGHT = 0.7


def default_scorer(device: str | None = None) -> EnsembleScorer:
    """The shipped scorer: the BiLSTM and MiniLM taggers together (one per process and device)."""
    return _ensemble(device)


@lru_cache(maxsize=2)
def _ensemble(device: str | None) -> EnsembleScorer:
    return EnsembleScorer(TaggerScorer(model_path(BILSTM), device), TaggerScorer(model_path(MINILM), device),
                          MINILM_WEIGHT)


def tagger_scorer(model: str | None = None, device: str | None = None) -> TaggerScorer | EnsembleScorer:
    """`model`: None or "ensemble" (the shipped pair), "bilstm" or "minilm" (one shipped tagger), or the
    path of a tagger file."""
    if model in (None, "ensemble"):
        return default_scorer(device)
    return TaggerScorer(model_path(SHIPPED[model]) if model in SHIPPED else model, device)




def _torch_tagger(path: Path, device: str | None, contextual: bool):
    import torch

    device = device or ("cuda" if torch.cuda.is_available() else "cpu")
    if contextual:
        from monalog.parsing.contextual import load_contextual

        return load_contextual(path, device)
    from monalog.parsing.tagger import load_tagger

    return load_tagger(path, device)


def _encode_torch(model, batch: list) -> tuple:
    device = next(model.parameters()).device
    if hasattr(model, "encode"):                   # the MiniLM tagger encodes its own subwords
        return model.encode(batch, device)
    from monalog.parsing.tagger import encode_batch

    return encode_batch(model.vocab, batch, device)


class DepccgScorer:
    """depccg's pretrained English tagger, for users who ran `depccg_en download` (needs internet once)."""

    def __init__(self, variant: str | None = "rebank", device: str | None = None) -> None:
        import torch            # first: without it (the neural extra) the model's absence is not the problem

        try:
            from depccg.instance_models import load_model_directory
            from depccg.torch_supertagger import load_torch_tagger
            model_dir, config = load_model_directory(variant)
        except Exception as exc:
            raise ResourceError(
                f"depccg's pretrained model ({variant or 'default'}) is not installed: {exc}. "
                "Install it with `depccg_en download` (needs internet) or use the default backend.",
                input=variant) from exc
        cuda = 0 if (device or "").startswith("cuda") and torch.cuda.is_available() else -1
        self.tagger = load_torch_tagger(model_dir, cuda)
        self.tags = list(self.tagger.categories)
        self.grammar = Path(config.config).name

    def score(self, sentences: Sequence[Sequence[str]]) -> tuple[list[Scores], list[list[str]]]:
        results, _ = self.tagger.predict_doc([list(s) for s in sentences])
        return [(r.tag_scores, r.dep_scores) for r in results], [["XX"] * len(s) for s in sentences]
