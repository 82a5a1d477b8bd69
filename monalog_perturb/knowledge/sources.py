"""Knowledge sources behind one interface: look a name up, read a concept's type, aliases, parents,
and its siblings of the same type (other children of its parents). Each source loads its data
into the same small graph (concepts + parent links), so only the loading differs:

- HPO from `hpo3`; drugs from `drug-named-entity-recognition` (parents = MeSH tree-number prefixes,
  so aspirin's siblings are the other drugs under its MeSH node); FamPlex (relations.csv: isa/partof);
- generic OBO ontologies via `pronto`; UMLS from a user's RRF files (MRCONSO names, MRSTY semantic
  types, MRREL PAR/CHD links; concepts with no parent fall back to siblings of the same semantic type).

`knowledge.registry` maps a `--kb-source` spec to these classes (`knowledge_source`).
"""
from __future__ import annotations

import csv
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Iterator

from monalog.errors import ResourceError
from monalog.fileio import unreadable
from monalog_perturb.bio.semtypes import SemType, from_mesh_trees, from_obo_id, from_tuis, parse_label
from monalog_perturb.bio.vocabularies import phenotypic_terms
from monalog_perturb.resources import data_path

if TYPE_CHECKING:
    import numpy as np


@dataclass(frozen=True)
class Concept:
    id: str
    name: str
    type: SemType
    source: str
    aliases: tuple[str, ...] = field(default=(), compare=False)

    def surface_forms(self) -> list[str]:
        """The name first, then distinct aliases."""
        seen, out = set(), []
        for text in (self.name,) + self.aliases:
            if text and text.lower() not in seen:
                seen.add(text.lower())
                out.append(text)
        return out


def norm(text: str) -> str:
    return " ".join(text.lower().replace("_", " ").split())


class KnowledgeSource:
    """Concepts, parent links and a name index; subclasses fill them in `_load`."""

    name = "source"
    same_type_fallback = False          # concepts without parents: siblings = all of the same type

    def __init__(self) -> None:
        self.concepts: dict[str, Concept] = {}
        self._parents: dict[str, set[str]] = defaultdict(set)
        self._children: dict[str, set[str]] = defaultdict(set)
        self._index: dict[str, str] = {}
        self._by_type: dict[str, list[str]] | None = None
        self._loaded = False

    # -- building -------------------------------------------------------------------------------
    def add(self, concept: Concept) -> None:
        self.concepts[concept.id] = concept
        for text in concept.surface_forms():
            self._index.setdefault(norm(text), concept.id)

    def link(self, child: str, parent: str) -> None:
        if child != parent:
            self._parents[child].add(parent)
            self._children[parent].add(child)

    def _ensure(self) -> None:
        if not self._loaded:
            self._load()
            self._loaded = True

    def load(self) -> "KnowledgeSource":
        """Read the source now: one that cannot be read, or holds no concept, is a ResourceError before any
        item runs (not a warning for each)."""
        self._ensure()
        if not self.concepts:
            raise ResourceError(f"knowledge source {self.name} holds no concepts", input=self.name)
        return self

    def _load(self) -> None:
        raise NotImplementedError

    # -- the interface --------------------------------------------------------------------------
    def names(self) -> Iterator[tuple[str, Concept]]:
        """Every surface form with its concept (for dictionary NER)."""
        self._ensure()
        for concept in self.concepts.values():
            for text in concept.surface_forms():
                yield text, concept

    def lookup(self, text: str) -> Concept | None:
        self._ensure()
        cid = self._index.get(norm(text))
        return self.concepts.get(cid) if cid else None

    def get(self, concept_id: str) -> Concept | None:
        self._ensure()
        return self.concepts.get(concept_id)

    def parents(self, concept: Concept) -> list[Concept]:
        self._ensure()
        return [self.concepts[p] for p in sorted(self._parents.get(concept.id, ())) if p in self.concepts]

    def siblings(self, concept: Concept) -> list[Concept]:
        """Other concepts of the same type under the same parents (sorted by id: deterministic)."""
        self._ensure()
        ids = {c for p in self._parents.get(concept.id, ()) for c in self._children.get(p, ())}
        if not ids and self.same_type_fallback:
            ids = set(self._type_index().get(concept.type, ()))
        ids.discard(concept.id)
        return [self.concepts[i] for i in sorted(ids) if i in self.concepts and self.concepts[i].type == concept.type]

    def _closure(self, start: str, links: dict[str, set[str]], limit: int = 5000) -> set[str]:
        seen: set[str] = set()
        todo = [start]
        while todo and len(seen) < limit:
            for nxt in links.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    def ancestors(self, concept: Concept) -> set[str]:
        self._ensure()
        return self._closure(concept.id, self._parents)

    def descendants(self, concept: Concept) -> set[str]:
        self._ensure()
        return self._closure(concept.id, self._children)

    def _type_index(self) -> dict[str, list[str]]:
        if self._by_type is None:
            self._by_type = defaultdict(list)
            for cid, concept in self.concepts.items():
                self._by_type[concept.type].append(cid)
        return self._by_type


def exclusive_siblings(source: KnowledgeSource, concept: Concept, mentioned: Iterable[str] = (),
                       lift: int = 2) -> list[Concept]:
    """Siblings that exclude the concept: same type and parent, not an ancestor or descendant of it
    (through another parent), and no synonym (no surface form shared with it or with `mentioned`,
    the normalised texts of its mentions). A concept that is its parents' only child takes its parents'
    siblings (up to `lift` levels up): a parent with one child draws no distinction ("Myocardial
    infarction", the only child of "Acute coronary syndrome", against "Angina pectoris")."""
    related = source.ancestors(concept) | source.descendants(concept)
    names = {norm(t) for t in concept.surface_forms()} | set(mentioned)
    found = [s for s in source.siblings(concept)
             if s.id not in related and not names & {norm(t) for t in s.surface_forms()}]
    if found or lift <= 0 or source.siblings(concept):
        return found
    lifted = {s.id: s for p in source.parents(concept) if p.type == concept.type
              for s in exclusive_siblings(source, p, names, lift - 1)}
    return [s for _, s in sorted(lifted.items()) if s.id not in related and s.type == concept.type]


def _need(module: str, package: str):
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise ResourceError(f"this knowledge source needs {package} (pip install {package})", input=package) from exc


class HPOSource(KnowledgeSource):
    """The Human Phenotype Ontology's phenotypic abnormalities from `hpo3` (no synonyms in this build:
    the clinical names of kb/hpo_clinical_names.tsv instead; not its clinical modifiers, frequencies or
    modes of inheritance)."""

    name = "hpo"

    def _load(self) -> None:
        aliases = _clinical_names()
        for term in phenotypic_terms():
            self.add(Concept(term.id, term.name, SemType.DISEASE, self.name, aliases.get(term.name.lower(), ())))
            for parent in term.parents:
                self.link(term.id, parent.id)


def _clinical_names() -> dict[str, tuple[str, ...]]:
    """HPO term name (lower case) -> the clinical names kb/hpo_clinical_names.tsv gives it ("Breast
    carcinoma" -> "breast cancer")."""
    out: dict[str, list[str]] = defaultdict(list)
    for line in data_path("hpo_clinical_names.tsv").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            alias, _, term = line.partition("\t")
            out[term.strip().lower()].append(alias.strip())
    return {term: tuple(names) for term, names in out.items()}


class DrugSource(KnowledgeSource):
    """DrugBank names from `drug-named-entity-recognition`, typed by their MeSH tree numbers (an
    enzyme or protein is gene/protein; no tree: chemical/drug); parents are MeSH tree-number prefixes
    (tree numbers, not MeSH ids, which are not unique per drug)."""

    name = "drugs"

    def _load(self) -> None:
        finder = _need("drug_named_entity_recognition.drugs_finder", "drug-named-entity-recognition")
        for canonical, data in sorted(finder.drug_canonical_to_data.items()):
            trees = data.get("mesh_tree") or []
            cid = data.get("drugbank_id") or f"drug:{canonical}"
            synonyms = tuple(s for s in data.get("synonyms", ()) if s.lower() != canonical)[:5]
            type_ = from_mesh_trees(trees) or SemType.CHEMICAL
            self.add(Concept(cid, data.get("name", canonical), type_, self.name, synonyms))
            for tree in trees:
                if "." in tree:
                    self.link(cid, "mesh:" + tree.rsplit(".", 1)[0])


class FamPlexSource(KnowledgeSource):
    """FamPlex: genes and families from relations.csv (isa / partof); siblings are the other members
    of the same family. Names: HGNC symbols and FamPlex ids (underscores read as spaces too)."""

    name = "famplex"

    def __init__(self, folder: str | Path) -> None:
        super().__init__()
        self.folder = Path(folder)

    def _load(self) -> None:
        path = self.folder / "relations.csv" if self.folder.is_dir() else self.folder
        try:
            rows = list(csv.reader(path.open(encoding="utf-8")))
        except (OSError, UnicodeDecodeError) as exc:
            raise ResourceError(f"famplex: cannot read {path}: {unreadable(exc)}", input=str(path)) from exc
        for row in rows:
            if len(row) < 5 or row[2] not in ("isa", "partof"):
                continue
            (ns_a, a, _, ns_b, b) = row[:5]
            for ns, name in ((ns_a, a), (ns_b, b)):
                cid = f"{ns}:{name}"
                if cid not in self.concepts:
                    aliases = (name.replace("_", " "),) if "_" in name else ()
                    self.add(Concept(cid, name, SemType.GENE_PROTEIN, self.name, aliases))
            self.link(f"{ns_a}:{a}", f"{ns_b}:{b}")


class OboSource(KnowledgeSource):
    """Any OBO/OWL ontology pronto reads; a term's type from `type_name` (a type label) or else from
    its id prefix (GO, CHEBI, HP, DOID, CL, UBERON, NCBITaxon, PR, ...); terms with neither are left out."""

    def __init__(self, path: str | Path, type_name: str | None = None) -> None:
        super().__init__()
        self.path = Path(path)
        self.name = f"obo:{self.path.stem}"
        self.type = parse_label(type_name) if type_name else None

    def _load(self) -> None:
        pronto = _need("pronto", "pronto")
        try:
            ontology = pronto.Ontology(str(self.path))
        except Exception as exc:            # pronto raises many kinds on bad files
            raise ResourceError(f"cannot read ontology {self.path}: {exc}", input=str(self.path)) from exc
        for term in ontology.terms():
            if term.obsolete or not term.name:
                continue
            type_ = self.type or from_obo_id(term.id, term.namespace or "")
            if type_ is None:
                continue
            aliases = tuple(sorted(s.description for s in term.synonyms))
            self.add(Concept(term.id, term.name, type_, self.name, aliases))
            for parent in term.superclasses(distance=1, with_self=False):
                self.link(term.id, parent.id)


class UMLSSource(KnowledgeSource):
    """UMLS from its RRF files in a folder: MRCONSO.RRF (English names; preferred name first),
    MRSTY.RRF (semantic types, mapped with semtypes.from_tuis; concepts of no mapped type, such as
    ideas, procedures and findings, are left out), MRREL.RRF (PAR/CHD and RB/RN links)."""

    name = "umls"
    same_type_fallback = True

    def __init__(self, folder: str | Path, sources: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.folder = Path(folder)
        self.sources = sources             # SAB filter, e.g. ("MSH", "SNOMEDCT_US"); empty: all

    def _rows(self, name: str) -> Iterator[list[str]]:
        path = self.folder / name
        try:
            with path.open(encoding="utf-8") as handle:
                for line in handle:
                    yield line.rstrip("\n").split("|")
        except (OSError, UnicodeDecodeError) as exc:
            raise ResourceError(f"umls: cannot read {path}: {unreadable(exc)}", input=str(path)) from exc

    def _load(self) -> None:
        names: dict[str, list[tuple[int, str]]] = defaultdict(list)
        for row in self._rows("MRCONSO.RRF"):
            if len(row) < 15 or row[1] != "ENG" or (self.sources and row[11] not in self.sources):
                continue
            rank = 0 if (row[2] == "P" and row[4] == "PF" and row[6] == "Y") else 1
            names[row[0]].append((rank, row[14]))
        tuis: dict[str, set[str]] = defaultdict(set)
        for row in self._rows("MRSTY.RRF"):
            if len(row) >= 4:
                tuis[row[0]].add(row[1])
        for cui, found in names.items():
            type_ = from_tuis(tuis.get(cui, ()))
            if type_ is None:
                continue
            ordered = [text for _, text in sorted(found, key=lambda x: x[0])]
            self.add(Concept(cui, ordered[0], type_, self.name, tuple(dict.fromkeys(ordered[1:]))))
        for row in self._rows("MRREL.RRF"):
            if len(row) < 5:
                continue
            cui1, rel, cui2 = row[0], row[3], row[4]
            if rel in ("PAR", "RB"):          # cui2 is a parent (or broader) of cui1
                self.link(cui1, cui2)
            elif rel in ("CHD", "RN"):
                self.link(cui2, cui1)


def read_cui2vec(path: str | Path) -> dict[str, np.ndarray]:
    """cui2vec's CSV: a header row, then `CUI,v1,...,vn` (the first column may be quoted)."""
    import numpy as np

    vectors: dict[str, np.ndarray] = {}
    try:
        with Path(path).open(encoding="utf-8") as handle:
            for n, row in enumerate(csv.reader(handle)):
                if not row or (n == 0 and not re.fullmatch(r"C\d{7}", row[0].strip('"'))):
                    continue
                try:
                    vectors[row[0].strip('"')] = np.asarray([float(x) for x in row[1:]], dtype=np.float32)
                except ValueError as exc:
                    raise ResourceError(f"{path}:{n + 1}: not a cui2vec row ({exc})", input=str(path)) from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise ResourceError(f"cannot read {path}: {unreadable(exc)}", input=str(path)) from exc
    return vectors
