"""The project's own supertagger: a character-aware BiLSTM that scores supertags, POS tags and
head dependencies (biaffine), whose log-probabilities feed depccg's A* decoder.

Small on purpose (a few MB in float16) so the trained weights ship inside the package. This is the
torch model, for training; parsing runs the same forward pass in numpy (monalog.parsing.tagger_arrays).
"""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import torch
from torch import nn

from monalog.errors import ResourceError
from monalog.parsing.minilm_arrays import contextual_header
from monalog.parsing.tagger_arrays import (MAX_WORD_CHARS, PAD, UNK, TaggerConfig, TaggerFile, Vocab, encode_arrays,
                                           is_npz_archive, is_tagger_npz, normalize_word, read_tagger_file,
                                           write_tagger_file)

__all__ = ["MAX_WORD_CHARS", "PAD", "UNK", "TaggerConfig", "TaggerModel", "Vocab", "encode_batch", "is_tagger_file",
           "load_tagger", "normalize_word", "save_tagger"]


class MLP(nn.Sequential):
    def __init__(self, inp: int, out: int, dropout: float) -> None:
        super().__init__(nn.Linear(inp, out), nn.LeakyReLU(0.1), nn.Dropout(dropout))


class TaggerModel(nn.Module):
    """Word + char-CNN embeddings -> BiLSTM -> supertag, POS and biaffine head scores."""

    meta: dict          # the training metadata of a loaded model

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
        self.tag_mlp = MLP(enc, c.mlp, c.dropout)
        self.tag_out = nn.Linear(c.mlp, len(vocab.tags))
        self.pos_out = nn.Linear(enc, len(vocab.pos))
        self.root = nn.Parameter(torch.zeros(enc))
        self.dep_mlp = MLP(enc, c.arc_dim, c.dropout)
        self.head_mlp = MLP(enc, c.arc_dim, c.dropout)
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
    """Pad a batch of token lists into word ids, char ids and a mask (torch tensors)."""
    return tuple(torch.from_numpy(array).to(device) for array in encode_arrays(vocab, sentences))


def save_tagger(model: TaggerModel, path: str | Path, meta: dict | None = None) -> None:
    """Save config, vocab and float16 weights in one small file (the numpy tagger file format)."""
    weights = {k: v.detach().float().cpu().numpy() for k, v in model.state_dict().items()}
    write_tagger_file(path, TaggerFile(model.config, model.vocab, weights, meta or {}))


def _legacy(path: Path) -> dict | None:
    """A tagger saved by monalog 0.1's torch format (config, vocab, state), loaded as weights only."""
    try:
        blob = torch.load(str(path), map_location="cpu", weights_only=True)
    except Exception:                       # any file that is not one: not ours
        return None
    return blob if isinstance(blob, dict) and {"config", "vocab", "state"} <= set(blob) else None


def is_tagger_file(path: Path) -> bool:
    """A previous output of `save_tagger` (or of its older torch format) or of `save_contextual`."""
    return is_tagger_npz(path) or contextual_header(path) is not None or _legacy(path) is not None


def load_tagger(path: str | Path, device: torch.device | str = "cpu") -> TaggerModel:
    """Load a tagger file as a torch model (no code is unpickled)."""
    path = Path(path)
    if is_npz_archive(path):
        content = read_tagger_file(path)
        config, vocab, meta = content.config, content.vocab, content.meta
        state = {k: torch.from_numpy(v.astype("float32")) for k, v in content.weights.items()}
    else:
        blob = _legacy(path)
        if blob is None:
            raise ResourceError(f"cannot load tagger model {path}: not a tagger file", input=str(path))
        config, vocab, meta = TaggerConfig(**blob["config"]), Vocab.from_json(blob["vocab"]), blob.get("meta", {})
        state = {k: v.float() if v.is_floating_point() else v for k, v in blob["state"].items()}
    model = TaggerModel(config, vocab)
    model.load_state_dict(state)
    model.meta = meta
    return model.to(device).eval()
