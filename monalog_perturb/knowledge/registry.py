"""The one registry of knowledge sources: what a spec ("drugs", "hpo", "famplex[:PATH]",
"obo:PATH[:TYPE]", "umls:FOLDER") names, and how each kind is loaded. The generators read these
sources two ways, so the registry has two entry points:

- `typed_names(spec)`: every surface name with its semantic type, for dictionary entity typing
  (`perturb bionli/gen-nd --vocab-source`; `bio.vocabularies` reads them: FamPlex's grounding map
  too, every DrugBank synonym);
- `knowledge_source(spec)`: a `KnowledgeSource`, concepts with their parents and siblings, for the
  sibling swaps of `perturb kbin/evonli --kb-source` (`knowledge.sources`).

They differ because a name list and a concept graph need different parts of the same data (the
grounding map names concepts but links none; obo and umls have links but no bundled name list), so
each kind lists its loader for either use, and a kind without one is unknown to that entry point.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from monalog.errors import ResourceError
from monalog_perturb.bio.semtypes import SemType, parse_label
from monalog_perturb.bio.vocabularies import drug_names, famplex_names, hpo_names
from monalog_perturb.knowledge.sources import (DrugSource, FamPlexSource, HPOSource, KnowledgeSource, OboSource,
                                               UMLSSource)


@dataclass(frozen=True)
class SourceKind:
    """A kind of source: its loaders (from the spec's argument, the text after the first ':')."""

    names: Callable[[str], Iterator[tuple[str, SemType]]] | None = None
    graph: Callable[[str, str], KnowledgeSource] | None = None          # (spec, argument)
    needs_path: bool = False            # the graph reads the file or folder the argument names
    description: str = ""               # of the bundled name list


def _existing(spec: str, arg: str) -> str:
    if not Path(arg).exists():
        raise ResourceError(f"knowledge source {spec!r}: {arg} does not exist", input=spec)
    return arg


def _obo(spec: str, arg: str) -> KnowledgeSource:
    """PATH, or PATH:TYPE for an ontology whose id prefix names no type."""
    path, _, type_name = arg.rpartition(":")
    if path and parse_label(type_name):
        return OboSource(path, type_name) if Path(path).exists() else knowledge_source(f"obo:{path}")
    return OboSource(_existing(spec, arg))


REGISTRY = {
    "famplex": SourceKind(names=lambda arg: famplex_names(arg or None),
                          graph=lambda spec, arg: FamPlexSource(_existing(spec, arg)), needs_path=True,
                          description="FamPlex relations + grounding map (packaged)"),
    "drugs": SourceKind(names=lambda arg: drug_names(), graph=lambda spec, arg: DrugSource(),
                        description="DrugBank names (drug-named-entity-recognition)"),
    "hpo": SourceKind(names=lambda arg: hpo_names(), graph=lambda spec, arg: HPOSource(),
                      description="HPO phenotypic abnormalities (hpo3)"),
    "obo": SourceKind(graph=_obo, needs_path=True),
    "umls": SourceKind(graph=lambda spec, arg: UMLSSource(_existing(spec, arg)), needs_path=True),
}
# the bundled name lists, in the order their types rank (entity_typing); all on unless the user names others
VOCABULARIES = tuple(name for name, kind in REGISTRY.items() if kind.names is not None)
DEFAULT_VOCABULARIES = VOCABULARIES


def typed_names(spec: str) -> Iterator[tuple[str, SemType]]:
    """A name list's (name, semantic type) pairs: 'famplex' (packaged) or 'famplex:PATH', 'drugs', 'hpo'."""
    name, _, arg = spec.partition(":")
    kind = REGISTRY.get(name)
    if kind is None or kind.names is None:
        raise ResourceError(f"unknown vocabulary source {spec!r} (famplex[:PATH], drugs, hpo; none for no "
                            "bundled vocabulary)", input=spec)
    return kind.names(arg)


def describe(spec: str) -> str:
    """A name list's spec as entity typing reports it: "drugs (DrugBank names ...)", "famplex (PATH)"."""
    name, _, arg = spec.partition(":")
    kind = REGISTRY.get(name)
    return f"{name} ({arg})" if arg else f"{name} ({kind.description if kind and kind.description else name})"


def knowledge_source(spec: str) -> KnowledgeSource:
    """A concept graph: 'hpo', 'drugs', 'famplex:PATH', 'obo:PATH' (or 'obo:PATH:TYPE' for an ontology
    whose id prefix names no type), 'umls:FOLDER'."""
    name, _, arg = spec.partition(":")
    kind = REGISTRY.get(name)
    if kind is None or kind.graph is None or (kind.needs_path and not arg):
        raise ResourceError(f"unknown knowledge source {spec!r} (hpo, drugs, famplex:PATH, obo:PATH, umls:FOLDER)",
                            input=spec)
    return kind.graph(spec, arg)
