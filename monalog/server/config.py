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
    graph_nodes: int = 1000         # sentences of the search graph in one answer (the proof path always kept)


@dataclass(frozen=True)
class ServerConfig:
    workers: int = 1                # 1: the engine on a thread of the server's process; N: N engine processes
    model: str | None = None        # the fallback for /api/classify (a `monalog train` folder or an NLI model)
    threshold: float | None = DEFAULT_THRESHOLD     # fallback E/C below it become NEUTRAL (requests may override)
    device: str | None = None       # torch device of the fallback
    limits: Limits = field(default_factory=Limits)
    host: str = "127.0.0.1"         # the address listened on: a Host header may name it
    allowed_hosts: tuple[str, ...] = ()     # other names clients reach the server by (beside localhost)
