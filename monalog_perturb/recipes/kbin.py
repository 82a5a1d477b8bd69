"""KBIN (Wright et al. 2022, "Generating Scientific Claims for Zero-Shot Scientific Fact Checking",
ACL, section 4, Algorithm 1): knowledge-base-informed negations of a claim.

dictionary NER (whole names only) -> link each entity to a concept -> its exclusive siblings of the
same type (same parent; no ancestor, descendant, synonym or name containing the other) -> the top N
by concept-vector cosine -> each sibling's preferred name (an alias only when that name is unusable),
cased like the original, a "name (ACRONYM)" pair and every mention replaced consistently -> the
variant the NLI teacher finds most contradictory of the original claim; without a teacher the most
fluent by a language model, or with unigram fluency only the sibling closest to the original.
Baselines from the paper: random same-type replacement (`baseline="random"`) and keyword infilling
with a masked LM (`"mlm"`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from monalog_perturb.backends.embeddings import Embedder
from monalog_perturb.backends.fluency import load_fluency
from monalog_perturb.backends.nli import load_teacher
from monalog_perturb.candidate import Candidate
from monalog_perturb.claims import Claim
from monalog_perturb.goals.contradiction import ContradictionGoal
from monalog_perturb.knowledge.linking import ConceptVectors, EntityLinker
from monalog_perturb.knowledge.registry import knowledge_source
from monalog_perturb.knowledge.sources import Concept, read_cui2vec
from monalog_perturb.protocols import Fluency, Teacher
from monalog_perturb.recipes.base import Recipe
from monalog_perturb.recipes.reports import KbinReport
from monalog_perturb.resources import data_path
from monalog_perturb.runner import make_row
from monalog_perturb.searches.beam import KBINSearch
from monalog_perturb.transformations.kb import MaskedInfill, RandomSameType, SiblingReplacement

CITATION = "Wright et al. 2022, Generating Scientific Claims for Zero-Shot Scientific Fact Checking (ACL)"
LABEL = "CONTRADICTION"


@dataclass(frozen=True)
class KbinOptions:
    """`monalog perturb kbin`'s settings (None: the packaged DrugBank, HPO and FamPlex sources)."""

    kb_source: tuple[str, ...] | list[str] | None = None
    teacher: str | None = None
    lm: str | None = None
    mlm: str | None = None
    embeddings: str = "minilm"
    cui2vec: str | None = None
    top_n: int = 20
    baseline: str | None = None
    seed: int = 0
    device: str | None = None


def kbin_recipe(linker: EntityLinker, vectors: ConceptVectors, fluency: Fluency, teacher: Teacher | None = None,
                top_n: int = 20) -> Recipe:
    return Recipe("kbin", CITATION, SiblingReplacement(linker, vectors, top_n), (),
                  ContradictionGoal(teacher) if teacher else None, KBINSearch(fluency))


def random_recipe(linker: EntityLinker, fluency: Fluency, seed: int = 0) -> Recipe:
    rng = random.Random(seed)
    return Recipe("random", CITATION + " (baseline: random same-type entity)", RandomSameType(linker, rng), (),
                  None, KBINSearch(fluency, rng=rng))


def mlm_recipe(linker: EntityLinker, model: str, fluency: Fluency, teacher: Teacher | None = None,
               device: str | None = None) -> Recipe:
    return Recipe("mlm", CITATION + " (baseline: keyword infilling with a masked LM)",
                  MaskedInfill(linker, model, device=device), (), ContradictionGoal(teacher) if teacher else None,
                  KBINSearch(fluency))


def _concept(concept: Concept | None) -> dict | None:
    return None if concept is None else {"id": concept.id, "name": concept.name, "type": concept.type}


class KbinGenerator:
    """A KBIN-style recipe over claims: at most one negation per claim, and a yield/score report."""

    def __init__(self, recipe: Recipe, fluency_kind: str, teacher: str | None = None,
                 sources: list[str] | None = None) -> None:
        self.sources = sources or []
        self.recipe, self.name, self.fluency_kind, self.teacher = recipe, "kbin", fluency_kind, teacher
        self.report = KbinReport()

    def __call__(self, claim: Claim) -> list[dict]:
        self.report.claims += 1
        self.report.candidates.append(0)
        chosen = self.recipe(Candidate.original(claim.text, context=claim))
        skipped = getattr(self.recipe.transformation, "skipped", None)
        if skipped is not None:
            self.report.skipped = dict(skipped)
        if not chosen:
            return []
        self.report.candidates[-1] = int(chosen[0].value("candidates"))
        row = self.row(claim, chosen[0])
        self.report.add(row)
        return [row]

    def row(self, claim: Claim, chosen: Candidate) -> dict:
        edit = chosen.last_edit()
        provenance = edit.provenance
        scores = {k: v for k, v in chosen.scores if k not in ("candidates", "variants")}
        if provenance.get("similarity") is not None:
            scores["similarity"] = provenance["similarity"]
        return make_row(claim.id, claim.text, chosen.text, LABEL, self.recipe.name, edit, scores,
                        {"kb": provenance.get("kb"), "concept": _concept(provenance.get("concept")),
                         "sibling": _concept(provenance.get("sibling")), "fluency": self.fluency_kind,
                         "teacher": self.teacher})


def build(options: KbinOptions) -> KbinGenerator:
    """KBIN (or a baseline) with its knowledge sources, fluency scorer, teacher and concept vectors."""
    specs = list(options.kb_source or ["drugs", "hpo", f"famplex:{data_path('famplex_relations.csv')}"])
    linker = EntityLinker([knowledge_source(spec).load() for spec in specs])
    fluency = load_fluency(options.lm, options.mlm if options.baseline != "mlm" else None, options.device)
    teacher = load_teacher(options.teacher, options.device)
    if options.baseline == "random":
        recipe = random_recipe(linker, fluency, options.seed)
    elif options.baseline == "mlm":
        if not options.mlm:
            raise ValueError("--baseline mlm needs --mlm MODEL (a masked LM)")
        recipe = mlm_recipe(linker, options.mlm, fluency, teacher, options.device)
    else:
        embedder = None if options.embeddings == "none" else Embedder(options.embeddings, options.device)
        vectors = ConceptVectors(embedder, read_cui2vec(options.cui2vec) if options.cui2vec else None)
        recipe = kbin_recipe(linker, vectors, fluency, teacher, options.top_n)
    return KbinGenerator(recipe, fluency.kind, options.teacher, specs)
