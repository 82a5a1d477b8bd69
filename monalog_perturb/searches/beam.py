"""KBIN's ranked search (Wright et al. 2022, Algorithm 1): the most fluent variant per sibling, then
the best variant by the goal (teacher confidence), or by fluency without a teacher."""
from __future__ import annotations

import random

from monalog_perturb.candidate import Candidate
from monalog_perturb.constraints.base import filtered
from monalog_perturb.constraints.fluency import FluencyScore
from monalog_perturb.protocols import Fluency
from monalog_perturb.searches.base import Search


class KBINSearch(Search):
    """The most fluent variant per sibling, then the best by the goal; without one, the most fluent by a
    language model, or (with unigram fluency only, which does not read the sentence) the sibling
    closest to the original concept, fluency breaking ties."""

    name = "kbin"

    def __init__(self, fluency: Fluency, rng: random.Random | None = None) -> None:
        self.fluency, self.rng = FluencyScore(fluency), rng
        self.by_similarity = getattr(fluency, "kind", "").startswith("unigram")

    def __call__(self, original, transformation, constraints, goal) -> list[Candidate]:
        candidates = filtered(original, transformation(original), constraints)
        if not candidates:
            return []
        considered = len(candidates)
        candidates = self.fluency(original, candidates)
        best: dict[tuple, Candidate] = {}
        for c in candidates:
            edit = c.last_edit()
            sibling = edit.provenance.get("sibling")
            key = (edit.start, sibling.id if sibling else c.text)
            if key not in best or c.value("fluency") > best[key].value("fluency"):
                best[key] = c
        variants = list(best.values())
        if goal is not None:
            variants = goal(original, variants)
            chosen = max(variants, key=lambda c: (c.value(goal.name), c.value("fluency")))
        elif self.rng is not None:               # the random baseline: no ranking at all
            chosen = self.rng.choice(variants)
        elif self.by_similarity:                 # unigram frequency never picks alone: the closest sibling
            chosen = max(variants, key=lambda c: (c.last_edit().provenance.get("similarity") or 0.0,
                                                  c.value("fluency")))
        else:
            chosen = max(variants, key=lambda c: c.value("fluency"))
        return [chosen.scored("candidates", considered).scored("variants", len(variants))]
