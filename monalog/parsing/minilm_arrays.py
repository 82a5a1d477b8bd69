"""The MiniLM supertagger without torch: its file format and its forward pass in numpy.

The model (monalog.parsing.contextual, trained with torch) is MiniLM's first layers, the first
subword of each word, a character CNN and the BiLSTM tagger's heads. Its file holds what training
changed, as float16 in an .npz with a JSON `header`; MiniLM's subword table, frozen in training, is
read from the packaged MiniLM instead of being stored (a few of its rows are kept to check that
the packaged model is the one trained with). The forward pass runs in float64, as the BiLSTM's
does (monalog.parsing.tagger_arrays), so scores do not depend on the batch; it is checked against
the torch model in tests/parsing/test_minilm_arrays.py.
"""
from __future__ import annotations

import json
import zipfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Sequence

import numpy as np

from monalog.errors import ResourceError
from monalog.neural.models import MINILM, resolve
from monalog.parsing.tagger_arrays import (DTYPE, Vocab, char_features, encode_arrays, heads, linear, read_npz,
                                           write_npz)
from monalog.parsing.wordpiece import WordPiece

FORMAT = "monalog-contextual-tagger/1"
TABLE = "encoder.embeddings.word_embeddings.weight"
CHECK_ROWS = np.arange(1000, 30001, 1000)       # the subword-table rows stored to identify the table
MAX_PIECES = 512                                 # MiniLM's positions, [CLS] and [SEP] included


@dataclass(frozen=True)
class ContextualConfig:
    """`layers`: MiniLM layers kept (6 = all; fewer is faster). `chars`: add the char-CNN features.
    `freeze_embeddings`: keep MiniLM's subword embedding table fixed while fine-tuning (words never
    seen in SICK keep their pretrained vectors; the numpy tagger needs it frozen)."""

    layers: int = 6
    chars: bool = True
    char_dim: int = 32
    char_filters: int = 96
    mlp: int = 160
    arc_dim: int = 128
    dropout: float = 0.33
    feature_dropout: float = 0.1
    freeze_embeddings: bool = True


def minilm_path() -> Path:
    """The packaged all-MiniLM-L6-v2 directory (weights, config, vocab.txt); offline only."""
    return Path(resolve(MINILM))


def write_contextual_file(path: str | Path, config: ContextualConfig, vocab: Vocab, weights: dict[str, np.ndarray],
                          meta: dict) -> None:
    """Write a trained model's weights (torch state-dict names, MiniLM's table left out) atomically."""
    if not config.freeze_embeddings:
        raise ResourceError("only a model with MiniLM's subword table frozen can be saved without it", input=str(path))
    arrays = {name: value for name, value in weights.items()
              if name != TABLE and not name.startswith("encoder.pooler.")}
    arrays["table_check"] = np.asarray(weights[TABLE][CHECK_ROWS])
    write_npz(path, {"format": FORMAT, "config": asdict(config), "vocab": vocab.to_json(), "meta": meta}, arrays)


def contextual_header(path: str | Path) -> dict | None:
    """The header of a file written by write_contextual_file, None for any other file."""
    try:
        with np.load(path, allow_pickle=False) as blob:
            header = json.loads(str(blob["header"])) if "header" in blob.files else {}
    except (OSError, EOFError, KeyError, ValueError, zipfile.BadZipFile):
        return None
    return header if header.get("format") == FORMAT else None


def _packaged_minilm() -> tuple[np.ndarray, dict, WordPiece]:
    """MiniLM's subword table (float32), config and tokenizer, read without torch or transformers."""
    from safetensors import safe_open

    root = minilm_path()
    try:
        with safe_open(str(root / "model.safetensors"), framework="np") as f:
            table = f.get_tensor("embeddings.word_embeddings.weight")
        config = json.loads((root / "config.json").read_text(encoding="utf-8"))
    except (OSError, KeyError, ValueError) as exc:
        raise ResourceError(f"cannot read the packaged MiniLM in {root}: {exc}", input=str(root)) from exc
    return table, config, WordPiece.load(root / "vocab.txt")


def encode_pieces(wordpiece: WordPiece, vocab: Vocab, sentences: Sequence[Sequence[str]]):
    """(pieces (B,S), piece mask (B,S), first-piece index of each word (B,T), chars (B,T,L), word mask
    (B,T)) for the MiniLM tagger, torch's and numpy's alike. A sentence over 512 pieces keeps only
    each word's first piece, and words past the limit read the [SEP] position."""
    rows, firsts = [], []
    for sent in sentences:
        pieces = [wordpiece.word_ids(w) for w in sent]
        if sum(map(len, pieces)) + 2 > MAX_PIECES:
            pieces = [p[:1] for p in pieces]
        ids, first = [wordpiece.cls], []
        for p in pieces:
            if len(ids) + len(p) >= MAX_PIECES:
                first.append(-1)
                continue
            first.append(len(ids))
            ids.extend(p)
        ids.append(wordpiece.sep)
        rows.append(ids)
        firsts.append([f if f >= 0 else len(ids) - 1 for f in first])
    piece_ids = np.zeros((len(rows), max(map(len, rows))), dtype=np.int64)
    piece_mask = np.zeros(piece_ids.shape, dtype=bool)
    for i, ids in enumerate(rows):
        piece_ids[i, :len(ids)] = ids
        piece_mask[i, :len(ids)] = True
    _, chars, mask = encode_arrays(vocab, sentences)
    first_index = np.zeros(mask.shape, dtype=np.int64)
    for i, first in enumerate(firsts):
        first_index[i, :len(first)] = first
    return piece_ids, piece_mask, first_index, chars, mask


def _layer_norm(x: np.ndarray, w: dict[str, np.ndarray], name: str, eps: float) -> np.ndarray:
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * w[f"{name}.weight"] + w[f"{name}.bias"]


#: Numerical Recipes' erfc: erfc(z) = t exp(-z^2 + P(t)), t = 1 / (1 + z/2); P's coefficients, highest first
_ERFC = (0.17087277, -0.82215223, 1.48851587, -1.13520398, 0.27886807, -0.18628806, 0.09678418, 0.37409196,
         1.00002368, -1.26551223)
_CHUNK = 1 << 15        # elements per step: the temporaries stay in the CPU cache


def _gelu(x: np.ndarray) -> np.ndarray:
    """BERT's exact GELU, x Phi(x), with Numerical Recipes' erfc (relative error < 1.2e-7; scipy costs a
    fifth of a second to import). Element by element, in cache-sized chunks with in-place steps:
    this is a third of the encoder's time otherwise."""
    flat = np.ascontiguousarray(x).reshape(-1)
    out = np.empty_like(flat)
    for start in range(0, flat.size, _CHUNK):
        v = flat[start:start + _CHUNK]
        z = np.abs(v)
        z *= 1.0 / np.sqrt(2.0)
        t = z * 0.5
        t += 1.0
        np.reciprocal(t, out=t)
        poly = t * _ERFC[0]
        for c in _ERFC[1:]:
            poly += c
            if c != _ERFC[-1]:
                poly *= t
        z *= z
        poly -= z
        np.exp(poly, out=poly)
        poly *= t                                   # erfc(|v| / sqrt 2) = 2 Phi(-|v|)
        poly *= 0.5
        np.subtract(1.0, poly, out=poly, where=v >= 0)
        np.multiply(v, poly, out=out[start:start + _CHUNK])
    return out.reshape(x.shape)


class ArrayContextualTagger:
    """`ContextualTaggerModel.forward` (evaluation mode) in numpy, float64."""

    def __init__(self, header: dict, weights: dict[str, np.ndarray]) -> None:
        self.config = ContextualConfig(**header["config"])
        self.vocab, self.meta = Vocab.from_json(header["vocab"]), header.get("meta", {})
        table, minilm, self.wordpiece = _packaged_minilm()
        if not np.allclose(table[CHECK_ROWS], weights["table_check"], atol=1e-3):
            raise ResourceError("the packaged MiniLM is not the one this tagger was trained with",
                                input=str(minilm_path()))
        self.table = table
        self.heads, self.eps = int(minilm["num_attention_heads"]), float(minilm["layer_norm_eps"])
        self.w = {name: value.astype(DTYPE) for name, value in weights.items() if name != "table_check"}
        self._qkv = [self._fused(i) for i in range(self.config.layers)]

    def _fused(self, layer: int) -> tuple[np.ndarray, np.ndarray]:
        """A layer's query, key and value as one product: weight (H, 3H), bias (3H,)."""
        names = [f"encoder.encoder.layer.{layer}.attention.self.{part}" for part in ("query", "key", "value")]
        return (np.concatenate([self.w[f"{n}.weight"].T for n in names], axis=1),
                np.concatenate([self.w[f"{n}.bias"] for n in names]))

    @classmethod
    def load(cls, path: str | Path) -> "ArrayContextualTagger":
        header, weights = read_npz(path, FORMAT)
        try:
            return cls(header, weights)
        except (KeyError, TypeError, ValueError) as exc:
            raise ResourceError(f"cannot load tagger model {path}: {exc}", input=str(path)) from exc

    def encode(self, sentences: Sequence[Sequence[str]]):
        return encode_pieces(self.wordpiece, self.vocab, sentences)

    def _encoder(self, pieces: np.ndarray, piece_mask: np.ndarray) -> np.ndarray:
        """BERT's embeddings and layers -> hidden states of the real pieces only (N,H), in row order;
        padded keys get no attention. Only attention sees the padded (B,S) layout."""
        w, eps = self.w, self.eps
        b, s = pieces.shape
        live = piece_mask.reshape(-1)
        positions = np.broadcast_to(np.arange(s), (b, s)).reshape(-1)[live]
        x = (self.table[pieces.reshape(-1)[live]].astype(DTYPE) + w["encoder.embeddings.position_embeddings.weight"][
            positions] + w["encoder.embeddings.token_type_embeddings.weight"][0])
        x = _layer_norm(x, w, "encoder.embeddings.LayerNorm", eps)
        blocked = np.where(piece_mask, 0.0, np.finfo(DTYPE).min)[:, None, None, :]      # (B,1,1,S)
        n, h = self.heads, x.shape[-1]
        d = h // n
        for layer in range(self.config.layers):
            name = f"encoder.encoder.layer.{layer}"
            padded = np.zeros((b * s, 3 * h), DTYPE)
            padded[live] = x @ self._qkv[layer][0] + self._qkv[layer][1]
            q, k, v = padded.reshape(b, s, 3, n, d).transpose(2, 0, 3, 1, 4)            # each (B,n,S,d)
            scores = q @ k.transpose(0, 1, 3, 2) / np.sqrt(d) + blocked
            scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
            context = ((scores / scores.sum(axis=-1, keepdims=True)) @ v).transpose(0, 2, 1, 3).reshape(b * s, h)
            x = _layer_norm(linear(w, context[live], f"{name}.attention.output.dense") + x, w,
                            f"{name}.attention.output.LayerNorm", eps)
            inner = _gelu(linear(w, x, f"{name}.intermediate.dense"))
            x = _layer_norm(linear(w, inner, f"{name}.output.dense") + x, w, f"{name}.output.LayerNorm", eps)
        return x

    def forward(self, pieces: np.ndarray, piece_mask: np.ndarray, first: np.ndarray, chars: np.ndarray,
                mask: np.ndarray):
        """The arrays of `encode` -> tag (B,T,C), POS (B,T,P), head (B,T,T+1) logits."""
        hidden = self._encoder(pieces, piece_mask)                                      # (N,H)
        packed = np.cumsum(piece_mask.reshape(-1)) - 1            # padded position -> row of `hidden`
        x = hidden[packed[first + pieces.shape[1] * np.arange(len(first))[:, None]]]    # (B,T,H)
        if self.config.chars:
            x = np.concatenate([x, char_features(self.w, chars)], axis=-1)
        return heads(self.w, x, mask)

