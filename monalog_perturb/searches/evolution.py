"""EvoNLI's evolutionary search (SciCon 2025, Algorithm 1 and Appendix E): mutate sentence2 of a
(sentence1, sentence2) pair until the teacher reads sentence2' as contradicting sentence1, while
sentence2' stays on topic (SIMSCORE >= T_sim) and remains a claim (CLAIMSCORE >= T_claim).

    population <- [sentence2]
    for iteration in 1..MAX_ITERATIONS:
        children <- up to N_candidates REPLACEWORDS mutations of every member (at most one polarity
                    flip in a child's history: two cancel out)
        keep the children with SIMSCORE(sentence2, child) >= T_sim and CLAIMSCORE(child) >= T_claim
        score each kept child with CLASSIFY(sentence1, child)[contradiction]
        if the best child scores >= T_conf: success (that child, this iteration)
        population <- the N_pop best children (fewer when fewer survive; none left: failure)

Two guards (issue 50): a pair the teacher already reads as a contradiction (CONTRADICTION >= T_conf
before any mutation) is skipped with a warning, and a child is a success only when, besides the
teacher, the rule check (`constraints.opposition`) finds a negation, an antonym or an entity swap
relative to sentence1 that does not cancel out; refused children are counted by reason.
"""
from __future__ import annotations

import logging
import random
from dataclasses import dataclass, field
from typing import Callable

from monalog_perturb.candidate import Candidate
from monalog_perturb.constraints.base import Constraint
from monalog_perturb.constraints.opposition import Opposition, opposition
from monalog_perturb.goals.contradiction import ContradictionGoal
from monalog_perturb.protocols import Teacher
from monalog_perturb.transformations.base import Transformation


log = logging.getLogger(__name__)
ALREADY = "the teacher reads the pair as CONTRADICTION before any mutation"
_POLARITY_FLIPS = frozenset({"negation/polarity", "action", "scalar/evaluative property", "quantifier", "causation",
                             "modality"})


def _flips(candidate: Candidate) -> int:
    """How many of a candidate's edits flip polarity: two cancel out ("increased" -> "decreased" ->
    "did not decrease"), so a child keeps at most one."""
    return sum(e.provenance.get("type") in _POLARITY_FLIPS for e in candidate.history())


@dataclass(frozen=True)
class EvoSettings:
    """Algorithm 1's parameters (the paper's defaults) and the ablation switches."""

    n_pop: int = 4
    n_candidates: int = 5
    max_iterations: int = 4
    t_conf: float = 0.4
    t_sim: float = 0.5
    t_claim: float = 0.9
    similarity_check: bool = True
    claim_check: bool = True
    seed: int = 0
    rule_check: bool = True                 # a success needs `constraints.opposition` to agree
    skip_contradictions: bool = True        # skip a pair the teacher reads as CONTRADICTION unmutated


@dataclass(frozen=True)
class PairItem:
    id: str
    sentence1: str
    sentence2: str


@dataclass
class EvoResult:
    item: PairItem
    success: Candidate | None
    iterations: int
    evaluated: int = 0              # children scored by the teacher
    contradictions: int = 0         # of those, how many reached T_conf
    proposed: int = 0
    filters: dict[str, list[int]] = field(default_factory=dict)     # name -> [checked, passed]
    skipped: str | None = None      # why the pair was not mutated
    opposition: str | None = None   # the rule check's kind for the success
    refused: dict[str, int] = field(default_factory=dict)           # rule check reason -> children


class EvoNLI:
    """Algorithm 1 with pluggable REPLACEWORDS (a Transformation), CLASSIFY (a teacher), SIMSCORE and
    CLAIMSCORE (Constraints); the ablations switch parts off or swap the transformation."""

    def __init__(self, replace_words: Transformation, teacher: Teacher, similarity: Constraint | None,
                 claim: Constraint | None, settings: EvoSettings = EvoSettings(),
                 rule_check: Callable[[str, Candidate], Opposition] = opposition) -> None:
        self.replace_words, self.teacher, self.settings = replace_words, teacher, settings
        self.rule_check = rule_check if settings.rule_check else None
        self.goal = ContradictionGoal(teacher, settings.t_conf, name="confidence")
        self.similarity = similarity if settings.similarity_check else None
        self.claim = claim if settings.claim_check else None

    def _children(self, member: Candidate, rng: random.Random) -> list[Candidate]:
        children = [c for c in self.replace_words(member) if _flips(c) <= 1]
        rng.shuffle(children)
        return children[:self.settings.n_candidates]

    def _checked(self, original: Candidate, children: list[Candidate], result: EvoResult) -> list[Candidate]:
        """SIMSCORE and CLAIMSCORE (those switched on), counting what each checks and passes."""
        for check in (self.similarity, self.claim):
            if check is not None:
                counts = result.filters.setdefault(check.name, [0, 0])
                counts[0] += len(children)
                children = check(original, children)
                counts[1] += len(children)
        return children

    def _already_contradiction(self, item: PairItem) -> float | None:
        """The teacher's CONTRADICTION for the unmutated pair when it reaches T_conf."""
        if not self.settings.skip_contradictions:
            return None
        (scores,) = self.teacher.scores([(item.sentence1, item.sentence2)])
        value = scores.get("CONTRADICTION", 0.0) if scores else 0.0
        return value if value >= self.settings.t_conf else None

    def _success(self, item: PairItem, children: list[Candidate], result: EvoResult) -> Candidate | None:
        """The best child the teacher reads as a contradiction and the rule check agrees with."""
        for child in children:
            if not self.goal.reached(child):
                return None
            if self.rule_check is None:
                return child
            verdict = self.rule_check(item.sentence1, child)
            if verdict.kind:
                result.opposition = verdict.kind
                return child
            result.refused[verdict.reason] = result.refused.get(verdict.reason, 0) + 1
        return None

    def run(self, item: PairItem) -> EvoResult:
        s = self.settings
        rng = random.Random(f"{s.seed}:{item.id}")
        original = Candidate.original(item.sentence2, context={"premise": item.sentence1})
        result = EvoResult(item, None, 0)
        if (already := self._already_contradiction(item)) is not None:
            log.warning("pair %s skipped: %s (%.3f >= T_conf %.2f)", item.id, ALREADY, already, s.t_conf)
            result.skipped = ALREADY
            return result
        population, seen = [original], {original.text}
        for iteration in range(1, s.max_iterations + 1):
            result.iterations = iteration
            children = []
            for member in population:
                for child in self._children(member, rng):
                    if child.text not in seen:
                        seen.add(child.text)
                        children.append(child)
            result.proposed += len(children)
            children = self._checked(original, children, result)
            if not children:
                return result
            children = sorted(self.goal(original, children), key=lambda c: -c.value("confidence"))
            result.evaluated += len(children)
            result.contradictions += sum(self.goal.reached(c) for c in children)
            if (success := self._success(item, children, result)) is not None:
                result.success = success
                return result
            population = children[:s.n_pop]
        return result
