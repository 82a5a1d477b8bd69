"""The MiniLM supertagger in torch, for training (issue 13): the packaged MiniLM (BERT, uncased
WordPiece; the shipped tagger keeps its first 2 layers), first-subword pooling per word, optionally
concatenated with a character CNN, under the same heads as `TaggerModel` (supertags over
`Vocab.tags`, POS, biaffine heads).

`ContextualScorer` scores with an in-memory torch model (`Parser(ContextualScorer(model))`), for
experiments such as int8 quantization; a saved model is parsed with `scorers.TaggerScorer(path)`.
`train_contextual` trains it with the BiLSTM's augmentation and losses (monalog/parsing/training.py).

Parsing runs the same forward pass in numpy (monalog.parsing.minilm_arrays), which also defines
the file format; benchmarks/tagger_encoders.py and tagger_ensemble.py compare it with the BiLSTM.
"""
from __future__ import annotations

import os
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence, cast

import numpy as np
import torch
from torch import nn

from monalog.ccg.tree import Tree, leaves
from monalog.errors import ResourceError
from monalog.neural.models import quiet_transformers
from monalog.parsing.minilm_arrays import (ContextualConfig, contextual_header, encode_pieces, minilm_path,
                                           write_contextual_file)
from monalog.neural.wordpiece import WordPiece
from monalog.parsing.tagger import Vocab, MLP
from monalog.parsing.scoring import score_in_batches, torch_forward
from monalog.parsing.tagger_augmentation import TreeAugmenter
from monalog.parsing.tagger_targets import build_vocab, targets, with_period

Scores = tuple[np.ndarray, np.ndarray]   # (N x tags, N x N+1) log-probabilities


def _encoder(layers: int, pretrained: bool) -> Any:
    """MiniLM (its first `layers` layers), from the packaged files, offline."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from transformers import AutoConfig, AutoModel

    quiet_transformers()
    path = str(minilm_path())
    config = AutoConfig.from_pretrained(path, num_hidden_layers=layers)
    model = AutoModel.from_pretrained(path, config=config) if pretrained else AutoModel.from_config(config)
    return model


class ContextualTaggerModel(nn.Module):
    """MiniLM (first subword of each word) [+ char CNN] -> supertag, POS and biaffine head scores.

    `encode(sentences)` pads a batch; `forward(*encode(sentences))` returns the logits of
    `TaggerModel.forward`: tag (B,T,C), pos (B,T,P), head (B,T,T+1)."""

    meta: dict
    encoder: Any

    def __init__(self, config: ContextualConfig, vocab: Vocab, pretrained: bool = True) -> None:
        super().__init__()
        self.config, self.vocab = config, vocab
        self.meta: dict = {}
        c = config
        self.encoder = _encoder(c.layers, pretrained)
        self.wordpiece = WordPiece.load(minilm_path() / "vocab.txt")
        if c.freeze_embeddings:
            self.encoder.embeddings.word_embeddings.weight.requires_grad_(False)
        enc = self.encoder.config.hidden_size
        if c.chars:
            self.char_emb = nn.Embedding(len(vocab.chars), c.char_dim, padding_idx=0)
            self.char_cnn = nn.Conv1d(c.char_dim, c.char_filters, kernel_size=3, padding=1)
            enc += c.char_filters
        self.drop = nn.Dropout(c.feature_dropout)
        self.tag_mlp = MLP(enc, c.mlp, c.dropout)
        self.tag_out = nn.Linear(c.mlp, len(vocab.tags))
        self.pos_out = nn.Linear(enc, len(vocab.pos))
        self.root = nn.Parameter(torch.zeros(enc))
        self.dep_mlp = MLP(enc, c.arc_dim, c.dropout)
        self.head_mlp = MLP(enc, c.arc_dim, c.dropout)
        self.arc_w = nn.Parameter(torch.zeros(c.arc_dim, c.arc_dim))
        self.arc_b = nn.Linear(c.arc_dim, 1, bias=False)

    def encode(self, sentences: Sequence[Sequence[str]], device: torch.device | str = "cpu"):
        """The tensors of `minilm_arrays.encode_pieces` (the numpy tagger's own WordPiece)."""
        return tuple(torch.from_numpy(x).to(device) for x in encode_pieces(self.wordpiece, self.vocab, sentences))

    def forward(self, pieces: torch.Tensor, piece_mask: torch.Tensor, first: torch.Tensor,
                chars: torch.Tensor, mask: torch.Tensor):
        """The tensors of `encode` -> tag (B,T,C), pos (B,T,P), head (B,T,T+1) logits."""
        hidden = self.encoder(input_ids=pieces, attention_mask=piece_mask).last_hidden_state   # (B,S,H)
        h = hidden.gather(1, first.unsqueeze(-1).expand(-1, -1, hidden.shape[-1]))             # (B,T,H)
        if self.config.chars:
            b, t, length = chars.shape
            ch = self.char_emb(chars.view(b * t, length)).transpose(1, 2)
            ch = torch.relu(self.char_cnn(ch)).max(dim=2).values.view(b, t, -1)
            h = torch.cat([h, ch], dim=-1)
        h = self.drop(h)
        tags = self.tag_out(self.tag_mlp(h))
        pos = self.pos_out(h)
        with_root = torch.cat([self.root.expand(h.shape[0], 1, -1), h], dim=1)
        dep = self.dep_mlp(h)
        head = self.head_mlp(with_root)
        arcs = dep @ self.arc_w @ head.transpose(1, 2) + self.arc_b(head).transpose(1, 2)
        head_mask = torch.cat([torch.ones_like(mask[:, :1]), mask], dim=1)
        arcs = arcs.masked_fill(~head_mask.unsqueeze(1), -1e4)
        return tags, pos, arcs


@dataclass(frozen=True)
class ContextualTrainSettings:
    """The BiLSTM's recipe (TrainSettings) where it applies; a smaller learning rate for MiniLM."""

    epochs: int = 3
    batch_size: int = 32
    lr: float = 2e-3                 # the heads and the char CNN (TrainSettings.lr)
    encoder_lr: float = 5e-5         # MiniLM
    period_rate: float = 0.2
    augment_rate: float = 0.5
    seed: int = 0
    threads: int | None = 1


def train_contextual(trees: Sequence[Tree], config: ContextualConfig = ContextualConfig(),
                     settings: ContextualTrainSettings = ContextualTrainSettings(),
                     on_epoch: Callable[[int, float], None] | None = None) -> ContextualTaggerModel:
    """Fine-tune on CPU with the augmentation, vocabulary and losses of `train_tagger`."""
    if settings.threads:
        torch.set_num_threads(settings.threads)
    rng = random.Random(settings.seed)
    torch.manual_seed(settings.seed)
    augment = TreeAugmenter.from_data(settings.augment_rate)
    vocab = build_vocab(trees, augment.words, extra_tags=sorted(augment.categories(trees)))
    model = ContextualTaggerModel(config, vocab)
    encoder = [p for p in model.encoder.parameters() if p.requires_grad]
    own = [p for n, p in model.named_parameters() if not n.startswith("encoder.")]
    opt = torch.optim.Adam([{"params": encoder, "lr": settings.encoder_lr}, {"params": own, "lr": settings.lr}],
                           betas=(0.9, 0.98))
    steps = settings.epochs * ((len(trees) + settings.batch_size - 1) // settings.batch_size)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=[settings.encoder_lr, settings.lr],
                                                total_steps=steps, pct_start=min(0.5, max(0.1, 2.5 / steps)))
    loss_fn = nn.CrossEntropyLoss(ignore_index=-100)
    for epoch in range(settings.epochs):
        model.train()
        order = list(range(len(trees)))
        rng.shuffle(order)
        total = 0.0
        for b in range(0, len(order), settings.batch_size):
            batch = [augment(trees[i], rng) for i in order[b:b + settings.batch_size]]
            batch = augment.clauses(batch, rng)
            batch = [with_period(t) if rng.random() < settings.period_rate else t for t in batch]
            sents = [[leaf.token.word for leaf in leaves(t)] for t in batch]
            tags, pos, hd = targets(vocab, batch, "cpu")
            tag_logits, pos_logits, arc_logits = model(*model.encode(sents))
            loss = (loss_fn(tag_logits.flatten(0, 1), tags.flatten())
                    + 0.5 * loss_fn(pos_logits.flatten(0, 1), pos.flatten())
                    + loss_fn(arc_logits.flatten(0, 1), hd.flatten()))
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            opt.step()
            sched.step()
            total += loss.item() * len(batch)
        if on_epoch:
            on_epoch(epoch + 1, total / len(trees))
    return model.eval()


def save_contextual(model: ContextualTaggerModel, path: str | Path, meta: dict | None = None) -> None:
    """The numpy tagger file (monalog.parsing.minilm_arrays): config, vocab, float16 weights, without
    MiniLM's frozen subword table."""
    weights = {k: v.detach().float().cpu().numpy() for k, v in model.state_dict().items()}
    write_contextual_file(path, model.config, model.vocab, weights, meta or {})


def load_contextual(path: str | Path, device: torch.device | str = "cpu") -> ContextualTaggerModel:
    """A file of save_contextual as a torch model (its subword table from the packaged MiniLM)."""
    header = contextual_header(path)
    if header is None:
        raise ResourceError(f"cannot load contextual tagger {path}: not a contextual tagger file", input=str(path))
    with np.load(path, allow_pickle=False) as blob:
        state = {k: torch.from_numpy(blob[k].astype(np.float32)) for k in blob.files
                 if k not in ("header", "table_check")}
    model = ContextualTaggerModel(ContextualConfig(**header["config"]), Vocab.from_json(header["vocab"]))
    missing, unexpected = model.load_state_dict(state, strict=False)
    if unexpected or any(not k.startswith(("encoder.embeddings.word_embeddings", "encoder.pooler")) for k in missing):
        raise ResourceError(f"cannot load contextual tagger {path}: weights do not fit ({missing + unexpected})",
                            input=str(path))
    model.meta = header.get("meta", {})
    return model.to(device).eval()


class ContextualScorer:
    """`TaggerScorer`'s interface over a ContextualTaggerModel (or a file of one)."""

    grammar = "grammar_en_rebank.json"

    def __init__(self, model: ContextualTaggerModel | str | Path, device: str = "cpu", batch_size: int = 256) -> None:
        self.device = device
        self.model = model.to(device).eval() if isinstance(model, ContextualTaggerModel) \
            else load_contextual(model, device)
        self.tags = list(self.model.vocab.tags)
        self.batch_size = batch_size

    def score(self, sentences: Sequence[Sequence[str]]) -> tuple[list[Scores], list[list[str]]]:
        """Scores and POS tags per sentence (batches of similar length, as TaggerScorer)."""
        forward = torch_forward(self.model, lambda batch: self.model.encode(batch, self.device))
        return score_in_batches(forward, self.model.vocab.pos, sentences, self.batch_size)


def quantized(model: ContextualTaggerModel) -> ContextualTaggerModel:
    """A copy whose Linear layers run in int8 (PyTorch dynamic quantization, CPU inference only)."""
    import copy

    from torch.ao.quantization import quantize_dynamic

    out = quantize_dynamic(copy.deepcopy(model), {nn.Linear}, dtype=torch.qint8)
    out.meta = {**model.meta, "quantized": "dynamic int8 (nn.Linear)"}
    return cast(ContextualTaggerModel, out)
