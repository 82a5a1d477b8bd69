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
from monalog.neural.bert_arrays import (DTYPE, MAX_PIECES, TABLE as BERT_TABLE, BertArrays, Dense, minilm_path, padded,
                                        read_bert)
from monalog.neural.wordpiece import WordPiece
from monalog.parsing.tagger_arrays import Vocab, char_features, encode_arrays, heads, read_npz, write_npz

FORMAT = "monalog-contextual-tagger/1"
TABLE = "encoder." + BERT_TABLE
CHECK_ROWS = np.arange(1000, 30001, 1000)       # the subword-table rows stored to identify the table


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
    weights, config, wordpiece = read_bert(minilm_path(), (BERT_TABLE,))
    return weights[BERT_TABLE], config, wordpiece


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
    piece_ids, piece_mask = padded(rows)
    _, chars, mask = encode_arrays(vocab, sentences)
    first_index = np.zeros(mask.shape, dtype=np.int64)
    for i, first in enumerate(firsts):
        first_index[i, :len(first)] = first
    return piece_ids, piece_mask, first_index, chars, mask


class ArrayContextualTagger:
    """`ContextualTaggerModel.forward` (evaluation mode) in numpy, float64."""

    def __init__(self, header: dict, weights: dict[str, np.ndarray]) -> None:
        self.config = ContextualConfig(**header["config"])
        self.vocab, self.meta = Vocab.from_json(header["vocab"]), header.get("meta", {})
        table, minilm, self.wordpiece = _packaged_minilm()
        if not np.allclose(table[CHECK_ROWS], weights["table_check"], atol=1e-3):
            raise ResourceError("the packaged MiniLM is not the one this tagger was trained with",
                                input=str(minilm_path()))
        self.w = {name: value.astype(DTYPE) for name, value in weights.items()
                  if not name.startswith("encoder.") and name != "table_check"}
        self.dense = Dense(self.w)
        self.bert = BertArrays({name: value for name, value in weights.items() if name.startswith("encoder.")},
                               table, minilm, self.config.layers, prefix="encoder.")

    @classmethod
    def load(cls, path: str | Path) -> "ArrayContextualTagger":
        header, weights = read_npz(path, FORMAT)
        try:
            return cls(header, weights)
        except (KeyError, TypeError, ValueError) as exc:
            raise ResourceError(f"cannot load tagger model {path}: {exc}", input=str(path)) from exc

    def encode(self, sentences: Sequence[Sequence[str]]):
        return encode_pieces(self.wordpiece, self.vocab, sentences)

    def forward(self, pieces: np.ndarray, piece_mask: np.ndarray, first: np.ndarray, chars: np.ndarray,
                mask: np.ndarray):
        """The arrays of `encode` -> tag (B,T,C), POS (B,T,P), head (B,T,T+1) logits."""
        hidden = self.bert.hidden(pieces, piece_mask)                                      # (N,H)
        packed = np.cumsum(piece_mask.reshape(-1)) - 1            # padded position -> row of `hidden`
        x = hidden[packed[first + pieces.shape[1] * np.arange(len(first))[:, None]]]    # (B,T,H)
        if self.config.chars:
            x = np.concatenate([x, char_features(self.dense, chars)], axis=-1)
        return heads(self.dense, x, mask)

