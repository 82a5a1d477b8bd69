"""EvoNLI (SciCon 2025, Algorithm 1 and Appendix E): evolve sentence2 of a pair toward contradicting
sentence1 with word-level mutations, a teacher (CLASSIFY), SIMSCORE and CLAIMSCORE; the ablations
(random or masked-LM mutations, no similarity check, no claim check) swap or switch parts off.

Pairs are mined from abstracts with rhetorical roles (PubMed 200k/20k RCT format): result-conclusion
and conclusion-conclusion pairs within an abstract, in random (seeded) order; with an LLM, the
supporting-result prompt picks one result per conclusion instead of all.
"""
from __future__ import annotations

import os
import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator, Sequence

from monalog.rows import BadRow, Row, read_jsonl, whole_lines
from monalog_perturb.backends.chat import HttpChatClient
from monalog_perturb.bio.conclusions import read_rct
from monalog_perturb.backends.embeddings import Embedder
from monalog_perturb.backends.fluency import load_fluency
from monalog_perturb.backends.nli import load_teacher
from monalog_perturb.constraints.claim import ClaimCheck
from monalog_perturb.constraints.similarity import SimilarityCheck
from monalog_perturb.knowledge.linking import ConceptVectors, EntityLinker
from monalog_perturb.knowledge.registry import knowledge_source
from monalog_perturb.protocols import ChatClient
from monalog_perturb.recipes.reports import EvoReport
from monalog_perturb.resources import prompt
from monalog_perturb.runner import make_row
from monalog_perturb.searches.evolution import EvoNLI, EvoResult, EvoSettings, PairItem
from monalog_perturb.transformations.base import CompositeTransformation, Transformation
from monalog_perturb.transformations.kb import SiblingReplacement
from monalog_perturb.transformations.mutations import (
    ChatReplacement, IdentifierSafe, ListedOpposites, MaskedReplacement, NegationToggle, NumberChange,
    RandomReplacement, WordNetAntonyms, mutation_type)

CITATION = "SciCon (2025): EvoNLI, Algorithm 1 and Appendix E"
LABEL = "CONTRADICTION"


@dataclass(frozen=True)
class EvoOptions:
    """`monalog perturb evonli`'s settings."""

    teacher: str | None = "monalog"
    n_pop: int = 4
    n_candidates: int = 5
    max_iterations: int = 4
    t_conf: float = 0.4
    t_sim: float = 0.5
    t_claim: float = 0.9
    ablation: tuple[str, ...] | list[str] | None = None
    kb_source: tuple[str, ...] | list[str] | None = None
    embeddings: str = "minilm"
    lm: str | None = None
    mlm: str | None = None
    seed: int = 0
    device: str | None = None
    llm_base_url: str | None = None
    llm_model: str | None = None
    llm_cache: str | None = None

    def settings(self) -> EvoSettings:
        ablations = set(self.ablation or ())
        return EvoSettings(self.n_pop, self.n_candidates, self.max_iterations, self.t_conf, self.t_sim, self.t_claim,
                           "no-similarity" not in ablations, "no-claim" not in ablations, self.seed,
                           "no-rule-check" not in ablations, "no-skip" not in ablations)


def mine_pairs(abstracts: Iterable[tuple[str, list[tuple[str, str]]]], rng: random.Random,
               client: ChatClient | None = None) -> list[PairItem]:
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


def read_items(path: str | Path, seed: int = 0, client: ChatClient | None = None) -> Iterator[PairItem | BadRow]:
    """Pairs from JSONL {id, sentence1, sentence2}, or mined from abstracts in the PubMed RCT format
    (a file whose first line starts with ###)."""
    first = next((line for _, line in whole_lines(path) if line.strip()), "")
    if first.startswith("###"):
        yield from mine_pairs(read_rct(path), random.Random(seed), client)
        return
    for row in read_jsonl(path):
        if isinstance(row, Row) and (first_text := row.text("sentence1")) and (second := row.text("sentence2")):
            yield PairItem(str(row.fields.get("id", row.line)), first_text, second)
        else:
            yield row if isinstance(row, BadRow) else BadRow(row.line, "needs \"sentence1\" and \"sentence2\"")


def offline_mutations(extra: Sequence[Transformation] = ()) -> Transformation:
    """The offline REPLACEWORDS: listed opposites, negation, numbers, WordNet antonyms (+ `extra`); a
    name that holds a number (IL-6, COVID-19) is never changed."""
    return IdentifierSafe(CompositeTransformation([ListedOpposites(), NegationToggle(), NumberChange(),
                                                   WordNetAntonyms(), *extra]))


def chat_client(base_url: str | None, model: str | None, cache: str | None) -> ChatClient | None:
    """The chat backend when a model is named (or MONALOG_LLM_MODEL is set); None: offline."""
    if not (model or os.environ.get("MONALOG_LLM_MODEL")):
        return None
    return HttpChatClient(base_url, model, cache_dir=cache)


def mutations(options: EvoOptions, client: ChatClient | None) -> Transformation:
    """REPLACEWORDS: an ablation's, the chat prompt's, or the offline mutations (+ KB siblings), never
    changing a name that holds a number (IL-6, COVID-19: `IdentifierSafe`)."""
    replace_words = _replace_words(options, client)
    return replace_words if isinstance(replace_words, IdentifierSafe) else IdentifierSafe(replace_words)


def _replace_words(options: EvoOptions, client: ChatClient | None) -> Transformation:
    ablations = set(options.ablation or ())
    if "random" in ablations:
        return RandomReplacement(random.Random(options.seed))
    if "mlm" in ablations:
        if not options.mlm:
            raise ValueError("the mlm ablation needs --mlm MODEL")
        return MaskedReplacement(options.mlm, device=options.device)
    if client is not None:
        return ChatReplacement(client, options.n_candidates)
    extra = []
    if options.kb_source:
        linker = EntityLinker([knowledge_source(k).load() for k in options.kb_source])
        extra.append(SiblingReplacement(linker, ConceptVectors(), 5))
    return offline_mutations(extra)


class EvoGenerator:
    """EvoNLI over pairs: the successful contradiction of each pair (if any), and the report."""

    def __init__(self, evo: EvoNLI, client: ChatClient | None = None, teacher: str | None = None,
                 claim_scorer: str = "") -> None:
        self.claim_scorer = claim_scorer
        self.evo, self.client, self.teacher, self.name = evo, client, teacher, "evonli"
        self.report = EvoReport()

    def __call__(self, item: PairItem) -> list[dict]:
        result = self.evo.run(item)
        kind = mutation_type(result.success, self.client) if result.success else None
        self.report.add(result, kind)
        return [self.row(result, kind)] if result.success else []

    def row(self, result: EvoResult, kind: str | None) -> dict:
        c, s = result.success, self.evo.settings
        if c is None:
            raise ValueError(f"pair {result.item.id}: no successful contradiction to write")
        scores = {"confidence": c.score("confidence"), "similarity": c.score("similarity"), "claim": c.score("claim")}
        provenance = {"teacher": self.teacher, "mutation_type": kind, "opposition": result.opposition,
                      "iterations": result.iterations,
                      "max_iterations": s.max_iterations, "t_conf": s.t_conf,
                      "t_sim": s.t_sim if s.similarity_check else None,
                      "t_claim": s.t_claim if s.claim_check else None,
                      "history": [e.as_json() for e in c.history()]}
        return make_row(result.item.id, result.item.sentence2, c.text, LABEL, "evonli", c.net_edit(), scores,
                        provenance, premise=result.item.sentence1)


def build(options: EvoOptions) -> EvoGenerator:
    """EvoNLI with the options' teacher, REPLACEWORDS, SIMSCORE and CLAIMSCORE (chat or offline)."""
    settings = options.settings()
    client = chat_client(options.llm_base_url, options.llm_model, options.llm_cache)
    mutate = mutations(options, client)
    embedder = None
    if settings.similarity_check and not client:
        embedder = Embedder(options.embeddings, options.device)
    fluency = load_fluency(options.lm, options.mlm, options.device)
    teacher = load_teacher(options.teacher, options.device)
    if teacher is None:
        raise ValueError("EvoNLI needs a teacher (CLASSIFY): --teacher monalog, a folder or an NLI model")
    evo = EvoNLI(mutate, teacher,
                 SimilarityCheck(settings.t_sim, embedder, client), ClaimCheck(settings.t_claim, fluency, client),
                 settings)
    return EvoGenerator(evo, client, options.teacher, "llm" if client else fluency.kind)
