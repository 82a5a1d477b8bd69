"""A BERT pair classifier (BertForSequenceClassification, what `monalog train` writes from the packaged
MiniLM) in numpy with exact products (monalog.neural.exact): on the CPU a pair's probabilities are the
same bits alone or in any batch, with any thread count or BLAS kernel. torch promises neither: its CPU
products move a probability by ~3e-8 with the batch and with the number of threads, enough to move a
label across the confidence threshold."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from monalog.neural.bert_arrays import TABLE, BertArrays, padded, read_weights

PREFIX = "bert."


def supported(config) -> bool:
    """Whether `config` (a transformers config) is a BERT classifier this module computes as torch does."""
    return (config.model_type == "bert" and config.hidden_act == "gelu"
            and getattr(config, "position_embedding_type", "absolute") == "absolute"
            and "BertForSequenceClassification" in (config.architectures or []))


def exact_classifier(model: str, config, device) -> "ArrayPairClassifier | None":
    """The numpy classifier of a BERT classifier folder (`model`, with its transformers `config`) on the
    CPU; None where torch runs the model (another architecture, another device)."""
    if device.type == "cpu" and supported(config) and (Path(model) / "model.safetensors").is_file():
        return ArrayPairClassifier(model)
    return None


class ArrayPairClassifier:
    """A BertForSequenceClassification folder's forward pass in evaluation mode: encoder, pooler, classifier."""

    def __init__(self, root: str | Path) -> None:
        weights, config = read_weights(root)
        self.bert = BertArrays(weights, weights[PREFIX + TABLE], config, int(config["num_hidden_layers"]),
                               prefix=PREFIX, slices=1)

    def probabilities(self, ids: Sequence[list[int]], types: Sequence[list[int]], batch_size: int) -> np.ndarray:
        """Softmax over the classes (float64, one row per pair) of tokenised pairs: piece ids and token
        types, as the model's tokenizer gives them."""
        order = sorted(range(len(ids)), key=lambda i: len(ids[i]))        # batches of similar lengths pad little
        out = np.zeros((len(ids), self.bert.w["classifier.bias"].shape[0]))
        dense = self.bert.dense
        for start in range(0, len(order), batch_size):
            chunk = order[start:start + batch_size]
            pieces, mask = padded([ids[i] for i in chunk])
            hidden = self.bert.hidden(pieces, mask, padded([types[i] for i in chunk])[0])
            first = np.concatenate([[0], np.cumsum(mask.sum(axis=1))[:-1]])           # each pair's [CLS]
            logits = dense(np.tanh(dense(hidden[first], PREFIX + "pooler.dense")), "classifier")
            logits = np.exp(logits - logits.max(axis=1, keepdims=True))
            out[chunk] = logits / logits.sum(axis=1, keepdims=True)
        return out

    def classify(self, tokenizer, pairs: Sequence[tuple[str, str]], batch_size: int,
                 max_length: int) -> list[list[float]]:
        """The probabilities of (premise, hypothesis) pairs, tokenised by the model's own tokenizer."""
        if not pairs:
            return []
        enc = tokenizer([p for p, _ in pairs], [h for _, h in pairs], truncation=True, max_length=max_length)
        types = enc.get("token_type_ids") or [[0] * len(ids) for ids in enc["input_ids"]]
        return self.probabilities(enc["input_ids"], types, batch_size).tolist()
