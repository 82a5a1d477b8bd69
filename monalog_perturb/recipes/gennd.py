"""BioNLI's GEN-ND (Bastan et al. 2022, "BioNLI: Generating a Biomedical NLI Dataset Using
Lexico-semantic Constraints for Adversarial Examples", section 3.3): conclusions written by a seq2seq
model from the premise under lexical constraints (swap the entities' roles, or forbid the regulator),
kept inside an embedding-similarity window (on topic, not a paraphrase)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from monalog.rows import BadRow
from monalog_perturb.backends.embeddings import Embedder
from monalog_perturb.bio.bionli import NOT_ENTAILMENT
from monalog_perturb.bio.records import MechanismRecord
from monalog_perturb.recipes.bionli import make_typer, read_items as read_records
from monalog_perturb.runner import make_row
from monalog_perturb.transformations.generation import GenND

CITATION = "Bastan et al. 2022, BioNLI (GEN-ND: constrained generation of negatives)"


@dataclass(frozen=True)
class GenNDOptions:
    """`monalog perturb gen-nd`'s settings."""

    model: str
    mode: str = "swap"
    beams: int = 4
    max_new_tokens: int = 48
    delta: float = 0.95
    min_similarity: float = 0.5
    embeddings: str = "minilm"
    vocab: tuple[str, ...] | list[str] | None = None
    vocab_source: tuple[str, ...] | list[str] | None = None
    device: str | None = None


def read_items(path: str | Path) -> Iterator[MechanismRecord | BadRow]:
    """Mechanism records with <re>/<el> markers (JSONL or BioNLI's CSV)."""
    return read_records(path, False, None)


class GenNDGenerator:
    """GEN-ND per record: at most one generated conclusion, labelled NOT_ENTAILMENT."""

    def __init__(self, gennd: GenND) -> None:
        self.gennd, self.name = gennd, "gen-nd"

    def __call__(self, record: MechanismRecord) -> list[dict]:
        return [make_row(record.id, c.last_edit().before, c.text, NOT_ENTAILMENT, "gen-nd", c.edit, dict(c.scores),
                         {"strategy": "GEN-ND", **c.last_edit().provenance}, premise=record.premise)
                for c in self.gennd(record)]


def build(options: GenNDOptions) -> GenNDGenerator:
    """GEN-ND with the options' model, typing, constraint mode and similarity window."""
    typer = make_typer(options.vocab, options.vocab_source)
    return GenNDGenerator(GenND(options.model, typer, Embedder(options.embeddings, options.device), options.mode,
                               options.beams, options.max_new_tokens, options.delta, options.min_similarity,
                               options.device))
