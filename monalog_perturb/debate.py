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
Agents talk to a chat backend (prompts in grammars/prompts/debate_*.txt) or are local: WordNet
synonyms proposed, reviews from WordNet, embeddings, a repeated-bigram check and word frequency.
"""
from __future__ import annotations

import json
import random
import re
import statistics
from dataclasses import dataclass, field
from typing import Protocol, Sequence

from monalog_perturb.mutations import parse_number, prompt

CRITERIA = ("definition", "similarity", "syntax", "usage")
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_STOP = frozenset("""a an the of in on at to for with by from and or but is are was were be been being this that
these those it its as than then there their not no""".split())


@dataclass(frozen=True)
class Keyword:
    word: str
    start: int
    end: int
    attribution: float


def attribution(teacher, text: str, context: str, label: str | None) -> tuple[list[Keyword], str]:
    """Leave-one-out attribution of every word of `text` (for `label`, or the predicted label).
    Returns the words and the method actually used: when the classifier abstains or gives no signal,
    words are ranked by rarity (wordfreq) instead, and the method says so."""
    words = list(_WORD.finditer(text))
    if not words:
        return [], "none"
    method = "leave-one-out"
    values = [0.0] * len(words)
    if teacher is not None:
        variants = [text] + [(text[:m.start()] + text[m.end():]).replace("  ", " ").strip() for m in words]
        scores = teacher.scores([(context, v) for v in variants])
        if scores[0] is not None:
            target = label or max(scores[0], key=scores[0].get)
            values = [scores[0][target] - (s[target] if s else scores[0][target]) for s in scores[1:]]
            method = f"leave-one-out ({teacher.name})"
    if not any(abs(v) > 1e-6 for v in values):
        from wordfreq import zipf_frequency

        values = [8.0 - zipf_frequency(m.group(), "en") for m in words]
        method = "word rarity (wordfreq; the classifier gave no signal)"
    return [Keyword(m.group(), m.start(), m.end(), v) for m, v in zip(words, values)], method


def keywords(words: Sequence[Keyword], k: int, protected: Sequence[tuple[int, int]] = (),
             context: str = "") -> list[Keyword]:
    """The k content words with the highest attribution, outside protected spans (entities) and
    not shared with the context (the words that anchor the pair stay as they are)."""
    shared = {w.lower() for w in _WORD.findall(context)}
    usable = [w for w in words if w.word.lower() not in _STOP and len(w.word) > 2 and w.word.lower() not in shared
              and not any(s <= w.start < e for s, e in protected)]
    return sorted(sorted(usable, key=lambda w: -w.attribution)[:k], key=lambda w: w.start)


# -- agents ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Review:
    agent: str
    scores: dict[str, float]
    comment: str = ""

    @property
    def mean(self) -> float:
        return statistics.fmean(self.scores[c] for c in CRITERIA)


class Agent(Protocol):
    name: str

    def propose(self, text: str, keys: Sequence[Keyword], context: str, label: str) -> str: ...
    def review(self, original: str, proposal: str, label: str) -> Review: ...
    def revise(self, original: str, proposal: str, reviews: Sequence[Review], label: str) -> str: ...
    def score(self, original: str, revision: str, label: str) -> float: ...


class ChatAgent:
    """An agent on the chat backend, with the debate prompts."""

    def __init__(self, name: str, client) -> None:
        self.name, self.client = name, client

    def _ask(self, template: str, **fields) -> str:
        return self.client.complete([{"role": "user", "content": prompt(template, agent=self.name, **fields)}]).strip()

    def propose(self, text, keys, context, label) -> str:
        return self._ask("debate_propose", text=text, context=context, label=label,
                         keywords=", ".join(k.word for k in keys)) or text

    def review(self, original, proposal, label) -> Review:
        reply = self._ask("debate_review", original=original, proposal=proposal, label=label)
        m = re.search(r"\{.*\}", reply, flags=re.DOTALL)
        try:
            data = json.loads(m.group()) if m else {}
        except ValueError:
            data = {}
        scores = {c: parse_number(str(data.get(c, 0))) for c in CRITERIA}
        return Review(self.name, scores, str(data.get("comment", "")))

    def revise(self, original, proposal, reviews, label) -> str:
        listing = "\n".join(f"- {r.agent}: {r.scores} {r.comment}" for r in reviews)
        return self._ask("debate_revise", original=original, proposal=proposal, reviews=listing, label=label) or proposal

    def score(self, original, revision, label) -> float:
        return parse_number(self._ask("debate_score", original=original, revision=revision))


class LocalAgent:
    """An offline agent: proposes WordNet synonyms (its own pick among a word's synonyms, so agents
    differ), reviews with WordNet (definition), embeddings (similarity), a repeated-bigram check
    (syntax) and word frequency (usage); revises by restoring words a review found wrong."""

    def __init__(self, name: str, embedder, rng: random.Random) -> None:
        self.name, self.embedder, self.rng = name, embedder, rng

    @staticmethod
    def _synonyms(word: str) -> list[str]:
        """Common one-word synonyms from the word's first two senses, inflected like the word."""
        from monalog.augment.generate import inflect
        from monalog.knowledge.wordnet import wordnet
        from wordfreq import zipf_frequency

        wn, low, out = wordnet(), word.lower(), []
        for pos in ("v", "n", "a", "r"):
            lemma = wn.morphy(low, pos)
            if not lemma:
                continue
            tag = ("VBD" if low.endswith("ed") else "VBG" if low.endswith("ing") else "VBZ" if low.endswith("s")
                   else "VB") if pos == "v" and low != lemma else ("NNS" if pos == "n" and low != lemma else "")
            for synset in wn.synsets(lemma, pos)[:2]:
                for name in synset.lemma_names():
                    if name.isalpha() and name.lower() != lemma and zipf_frequency(name, "en") >= 3.0:
                        out.append(inflect(name.lower(), tag))
            break
        return sorted(set(out))

    def propose(self, text, keys, context, label) -> str:
        self._last = []
        for key in sorted(keys, key=lambda k: -k.start):          # right to left: offsets stay valid
            options = self._synonyms(key.word)
            if options:
                new = self.rng.choice(options)
                new = new[:1].upper() + new[1:] if key.word[:1].isupper() else new
                text = text[:key.start] + new + text[key.end:]
        from monalog.text.morphology import agree_articles

        return agree_articles(text)

    def review(self, original, proposal, label) -> Review:
        from monalog.augment.generate import repeated_bigram
        from wordfreq import zipf_frequency

        from monalog.knowledge.wordnet import wordnet

        a, b = original.split(), proposal.split()
        changed = [(x, y) for x, y in zip(a, b) if x != y] if len(a) == len(b) else []
        wn = wordnet()
        same = [bool({s for s in wn.synsets(x.lower().strip(".,;"))} & {s for s in wn.synsets(y.lower().strip(".,;"))})
                for x, y in changed]
        usage = [min(1.0, zipf_frequency(y, "en") / max(zipf_frequency(x, "en"), 1e-6)) for x, y in changed]
        scores = {"definition": statistics.fmean(same) if same else 1.0,
                  "similarity": self.embedder.similarity([(original, proposal)])[0],
                  "syntax": 0.0 if repeated_bigram(proposal) or len(a) != len(b) else 1.0,
                  "usage": statistics.fmean(usage) if usage else 1.0}
        weak = [y for (x, y), u in zip(changed, usage) if u < 0.6]
        return Review(self.name, scores, f"unusual: {', '.join(weak)}" if weak else "fine")

    def revise(self, original, proposal, reviews, label) -> str:
        flagged = {w for r in reviews for w in r.comment.removeprefix("unusual: ").split(", ") if r.comment != "fine"}
        a, b = original.split(), proposal.split()
        if len(a) != len(b) or not flagged:
            return proposal
        return " ".join(x if y in flagged else y for x, y in zip(a, b))

    def score(self, original, revision, label) -> float:
        return self.review(original, revision, label).mean


# -- the debate --------------------------------------------------------------------------------------

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
