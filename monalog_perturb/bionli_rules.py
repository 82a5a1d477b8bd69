"""BioNLI's seven rules (Bastan et al. 2022, section 3.3) as Transformations: the candidate's text is
the marked conclusion, its context the MechanismRecord (premise, entities)."""
from __future__ import annotations

from dataclasses import replace

from monalog_perturb.bio.bionli import STRATEGIES, Context
from monalog_perturb.bio.records import MechanismRecord
from monalog_perturb.core import Candidate, Transformation


def changed_span(old: str, new: str) -> tuple[int, int, str]:
    """(start, end, replacement): the smallest span of whole words of `old` whose replacement gives `new`."""
    start = 0
    while start < min(len(old), len(new)) and old[start] == new[start]:
        start += 1
    end_old, end_new = len(old), len(new)
    while end_old > start and end_new > start and old[end_old - 1] == new[end_new - 1]:
        end_old, end_new = end_old - 1, end_new - 1
    if start == end_old == end_new:
        return start, start, ""
    while start > 0 and old[start - 1].isalnum():
        start -= 1
    while end_old < len(old) and old[end_old].isalnum():
        end_old, end_new = end_old + 1, end_new + 1
    return start, end_old, new[start:end_new]


class BioNLIRule(Transformation):
    """One BioNLI strategy (SEN, SEP, SRE, SREO, VNeg, SN, LPR) over the shared Context."""

    def __init__(self, strategy: str, ctx: Context) -> None:
        if strategy not in STRATEGIES:
            raise ValueError(f"unknown BioNLI strategy {strategy!r} (choose from {', '.join(STRATEGIES)})")
        self.name, self.strategy, self.ctx = f"bionli:{strategy}", strategy, ctx

    def _transform(self, candidate: Candidate) -> list[Candidate]:
        record = candidate.context
        if not isinstance(record, MechanismRecord):
            return []
        record = replace(record, hypothesis=candidate.text)
        out = []
        for p in STRATEGIES[self.strategy](record, self.ctx):
            start, end, new = changed_span(candidate.text, p.hypothesis)
            out.append(candidate.edited(start, end, new, self.name, strategy=self.strategy, edit=p.edit))
        return out
