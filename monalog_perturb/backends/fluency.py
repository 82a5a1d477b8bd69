"""Fluency scores (higher = more fluent): causal-LM perplexity when a causal model is given, else
masked-LM pseudo-perplexity when an MLM is given, else mean unigram Zipf frequency (wordfreq).
Each scorer says which it is in `kind`, and the outputs record it."""
from __future__ import annotations

import math
import re
from typing import Sequence

from monalog.neural.models import device as pick_device, load

_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*|\d+")


class UnigramFluency:
    kind = "unigram frequency (wordfreq Zipf, mean over words)"

    def score(self, texts: Sequence[str]) -> list[float]:
        from wordfreq import zipf_frequency

        out = []
        for text in texts:
            words = _WORD.findall(text)
            out.append(sum(zipf_frequency(w, "en") for w in words) / len(words) if words else 0.0)
        return out


class CausalLMFluency:
    """Negative log-perplexity under a causal LM (so higher is better)."""

    def __init__(self, model: str, device: str | None = None) -> None:
        self.kind = f"causal-LM perplexity ({model}; score = -log perplexity)"
        self.device = pick_device(device)
        self.tokenizer = load("AutoTokenizer", model)
        self.model = load("AutoModelForCausalLM", model).to(self.device).eval()

    def score(self, texts: Sequence[str]) -> list[float]:
        import torch

        out = []
        with torch.inference_mode():
            for text in texts:
                ids = self.tokenizer(text, return_tensors="pt").input_ids.to(self.device)
                if ids.shape[1] < 2:
                    out.append(0.0)
                    continue
                loss = self.model(ids, labels=ids).loss
                out.append(-float(loss))
        return out


class MaskedLMFluency:
    """Negative log pseudo-perplexity: each token masked in turn (Salazar et al. 2020)."""

    def __init__(self, model: str, device: str | None = None, max_tokens: int = 64) -> None:
        self.kind = f"masked-LM pseudo-perplexity ({model}; score = -log pseudo-perplexity)"
        self.device = pick_device(device)
        self.tokenizer = load("AutoTokenizer", model)
        self.model = load("AutoModelForMaskedLM", model).to(self.device).eval()
        self.max_tokens = max_tokens

    def score(self, texts: Sequence[str]) -> list[float]:
        import torch

        out = []
        with torch.inference_mode():
            for text in texts:
                ids = self.tokenizer(text, return_tensors="pt", truncation=True,
                                     max_length=self.max_tokens).input_ids[0]
                positions = list(range(1, len(ids) - 1))        # not [CLS] / [SEP]
                if not positions:
                    out.append(0.0)
                    continue
                batch = ids.repeat(len(positions), 1)
                for row, pos in enumerate(positions):
                    batch[row, pos] = self.tokenizer.mask_token_id
                logits = self.model(batch.to(self.device)).logits
                logp = torch.log_softmax(logits.float(), dim=-1)
                total = sum(float(logp[row, pos, ids[pos]]) for row, pos in enumerate(positions))
                out.append(total / len(positions))
        return out


def load_fluency(lm: str | None = None, mlm: str | None = None, device: str | None = None):
    if lm:
        return CausalLMFluency(lm, device)
    if mlm:
        return MaskedLMFluency(mlm, device)
    return UnigramFluency()


def perplexity(score: float) -> float:
    """The perplexity behind an LM score (exp of minus the score)."""
    return math.exp(-score)
