"""EvoNLI (SciCon, Algorithm 1 and Appendix E): evolutionary search that mutates sentence2 of a
(sentence1, sentence2) pair until the teacher reads sentence2' as contradicting sentence1, while
sentence2' stays on topic (SIMSCORE ≥ T_sim) and remains a claim (CLAIMSCORE ≥ T_claim).

    population <- [sentence2]
    for iteration in 1..MAX_ITERATIONS:
        children <- up to N_candidates REPLACEWORDS mutations of every member
        keep the children with SIMSCORE(sentence2, child) ≥ T_sim and CLAIMSCORE(child) ≥ T_claim
        score each kept child with CLASSIFY(sentence1, child)[contradiction]
        if the best child scores ≥ T_conf: success (that child, this iteration)
        population <- the N_pop best children (fewer when fewer survive; none left: failure)

Pairs are mined from abstracts with rhetorical roles (PubMed 200k/20k RCT format): result-conclusion
and conclusion-conclusion pairs within an abstract, in random (seeded) order; with an LLM, the
supporting-result prompt picks one result per conclusion instead of all.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, Sequence

from monalog.errors import InputError
from monalog.fileio import open_input
from monalog_perturb.core import Candidate, CompositeTransformation, Constraint, Transformation
from monalog_perturb.mutations import mutation_type, parse_number, prompt

CITATION = "SciCon (2025): EvoNLI, Algorithm 1 and Appendix E"


@dataclass(frozen=True)
class EvoSettings:
    n_pop: int = 4
    n_candidates: int = 5
    max_iterations: int = 4
    t_conf: float = 0.4
    t_sim: float = 0.5
    t_claim: float = 0.9
    similarity_check: bool = True
    claim_check: bool = True
    seed: int = 0


@dataclass(frozen=True)
class PairItem:
    id: str
    sentence1: str
    sentence2: str


# -- pair mining -------------------------------------------------------------------------------------

def read_rct(path: str | Path) -> Iterator[tuple[str, list[tuple[str, str]]]]:
    """PubMed RCT files: `###PMID` starts an abstract, then `LABEL<TAB>sentence` lines."""
    abstract_id, rows = None, []
    with open_input(path) as handle:
        for n, line in enumerate(handle, 1):
            line = line.rstrip("\n")
            if line.startswith("###"):
                if abstract_id is not None:
                    yield abstract_id, rows
                abstract_id, rows = line[3:].strip(), []
            elif line.strip():
                label, sep, sentence = line.partition("\t")
                if not sep or abstract_id is None:
                    raise InputError(f"{path}:{n}: expected ###PMID or LABEL<TAB>sentence", input=line)
                rows.append((label.strip().upper(), sentence.strip()))
    if abstract_id is not None:
        yield abstract_id, rows


def mine_pairs(abstracts, rng: random.Random, client=None) -> list[PairItem]:
    """Result-conclusion and conclusion-conclusion pairs within each abstract, each in random order."""
    out = []
    for abstract_id, rows in abstracts:
        results = [s for label, s in rows if label == "RESULTS"]
        conclusions = [s for label, s in rows if label == "CONCLUSIONS"]
        pairs = []
        for c in conclusions:
            chosen = results
            if client is not None and len(results) > 1:
                listing = "\n".join(f"{i + 1}. {r}" for i, r in enumerate(results))
                reply = client.complete([{"role": "user", "content": prompt(
                    "evonli_select_result", conclusion=c, results=listing)}])
                m = re.search(r"\d+", reply)
                chosen = [results[int(m.group()) - 1]] if m and 0 < int(m.group()) <= len(results) else results
            pairs += [(r, c) for r in chosen]
        pairs += [(a, b) for i, a in enumerate(conclusions) for b in conclusions[i + 1:]]
        for k, (a, b) in enumerate(pairs):
            first, second = (a, b) if rng.random() < 0.5 else (b, a)
            out.append(PairItem(f"{abstract_id}-{k}", first, second))
    return out


# -- scores ------------------------------------------------------------------------------------------

class SimilarityCheck(Constraint):
    """SIMSCORE: embedding cosine of the original sentence2 and the child (or the LLM's rating)."""

    name = "similarity"

    def __init__(self, threshold: float, embedder=None, client=None) -> None:
        super().__init__(threshold)
        self.embedder, self.client = embedder, client

    def _scores(self, original, candidates):
        if self.client is not None:
            return [parse_number(self.client.complete([{"role": "user", "content": prompt(
                "evonli_similarity", a=original.text, b=c.text)}])) for c in candidates]
        return self.embedder.similarity([(original.text, c.text) for c in candidates])


class ClaimCheck(Constraint):
    """CLAIMSCORE: the claim prompt on the LLM, or offline a claim scorer: 0 for questions, fragments
    and sentences with a repeated bigram, else the child's fluency relative to the original (≤ 1),
    so a mutation that makes the sentence much less fluent than it was is not a claim any more."""

    name = "claim"

    def __init__(self, threshold: float, fluency=None, client=None) -> None:
        super().__init__(threshold)
        self.fluency, self.client = fluency, client

    def _scores(self, original, candidates):
        if self.client is not None:
            return [parse_number(self.client.complete([{"role": "user", "content": prompt(
                "evonli_claim", sentence=c.text)}])) for c in candidates]
        from monalog.augment.generate import repeated_bigram

        base = self.fluency.score([original.text])[0]
        scores = self.fluency.score([c.text for c in candidates])
        out = []
        for c, s in zip(candidates, scores):
            words = c.text.split()
            if c.text.rstrip().endswith("?") or len(words) < 3 or repeated_bigram(c.text):
                out.append(0.0)
            else:
                out.append(1.0 if base <= 0 else max(0.0, min(1.0, s / base)))
        return out


# -- the search --------------------------------------------------------------------------------------

@dataclass
class EvoResult:
    item: PairItem
    success: Candidate | None
    iterations: int
    evaluated: int = 0              # children scored by the teacher
    contradictions: int = 0         # of those, how many reached T_conf
    proposed: int = 0
    filters: dict[str, list[int]] = field(default_factory=dict)     # name -> [checked, passed]


class EvoNLI:
    """Algorithm 1 with pluggable REPLACEWORDS (a Transformation), CLASSIFY (a teacher), SIMSCORE and
    CLAIMSCORE (Constraints); the ablations switch parts off or swap the transformation."""

    def __init__(self, replace_words: Transformation, teacher, similarity: SimilarityCheck | None,
                 claim: ClaimCheck | None, settings: EvoSettings = EvoSettings()) -> None:
        self.replace_words, self.teacher, self.settings = replace_words, teacher, settings
        self.similarity = similarity if settings.similarity_check else None
        self.claim = claim if settings.claim_check else None

    def _children(self, member: Candidate, rng: random.Random) -> list[Candidate]:
        children = self.replace_words(member)
        rng.shuffle(children)
        return children[:self.settings.n_candidates]

    def run(self, item: PairItem) -> EvoResult:
        s = self.settings
        rng = random.Random(f"{s.seed}:{item.id}")
        original = Candidate.original(item.sentence2, context={"premise": item.sentence1})
        result = EvoResult(item, None, 0)
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
            for check in (self.similarity, self.claim):
                if check is not None:
                    counts = result.filters.setdefault(check.name, [0, 0])
                    counts[0] += len(children)
                    children = check(original, children)
                    counts[1] += len(children)
            if not children:
                return result
            scores = self.teacher.scores([(item.sentence1, c.text) for c in children])
            children = [c.scored("confidence", sc["CONTRADICTION"] if sc else 0.0) for c, sc in zip(children, scores)]
            result.evaluated += len(children)
            result.contradictions += sum(c.score("confidence") >= s.t_conf for c in children)
            children.sort(key=lambda c: -c.score("confidence"))
            if children[0].score("confidence") >= s.t_conf:
                result.success = children[0]
                return result
            population = children[:s.n_pop]
        return result


def offline_mutations(extra: Sequence[Transformation] = ()) -> Transformation:
    from monalog_perturb.mutations import ListedOpposites, NegationToggle, NumberChange, WordNetAntonyms

    return CompositeTransformation([ListedOpposites(), NegationToggle(), NumberChange(), WordNetAntonyms(),
                                    *extra])


def output_row(result: EvoResult, settings: EvoSettings, client=None) -> dict:
    c = result.success
    return {"source": result.item.id, "sentence1": result.item.sentence1, "sentence2": c.text,
            "original_sentence2": result.item.sentence2,
            "scores": {"confidence": c.score("confidence"), "similarity": c.score("similarity"),
                       "claim": c.score("claim")},
            "iterations": result.iterations, "max_iterations": settings.max_iterations, "t_conf": settings.t_conf,
            "t_sim": settings.t_sim if settings.similarity_check else None,
            "t_claim": settings.t_claim if settings.claim_check else None,
            "mutation_type": mutation_type(c, client), "history": [e.as_json() for e in c.history()]}


@dataclass
class EvoReport:
    pairs: int = 0
    successes: int = 0
    evaluated: int = 0
    contradictions: int = 0
    proposed: int = 0
    filters: dict[str, list[int]] = field(default_factory=dict)
    mutation_types: dict[str, int] = field(default_factory=dict)

    def add(self, result: EvoResult, row: dict | None) -> None:
        self.pairs += 1
        self.successes += result.success is not None
        self.evaluated += result.evaluated
        self.contradictions += result.contradictions
        self.proposed += result.proposed
        for name, (checked, passed) in result.filters.items():
            counts = self.filters.setdefault(name, [0, 0])
            counts[0] += checked
            counts[1] += passed
        if row:
            self.mutation_types[row["mutation_type"]] = self.mutation_types.get(row["mutation_type"], 0) + 1

    def as_json(self) -> dict:
        def rate(name):
            checked, passed = self.filters.get(name, (0, 0))
            return passed / checked if checked else None
        return {"pairs": self.pairs, "successes": self.successes,
                "attack_success_rate": self.successes / self.pairs if self.pairs else 0.0,
                "contradiction_ratio": self.contradictions / self.evaluated if self.evaluated else 0.0,
                "candidates_proposed": self.proposed,
                "similarity_pass_rate": rate("similarity"), "claim_pass_rate": rate("claim"),
                "mutation_types": self.mutation_types}

    def table(self) -> str:
        d = self.as_json()
        rate = lambda v: "off or nothing checked" if v is None else f"{v:.1%}"  # noqa: E731
        return (f"pairs {d['pairs']}, successes {d['successes']} (attack success rate {d['attack_success_rate']:.1%}); "
                f"contradiction ratio {d['contradiction_ratio']:.1%} of {self.evaluated} scored children; "
                f"filter pass rates: similarity {rate(d['similarity_pass_rate'])}, claim {rate(d['claim_pass_rate'])}\n"
                "mutation types: " + ", ".join(f"{k} {v}" for k, v in sorted(self.mutation_types.items())))


def run_evonli(items: Sequence[PairItem], evo: EvoNLI, client=None,
               progress: Callable[[int], None] | None = None) -> tuple[list[dict], EvoReport]:
    rows, report = [], EvoReport()
    for item in items:
        result = evo.run(item)
        row = output_row(result, evo.settings, client) if result.success else None
        if row:
            rows.append(row)
        report.add(result, row)
        if progress:
            progress(1)
    return rows, report
