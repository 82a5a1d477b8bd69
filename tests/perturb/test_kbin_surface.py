"""KBIN's surface forms (issue 17, item 5): the sibling's preferred name, never an odd alias; a
"name (ACRONYM)" pair replaced consistently; casing like the original; whole names only; siblings
exclusive with the original."""
from __future__ import annotations

import pytest

from monalog_perturb.bio.semtypes import SemType
from monalog_perturb.candidate import Candidate
from monalog_perturb.knowledge.linking import ConceptVectors, EntityLinker
from monalog_perturb.knowledge.sources import Concept, KnowledgeSource, exclusive_siblings
from monalog_perturb.transformations.kb import (SiblingReplacement, acronym, agree_in_number, match_case,
                                                 surface_form, usable_name)

D, C, G = SemType.DISEASE, SemType.CHEMICAL, SemType.GENE_PROTEIN


class Toy(KnowledgeSource):
    name = "toy"

    def _load(self) -> None:
        concepts = [
            Concept("kd", "Kidney disease", D, "toy"),
            Concept("ckd", "Chronic kidney disease", D, "toy", ("CKD",)),
            Concept("aki", "Acute kidney injury", D, "toy", ("AKI",)),
            Concept("nephritis", "Nephritis", D, "toy"),
            Concept("rec", "Recurrent chronic kidney disease", D, "toy"),
            Concept("salts", "Salicylates", C, "toy"),
            Concept("sal", "Salicylic acid", C, "toy", ("Trans-ver-sal", "sa79")),
            Concept("asp", "Aspirin", C, "toy", ("B.a.l.", "Acetylsalicylic acid")),
            Concept("mes", "Mesalamine", C, "toy", ("Android f",)),
            Concept("gases", "Gases", C, "toy"),
            Concept("no", "Nitric Oxide", C, "toy", ("Monoxide, nitrogen",)),
            Concept("n2o", "Nitrous Oxide", C, "toy", ("laughing gas",)),
            Concept("co", "Monoxide, Carbon", C, "toy", ("CO gas",)),
            Concept("aa", "Amino acids", C, "toy"),
            Concept("gln", "Glutamine", C, "toy", ("d glutamine",)),
            Concept("glu", "Glutamic Acid", C, "toy"),
            Concept("chol", "Cholesterol", C, "toy"),
            Concept("d2", "Vitamin D2", C, "toy", ("ergocalciferol",)),
            Concept("cancers", "Cancer", D, "toy"),
            Concept("leuk", "Leukemia", D, "toy"),
            Concept("lymph", "Lymphoma", D, "toy"),
        ]
        for c in concepts:
            self.add(c)
        for child, parent in [("ckd", "kd"), ("aki", "kd"), ("nephritis", "kd"), ("rec", "kd"), ("rec", "ckd"),
                              ("sal", "salts"), ("asp", "salts"), ("mes", "salts"), ("no", "gases"),
                              ("n2o", "gases"), ("co", "gases"), ("gln", "aa"), ("glu", "aa"), ("chol", "aa"),
                              ("d2", "aa"), ("leuk", "cancers"), ("lymph", "cancers")]:
            self.link(child, parent)


@pytest.fixture(scope="module")
def toy():
    return Toy()


def negations(toy, text):
    out = SiblingReplacement(EntityLinker([toy]), ConceptVectors())(Candidate.original(text))
    return {c.text for c in out}


# 1. the preferred name, never an odd alias ------------------------------------------------------
@pytest.mark.parametrize("alias", ["Trans-ver-sal", "Android f", "B.a.l.", "sa79", "d glutamine",
                                   "monoxide, nitrogen", "Monoxide, Carbon"])
def test_odd_aliases_are_unusable(alias):
    assert not usable_name(alias)


def test_preferred_name_first_alias_only_when_unusable(toy):
    assert surface_form(toy.get("sal")) == "Salicylic acid"
    assert surface_form(toy.get("mes")) == "Mesalamine"
    assert surface_form(toy.get("co")) == "Carbon Monoxide"          # the inverted name in reading order
    assert negations(toy, "Aspirin reduces fever.") == {"Salicylic acid reduces fever.", "Mesalamine reduces fever."}
    assert negations(toy, "Depletion of nitric oxide causes vasospasm.") == {
        "Depletion of nitrous oxide causes vasospasm.", "Depletion of carbon monoxide causes vasospasm."}


# 2. "name (ACRONYM)" pairs ---------------------------------------------------------------------------
def test_acronym_of_a_concept(toy):
    assert acronym(toy.get("aki")) == "AKI" and acronym(toy.get("nephritis")) is None


def test_pair_replaced_consistently(toy):
    out = negations(toy, "Folic acid does not affect chronic kidney disease (CKD) progression in CKD patients.")
    assert "Folic acid does not affect acute kidney injury (AKI) progression in AKI patients." in out
    assert "Folic acid does not affect nephritis progression in nephritis patients." in out
    assert not any("(CKD)" in t or "injury (C" in t for t in out)


def test_every_mention_replaced(toy):
    assert "Nephritis precedes nephritis relapse." in negations(toy, "Acute kidney injury precedes acute kidney "
                                                                     "injury relapse.")


# 3. casing -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("form, original, initial, expected", [
    ("Nitrous Oxide", "nitric oxide", False, "nitrous oxide"),
    ("Glutamic Acid", "Glutamine", True, "Glutamic acid"),
    ("C-Peptide", "insulin", False, "C-peptide"),
    ("Apolipoprotein E2", "apolipoprotein E4", False, "apolipoprotein E2"),
    ("FOXP2", "Foxp3", False, "FOXP2"),
    ("mRNA decay", "splicing", True, "mRNA decay"),
    ("lymphoma", "Leukemia", True, "Lymphoma"),
])
def test_casing_like_the_original(form, original, initial, expected):
    assert match_case(form, original, initial) == expected


def test_casing_in_context(toy):
    assert "Glutamic acid is depleted in glutamic acid-free medium." in negations(
        toy, "Glutamine is depleted in glutamine-free medium.")


@pytest.mark.parametrize("form, original, expected", [
    ("Leucomycins", "erythromycin", "Leucomycin"), ("mRNA Guanylyltransferases", "5'-nucleotidase",
                                                    "mRNA Guanylyltransferase"),
    ("Coagulants", "anticoagulants", "Coagulants"), ("Thrombosis", "stroke", "Thrombosis"),
    ("Gastric Juice Proteases", "pepsin", "Gastric Juice Protease"), ("Ketone Bodies", "acetone", "Ketone Body")])
def test_number_agreement(form, original, expected):
    assert agree_in_number(form, original) == expected


# 4. whole names only ------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["LDL cholesterol rises with age.", "Leukemia inhibitory factor maintains stem cells.",
                                  "Chronic kidney disease 2 is rare.", "Glutamine synthetase is induced.",
                                  "Glutamine-related orphan receptor is a target.", "Glutamine neurones fire."])
def test_no_part_of_a_longer_name(toy, text):
    assert negations(toy, text) == set()


# 5. exclusive siblings ----------------------------------------------------------------------------
def test_siblings_exclude_descendants_ancestors_synonyms_and_subtypes(toy):
    ids = {s.id for s in exclusive_siblings(toy, toy.get("ckd"))}
    assert ids == {"aki", "nephritis"}          # not "rec" (a descendant of CKD)
    out = negations(toy, "Chronic kidney disease is common.")
    assert not any("Recurrent" in t for t in out)
    assert {s.id for s in exclusive_siblings(toy, toy.get("no"), {"laughing gas"})} == {"co"}
