"""The one knowledge-source registry: a spec names a kind, each kind lists its loader for the typed name
lists (`--vocab-source`) and for the concept graphs (`--kb-source`), and what is not a source of one
kind of use is a one-line ResourceError naming the specs that are."""
from __future__ import annotations

from pathlib import Path

import pytest

from monalog.errors import ResourceError
from monalog_perturb.bio.semtypes import SemType
from monalog_perturb.knowledge.registry import VOCABULARIES, describe, knowledge_source, typed_names
from monalog_perturb.knowledge.sources import DrugSource, FamPlexSource, HPOSource, OboSource, UMLSSource
from monalog_perturb.resources import data_path

DATA = Path(__file__).resolve().parents[1] / "data"


def test_the_bundled_name_lists_in_their_rank_order():
    assert VOCABULARIES == ("famplex", "drugs", "hpo")
    assert describe("drugs") == "drugs (DrugBank names (drug-named-entity-recognition))"
    assert describe("famplex:my.csv") == "famplex (my.csv)" and describe("other") == "other (other)"


def test_typed_names_read_lazily_and_refuse_graph_only_kinds(tmp_path):
    relations = tmp_path / "relations.csv"
    relations.write_text("HGNC,KRAS,isa,FPLX,RAS\n")
    assert list(typed_names(f"famplex:{relations}")) == [("KRAS", SemType.GENE_PROTEIN), ("RAS", SemType.GENE_PROTEIN)]
    assert ("KRAS", SemType.GENE_PROTEIN) in set(typed_names("famplex"))             # the packaged files
    missing = typed_names("famplex:/nonexistent")                                    # read when iterated
    with pytest.raises(ResourceError, match="famplex: cannot read /nonexistent"):
        list(missing)
    for spec in ("nope", "obo:x.obo", "umls:folder"):
        with pytest.raises(ResourceError, match=f"unknown vocabulary source '{spec}' \\(famplex\\[:PATH\\], drugs"):
            typed_names(spec)


@pytest.mark.parametrize("spec, kind", [
    ("drugs", DrugSource), ("hpo", HPOSource), ("hpo:ignored", HPOSource),
    (f"famplex:{data_path('famplex_relations.csv')}", FamPlexSource),
    (f"obo:{DATA / 'tiny.obo'}", OboSource), (f"umls:{DATA / 'umls'}", UMLSSource),
])
def test_knowledge_source_kinds(spec, kind):
    assert type(knowledge_source(spec)) is kind


def test_an_obo_type_suffix_names_the_type():
    source = knowledge_source(f"obo:{DATA / 'tiny.obo'}:phenotype")
    assert isinstance(source, OboSource) and source.type == SemType.DISEASE


@pytest.mark.parametrize("spec, message", [
    ("mesh", "unknown knowledge source 'mesh' (hpo, drugs, famplex:PATH"),
    ("famplex", "unknown knowledge source 'famplex' "),            # a graph needs the relations file
    ("umls", "unknown knowledge source 'umls' "),
    ("obo:/missing", "knowledge source 'obo:/missing': /missing does not exist"),
    ("obo:/missing:gene", "knowledge source 'obo:/missing': /missing does not exist"),
    ("umls:/missing", "knowledge source 'umls:/missing': /missing does not exist"),
])
def test_knowledge_source_errors(spec, message):
    with pytest.raises(ResourceError) as caught:
        knowledge_source(spec)
    assert str(caught.value).startswith(message)
