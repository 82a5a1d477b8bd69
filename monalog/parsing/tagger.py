"""The project's own supertagger: a character-aware BiLSTM that scores supertags, POS tags and
head dependencies (biaffine), whose log-probabilities feed depccg's A* decoder.

Small on purpose (a few MB in float16) so the trained weights ship inside the package.
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Sequence

import torch
from torch import nn

from monalog.errors import ResourceError
from monalog.fileio import atomic_path

PAD, UNK = 0, 1
MAX_WORD_CHARS = 24
_DIGITS = re.compile(r"\d")


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


class _MLP(nn.Sequential):
    def __init__(self, inp: int, out: int, dropout: float) -> None:
        super().__init__(nn.Linear(inp, out), nn.LeakyReLU(0.1), nn.Dropout(dropout))


class TaggerModel(nn.Module):
    """Word + char-CNN embeddings -> BiLSTM -> supertag, POS and biaffine head scores."""

    def __init__(self, config: TaggerConfig, vocab: Vocab) -> None:
        super().__init__()
        self.config, self.vocab = config, vocab
        c = config
        self.word_emb = nn.Embedding(len(vocab.words), c.word_dim, padding_idx=PAD)
        self.char_emb = nn.Embedding(len(vocab.chars), c.char_dim, padding_idx=PAD)
        self.char_cnn = nn.Conv1d(c.char_dim, c.char_filters, kernel_size=3, padding=1)
        self.drop = nn.Dropout(c.dropout)
        self.lstm = nn.LSTM(c.word_dim + c.char_filters, c.hidden, num_layers=c.layers,
                            batch_first=True, bidirectional=True, dropout=c.dropout)
        enc = 2 * c.hidden
        self.tag_mlp = _MLP(enc, c.mlp, c.dropout)
        self.tag_out = nn.Linear(c.mlp, len(vocab.tags))
        self.pos_out = nn.Linear(enc, len(vocab.pos))
        self.root = nn.Parameter(torch.zeros(enc))
        self.dep_mlp = _MLP(enc, c.arc_dim, c.dropout)
        self.head_mlp = _MLP(enc, c.arc_dim, c.dropout)
        self.arc_w = nn.Parameter(torch.zeros(c.arc_dim, c.arc_dim))
        self.arc_b = nn.Linear(c.arc_dim, 1, bias=False)

    def forward(self, words: torch.Tensor, chars: torch.Tensor, mask: torch.Tensor):
        """words (B,T), chars (B,T,L), mask (B,T) -> tag (B,T,C), pos (B,T,P), head (B,T,T+1) logits."""
        b, t, length = chars.shape
        ch = self.char_emb(chars.view(b * t, length)).transpose(1, 2)
        ch = torch.relu(self.char_cnn(ch)).max(dim=2).values.view(b, t, -1)
        x = self.drop(torch.cat([self.word_emb(words), ch], dim=-1))
        lengths = mask.sum(1).cpu()
        packed = nn.utils.rnn.pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=False)
        h, _ = self.lstm(packed)
        h, _ = nn.utils.rnn.pad_packed_sequence(h, batch_first=True, total_length=t)
        h = self.drop(h)
        tags = self.tag_out(self.tag_mlp(h))
        pos = self.pos_out(h)
        with_root = torch.cat([self.root.expand(b, 1, -1), h], dim=1)
        dep = self.dep_mlp(h)                                   # (B,T,A)
        head = self.head_mlp(with_root)                         # (B,T+1,A)
        arcs = dep @ self.arc_w @ head.transpose(1, 2) + self.arc_b(head).transpose(1, 2)
        head_mask = torch.cat([torch.ones_like(mask[:, :1]), mask], dim=1)
        arcs = arcs.masked_fill(~head_mask.unsqueeze(1), -1e4)
        return tags, pos, arcs


def encode_batch(vocab: Vocab, sentences: Sequence[Sequence[str]], device: torch.device | str = "cpu"):
    """Pad a batch of token lists into word ids, char ids and a mask."""
    t = max(len(s) for s in sentences)
    length = MAX_WORD_CHARS          # a fixed width: a word's features never depend on the other words of its batch
    words = torch.zeros(len(sentences), t, dtype=torch.long)
    chars = torch.zeros(len(sentences), t, length, dtype=torch.long)
    for i, sent in enumerate(sentences):
        words[i, :len(sent)] = torch.tensor([vocab.word_id(w) for w in sent])
        for j, w in enumerate(sent):
            ids = vocab.char_ids(w)
            chars[i, j, :len(ids)] = torch.tensor(ids)
    mask = words != PAD
    return words.to(device), chars.to(device), mask.to(device)


def save_tagger(model: TaggerModel, path: str | Path, meta: dict | None = None) -> None:
    """Save config, vocab and float16 weights in one small file."""
    state = {k: v.detach().to(torch.float16) if v.is_floating_point() else v
             for k, v in model.state_dict().items()}
    with atomic_path(path, suffix=".pt") as tmp:
        torch.save({"config": asdict(model.config), "vocab": model.vocab.to_json(), "state": state,
                    "meta": meta or {}}, str(tmp))


def is_tagger_file(path: Path) -> bool:
    """A previous output of `save_tagger` (loaded as weights only: no code is unpickled)."""
    try:
        blob = torch.load(str(path), map_location="cpu", weights_only=True)
    except Exception:                       # any file that is not one: not ours
        return False
    return isinstance(blob, dict) and {"config", "vocab", "state"} <= set(blob)


def load_tagger(path: str | Path, device: torch.device | str = "cpu") -> TaggerModel:
    """Load a tagger saved by save_tagger (weights only; no code is unpickled)."""
    try:
        blob = torch.load(str(path), map_location="cpu", weights_only=True)
    except (OSError, RuntimeError) as exc:
        raise ResourceError(f"cannot load tagger model {path}: {exc}", input=str(path)) from exc
    model = TaggerModel(TaggerConfig(**blob["config"]), Vocab.from_json(blob["vocab"]))
    model.load_state_dict({k: v.float() if v.is_floating_point() else v for k, v in blob["state"].items()})
    model.meta = blob.get("meta", {})
    return model.to(device).eval()
