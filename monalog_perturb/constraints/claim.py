"""CLAIMSCORE (SciCon, Appendix E): the candidate must still be a claim."""
from __future__ import annotations

from monalog.augment.sentences import repeated_bigram
from monalog_perturb.backends.chat import parse_number
from monalog_perturb.candidate import Candidate
from monalog_perturb.constraints.base import Constraint
from monalog_perturb.constraints.grammar import grammar_problem
from monalog_perturb.protocols import ChatClient, Fluency
from monalog_perturb.resources import prompt


class ClaimCheck(Constraint):
    """CLAIMSCORE: the claim prompt on the LLM, or offline a claim scorer: 0 for questions, fragments,
    sentences with a repeated bigram and ungrammatical ones (`grammar.grammar_problem`), else the
    child's fluency relative to the original (≤ 1), so a mutation that makes the sentence much less
    fluent than it was is not a claim any more."""

    name = "claim"

    def __init__(self, threshold: float, fluency: Fluency | None = None, client: ChatClient | None = None) -> None:
        super().__init__(threshold)
        self.fluency, self.client = fluency, client

    def _scores(self, original: Candidate, candidates: list[Candidate]) -> list[float]:
        if self.client is not None:
            return [parse_number(self.client.complete([{"role": "user", "content": prompt(
                "evonli_claim", sentence=c.text)}])) for c in candidates]
        if self.fluency is None:
            raise ValueError("CLAIMSCORE needs a fluency scorer or a chat client")
        base = self.fluency.score([original.text])[0]
        scores = self.fluency.score([c.text for c in candidates])
        out = []
        for c, s in zip(candidates, scores):
            words = c.text.split()
            if c.text.rstrip().endswith("?") or len(words) < 3 or repeated_bigram(c.text) or grammar_problem(c.text):
                out.append(0.0)
            else:
                out.append(1.0 if base <= 0 else max(0.0, min(1.0, s / base)))
        return out
