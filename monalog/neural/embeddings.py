"""Sentence embeddings: mean-pooled, L2-normalised transformer states (default: the packaged
MiniLM, a sentence-transformers model, run in numpy), batched, cached by text."""
from __future__ import annotations

from typing import Sequence

import numpy as np

from monalog.neural.bert_arrays import TABLE, BertArrays, padded, read_bert
from monalog.neural.models import MINILM, device as pick_device, load, resolve

_CACHE_LIMIT = 200_000          # texts: a long run's memory stays bounded


def embedder(model: str = MINILM, device: str | None = None) -> "SentenceEmbedder":
    """The packaged MiniLM in numpy (no torch: loads in a fraction of a second, and a text's vector
    never depends on its batch); any other model with transformers, on `device`."""
    return ArrayEmbedder() if model == MINILM else Embedder(model, device, unpadded=True)


class SentenceEmbedder:
    """Unit-length sentence vectors, cached by text; subclasses compute a batch of new ones."""

    dim: int

    def __init__(self) -> None:
        self._cache: dict[str, np.ndarray] = {}

    def _vectors(self, texts: list[str]) -> np.ndarray:
        raise NotImplementedError

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """One unit-length row per text."""
        todo = [t for t in dict.fromkeys(texts) if t not in self._cache]
        if len(self._cache) + len(todo) > _CACHE_LIMIT:
            self._cache.clear()
            todo = list(dict.fromkeys(texts))
        if todo:
            self._cache.update(zip(todo, self._vectors(todo)))
        return np.stack([self._cache[t] for t in texts]) if texts else np.zeros((0, self.dim), dtype=np.float32)

    def similarity(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        """Cosine similarity of each pair."""
        if not pairs:
            return []
        a = self.encode([p for p, _ in pairs])
        b = self.encode([h for _, h in pairs])
        return [float(x) for x in (a * b).sum(1)]


class ArrayEmbedder(SentenceEmbedder):
    """A BERT sentence-embedding folder (default: the packaged MiniLM) in numpy, exact products of one slice
    (float32-grade: within 2e-6 of torch): mean of every piece's last state ([CLS] and [SEP] included,
    as sentence-transformers does), L2-normalised."""

    def __init__(self, model: str = MINILM, batch_size: int = 64, max_length: int = 128) -> None:
        super().__init__()
        weights, config, self.wordpiece = read_bert(resolve(model))
        self.name, self.batch_size, self.max_length = model, batch_size, max_length
        self.bert = BertArrays(weights, weights[TABLE], config, int(config["num_hidden_layers"]), slices=1)
        self.dim = int(config["hidden_size"])

    def _vectors(self, texts: list[str]) -> np.ndarray:
        wp = self.wordpiece
        rows = {t: [wp.cls, *wp.text_ids(t)[:self.max_length - 2], wp.sep] for t in texts}
        ordered = sorted(texts, key=lambda t: len(rows[t]))          # batches of similar lengths pad little
        out: dict[str, np.ndarray] = {}
        for start in range(0, len(ordered), self.batch_size):
            chunk = ordered[start:start + self.batch_size]
            lengths = np.array([len(rows[t]) for t in chunk])
            hidden = self.bert.hidden(*padded([rows[t] for t in chunk]))             # (pieces, H), row by row
            pooled = np.add.reduceat(hidden, np.concatenate([[0], np.cumsum(lengths)[:-1]])) / lengths[:, None]
            pooled /= np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
            out.update(zip(chunk, pooled.astype(np.float32)))
        return np.stack([out[t] for t in texts])


class Embedder(SentenceEmbedder):
    """Any transformers model (a folder or a hub name) with torch, on `device`."""

    def __init__(self, model: str = MINILM, device: str | None = None, batch_size: int = 64,
                 max_length: int = 128, unpadded: bool = False) -> None:
        """`unpadded`: batch only texts of one token length, so no text's vector depends on the
        texts it was batched with (padding changes the last bits of the pooled states)."""
        super().__init__()
        self.name = model
        self.device = pick_device(device)
        self.tokenizer = load("AutoTokenizer", model)
        self.model = load("AutoModel", model).to(self.device).eval()
        self.batch_size, self.max_length, self.unpadded = batch_size, max_length, unpadded
        self.dim = int(self.model.config.hidden_size)

    def _vectors(self, texts: list[str]) -> np.ndarray:
        import torch

        out: dict[str, np.ndarray] = {}
        with torch.inference_mode():
            for chunk in self._batches(texts):
                enc = self.tokenizer(chunk, padding=True, truncation=True, max_length=self.max_length,
                                     return_tensors="pt").to(self.device)
                states = self.model(**enc).last_hidden_state
                mask = enc["attention_mask"].unsqueeze(-1).to(states.dtype)
                pooled = (states * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
                pooled = torch.nn.functional.normalize(pooled.float(), dim=-1).cpu().numpy()
                out.update(zip(chunk, pooled))
        return np.stack([out[t] for t in texts])

    def _batches(self, texts: list[str]) -> list[list[str]]:
        if not self.unpadded:
            return [texts[i:i + self.batch_size] for i in range(0, len(texts), self.batch_size)]
        by_length: dict[int, list[str]] = {}
        for text in texts:
            n = len(self.tokenizer(text, truncation=True, max_length=self.max_length)["input_ids"])
            by_length.setdefault(n, []).append(text)
        return [group[i:i + self.batch_size] for _, group in sorted(by_length.items())
                for i in range(0, len(group), self.batch_size)]


def cosine(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Cosine of one vector `a` with every row of `b`."""
    a = a / (np.linalg.norm(a) or 1.0)
    norms = np.linalg.norm(b, axis=1)
    norms[norms == 0] = 1.0
    return (b @ a) / norms
