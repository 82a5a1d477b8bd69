"""KBIN (Wright et al. 2022, "Generating Scientific Claims for Zero-Shot Scientific Fact Checking",
section 4, Algorithm 1): knowledge-base-informed negations of a claim.

dictionary NER -> link each entity to a concept -> the concept's siblings of the same type ->
the top N siblings by concept-vector cosine -> replace the entity by each sibling's name and
aliases -> the most fluent variant per sibling -> the variant the NLI teacher finds most
contradictory of the original claim (the most fluent one when there is no teacher).
Baselines from the paper: random same-type replacement, and keyword infilling with a masked LM.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import cached_property
from typing import Sequence

import numpy as np

from monalog_perturb.knowledge.sources import Concept, KnowledgeSource, norm
from monalog_perturb.core import Candidate, Goal, Recipe, Search, Transformation, filtered

CITATION = "Wright et al. 2022, Generating Scientific Claims for Zero-Shot Scientific Fact Checking (ACL)"
_TOKEN = re.compile(r"[\w][\w\-/.+']*[\w]|[\w]")


@dataclass(frozen=True)
class Link:
    """An entity mention linked to a concept of one knowledge source."""

    text: str
    start: int
    end: int
    concept: Concept
    kb: KnowledgeSource


class EntityLinker:
    """Longest-match dictionary NER over the names and aliases of the knowledge sources. Names shorter
    than 3 characters, and single lower-case common English words, are not matched (they are
    mostly words, not entities: "cold", "lead")."""

    def __init__(self, sources: Sequence[KnowledgeSource], max_words: int = 6, common_zipf: float = 4.0) -> None:
        self.sources, self.max_words, self.common_zipf = list(sources), max_words, common_zipf

    def is_word(self, text: str) -> bool:
        """A single common English word ("Severe", "cold", an alias "sits"): not an entity name;
        acronyms are kept."""
        from wordfreq import zipf_frequency

        key = norm(text)
        return len(key) < 3 or (" " not in key and not text.isupper() and zipf_frequency(key, "en") >= self.common_zipf)

    @cached_property
    def _names(self) -> dict[str, tuple[Concept, KnowledgeSource]]:
        names: dict[str, tuple[Concept, KnowledgeSource]] = {}
        for source in self.sources:
            for text, concept in source.names():
                key = norm(text)
                if key not in names and not self.is_word(text):
                    names[key] = (concept, source)
        return names

    def mentions(self, text: str) -> list[Link]:
        tokens = [(m.start(), m.end()) for m in _TOKEN.finditer(text)]
        out, i = [], 0
        while i < len(tokens):
            for j in range(min(len(tokens), i + self.max_words), i, -1):
                start, end = tokens[i][0], tokens[j - 1][1]
                found = self._names.get(norm(text[start:end]))
                if found:
                    out.append(Link(text[start:end], start, end, found[0], found[1]))
                    i = j
                    break
            else:
                i += 1
        return out


class ConceptVectors:
    """A concept's vector: its cui2vec row when given and present, else the embedding of its name."""

    def __init__(self, embedder=None, cui2vec: dict[str, np.ndarray] | None = None) -> None:
        self.embedder, self.cui2vec = embedder, cui2vec or {}
        self.kind = ("cui2vec" if cui2vec else "") + ("+" if cui2vec and embedder else "") + \
            (f"name embeddings ({embedder.name})" if embedder else "")

    def rank(self, concept: Concept, others: Sequence[Concept]) -> list[tuple[Concept, float]]:
        """`others` by cosine to `concept`, highest first (ties by id)."""
        if not others:
            return []
        if self.cui2vec and concept.id in self.cui2vec:
            have = [c for c in others if c.id in self.cui2vec]
            base = self.cui2vec[concept.id]
            matrix = np.stack([self.cui2vec[c.id] for c in have]) if have else np.zeros((0, len(base)))
        elif self.embedder is not None:
            have = list(others)
            vectors = self.embedder.encode([concept.name] + [c.name for c in have])
            base, matrix = vectors[0], vectors[1:]
        else:
            return [(c, 0.0) for c in others]
        from monalog_perturb.backends.embeddings import cosine

        sims = cosine(base, matrix) if len(have) else []
        return sorted(zip(have, (float(s) for s in sims)), key=lambda x: (-x[1], x[0].id))


def match_case(form: str, original: str) -> str:
    """A sibling's name cased like the text it replaces ("Acute kidney injury" mid-sentence after
    "chronic kidney disease" -> "acute kidney injury"); acronyms and mixed-case symbols keep theirs."""
    first_word = form.split(" ")[0]
    if original[:1].islower() and form[:1].isupper() and first_word[1:] == first_word[1:].lower():
        return form[:1].lower() + form[1:]
    if original[:1].isupper() and form[:1].islower():
        return form[:1].upper() + form[1:]
    return form


class SiblingReplacement(Transformation):
    """Every linked entity replaced by each of its top-N same-type siblings, in each surface form."""

    name = "kb-sibling"

    def __init__(self, linker: EntityLinker, vectors: ConceptVectors, top_n: int = 20) -> None:
        self.linker, self.vectors, self.top_n = linker, vectors, top_n

    def _transform(self, candidate: Candidate) -> list[Candidate]:
        out = []
        for link in self.linker.mentions(candidate.text):
            siblings = link.kb.siblings(link.concept)
            for sibling, similarity in self.vectors.rank(link.concept, siblings)[:self.top_n]:
                for form in sibling.surface_forms():
                    if norm(form) == norm(link.text) or self.linker.is_word(form):
                        continue
                    out.append(candidate.edited(link.start, link.end, match_case(form, link.text), self.name,
                                                kb=link.kb.name,
                                                concept=link.concept, sibling=sibling, similarity=similarity))
        return out


class RandomSameType(Transformation):
    """Baseline: each linked entity replaced by concepts of the same type drawn at random (seeded)."""

    name = "random-same-type"

    def __init__(self, linker: EntityLinker, rng: random.Random, samples: int = 5) -> None:
        self.linker, self.rng, self.samples = linker, rng, samples

    def _transform(self, candidate: Candidate) -> list[Candidate]:
        out = []
        for link in self.linker.mentions(candidate.text):
            pool = sorted(cid for cid, c in link.kb.concepts.items()
                          if c.type == link.concept.type and cid != link.concept.id)
            for cid in self.rng.sample(pool, min(self.samples, len(pool))):
                other = link.kb.concepts[cid]
                out.append(candidate.edited(link.start, link.end, other.name, self.name, kb=link.kb.name,
                                            concept=link.concept, sibling=other, similarity=None))
        return out


class MaskedInfill(Transformation):
    """Baseline: the entity masked and refilled with a masked LM's top predictions (keyword infilling)."""

    name = "mlm-infill"

    def __init__(self, linker: EntityLinker, model: str, top_k: int = 5, device: str | None = None) -> None:
        from monalog_perturb.backends.mlm import MaskFiller

        self.linker, self.top_k, self.filler = linker, top_k, MaskFiller(model, device)

    def _transform(self, candidate: Candidate) -> list[Candidate]:
        out = []
        for link in self.linker.mentions(candidate.text):
            words = [w for w in self.filler.fill(candidate.text, link.start, link.end, self.top_k * 4)
                     if norm(w) != norm(link.text)]
            out += [candidate.edited(link.start, link.end, word, self.name, kb=link.kb.name, concept=link.concept,
                                     sibling=None, similarity=None) for word in words[:self.top_k]]
        return out


class ContradictionGoal(Goal):
    """The teacher's probability that the original claim contradicts the candidate (0 when it abstains)."""

    name = "contradiction"

    def __init__(self, teacher, threshold: float = 0.0) -> None:
        super().__init__(threshold)
        self.teacher = teacher

    def _scores(self, original: Candidate, candidates: list[Candidate]) -> list[float]:
        scores = self.teacher.scores([(original.text, c.text) for c in candidates])
        return [s["CONTRADICTION"] if s else 0.0 for s in scores]


class KBINSearch(Search):
    """The most fluent variant per sibling, then the best by the goal (or by fluency without one)."""

    name = "kbin"

    def __init__(self, fluency, rng: random.Random | None = None) -> None:
        self.fluency, self.rng = fluency, rng

    def __call__(self, original, transformation, constraints, goal) -> list[Candidate]:
        candidates = filtered(original, transformation(original), constraints)
        if not candidates:
            return []
        considered = len(candidates)
        fluency = self.fluency.score([c.text for c in candidates])
        candidates = [c.scored("fluency", f) for c, f in zip(candidates, fluency)]
        best: dict[tuple, Candidate] = {}
        for c in candidates:
            sibling = c.edit.provenance.get("sibling")
            key = (c.edit.start, sibling.id if sibling else c.text)
            if key not in best or c.score("fluency") > best[key].score("fluency"):
                best[key] = c
        variants = list(best.values())
        if goal is not None:
            variants = goal(original, variants)
            chosen = max(variants, key=lambda c: (c.score(goal.name), c.score("fluency")))
        elif self.rng is not None:               # the random baseline: no ranking at all
            chosen = self.rng.choice(variants)
        else:
            chosen = max(variants, key=lambda c: c.score("fluency"))
        return [chosen.scored("candidates", considered).scored("variants", len(variants))]


def kbin_recipe(linker: EntityLinker, vectors: ConceptVectors, fluency, teacher=None, top_n: int = 20) -> Recipe:
    return Recipe("kbin", CITATION, SiblingReplacement(linker, vectors, top_n), (),
                  ContradictionGoal(teacher) if teacher else None, KBINSearch(fluency))


def random_recipe(linker: EntityLinker, fluency, seed: int = 0) -> Recipe:
    rng = random.Random(seed)
    return Recipe("random", CITATION + " (baseline: random same-type entity)", RandomSameType(linker, rng), (),
                  None, KBINSearch(fluency, rng=rng))


def mlm_recipe(linker: EntityLinker, model: str, fluency, teacher=None) -> Recipe:
    return Recipe("mlm", CITATION + " (baseline: keyword infilling with a masked LM)", MaskedInfill(linker, model),
                  (), ContradictionGoal(teacher) if teacher else None, KBINSearch(fluency))
