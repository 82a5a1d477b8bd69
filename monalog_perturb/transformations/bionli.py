"""BioNLI's seven rules (Bastan et al. 2022, section 3.3) as Transformations: the candidate's text is
the marked conclusion, its context the MechanismRecord (premise, entities)."""
from __future__ import annotations

from dataclasses import replace

from monalog_perturb.bio.bionli import STRATEGIES, Context
from monalog_perturb.bio.records import MechanismRecord
from monalog_perturb.candidate import Candidate, changed_span  # noqa: F401  (re-exported)
from monalog_perturb.transformations.base import Transformation


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
