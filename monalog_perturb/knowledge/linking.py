"""Entity linking against knowledge sources (longest dictionary match) and concept vectors
(cui2vec rows or name embeddings), as KBIN uses them (Wright et al. 2022, section 4)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Iterable, Sequence

import numpy as np

from monalog_perturb.backends.embeddings import cosine
from monalog_perturb.bio.abbreviations import Abbreviation, find_abbreviations
from monalog_perturb.bio.grammatical_number import singular
from monalog_perturb.bio.names import (COMMON_ZIPF, after_substituent, head_after, is_common_word, is_symbol, name_key,
                                       refusal, symbol_key, word_spans)
from monalog_perturb.knowledge.sources import Concept, KnowledgeSource, norm
from monalog_perturb.protocols import Embedder


@dataclass(frozen=True)
class Link:
    """An entity mention linked to a concept of one knowledge source."""

    text: str
    start: int
    end: int
    concept: Concept
    kb: KnowledgeSource


class EntityLinker:
    """Longest-match dictionary NER over the names and aliases of the knowledge sources, with BioNLI's
    rules for names (bio/names.py): names shorter than 3 characters and common English words are not
    matched ("cold", "lead", "severe"), a symbol that is a word only with its own case ("WAS"); a name
    that modifies a head noun ("dengue" of "dengue fever") or lies inside a "long form (ACRONYM)" pair
    is not linked, nor is the acronym of such a pair on its own."""

    def __init__(self, sources: Sequence[KnowledgeSource], max_words: int = 6,
                 common_zipf: float = COMMON_ZIPF) -> None:
        self.sources, self.max_words, self.common_zipf = list(sources), max_words, common_zipf

    def is_word(self, text: str) -> bool:
        """A common English word ("Severe", "cold", an alias "sits"), not an entity name; symbols
        (capitals past the first letter) are names, matched with their own case, unless they are
        generic nouns, numbers, units or function words ("HR", "nM": names.refusal)."""
        key = norm(text)
        return len(key) < 3 or refusal(text) is not None or \
            (is_common_word(name_key(text), self.common_zipf) and not is_symbol(text))

    @cached_property
    def _index(self) -> tuple[dict[str, tuple[Concept, KnowledgeSource]], dict[str, tuple[Concept, KnowledgeSource]]]:
        names: dict[str, tuple[Concept, KnowledgeSource]] = {}
        symbols: dict[str, tuple[Concept, KnowledgeSource]] = {}
        for source in self.sources:
            for text, concept in source.names():
                key = name_key(text)
                if self.is_word(text):
                    continue
                if is_symbol(text) and is_common_word(key, self.common_zipf):
                    symbols.setdefault(symbol_key(text), (concept, source))
                else:
                    names.setdefault(key, (concept, source))
        return names, symbols

    def _find(self, text: str) -> tuple[Concept, KnowledgeSource] | None:
        names, symbols = self._index
        return names.get(name_key(text)) or symbols.get(symbol_key(text)) or self._plural_of(text)

    def _plural_of(self, text: str) -> tuple[Concept, KnowledgeSource] | None:
        """The concept a plural of a name (not a symbol) stands for: "migraines", "granulomas",
        "atherosclerotic lesions" (the singular not a common word)."""
        last = text.rsplit(" ", 1)[-1]
        if is_symbol(last) or not last.isalpha() or not last.islower() and not last.istitle():
            return None
        single = singular(text)
        found = self._index[0].get(name_key(single)) if single != text else None
        return found if found and not self.is_word(single) else None

    def _starts_name(self, text: str, tokens: list[tuple[int, int]]) -> bool:
        """A name starts at the first token ("lysine histone demethylase": "lysine" modifies it)."""
        spans = (text[tokens[0][0]:tokens[k - 1][1]] for k in range(1, min(len(tokens), 3) + 1))
        return any(self._find(span) and not self.is_word(span) for span in spans)

    def mentions(self, text: str) -> list[Link]:
        tokens = word_spans(text)
        out, i = [], 0
        while i < len(tokens):
            for j in range(min(len(tokens), i + self.max_words), i, -1):
                start, end = tokens[i][0], tokens[j - 1][1]
                found = self._find(text[start:end])
                if not found:
                    continue
                head = head_after(text, end)
                if head is not None:
                    i = next((k for k in range(i, len(tokens)) if tokens[k][0] >= head), len(tokens))
                elif after_substituent(text, start) or part_of_longer(text, start, end) or \
                        (j < len(tokens) and text[end:tokens[j][0]] == " " and self._starts_name(text, tokens[j:])):
                    i = j
                else:
                    out.append(Link(text[start:end], start, end, found[0], found[1]))
                    i = j
                break
            else:
                i += 1
        return _outside_pairs(out, find_abbreviations(text))


_NUMBERED = re.compile(r" (?:\d+[A-Za-z]?|[IVX]+|[A-Z])(?![\w-])")      # "sorting nexin 2", "factor XIII"
_COMPOUND_AFTER = re.compile(r"(?:-(?:related|like|associated|type) \w|\s(?:neurons?|neurones?)\b)")
_ACRONYM_BEFORE = re.compile(r"(?<![\w-])[A-Z][A-Z0-9]+(?:-[A-Z0-9]+)* $")   # "LDL cholesterol"
_MODIFIER_THEN_NOUN = re.compile(r" [a-z]+(?:ory|al|ic|ing|ion|ive) (?:factors?|proteins?|inhibitors?|receptors?|"
                                 r"enzymes?|kinases?|domains?|genes?|complex|antigens?|channels?)\b", re.I)


def part_of_longer(text: str, start: int, end: int) -> bool:
    """The span is a part of a longer name: a number or letter follows ("sorting nexin 2"), an
    acronym precedes ("LDL cholesterol"), a "-related"/"-like" compound or "neurons" follows
    ("retinoic acid receptor-related orphan receptor", "hypocretin neurons"), or an adjective and a
    name noun follow ("Leukemia inhibitory factor", "guanine nucleotide dissociation inhibitor")."""
    return bool(_NUMBERED.match(text, end) or _ACRONYM_BEFORE.search(text[:start])
                or _COMPOUND_AFTER.match(text, end)
                or _MODIFIER_THEN_NOUN.match(text, end))


def _outside_pairs(links: list[Link], pairs: list[Abbreviation]) -> list[Link]:
    """Links that neither split a long form nor stand for the acronym in its definition."""
    def splits(link: Link, a: Abbreviation) -> bool:
        inside = a.long_start <= link.start and link.end <= a.long_end and (link.start, link.end) != (a.long_start,
                                                                                                       a.long_end)
        return inside or (a.short_start <= link.start and link.end <= a.short_end)

    return [link for link in links if not any(splits(link, a) for a in pairs)]


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
        sims: Iterable[float] = cosine(base, matrix) if len(have) else []
        return sorted(zip(have, (float(s) for s in sims)), key=lambda x: (-x[1], x[0].id))
