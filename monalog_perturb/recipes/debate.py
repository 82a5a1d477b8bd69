"""WHERE and WHICH (BioRDA: "Biomedical relation data augmentation by a debate of agents"):
label-preserving rewrites of the words a classifier relies on (leave-one-out attribution), decided
by a bounded debate of chat or local agents; every accepted rewrite keeps its transcript."""
from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Sequence

from monalog.rows import BadRow, Row, read_jsonl
from monalog_perturb.backends.embeddings import Embedder
from monalog_perturb.backends.nli import load_teacher
from monalog_perturb.candidate import Edit, changed_span
from monalog_perturb.protocols import Teacher
from monalog_perturb.recipes.evonli import chat_client
from monalog_perturb.runner import make_row
from monalog_perturb.searches.agents import Agent, ChatAgent, LocalAgent
from monalog_perturb.searches.attribution import attribution, keywords
from monalog_perturb.searches.debate import debate

CITATION = "BioRDA: WHERE (leave-one-out attribution) and WHICH (a debate of agents)"


@dataclass(frozen=True)
class DebateOptions:
    """`monalog perturb debate`'s settings."""

    teacher: str | None = "monalog"
    agents: int = 3
    top_k: int = 2
    threshold: float = 0.8
    max_rounds: int = 3
    embeddings: str = "minilm"
    seed: int = 0
    device: str | None = None
    llm_base_url: str | None = None
    llm_model: str | None = None
    llm_cache: str | None = None


@dataclass(frozen=True)
class DebateItem:
    id: str
    text: str
    context: str = ""
    label: str = ""
    protected: tuple[tuple[int, int], ...] = ()


def read_items(path: str | Path) -> Iterator[DebateItem | BadRow]:
    """{id, premise, hypothesis, label} (the hypothesis is rewritten) or {id, text, context, label,
    protected: [[start, end], ...]} a line."""
    for row in read_jsonl(path):
        if not isinstance(row, Row) or row.text("hypothesis", "text") is None:
            yield row if isinstance(row, BadRow) else BadRow(row.line, "needs \"hypothesis\" or \"text\"")
            continue
        f = row.fields
        # the unstripped value of the key row.text chose (protected spans are offsets into it)
        raw: str = next(f[k] for k in ("hypothesis", "text") if isinstance(f.get(k), str) and f[k].strip())
        spans = _spans(f.get("protected", []), len(raw))
        if spans is None:
            yield BadRow(row.line, "\"protected\" must be a list of [start, end] character offsets into the text")
            continue
        yield DebateItem(str(f.get("id", row.line)), raw, str(f.get("premise", f.get("context", ""))),
                         str(f.get("label", "")), spans)


def _spans(value: object, length: int) -> tuple[tuple[int, int], ...] | None:
    """[[start, end], ...] as spans inside a text of `length` characters; None when it is not that."""
    if not isinstance(value, list):
        return None
    spans = []
    for span in value:
        if not (isinstance(span, list) and len(span) == 2 and all(type(x) is int for x in span)
                and 0 <= span[0] <= span[1] <= length):
            return None
        spans.append((span[0], span[1]))
    return tuple(spans)


class DebateGenerator:
    """Attribution, keywords and the debate per item: the accepted rewrite (if any)."""

    def __init__(self, agents: Sequence[Agent], teacher: Teacher | None, rng: random.Random, top_k: int = 2,
                 threshold: float = 0.8, max_rounds: int = 3, kind: str = "local") -> None:
        self.kind = kind
        self.agents, self.teacher, self.rng, self.name = list(agents), teacher, rng, "debate"
        self.top_k, self.threshold, self.max_rounds = top_k, threshold, max_rounds
        self.seen = self.accepted = 0

    def __call__(self, item: DebateItem) -> list[dict]:
        self.seen += 1
        words, method = attribution(self.teacher, item.text, item.context, item.label.upper() or None)
        keys = keywords(words, self.top_k, item.protected, item.context)
        if not keys:
            return []
        result = debate(item.text, keys, self.agents, self.rng, item.context, item.label, self.threshold,
                        self.max_rounds)
        if not result.accepted:
            return []
        self.accepted += 1
        start, end, new = changed_span(item.text, result.text)
        mask = [int(any(k.start == w.start for k in keys)) for w in words]
        provenance = {"keywords": [k.word for k in keys], "attribution_mask": mask, "attribution": method,
                      "rounds": result.rounds, "transcript": result.transcript}
        return [make_row(item.id, item.text, result.text, item.label, "debate",
                         Edit("debate", start, end, item.text[start:end], new), {"debate": result.score}, provenance,
                         premise=item.context)]


def build(options: DebateOptions) -> DebateGenerator:
    """The debate with chat agents (when an LLM is configured) or local ones, and WHERE's teacher."""
    client = chat_client(options.llm_base_url, options.llm_model, options.llm_cache)
    if client is not None:
        agents: list[Agent] = [ChatAgent(f"agent-{i + 1}", client) for i in range(options.agents)]
    else:
        embedder = Embedder(options.embeddings, options.device)
        agents = [LocalAgent(f"agent-{i + 1}", embedder, random.Random(f"{options.seed}:{i}"))
                  for i in range(options.agents)]
    return DebateGenerator(agents, load_teacher(options.teacher, options.device), random.Random(options.seed),
                           options.top_k, options.threshold, options.max_rounds, "chat" if client else "local")
