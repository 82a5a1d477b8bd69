"""KBIN's transformations (Wright et al. 2022, section 4): an entity swapped for a same-type sibling
in a knowledge source, and the paper's baselines (a random same-type concept; masked-LM infilling)."""
from __future__ import annotations

import random
from typing import Sequence  # noqa: F401

from monalog_perturb.candidate import Candidate
from monalog_perturb.knowledge.linking import ConceptVectors, EntityLinker
from monalog_perturb.knowledge.sources import norm
from monalog_perturb.transformations.base import Transformation


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
