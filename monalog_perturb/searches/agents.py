"""The debate's agents (BioRDA's WHICH): an adviser proposes a rewrite of the keywords, the others
review it on word definition, similarity, syntax and usage, the adviser revises, the others score.
Agents talk to a chat backend (prompts/debate_*.txt) or are local (WordNet, embeddings, wordfreq)."""
from __future__ import annotations

import json
import random
import re
import statistics
from dataclasses import dataclass
from typing import Protocol, Sequence

from monalog.augment.generate import inflect
from monalog.augment.sentences import repeated_bigram
from monalog.knowledge.wordnet import wordnet
from monalog.text.morphology import agree_articles
from monalog_perturb.backends.chat import parse_number
from monalog_perturb.protocols import ChatClient, Embedder
from monalog_perturb.resources import prompt
from monalog_perturb.searches.attribution import Keyword

CRITERIA = ("definition", "similarity", "syntax", "usage")


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

    def __init__(self, name: str, client: ChatClient) -> None:
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
        revised = self._ask("debate_revise", original=original, proposal=proposal, reviews=listing, label=label)
        return revised or proposal

    def score(self, original, revision, label) -> float:
        return parse_number(self._ask("debate_score", original=original, revision=revision))


class LocalAgent:
    """An offline agent: proposes WordNet synonyms (its own pick among a word's synonyms, so agents
    differ), reviews with WordNet (definition), embeddings (similarity), a repeated-bigram check
    (syntax) and word frequency (usage); revises by restoring words a review found wrong."""

    def __init__(self, name: str, embedder: Embedder, rng: random.Random) -> None:
        self.name, self.embedder, self.rng = name, embedder, rng

    @staticmethod
    def _synonyms(word: str) -> list[str]:
        """Common one-word synonyms from the word's first two senses, inflected like the word."""
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
        for key in sorted(keys, key=lambda k: -k.start):          # right to left: offsets stay valid
            options = self._synonyms(key.word)
            if options:
                new = self.rng.choice(options)
                new = new[:1].upper() + new[1:] if key.word[:1].isupper() else new
                text = text[:key.start] + new + text[key.end:]
        return agree_articles(text)

    def review(self, original, proposal, label) -> Review:
        from wordfreq import zipf_frequency

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
