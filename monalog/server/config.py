"""What a server is started with: its engine workers, the fallback model for /api/classify, and the
request limits."""
from __future__ import annotations

from dataclasses import dataclass, field

from monalog.hybrid import DEFAULT_THRESHOLD


@dataclass(frozen=True)
class Limits:
    """Bounds on one request. Every piece of work is bounded by counts (sentences, tokens, search
    states), never by seconds, so an answer does not depend on the load."""

    characters: int = 500           # per sentence
    tokens: int = 80                # per sentence, as the parser's tokenizer counts them
    pairs: int = 32                 # per batch of /api/prove and /api/classify
    sentences: int = 64             # per batch of /api/parse and /api/polarize
    depth: int = 4                  # the most steps in a proof (edits, and a contradiction's last step)
    body_bytes: int = 1 << 20       # the request body
    pending: int = 64               # requests waiting for the engine before a 503
    graph_nodes: int = 1000         # sentences of one pair's search graph (the proof path always kept)
    response_graph_nodes: int = 4000    # and of all the graphs of one answer together
    work: int = 15_000              # one pair's search: sentences reached x its longer sentence's words (a
                                    # 55-word premise: 272 sentences, about 0.3 s; no SICK pair at depth 3 needs half)
    explored: int = 20_000          # sentences reached by one request's pairs together; later pairs are refused


@dataclass(frozen=True)
class ServerConfig:
    workers: int = 1                # 1: the engine on a thread of the server's process; N: N engine processes
    model: str | None = None        # the fallback for /api/classify (a `monalog train` folder or an NLI model)
    threshold: float | None = DEFAULT_THRESHOLD     # fallback E/C below it become NEUTRAL (requests may override)
    device: str | None = None       # torch device of the fallback
    limits: Limits = field(default_factory=Limits)
    host: str = "127.0.0.1"         # the address listened on: a Host header may name it
    allowed_hosts: tuple[str, ...] = ()     # other names clients reach the server by (beside localhost)
