"""WHERE and WHICH (BioRDA): label-preserving rewriting at the positions a classifier relies on,
decided by a debate of agents.

WHERE: leave-one-out attribution: a word's contribution is how much the classifier's probability
for the label drops when the word is removed (the classifier reads the text with its context: the
premise of an NLI pair, or the entity pair / relation description of a relation example). The
top-k content words are the keywords; the mask marks them.

WHICH: N agents. Each round one adviser, drawn at random (seeded), proposes a rewrite of the
keywords; the others review it on word definition, similarity, syntax and usage; the adviser
revises; the others score the revision; it is accepted when their mean score reaches the
threshold, else another round starts (bounded). Every accepted rewrite keeps its transcript.
Agents talk to a chat backend (prompts/debate_*.txt) or are local: WordNet
synonyms proposed, reviews from WordNet, embeddings, a repeated-bigram check and word frequency.
"""
from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field
from typing import Sequence

from monalog_perturb.searches.agents import CRITERIA, Agent, ChatAgent, LocalAgent, Review  # noqa: F401
from monalog_perturb.searches.attribution import Keyword, attribution, keywords  # noqa: F401


@dataclass
class DebateResult:
    accepted: bool
    text: str
    rounds: int
    score: float
    transcript: list[dict] = field(default_factory=list)


def debate(text: str, keys: Sequence[Keyword], agents: Sequence[Agent], rng: random.Random, context: str = "",
           label: str = "", threshold: float = 0.8, max_rounds: int = 3) -> DebateResult:
    if len(agents) < 2:
        raise ValueError("a debate needs at least two agents")
    transcript: list[dict] = []
    best = (0.0, text)
    for round_no in range(1, max_rounds + 1):
        adviser = rng.choice(list(agents))
        others = [a for a in agents if a is not adviser]
        proposal = adviser.propose(text, keys, context, label)
        reviews = [a.review(text, proposal, label) for a in others]
        revision = adviser.revise(text, proposal, reviews, label)
        scores = {a.name: a.score(text, revision, label) for a in others}
        mean = statistics.fmean(scores.values())
        transcript.append({"round": round_no, "adviser": adviser.name, "proposal": proposal,
                           "reviews": [{"agent": r.agent, "scores": r.scores, "comment": r.comment} for r in reviews],
                           "revision": revision, "scores": scores, "mean": mean})
        if revision != text and mean >= threshold:
            return DebateResult(True, revision, round_no, mean, transcript)
        best = max(best, (mean, revision))
    return DebateResult(False, best[1], max_rounds, best[0], transcript)
