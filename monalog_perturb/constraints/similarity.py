"""SIMSCORE (SciCon, Appendix E): the candidate must stay on the original's topic."""
from __future__ import annotations

from monalog_perturb.backends.chat import parse_number
from monalog_perturb.candidate import Candidate
from monalog_perturb.constraints.base import Constraint
from monalog_perturb.protocols import ChatClient, Embedder
from monalog_perturb.resources import prompt


class SimilarityCheck(Constraint):
    """SIMSCORE: embedding cosine of the original sentence2 and the child (or the LLM's rating)."""

    name = "similarity"

    def __init__(self, threshold: float, embedder: Embedder | None = None, client: ChatClient | None = None) -> None:
        super().__init__(threshold)
        self.embedder, self.client = embedder, client

    def _scores(self, original: Candidate, candidates: list[Candidate]) -> list[float]:
        if self.client is not None:
            return [parse_number(self.client.complete([{"role": "user", "content": prompt(
                "evonli_similarity", a=original.text, b=c.text)}])) for c in candidates]
        if self.embedder is None:
            raise ValueError("SIMSCORE needs an embedder or a chat client")
        return self.embedder.similarity([(original.text, c.text) for c in candidates])
