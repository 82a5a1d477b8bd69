"""Running a tagger's forward pass over sentences: batches of similar length, supertag and head
log-probabilities on a grid for the decoder, POS tags; and a torch tagger's forward as numpy."""
from __future__ import annotations

from typing import Callable, Sequence, cast

import numpy as np

from monalog.parsing.tagger_arrays import log_softmax

Scores = tuple[np.ndarray, np.ndarray]   # (N x tags, N x N+1) log-probabilities
Logits = tuple[np.ndarray, np.ndarray, np.ndarray]   # tag (B,T,C), POS (B,T,P), head (B,T,T+1)


def torch_forward(model, encode: Callable[[list], tuple]) -> Callable[[list], Logits]:
    """A torch tagger's forward as numpy logits (no gradients)."""
    import torch

    def forward(batch: list) -> Logits:
        with torch.inference_mode():
            tag, pos, arcs = (x.float().cpu().numpy() for x in model(*encode(batch)))
            return tag, pos, arcs
    return forward


def _snapped(logits: np.ndarray) -> np.ndarray:
    """Log-probabilities on a grid of 1e-6, as float32 for the decoder. The logits are exact products
    (monalog.neural.exact: the same bits in any batch) and each softmax runs over one sentence's own
    candidates, so the scores are the same bits in any batch too; the grid keeps them as they were."""
    return np.round(log_softmax(logits.astype(np.float64)), 6).astype(np.float32)


def score_in_batches(forward: Callable[[list], Logits], pos_names: Sequence[str], sentences: Sequence[Sequence[str]],
                     batch_size: int) -> tuple[list[Scores], list[list[str]]]:
    """Supertag and head log-probabilities and POS tags per sentence from a tagger's forward
    (tag, POS, arc logits), run over batches of similar length; results in input order."""
    order = sorted(range(len(sentences)), key=lambda i: len(sentences[i]))
    scores: list[Scores | None] = [None] * len(sentences)
    pos: list[list[str] | None] = [None] * len(sentences)
    for b in range(0, len(order), batch_size):
        idx = order[b:b + batch_size]
        tag_logits, pos_logits, arc_logits = forward([sentences[i] for i in idx])
        tag_lp = _snapped(tag_logits)
        pos_ids = pos_logits.argmax(-1)
        for row, i in enumerate(idx):
            n = len(sentences[i])
            # a head's log-softmax over the sentence's own n + 1 candidates: a sum over the batch's padded
            # length would round in an order set by that length
            scores[i] = (np.ascontiguousarray(tag_lp[row, :n]),
                         np.ascontiguousarray(_snapped(arc_logits[row, :n, :n + 1])))
            pos[i] = [pos_names[p] for p in pos_ids[row, :n]]
    # every sentence is in one batch, so every slot is filled
    return cast(list[Scores], scores), cast(list[list[str]], pos)
