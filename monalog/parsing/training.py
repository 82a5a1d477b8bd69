"""Train and evaluate the supertagger on silver derivations (fixed split, fixed seed)."""
from __future__ import annotations

import logging
import random
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

import torch

from monalog.errors import InputError
from torch import nn

from monalog.ccg.io import read_derivation_file
from monalog.ccg.tree import Leaf, Tree, leaves, spans
from monalog.parsing.contextual import ContextualConfig, ContextualTrainSettings, save_contextual, train_contextual
from monalog.parsing.tagger_augmentation import TreeAugmenter
from monalog.parsing.tagger_targets import build_vocab, targets, with_period
from monalog.parsing.tagger import PAD, UNK, TaggerConfig, TaggerModel, encode_batch, normalize_word, save_tagger

log = logging.getLogger(__name__)

def split_holdout(items: Sequence, fraction: float = 0.1, seed: int = 0) -> tuple[list, list]:
    """A fixed (seeded) split into (train, held-out)."""
    order = list(range(len(items)))
    random.Random(seed).shuffle(order)
    cut = int(round(len(items) * fraction))
    held = set(order[:cut])
    return ([x for i, x in enumerate(items) if i not in held], [x for i, x in enumerate(items) if i in held])


@dataclass(frozen=True)
class TrainSettings:
    epochs: int = 30
    batch_size: int = 32
    lr: float = 2e-3
    word_dropout: float = 0.25
    period_rate: float = 0.2
    augment_rate: float = 0.5
    seed: int = 0
    threads: int | None = None


def train_tagger(trees: Sequence[Tree], config: TaggerConfig = TaggerConfig(),
                 settings: TrainSettings = TrainSettings(), device: str | None = None,
                 on_epoch: Callable[[int, float], None] | None = None) -> TaggerModel:
    """Train from derivations; CUDA (with mixed precision) when present, CPU otherwise."""
    device = device or ("cuda" if torch.cuda.is_available() else "cpu")
    if settings.threads:
        torch.set_num_threads(settings.threads)
    rng = random.Random(settings.seed)
    torch.manual_seed(settings.seed)
    augment = TreeAugmenter.from_data(settings.augment_rate)
    vocab = build_vocab(trees, augment.words, extra_tags=sorted(augment.categories(trees)))
    counts = Counter(normalize_word(leaf.token.word) for tree in trees for leaf in leaves(tree))
    model = TaggerModel(config, vocab).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=settings.lr, betas=(0.9, 0.9))
    steps = settings.epochs * ((len(trees) + settings.batch_size - 1) // settings.batch_size)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=settings.lr, total_steps=steps, pct_start=0.1)
    loss_fn = nn.CrossEntropyLoss(ignore_index=-100)
    use_amp = device.startswith("cuda")
    scaler = torch.amp.GradScaler("cuda", enabled=use_amp)
    alpha = settings.word_dropout
    for epoch in range(settings.epochs):
        model.train()
        order = list(range(len(trees)))
        rng.shuffle(order)
        total = 0.0
        for b in range(0, len(order), settings.batch_size):
            batch = [trees[i] for i in order[b:b + settings.batch_size]]
            batch = [augment(t, rng) for t in batch]
            batch = augment.clauses(batch, rng)
            batch = [with_period(t) if rng.random() < settings.period_rate else t for t in batch]
            sents = [[leaf.token.word for leaf in leaves(t)] for t in batch]
            words, chars, mask = encode_batch(vocab, sents, device)
            if alpha > 0:   # replace rare words by <unk> so the unknown-word embedding is trained
                keep = torch.tensor([[rng.random() >= alpha / (alpha + counts[normalize_word(w)])
                                      for w in s] + [True] * (words.shape[1] - len(s)) for s in sents],
                                    device=device)
                words = torch.where(keep | (words == PAD), words, torch.full_like(words, UNK))
            tags, pos, hd = targets(vocab, batch, device)
            with torch.autocast(device_type="cuda", enabled=use_amp):
                tag_logits, pos_logits, arc_logits = model(words, chars, mask)
                loss = (loss_fn(tag_logits.flatten(0, 1), tags.flatten())
                        + 0.5 * loss_fn(pos_logits.flatten(0, 1), pos.flatten())
                        + loss_fn(arc_logits.flatten(0, 1), hd.flatten()))
            opt.zero_grad()
            scaler.scale(loss).backward()
            scaler.unscale_(opt)
            nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            scaler.step(opt)
            scaler.update()
            sched.step()
            total += loss.item() * len(batch)
        if on_epoch:
            on_epoch(epoch + 1, total / len(trees))
    return model.eval()


def labelled_spans(tree: Tree) -> Counter:
    """Multiset of (begin, end, category) over the non-leaf nodes."""
    return Counter((b, e, str(node.category)) for b, e, node in spans(tree) if not isinstance(node, Leaf))


@dataclass(frozen=True)
class ParseScores:
    sentences: int
    tag_accuracy: float
    span_precision: float
    span_recall: float
    span_f1: float
    failed: int
    seconds: float

    def as_dict(self) -> dict:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


def score_parses(gold: Sequence[Tree], predicted: Sequence[Tree | None], seconds: float) -> ParseScores:
    """Supertag accuracy and labelled-span P/R/F1 of predicted trees against gold (None = failed)."""
    correct = total = matched = n_pred = n_gold = failed = 0
    for g, p in zip(gold, predicted):
        gold_spans = labelled_spans(g)
        n_gold += sum(gold_spans.values())
        total += len(leaves(g))
        if p is None:
            failed += 1
            continue
        pred_spans = labelled_spans(p)
        n_pred += sum(pred_spans.values())
        matched += sum((gold_spans & pred_spans).values())
        correct += sum(str(a.category) == str(b.category) for a, b in zip(leaves(g), leaves(p)))
    precision = matched / n_pred if n_pred else 0.0
    recall = matched / n_gold if n_gold else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return ParseScores(len(gold), correct / total if total else 0.0, precision, recall, f1, failed,
                       seconds)


def load_split(path: str | Path, holdout: float = 0.1, seed: int = 0) -> tuple[list[Tree], list[Tree]]:
    """(train, held-out) trees from a silver derivation file, with the fixed split the benchmark uses."""
    trees = [tree for _, tree in read_derivation_file(path)]
    return split_holdout(trees, holdout, seed)


ENCODERS = ("bilstm", "minilm")


def train_from_file(path: str | Path, out: str | Path, settings: TrainSettings = TrainSettings(),
                    config: TaggerConfig = TaggerConfig(), holdout: float = 0.1,
                    device: str | None = None, on_epoch=None, encoder: str = "bilstm") -> dict:
    """Train on the non-held-out trees of `path`, save to `out`, return metadata. `encoder`: the
    BiLSTM (tagger.npz) or MiniLM's first 2 layers with a char CNN (tagger_minilm.npz; CPU only)."""
    train, held = load_split(path, holdout, settings.seed)
    if not train:
        raise InputError(f"no derivations to train on in {path}", input=str(path))
    if encoder not in ENCODERS:
        raise InputError(f"unknown tagger encoder {encoder!r}; choose from {', '.join(ENCODERS)}", input=encoder)
    start = time.perf_counter()
    model: Any
    save: Callable[..., None]
    if encoder == "minilm":
        device, save = "cpu", save_contextual
        model = train_contextual(train, ContextualConfig(layers=2, chars=True), ContextualTrainSettings(
            epochs=settings.epochs, seed=settings.seed, threads=settings.threads), on_epoch)
    else:
        save = save_tagger
        model = train_tagger(train, config, settings, device, on_epoch)
    meta = {"data": str(Path(path).name), "encoder": encoder, "train_trees": len(train), "held_out_trees": len(held),
            "holdout_fraction": holdout, "seed": settings.seed, "epochs": settings.epochs,
            "train_seconds": round(time.perf_counter() - start, 1),
            "device": device or ("cuda" if torch.cuda.is_available() else "cpu"), "threads": torch.get_num_threads()}
    save(model, out, meta)
    return meta
