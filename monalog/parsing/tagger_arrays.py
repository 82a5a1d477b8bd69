"""The supertagger without torch: its vocabulary, its file format, and its forward pass in numpy.

Parsing a sentence needs only the trained weights and a few matrix products, so the shipped
tagger runs on numpy (importing torch costs more than a second, longer than the whole parse). The
forward pass is the same computation as `monalog.parsing.tagger.TaggerModel` in evaluation mode,
checked against it on every SICK sentence (tests/parsing/test_tagger_arrays.py). Training still
uses torch (monalog.parsing.training).

A tagger file is an uncompressed .npz: one float16 array per weight (torch's state-dict names) and
`header`, a JSON string with the config, vocabulary and training metadata. No pickle anywhere.
"""
from __future__ import annotations

import json
import re
import zipfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from monalog.errors import ResourceError
from monalog.fileio import atomic_path
from monalog.neural.bert_arrays import DTYPE, Dense, matmul
from monalog.neural.exact import exact_matmul

PAD, UNK = 0, 1
MAX_WORD_CHARS = 24             # a fixed width: a word's features never depend on the other words of its batch
FORMAT = "monalog-tagger/1"
_DIGITS = re.compile(r"\d")
#: The forward pass runs in float64 with exact products (monalog.neural.exact): a sentence's logits are
#: the same bits in any batch, under any BLAS kernel or thread count (monalog.parsing.scoring keeps its
#: softmaxes to the sentence's own positions).


def normalize_word(word: str) -> str:
    """The key for the word embedding: lower case, digits folded to 0."""
    return _DIGITS.sub("0", word.lower())


@dataclass(frozen=True)
class TaggerConfig:
    word_dim: int = 100
    char_dim: int = 32
    char_filters: int = 96
    hidden: int = 160
    layers: int = 2
    mlp: int = 160
    arc_dim: int = 128
    dropout: float = 0.33


@dataclass(frozen=True)
class Vocab:
    """Index maps for words, characters, supertags and POS tags (index 0 pad, 1 unknown)."""

    words: tuple[str, ...]
    chars: tuple[str, ...]
    tags: tuple[str, ...]
    pos: tuple[str, ...]
    _word_index: dict[str, int] = field(init=False, repr=False, compare=False)
    _char_index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_word_index", {w: i for i, w in enumerate(self.words)})
        object.__setattr__(self, "_char_index", {c: i for i, c in enumerate(self.chars)})

    def word_id(self, word: str) -> int:
        return self._word_index.get(normalize_word(word), UNK)

    def char_ids(self, word: str) -> list[int]:
        return [self._char_index.get(c, UNK) for c in word[:MAX_WORD_CHARS]]

    def to_json(self) -> dict:
        return {"words": list(self.words), "chars": list(self.chars), "tags": list(self.tags),
                "pos": list(self.pos)}

    @classmethod
    def from_json(cls, data: dict) -> "Vocab":
        return cls(tuple(data["words"]), tuple(data["chars"]), tuple(data["tags"]), tuple(data["pos"]))


def encode_arrays(vocab: Vocab, sentences: Sequence[Sequence[str]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Word ids (B,T), char ids (B,T,MAX_WORD_CHARS) and a mask (B,T) for a batch of token lists."""
    t = max(len(s) for s in sentences)
    words = np.zeros((len(sentences), t), dtype=np.int64)
    chars = np.zeros((len(sentences), t, MAX_WORD_CHARS), dtype=np.int64)
    for i, sent in enumerate(sentences):
        words[i, :len(sent)] = [vocab.word_id(w) for w in sent]
        for j, w in enumerate(sent):
            ids = vocab.char_ids(w)
            chars[i, j, :len(ids)] = ids
    return words, chars, words != PAD


# -- the file ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TaggerFile:
    """What a tagger file holds: config, vocabulary, float16 weights by state-dict name, metadata."""

    config: TaggerConfig
    vocab: Vocab
    weights: dict[str, np.ndarray]
    meta: dict


def write_tagger_file(path: str | Path, content: TaggerFile) -> None:
    """Write atomically (a half-written file never replaces a good one)."""
    write_npz(path, {"format": FORMAT, "config": asdict(content.config), "vocab": content.vocab.to_json(),
                     "meta": content.meta}, content.weights)


def write_npz(path: str | Path, header: dict, weights: dict[str, np.ndarray]) -> None:
    """A tagger file: `header` as JSON and the weights as float16, written atomically."""
    arrays: dict[str, Any] = {name: np.asarray(value, dtype=np.float16) for name, value in weights.items()}
    with atomic_path(path, suffix=".npz") as tmp, open(tmp, "wb") as stream:
        np.savez(stream, header=np.array(json.dumps(header)), **arrays)


def read_npz(path: str | Path, fmt: str) -> tuple[dict, dict[str, np.ndarray]]:
    """(header, weights) of a tagger file of format `fmt`; ResourceError naming it otherwise."""
    try:
        with np.load(path, allow_pickle=False) as blob:
            header = json.loads(str(blob["header"]))
            weights = {name: blob[name] for name in blob.files if name != "header"}
        if header.get("format") != fmt:
            raise ValueError(f"format {header.get('format')!r}, expected {fmt!r}")
        return header, weights
    except (OSError, EOFError, KeyError, ValueError, TypeError, zipfile.BadZipFile) as exc:
        raise ResourceError(f"cannot load tagger model {path}: {exc}", input=str(path)) from exc


def is_npz_archive(path: Path) -> bool:
    """Which loader a file goes to: the numpy format (a zip holding header.npy), or a damaged file
    named .npz, so that read_tagger_file's own error names what is wrong; anything else is torch's."""
    try:
        with zipfile.ZipFile(path) as archive:
            return "header.npy" in archive.namelist()
    except (OSError, zipfile.BadZipFile):
        return Path(path).suffix == ".npz"


def is_tagger_npz(path: Path) -> bool:
    """A file written by `write_tagger_file` (checked by its header, nothing else is read)."""
    try:
        with np.load(path, allow_pickle=False) as blob:
            return "header" in blob.files and json.loads(str(blob["header"])).get("format") == FORMAT
    except (OSError, EOFError, ValueError, zipfile.BadZipFile):
        return False


def read_tagger_file(path: str | Path) -> TaggerFile:
    """Read a tagger file; ResourceError naming it when it is missing or not one."""
    header, weights = read_npz(path, FORMAT)
    try:
        return TaggerFile(TaggerConfig(**header["config"]), Vocab.from_json(header["vocab"]), weights,
                          header.get("meta", {}))
    except (KeyError, TypeError) as exc:
        raise ResourceError(f"cannot load tagger model {path}: {exc}", input=str(path)) from exc


# -- the forward pass --------------------------------------------------------------------------------
def _sigmoid(x: np.ndarray) -> np.ndarray:
    return 0.5 * (1.0 + np.tanh(0.5 * x))     # = 1 / (1 + exp(-x)), without overflow warnings


def _leaky(x: np.ndarray) -> np.ndarray:
    return np.where(x > 0, x, 0.1 * x)


def log_softmax(x: np.ndarray) -> np.ndarray:
    shifted = x - x.max(axis=-1, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis=-1, keepdims=True))


def _kernel(conv: np.ndarray) -> np.ndarray:
    """The convolution's weight (filters, char_dim, 3) as one matrix over a window (3 * char_dim, filters)."""
    return conv.transpose(2, 1, 0).reshape(-1, conv.shape[0])


def char_features(dense: Dense, chars: np.ndarray) -> np.ndarray:
    """chars (B,T,L) -> (B,T,filters): max-pooled ReLU of the width-3 character convolution, computed
    once per distinct word of the batch."""
    b, t, length = chars.shape
    distinct, inverse = np.unique(chars.reshape(b * t, length), axis=0, return_inverse=True)
    emb = dense.w["char_emb.weight"][distinct]                    # (N, L, C)
    padded = np.pad(emb, ((0, 0), (1, 1), (0, 0)))
    windows = np.concatenate([padded[:, k:k + length] for k in range(3)], axis=-1)
    conv = matmul(windows, dense.operand("char_cnn.weight", _kernel)) + dense.w["char_cnn.bias"]
    pooled = np.maximum(conv, 0).max(axis=1)
    return pooled[inverse.reshape(-1)].reshape(b, t, -1)


class ArrayTagger:
    """`TaggerModel.forward` (evaluation mode) in numpy (float64, see DTYPE): char CNN, BiLSTM, tag/POS heads and
    the biaffine head scorer."""

    def __init__(self, content: TaggerFile) -> None:
        self.config, self.vocab, self.meta = content.config, content.vocab, content.meta
        self.w = {name: value.astype(DTYPE) for name, value in content.weights.items()}
        self.dense = Dense(self.w)

    @classmethod
    def load(cls, path: str | Path) -> "ArrayTagger":
        return cls(read_tagger_file(path))


    def _lstm(self, x: np.ndarray, mask: np.ndarray, layer: int, reverse: bool) -> np.ndarray:
        """One direction of one layer, outputs zero at padded positions. Sentences are padded at
        the end, so the forward direction needs no masking; the backward one keeps its state at
        zero until each sentence's own last word (as packed sequences do)."""
        suffix = f"_l{layer}" + ("_reverse" if reverse else "")
        w_hh = self.dense.operand(f"lstm.weight_hh{suffix}")
        gates_x = matmul(x, self.dense.operand(f"lstm.weight_ih{suffix}")) + (self.w[f"lstm.bias_ih{suffix}"]
                                                                            + self.w[f"lstm.bias_hh{suffix}"])
        b, t, _ = x.shape
        hidden = w_hh.shape[0]
        live = mask.astype(DTYPE)[:, :, None]
        h = np.zeros((b, hidden), DTYPE)
        c = np.zeros((b, hidden), DTYPE)
        out = np.empty((b, t, hidden), DTYPE)
        for step in (range(t - 1, -1, -1) if reverse else range(t)):
            gates = gates_x[:, step] + exact_matmul(h, w_hh)
            act = _sigmoid(gates)
            c = act[:, hidden:2 * hidden] * c + act[:, :hidden] * np.tanh(gates[:, 2 * hidden:3 * hidden])
            h = act[:, 3 * hidden:] * np.tanh(c)
            if reverse:
                c, h = c * live[:, step], h * live[:, step]
            out[:, step] = h
        return out * live

    def forward(self, words: np.ndarray, chars: np.ndarray, mask: np.ndarray):
        """words (B,T), chars (B,T,L), mask (B,T) -> tag (B,T,C), POS (B,T,P), head (B,T,T+1) logits."""
        x = np.concatenate([self.w["word_emb.weight"][words], char_features(self.dense, chars)], axis=-1)
        for layer in range(self.config.layers):
            x = np.concatenate([self._lstm(x, mask, layer, False), self._lstm(x, mask, layer, True)], axis=-1)
        return heads(self.dense, x, mask)


def heads(dense: Dense, x: np.ndarray, mask: np.ndarray):
    """The taggers' shared heads on word features x (B,T,H): supertag (B,T,C), POS (B,T,P) and biaffine
    head (B,T,T+1) logits, as `TaggerModel.forward` computes them in evaluation mode."""
    tags = dense(_leaky(dense(x, "tag_mlp.0")), "tag_out")
    pos = dense(x, "pos_out")
    root = dense.w["root"]
    with_root = np.concatenate([np.broadcast_to(root, (x.shape[0], 1, x.shape[-1])), x], axis=1)
    dep = _leaky(dense(x, "dep_mlp.0"))
    head = _leaky(dense(with_root, "head_mlp.0"))
    biaffine = exact_matmul(matmul(dep, dense.operand("arc_w", np.asarray)), head.transpose(0, 2, 1))
    arcs = biaffine + dense(head, "arc_b").transpose(0, 2, 1)
    head_mask = np.concatenate([np.ones_like(mask[:, :1]), mask], axis=1)
    return tags, pos, np.where(head_mask[:, None, :], arcs, DTYPE(-1e4))
