"""One small semantic type system for every entity source (issue 17, item 1): gene/protein,
chemical/drug, disease/phenotype, cell type/cell line, biological process, organism, anatomy.

Each source is mapped onto it by what the source says about a name, never by the source's own name:
UMLS semantic types (MRSTY TUIs, kb/umls_semantic_types.tsv, after the UMLS semantic groups), MeSH
tree numbers (DrugBank's entries: D08.811 enzymes and D12.776 proteins are gene/protein, the rest of D
chemical/drug, C disease, B organism, A11 cells, A anatomy, G processes), OpenBEL namespaces by keyword,
OBO ontologies by id prefix, and the labels of name lists and NER models ("drug", "GENE_OR_GENE_PRODUCT",
"CELL_LINE", "T116", "HGNC")."""
from __future__ import annotations

from enum import StrEnum
from functools import lru_cache
from typing import Iterable

from monalog.fileio import read_table
from monalog_perturb.resources import data_path


class SemType(StrEnum):
    GENE_PROTEIN = "gene/protein"
    CHEMICAL = "chemical/drug"
    DISEASE = "disease/phenotype"
    CELL = "cell type/cell line"
    PROCESS = "biological process"
    ORGANISM = "organism"
    ANATOMY = "anatomy"


# a concept with several types takes the first of these it has
PRECEDENCE = (SemType.GENE_PROTEIN, SemType.DISEASE, SemType.CHEMICAL, SemType.CELL, SemType.ORGANISM,
              SemType.ANATOMY, SemType.PROCESS)

_ALIASES: dict[SemType, tuple[str, ...]] = {
    SemType.GENE_PROTEIN: ("gene", "genes", "protein", "proteins", "gene or protein", "gene or gene product",
                           "protein family", "family", "protein complex", "complex", "enzyme", "receptor",
                           "gene product", "mirna", "rna"),
    SemType.CHEMICAL: ("chemical", "chemicals", "drug", "drugs", "simple chemical", "compound", "metabolite",
                       "lipid", "vitamin", "hormone", "amino acid", "small molecule", "substance"),
    SemType.DISEASE: ("disease", "diseases", "phenotype", "disorder", "pathology", "symptom", "cancer",
                      "syndrome", "finding", "disease or syndrome"),
    SemType.CELL: ("cell", "cells", "cell type", "cell line", "cell lines", "celltype", "cellline"),
    SemType.PROCESS: ("process", "biological process", "bioprocess", "pathway", "function", "biological function"),
    SemType.ORGANISM: ("organism", "species", "taxon", "virus", "bacterium", "bacteria"),
    SemType.ANATOMY: ("anatomy", "organ", "tissue", "organ or tissue", "body part", "cellular component",
                      "cell component", "anatomical structure"),
}

# OpenBEL namespace keywords (and OBO id prefixes) -> type
_NAMESPACES: dict[str, SemType] = {
    **dict.fromkeys(("HGNC", "MGI", "RGD", "SFAM", "SCOMP", "EGID", "SP", "FPLX", "UP", "UPISO", "PR", "MIRBASE",
                     "FAMPLEX", "NCBIGENE", "ENTREZ"), SemType.GENE_PROTEIN),
    **dict.fromkeys(("CHEBI", "CHEBIID", "SCHEM", "PUBCHEM", "HMDB", "DRUGBANK", "CHEMBL"), SemType.CHEMICAL),
    **dict.fromkeys(("DO", "DOID", "MESHD", "SDIS", "HP", "HPO", "MONDO", "ORDO", "OMIM", "MP"), SemType.DISEASE),
    **dict.fromkeys(("GOBP", "MESHPP", "GO"), SemType.PROCESS),
    **dict.fromkeys(("GOCC", "MESHCS", "UBERON", "FMA", "MA"), SemType.ANATOMY),
    **dict.fromkeys(("CL", "CLO", "CELLOSAURUS", "CVCL", "MESHCL", "EFO_CL"), SemType.CELL),
    **dict.fromkeys(("NCBITAXON", "SPECIES", "TAXONOMY"), SemType.ORGANISM),
}

_DOMAINS = {"gene and gene products": SemType.GENE_PROTEIN, "gene/protein": SemType.GENE_PROTEIN,
            "chemical": SemType.CHEMICAL, "biological process": SemType.PROCESS}


def _label_key(label: str) -> str:
    return " ".join(label.lower().replace("_", " ").replace("-", " ").split())


@lru_cache(maxsize=1)
def _aliases() -> dict[str, SemType]:
    out = {_label_key(t.value): t for t in SemType}
    for type_, names in _ALIASES.items():
        out.update((_label_key(name), type_) for name in names)
    return out


@lru_cache(maxsize=1)
def tui_types() -> dict[str, SemType]:
    """UMLS TUI -> type (kb/umls_semantic_types.tsv)."""
    return {row["tui"]: SemType(row["type"]) for row in read_table(data_path("umls_semantic_types.tsv"))}


def parse_label(label: str | SemType) -> SemType | None:
    """A type label of any source (a type's name or alias, an NER label, a TUI, a namespace keyword)."""
    if isinstance(label, SemType):
        return label
    text = label.strip()
    if text.upper() in _NAMESPACES:
        return _NAMESPACES[text.upper()]
    if text.upper() in tui_types():
        return tui_types()[text.upper()]
    return _aliases().get(_label_key(text))


def first(types: Iterable[SemType | None]) -> SemType | None:
    """The type that wins among a concept's several (PRECEDENCE)."""
    found = {t for t in types if t is not None}
    return next((t for t in PRECEDENCE if t in found), None)


def from_tuis(tuis: Iterable[str]) -> SemType | None:
    """A UMLS concept's type from all of its semantic types (MRSTY)."""
    table = tui_types()
    return first(table.get(tui) for tui in tuis)


_PROTEIN_TREES = ("D08.811", "D12.776", "D12.644.276", "D23.529", "D23.050.301")


def _tree_type(tree: str) -> SemType | None:
    if tree.startswith(_PROTEIN_TREES):
        return SemType.GENE_PROTEIN
    if tree.startswith("A11"):
        return SemType.CELL
    return {"D": SemType.CHEMICAL, "C": SemType.DISEASE, "B": SemType.ORGANISM, "A": SemType.ANATOMY,
            "G": SemType.PROCESS}.get(tree[:1])


def from_mesh_trees(trees: Iterable[str]) -> SemType | None:
    """A MeSH descriptor's type from its tree numbers (None without one)."""
    return first(_tree_type(tree) for tree in trees)


def from_belns(keyword: str, domain: str = "") -> SemType | None:
    """An OpenBEL namespace's type, by its keyword, else by its DomainString."""
    return _NAMESPACES.get(keyword.upper()) or _DOMAINS.get(domain.strip().lower())


def from_obo_id(term_id: str, namespace: str = "") -> SemType | None:
    """An OBO term's type from its id prefix (GO by its namespace: cellular_component is anatomy)."""
    prefix = term_id.split(":", 1)[0].upper()
    if prefix == "GO" and namespace == "cellular_component":
        return SemType.ANATOMY
    return _NAMESPACES.get(prefix)
