"""A BERT encoder's forward pass in numpy, without torch: for the packaged MiniLM as a sentence
embedder (monalog.neural.embeddings) and for the MiniLM supertagger's first layers
(monalog.parsing.minilm_arrays). Float64 throughout, every matrix product exact on its slices
(monalog.neural.exact), attention blind to padding and the dense layers on the real pieces only: a
text's states are the same bits whatever texts it is batched with, on any BLAS kernel or thread count."""
from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Callable

import numpy as np

from monalog.errors import ResourceError
from monalog.neural.exact import SLICES, Operand, exact_matmul
from monalog.neural.models import MINILM, resolve
from monalog.neural.wordpiece import WordPiece

DTYPE = np.float64
MAX_PIECES = 512                                 # BERT's positions, [CLS] and [SEP] included
TABLE = "embeddings.word_embeddings.weight"


def minilm_path() -> Path:
    """The packaged all-MiniLM-L6-v2 directory (weights, config, vocab.txt); offline only."""
    return Path(resolve(MINILM))


def read_weights(root: str | Path, names: tuple[str, ...] | None = None) -> tuple[dict[str, np.ndarray], dict]:
    """A model folder's weights (all, or only `names`; float32 as stored) and config, read without torch
    or transformers."""
    from safetensors import SafetensorError, safe_open

    root = Path(root)
    try:
        with safe_open(str(root / "model.safetensors"), framework="np") as f:
            weights = {name: f.get_tensor(name) for name in (names or f.keys())}
        config = json.loads((root / "config.json").read_text(encoding="utf-8"))
    except (OSError, KeyError, TypeError, ValueError, SafetensorError) as exc:
        raise ResourceError(f"cannot read the BERT model in {root}: {exc}", input=str(root)) from exc
    return weights, config


def read_bert(root: str | Path, names: tuple[str, ...] | None = None) -> tuple[dict[str, np.ndarray], dict, WordPiece]:
    """A BERT folder's weights, config and WordPiece tokenizer (`read_weights` and vocab.txt)."""
    return *read_weights(root, names), WordPiece.load(Path(root) / "vocab.txt")


def matmul(x: np.ndarray, w: Operand) -> np.ndarray:
    """(..., n) @ (n, m) as one exact 2-D product (numpy loops over a stacked left operand much slower)."""
    return exact_matmul(x.reshape(-1, x.shape[-1]), w).reshape(*x.shape[:-1], w.shape[-1])


class Dense:
    """A state dict's torch nn.Linear layers (and other right operands) by name, each weight cut into
    its exact slices once, on first use."""

    def __init__(self, w: dict[str, np.ndarray], slices: int = SLICES) -> None:
        self.w, self.slices = w, slices
        self._operands: dict[str, Operand] = {}

    def operand(self, name: str, shape: Callable[[np.ndarray], np.ndarray] = np.transpose) -> Operand:
        """The weight `name` as a right operand, after `shape` (by default transposed: nn.Linear
        stores (out, in))."""
        if name not in self._operands:
            self._operands[name] = Operand(shape(self.w[name]), self.slices)
        return self._operands[name]

    def __call__(self, x: np.ndarray, name: str) -> np.ndarray:
        """nn.Linear `name` (weight, optional bias) applied to the last axis of x."""
        out = matmul(x, self.operand(f"{name}.weight"))
        bias = self.w.get(f"{name}.bias")
        if bias is not None:
            out += bias              # a new array: adding in place saves a copy
        return out


def layer_norm(x: np.ndarray, w: dict[str, np.ndarray], name: str, eps: float) -> np.ndarray:
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * w[f"{name}.weight"] + w[f"{name}.bias"]


#: Numerical Recipes' erfc: erfc(z) = t exp(-z^2 + P(t)), t = 1 / (1 + z/2); P's coefficients, highest first
_ERFC = (0.17087277, -0.82215223, 1.48851587, -1.13520398, 0.27886807, -0.18628806, 0.09678418, 0.37409196,
         1.00002368, -1.26551223)
_CHUNK = 1 << 15        # elements per step: the temporaries stay in the CPU cache


def gelu(x: np.ndarray) -> np.ndarray:
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


class BertArrays:
    """BERT's embeddings and its first `layers` layers. `weights` are named as in a BertModel's state
    dict after `prefix` ("" for a BERT folder, "encoder." inside the tagger); `table` is the subword
    embedding table, kept in its stored precision. `slices`: the products' precision (monalog.neural.exact)."""

    def __init__(self, weights: dict[str, np.ndarray], table: np.ndarray, config: dict, layers: int,
                 prefix: str = "", slices: int = SLICES) -> None:
        self.w: dict[str, np.ndarray] = {name: value.astype(DTYPE) for name, value in weights.items()
                                         if name != prefix + TABLE}
        self.dense = Dense(self.w, slices)
        self.table, self.layers, self.prefix = table, layers, prefix
        self.heads, self.eps = int(config["num_attention_heads"]), float(config["layer_norm_eps"])
        self.positions = int(config.get("max_position_embeddings", MAX_PIECES))     # the longest text's pieces
        self._qkv = [self._fused(i) for i in range(layers)]

    def _fused(self, layer: int) -> tuple[Operand, np.ndarray]:
        """A layer's query, key and value as one product: weight (H, 3H), bias (3H,)."""
        names = [f"{self.prefix}encoder.layer.{layer}.attention.self.{part}" for part in ("query", "key", "value")]
        return (Operand(np.concatenate([self.w[f"{n}.weight"].T for n in names], axis=1), self.dense.slices),
                np.concatenate([self.w[f"{n}.bias"] for n in names]))

    def hidden(self, pieces: np.ndarray, piece_mask: np.ndarray, types: np.ndarray | None = None) -> np.ndarray:
        """pieces, their mask and token types (B,S; types 0 when not given) -> hidden states of the real
        pieces only (N,H), in row order; padded keys get no attention. Only attention sees the padded
        (B,S) layout."""
        w, dense, eps, p = self.w, self.dense, self.eps, self.prefix
        b, s = pieces.shape
        live = piece_mask.reshape(-1)
        positions = np.broadcast_to(np.arange(s), (b, s)).reshape(-1)[live]
        kinds = types.reshape(-1)[live] if types is not None else 0
        x = (self.table[pieces.reshape(-1)[live]].astype(DTYPE) + w[f"{p}embeddings.position_embeddings.weight"][
            positions] + w[f"{p}embeddings.token_type_embeddings.weight"][kinds])
        x = layer_norm(x, w, f"{p}embeddings.LayerNorm", eps)
        blocked = np.where(piece_mask, 0.0, np.finfo(np.float64).min)[:, None, None, :]      # (B,1,1,S)
        ones = np.ones((b, self.heads, s, 1))
        n, h = self.heads, x.shape[-1]
        d = h // n
        for layer in range(self.layers):
            name = f"{p}encoder.layer.{layer}"
            padded = np.zeros((b * s, 3 * h), np.float64)
            padded[live] = exact_matmul(x, self._qkv[layer][0]) + self._qkv[layer][1]
            q, k, v = padded.reshape(b, s, 3, n, d).transpose(2, 0, 3, 1, 4)            # each (B,n,S,d)
            scores = exact_matmul(q, k.transpose(0, 1, 3, 2), dense.slices) / math.sqrt(d) + blocked
            scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
            # the softmax's sums come from the same exact product (a column of ones beside the values): a
            # plain sum over the batch's padded length would add in an order set by that length; the
            # grid is set for the longest text, not this batch's
            weighted = exact_matmul(scores, np.concatenate([v, ones], axis=-1), dense.slices, self.positions)
            context = (weighted[..., :d] / weighted[..., d:]).transpose(0, 2, 1, 3).reshape(b * s, h)
            x = layer_norm(dense(context[live], f"{name}.attention.output.dense") + x, w,
                           f"{name}.attention.output.LayerNorm", eps)
            inner = gelu(dense(x, f"{name}.intermediate.dense"))
            x = layer_norm(dense(inner, f"{name}.output.dense") + x, w, f"{name}.output.LayerNorm", eps)
        return x


def padded(rows: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
    """Piece-id rows -> ids (B,S) and mask (B,S), padded with 0."""
    ids = np.zeros((len(rows), max(map(len, rows))), dtype=np.int64)
    mask = np.zeros(ids.shape, dtype=bool)
    for i, row in enumerate(rows):
        ids[i, :len(row)] = row
        mask[i, :len(row)] = True
    return ids, mask
