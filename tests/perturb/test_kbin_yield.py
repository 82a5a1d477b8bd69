"""KBIN's yield causes (issue 50, item 6): a name written in the plural is found ("migraines") and its
sibling written in the plural too (or skipped when English has no regular plural for it); a concept
that is its parent's only child takes the parent's siblings; HPO terms are found by their clinical names
(kb/hpo_clinical_names.tsv: "breast cancer" for Breast carcinoma)."""
from __future__ import annotations

import pytest

from monalog_perturb.bio.grammatical_number import plural, singular
from monalog_perturb.bio.semtypes import SemType
from monalog_perturb.candidate import Candidate
from monalog_perturb.knowledge.linking import ConceptVectors, EntityLinker
from monalog_perturb.knowledge.sources import Concept, HPOSource, KnowledgeSource, exclusive_siblings
from monalog_perturb.transformations.kb import SiblingReplacement

D = SemType.DISEASE


class Headaches(KnowledgeSource):
    name = "toy"

    def _load(self) -> None:
        for c in [Concept("head", "Headache", D, "toy"), Concept("mig", "Migraine", D, "toy"),
                  Concept("tth", "Tension-type headache", D, "toy"), Concept("calc", "Prostatic calculus", D, "toy"),
                  Concept("acs", "Acute coronary syndrome", D, "toy"), Concept("mi", "Myocardial infarction", D, "toy"),
                  Concept("heart", "Heart disease", D, "toy"), Concept("angina", "Angina pectoris", D, "toy")]:
            self.add(c)
        for child, parent in [("mig", "head"), ("tth", "head"), ("calc", "head"), ("mi", "acs"), ("acs", "heart"),
                              ("angina", "heart")]:
            self.link(child, parent)


@pytest.fixture(scope="module")
def toy():
    return Headaches()


def negations(source, text):
    out = SiblingReplacement(EntityLinker([source]), ConceptVectors())(Candidate.original(text))
    return sorted(c.text for c in out)


def test_singular_and_plural_of_a_names_last_word():
    assert singular("migraines") == "migraine" and singular("therapies") == "therapy"
    assert singular("sepsis") == "sepsis" and singular("virus") == "virus"
    assert plural("tension-type headache") == "tension-type headaches" and plural("artery") == "arteries"
    assert plural("prostatic calculus") is None and plural("atherosclerosis") is None and plural("IL-6") is None


def test_a_plural_name_is_found_and_its_sibling_written_in_the_plural(toy):
    assert negations(toy, "Antidepressants reduce the severity of migraines.") == \
        ["Antidepressants reduce the severity of tension-type headaches."]           # never "prostatic calculus"
    assert negations(toy, "Migraine is common.") == [
        "Prostatic calculus is common.", "Tension-type headache is common."]


def test_an_only_child_takes_its_parents_siblings(toy):
    mi = toy.get("mi")
    assert [s.name for s in exclusive_siblings(toy, mi)] == ["Angina pectoris"]
    assert [s.name for s in exclusive_siblings(toy, toy.get("mig"))] == ["Prostatic calculus", "Tension-type headache"]
    assert negations(toy, "Statins lower the risk of myocardial infarction.") == \
        ["Statins lower the risk of angina pectoris."]


def test_hpo_terms_are_found_by_their_clinical_names():
    linker = EntityLinker([HPOSource().load()])
    found = {link.text: link.concept.name for link in
             linker.mentions("Birth weight is associated with breast cancer and with type 2 diabetes.")}
    assert found == {"breast cancer": "Breast carcinoma", "type 2 diabetes": "Type II diabetes mellitus"}
