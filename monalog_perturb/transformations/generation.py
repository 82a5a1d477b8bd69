"""BioNLI's GEN-ND (Bastan et al. 2022, section 3.3): a seq2seq model that writes a conclusion from
the premise, steered by lexical constraints toward a conclusion the premise does not support.

- swap (positive constraints): the conclusion must mention the regulated entity and, in place of the
  regulator, one of the other same-type entities of the premise (a disjunctive constraint; SRE);
  without such entities, both entities with their roles swapped are required (SEN).
- forbid (negative constraints): the original regulator may not be generated.
The paper's similarity filter δ and BLEURT-style threshold are replaced by one documented
embedding-similarity window: min_similarity ≤ cos(generated, original conclusion) < delta (on the
topic, but not a paraphrase of the supported conclusion).

transformers 5 dropped constrained beam search, so `constrained_beam_search` implements lexically
constrained decoding itself: beams are grouped by how many constraints they have met (dynamic beam
allocation, Post & Vilar 2018), the next token of a constraint in progress is always considered,
banned sequences are masked, and a hypothesis may end only when every constraint is met.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from monalog.neural.models import device as pick_device, load
from monalog_perturb.bio.records import MechanismRecord, strip_markers
from monalog_perturb.candidate import Candidate, Edit
from monalog_perturb.protocols import Embedder

CITATION = "Bastan et al. 2022, BioNLI (GEN-ND: constrained generation of negatives)"
Sequence_ = list[int]


@dataclass(frozen=True)
class Hypothesis:
    tokens: tuple[int, ...]
    score: float

    def contains(self, seq: Sequence_) -> bool:
        n = len(seq)
        return any(list(self.tokens[i:i + n]) == seq for i in range(len(self.tokens) - n + 1))

    def met(self, constraints: Sequence[Sequence[Sequence_]]) -> int:
        return sum(any(self.contains(alt) for alt in alternatives) for alternatives in constraints)

    def forced_next(self, constraints: Sequence[Sequence[Sequence_]]) -> set[int]:
        """Tokens that start or continue an unmet constraint."""
        out = set()
        for alternatives in constraints:
            if any(self.contains(alt) for alt in alternatives):
                continue
            for alt in alternatives:
                for k in range(len(alt) - 1, 0, -1):          # a partial match at the end continues
                    if list(self.tokens[-k:]) == alt[:k]:
                        out.add(alt[k])
                        break
                else:
                    out.add(alt[0])
        return out


def constrained_beam_search(model, tokenizer, source: str, positive: Sequence[Sequence[Sequence_]] = (),
                            negative: Sequence[Sequence_] = (), beams: int = 4, max_new_tokens: int = 48,
                            device=None) -> list[int] | None:
    """Token ids of the best finished hypothesis meeting every positive constraint (a list of
    alternatives each) and containing no negative sequence; None when none is found."""
    import torch
    from transformers.modeling_outputs import BaseModelOutput

    positive = [list(map(list, alts)) for alts in positive if alts]
    negative = [list(seq) for seq in negative if seq]
    enc = tokenizer(source, return_tensors="pt", truncation=True).to(device or model.device)
    with torch.inference_mode():
        encoder_outputs = model.get_encoder()(**enc)
    start = model.config.decoder_start_token_id
    if start is None:
        start = tokenizer.pad_token_id
    eos = model.config.eos_token_id if model.config.eos_token_id is not None else tokenizer.eos_token_id
    live = [Hypothesis((start,), 0.0)]
    finished: list[Hypothesis] = []
    for step in range(max_new_tokens):
        if not live:
            break
        ids = torch.tensor([h.tokens for h in live], device=enc["input_ids"].device)
        with torch.inference_mode():
            logits = model(encoder_outputs=BaseModelOutput(encoder_outputs.last_hidden_state.expand(len(live), -1, -1)),
                           attention_mask=enc["attention_mask"].expand(len(live), -1),
                           decoder_input_ids=ids).logits[:, -1, :]
        logp = torch.log_softmax(logits.float(), dim=-1)
        expansions: list[Hypothesis] = []
        for row, h in enumerate(live):
            scores = logp[row].clone()
            for seq in negative:                           # mask a token that would complete a banned sequence
                if len(seq) == 1 or list(h.tokens[-(len(seq) - 1):]) == seq[:-1]:
                    scores[seq[-1]] = float("-inf")
            if h.met(positive) < len(positive) and step < max_new_tokens - 1:
                scores[eos] = float("-inf")
            options = set(torch.topk(scores, beams).indices.tolist()) | h.forced_next(positive)
            for token in options:
                if scores[token] == float("-inf"):
                    continue
                expansions.append(Hypothesis(h.tokens + (token,), h.score + float(scores[token])))
        # dynamic beam allocation: the best of each "constraints met" bank first, round robin
        banks: dict[int, list[Hypothesis]] = {}
        for h in sorted(expansions, key=lambda h: -h.score):
            banks.setdefault(h.met(positive), []).append(h)
        chosen: list[Hypothesis] = []
        while len(chosen) < beams and any(banks.values()):
            for met in sorted(banks, reverse=True):
                if banks[met] and len(chosen) < beams:
                    chosen.append(banks[met].pop(0))
        live = []
        for h in chosen:
            (finished if h.tokens[-1] == eos else live).append(h)
    finished += live
    valid = [h for h in finished if h.met(positive) == len(positive)]
    if not valid:
        return None
    best = max(valid, key=lambda h: h.score / max(1, len(h.tokens) - 1))
    return [t for t in best.tokens[1:] if t != eos]


class GenND:
    """Constrained conclusions for mechanism records, filtered by embedding similarity."""

    def __init__(self, model: str, typer, embedder: Embedder, mode: str = "swap", beams: int = 4,
                 max_new_tokens: int = 48,
                 delta: float = 0.95, min_similarity: float = 0.5, device: str | None = None) -> None:
        if mode not in ("swap", "forbid"):
            raise ValueError(f"unknown GEN-ND mode {mode!r} (swap or forbid)")
        self.device = pick_device(device)
        self.tokenizer = load("AutoTokenizer", model)
        self.model = load("AutoModelForSeq2SeqLM", model).to(self.device).eval()
        self.typer, self.embedder, self.mode = typer, embedder, mode
        self.beams, self.max_new_tokens = beams, max_new_tokens
        self.delta, self.min_similarity = delta, min_similarity
        self.skipped: Counter[str] = Counter()      # why records gave no output

    def _ids(self, text: str) -> list[int]:
        return self.tokenizer(text, add_special_tokens=False).input_ids

    def constraints(self, record: MechanismRecord) -> tuple[list[list[Sequence_]], list[Sequence_], dict]:
        x, y = record.regulator, record.regulated
        if self.mode == "forbid":
            variants = {x, x.lower(), x.capitalize(), " " + x} if x else set()
            return [], [self._ids(v) for v in sorted(variants)], {"forbidden": x}
        type_ = self.typer.type_of(x) if x else None
        others = sorted({m.text for m in self.typer.mentions(record.premise)
                         if m.type == type_ and m.text.lower() not in {(x or "").lower(), (y or "").lower()}})
        if others and y:
            return [[self._ids(y)], [self._ids(o) for o in others]], [], {"required": [y], "one_of": others}
        if x and y:
            return [[self._ids(y)], [self._ids(x)]], [], {"required": [y, x], "roles": "swapped"}
        return [], [], {}

    def __call__(self, record: MechanismRecord) -> list[Candidate]:
        positive, negative, plan = self.constraints(record)
        if not positive and not negative:
            return self._skip("no marked regulator and regulated entity to constrain the output")
        ids = constrained_beam_search(self.model, self.tokenizer, strip_markers(record.premise), positive, negative,
                                      self.beams, self.max_new_tokens, self.device)
        if ids is None:
            return self._skip(f"the constraints were not met within --max-new-tokens {self.max_new_tokens}")
        text = self.tokenizer.decode(ids, skip_special_tokens=True).strip()
        original = strip_markers(record.hypothesis)
        if not text or text == original:
            return self._skip("the model wrote nothing new (empty or the original conclusion)")
        similarity = self.embedder.similarity([(original, text)])[0]
        if similarity < self.min_similarity:
            return self._skip(f"similarity to the original below --min-similarity {self.min_similarity} (off topic)")
        if similarity >= self.delta:
            return self._skip(f"similarity to the original at or above --delta {self.delta} (a paraphrase)")
        root = Candidate.original(original, context=record)
        edit = Edit("gen-nd", 0, len(original), original, text, {"mode": self.mode, **plan})
        return [Candidate(text, root, edit, (("similarity", similarity),), record)]

    def _skip(self, reason: str) -> list[Candidate]:
        """No output for a record: the reason counted (`skipped`, printed by `perturb gen-nd`)."""
        self.skipped[reason] += 1
        return []
