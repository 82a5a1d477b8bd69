"""Supertag/head scorers that feed the decoder: the shipped tagger, or depccg's own pretrained model."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Callable, Protocol, Sequence, cast

import numpy as np
import torch

from monalog.errors import ResourceError
from monalog.parsing.tagger import encode_batch, load_tagger
from monalog.resources import model_path

log = logging.getLogger(__name__)

Scores = tuple[np.ndarray, np.ndarray]   # (N x tags, N x N+1) log-probabilities


class Scorer(Protocol):
    """Scores supertags and heads for batches of tokenised sentences."""

    tags: list[str]
    grammar: str

    def score(self, sentences: Sequence[Sequence[str]]) -> tuple[list[Scores], list[list[str]]]:
        """Scores and POS tags ('XX' where the scorer has none) per sentence."""


class TaggerScorer:
    """The project's own BiLSTM tagger (monalog/models/tagger.pt unless a path is given)."""

    grammar = "grammar_en_rebank.json"

    def __init__(self, path: str | Path | None = None, device: str | None = None,
                 batch_size: int = 256) -> None:
        path = Path(path) if path else model_path("tagger.pt")
        if not path.exists():
            raise ResourceError(f"tagger model not found: {path} (train one with "
                                f"`monalog train-tagger`)", input=str(path))
        self.device = device or ("cuda" if torch.cuda.is_available() else "cpu")
        self.model = load_tagger(path, self.device)
        self.tags = list(self.model.vocab.tags)
        self.batch_size = batch_size

    def score(self, sentences: Sequence[Sequence[str]]) -> tuple[list[Scores], list[list[str]]]:
        return score_in_batches(self.model, lambda batch: encode_batch(self.model.vocab, batch, self.device),
                                sentences, self.batch_size)


@torch.inference_mode()
def score_in_batches(model, encode: Callable[[list], tuple], sentences: Sequence[Sequence[str]],
                     batch_size: int) -> tuple[list[Scores], list[list[str]]]:
    """Supertag and head log-probabilities and POS tags per sentence from a tagger whose forward
    gives (tag, POS, arc) logits, run over batches of similar length; results in input order."""
    order = sorted(range(len(sentences)), key=lambda i: len(sentences[i]))
    scores: list[Scores | None] = [None] * len(sentences)
    pos: list[list[str] | None] = [None] * len(sentences)
    pos_names = model.vocab.pos
    for b in range(0, len(order), batch_size):
        idx = order[b:b + batch_size]
        tag_logits, pos_logits, arc_logits = model(*encode([sentences[i] for i in idx]))
        tag_lp = torch.log_softmax(tag_logits.float(), -1).cpu().numpy()
        arc_lp = torch.log_softmax(arc_logits.float(), -1).cpu().numpy()
        pos_ids = pos_logits.argmax(-1).cpu().numpy()
        for row, i in enumerate(idx):
            n = len(sentences[i])
            scores[i] = (np.ascontiguousarray(tag_lp[row, :n]), np.ascontiguousarray(arc_lp[row, :n, :n + 1]))
            pos[i] = [pos_names[p] for p in pos_ids[row, :n]]
    # every sentence is in one batch, so every slot is filled
    return cast(list[Scores], scores), cast(list[list[str]], pos)


class DepccgScorer:
    """depccg's pretrained English tagger, for users who ran `depccg_en download` (needs internet once)."""

    def __init__(self, variant: str | None = "rebank", device: str | None = None) -> None:
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
