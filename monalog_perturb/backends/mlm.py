"""A masked LM that refills one span of a text: the candidates behind the MLM baselines and ablations."""
from __future__ import annotations

from monalog.neural.models import device as pick_device, load


class MaskFiller:
    def __init__(self, model: str, device: str | None = None) -> None:
        self.device = pick_device(device)
        self.tokenizer = load("AutoTokenizer", model)
        self.model = load("AutoModelForMaskedLM", model).to(self.device).eval()

    def fill(self, text: str, start: int, end: int, limit: int) -> list[str]:
        """Whole-word predictions for text[start:end] masked, best first, among the top `limit` tokens:
        no special tokens, no word pieces ("##ing"), not the replaced text itself."""
        import torch

        masked = text[:start] + self.tokenizer.mask_token + text[end:]
        enc = self.tokenizer(masked, return_tensors="pt", truncation=True).to(self.device)
        where = (enc["input_ids"][0] == self.tokenizer.mask_token_id).nonzero()
        if not len(where):
            return []
        with torch.inference_mode():
            logits = self.model(**enc).logits[0, where[0, 0]]
        special, original = set(self.tokenizer.all_special_ids), text[start:end].lower()
        out = []
        for token_id in torch.topk(logits, min(len(logits), limit)).indices.tolist():
            word = self.tokenizer.convert_ids_to_tokens(token_id)
            if token_id not in special and word and word.isalnum() and word.lower() != original:
                out.append(word)
        return out
