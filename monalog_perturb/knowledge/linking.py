"""Entity linking against knowledge sources (longest dictionary match) and concept vectors
(cui2vec rows or name embeddings), as KBIN uses them (Wright et al. 2022, section 4)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Iterable, Sequence

import numpy as np

from monalog_perturb.knowledge.sources import Concept, KnowledgeSource, norm
from monalog_perturb.protocols import Embedder

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

    def __init__(self, embedder: Embedder | None = None, cui2vec: dict[str, np.ndarray] | None = None) -> None:
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

        sims: Iterable[float] = cosine(base, matrix) if len(have) else []
        return sorted(zip(have, (float(s) for s in sims)), key=lambda x: (-x[1], x[0].id))
