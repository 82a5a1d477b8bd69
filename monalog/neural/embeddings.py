"""Sentence embeddings: mean-pooled, L2-normalised transformer states (default: the packaged
MiniLM, a sentence-transformers model), batched, cached by text."""
from __future__ import annotations

from typing import Sequence

import numpy as np

from monalog.neural.models import MINILM, device as pick_device, load


class Embedder:
    def __init__(self, model: str = MINILM, device: str | None = None, batch_size: int = 64,
                 max_length: int = 128, unpadded: bool = False) -> None:
        """`unpadded`: batch only texts of one token length, so no text's vector depends on the
        texts it was batched with (padding changes the last bits of the pooled states)."""
        self.name = model
        self.device = pick_device(device)
        self.tokenizer = load("AutoTokenizer", model)
        self.model = load("AutoModel", model).to(self.device).eval()
        self.batch_size, self.max_length, self.unpadded = batch_size, max_length, unpadded
        self._cache: dict[str, np.ndarray] = {}

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """One unit-length row per text."""
        import torch

        todo = [t for t in dict.fromkeys(texts) if t not in self._cache]
        if len(self._cache) + len(todo) > 200_000:     # a long run's memory stays bounded
            self._cache.clear()
            todo = list(dict.fromkeys(texts))
        with torch.inference_mode():
            for chunk in self._batches(todo):
                enc = self.tokenizer(chunk, padding=True, truncation=True, max_length=self.max_length,
                                     return_tensors="pt").to(self.device)
                states = self.model(**enc).last_hidden_state
                mask = enc["attention_mask"].unsqueeze(-1).to(states.dtype)
                pooled = (states * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
                pooled = torch.nn.functional.normalize(pooled.float(), dim=-1).cpu().numpy()
                self._cache.update(zip(chunk, pooled))
        dim = self.model.config.hidden_size
        return np.stack([self._cache[t] for t in texts]) if texts else np.zeros((0, dim), dtype=np.float32)

    def _batches(self, texts: list[str]) -> list[list[str]]:
        if not self.unpadded:
            return [texts[i:i + self.batch_size] for i in range(0, len(texts), self.batch_size)]
        by_length: dict[int, list[str]] = {}
        for text in texts:
            n = len(self.tokenizer(text, truncation=True, max_length=self.max_length)["input_ids"])
            by_length.setdefault(n, []).append(text)
        return [group[i:i + self.batch_size] for _, group in sorted(by_length.items())
                for i in range(0, len(group), self.batch_size)]

    def similarity(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        """Cosine similarity of each pair."""
        if not pairs:
            return []
        a = self.encode([p for p, _ in pairs])
        b = self.encode([h for _, h in pairs])
        return [float(x) for x in (a * b).sum(1)]


def cosine(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Cosine of one vector `a` with every row of `b`."""
    a = a / (np.linalg.norm(a) or 1.0)
    norms = np.linalg.norm(b, axis=1)
    norms[norms == 0] = 1.0
    return (b @ a) / norms
