"""The failure kinds both readers of the issue-50 BioNLI sample found (bio_rules_sample_*.tsv), each
fixed at its root: a replacement of another kind or a class name, a name inside a fixed term, a
negative the premise already states, a combination swapped, a numeric result with its CI negated."""

import pytest

from tests.perturb.bionli_helpers import make_context, rec, texts
from monalog_perturb.bio import swaps
from monalog_perturb.bio.bionli import lpr, sen, sre, sreo, vneg
from monalog_perturb.bio.conclusions import mark_entities
from monalog_perturb.bio.entity_typing import DictionaryTyper
from monalog_perturb.bio.lexicon import polarity_reversals
from monalog_perturb.bio.premise import states_variant
from monalog_perturb.bio.records import MechanismRecord
from monalog_perturb.bio.semtypes import SemType


_NAMES = [("mitochondrial DNA", "chemical"), ("varenicline", "drug"), ("nicotine", "drug"),
                        ("cell death", "process"), ("autophagy", "process"), ("APOE", "gene"), ("Aβ", "gene"),
                        ("hypospadias", "disease"), ("HLA-DR4", "gene"), ("DR5", "gene"), ("CCR7", "gene"),
                        ("CCL19", "gene"), ("insulin", "gene"), ("clopidogrel", "drug"), ("aspirin", "drug"),
                        ("pravastatin", "drug"), ("cholesterol", "lipid"), ("estrogen", "drug"),
                        ("cytokine receptor", "gene"), ("myeloperoxidase", "gene"), ("Sirt1", "gene"),
                        ("obesity", "disease")]


def make_ctx(outside):
    return make_context(_NAMES, outside)




def test_a_replacement_keeps_the_kind_its_head_noun_or_shape_names():
    assert swaps.kind("mitochondrial DNA") == "nucleic acid" != swaps.kind("varenicline")
    assert swaps.kind("HLA-DR4") == "symbol" != swaps.kind("Growth Factor")
    assert swaps.same_kind("IL-6", "TNF-α") and swaps.same_kind("aspirin", "clopidogrel")
    assert swaps.same_kind("insulin receptor", "leptin receptors")
    ctx = make_ctx({SemType.CHEMICAL: ["varenicline", "cyclic AMP", "transfer RNA"]})
    out = sreo(rec("Immune complex triggered <re> cell death <er> leads to sequestration of oxidized "
                   "<el> mitochondrial DNA <le>."), ctx)
    assert texts(out) == ["Immune complex triggered <re> cell death <er> leads to sequestration of oxidized "
                          "<el> transfer RNA <le>."]          # never "oxidized varenicline"


def test_no_generic_class_name_replaces_or_is_marked_as_an_entity():
    assert swaps.generic_class("Growth Factor") and swaps.generic_class("cytokine receptor")
    assert not swaps.generic_class("insulin receptor") and not swaps.generic_class("IL-6 receptor")
    assert not swaps.generic_class("aspirin")
    ctx = make_ctx({SemType.GENE_PROTEIN: ["Growth Factor", "cytokine receptor"]})
    assert sreo(rec("<re> CCL19 <er> is a ligand for <el> CCR7 <le>."), ctx) == []
    assert swaps.GENERIC in {reason for (_, reason) in ctx.skipped}
    marked = mark_entities("The cytokine receptor which regulates chemotaxis binds myeloperoxidase.", ctx.typer)
    assert marked is None or "<re> cytokine receptor" not in marked


def test_a_name_called_a_gene_is_replaced_by_a_gene_symbol_only():
    ctx = make_ctx({SemType.GENE_PROTEIN: ["Aβ"]})
    claim = "A variant in the gene <re> APOE <er> is associated with <el> hypospadias <le>."
    assert sreo(rec(claim), ctx) == []
    ctx = make_ctx({SemType.GENE_PROTEIN: ["BRCA1"]})
    assert texts(sreo(rec(claim), ctx)) == [claim.replace("APOE", "BRCA1")]


def test_names_coordinated_before_one_head_noun_are_not_replaced():
    ctx = make_ctx({SemType.GENE_PROTEIN: ["DUSP4", "Growth Factor"]})
    out = sreo(rec("<re> HLA-DR4 <er> and <el> DR5 <le> antigens were more frequent in patients."), ctx)
    assert out == []


@pytest.mark.parametrize("claim", [
    "Captopril protects against <re> insulin <er>-dependent diabetic nephropathy.",
    "Varenicline is better than <re> nicotine <er> replacement therapies.",
    "Loss of <re> insulin <er>/insulin-like growth factor signaling extends life.",
    "Loss of insulin/<re> IGF-1 <er> signaling extends life.",
])
def test_a_name_inside_a_fixed_term_is_part_of_a_longer_term(claim):
    assert swaps.in_longer_term(claim, claim.index("<re>"), claim.index("<er>") + 4)
    plain = "Varenicline is better than <re> nicotine <er> in trials."
    assert not swaps.in_longer_term(plain, plain.index("<re>"), plain.index("<er>") + 4)


def test_a_name_joined_by_a_slash_is_not_marked():
    typer = DictionaryTyper()
    for name in ("insulin/insulin-like growth factor", "lifespan", "worms"):
        typer.add(name, "gene")
    marked = mark_entities("insulin/insulin-like growth factor shortens lifespan in worms.", typer) or ""
    assert "<re> insulin/insulin-like growth factor" not in marked


@pytest.mark.parametrize("claim", [
    "The addition of <re> clopidogrel <er> to <el> aspirin <le> is safe.",
    "<re> Clopidogrel <er> added to <el> aspirin <le> reduced graft failure.",
    "<re> Clopidogrel <er> in addition to <el> aspirin <le> reduced graft failure.",
])
def test_one_combination_is_not_swapped(claim):
    ctx = make_ctx({})
    assert sen(rec(claim), ctx) == []
    assert ("SEN", "symmetric relation (the swap would be entailed)") in ctx.skipped


def test_a_numeric_result_with_its_confidence_interval_is_not_negated():
    ctx = make_ctx({})
    claim = ("In the group receiving <re> pravastatin <er>, there was a mean reduction in serum total "
             "<el> cholesterol <le> of 19.4% (1.46 mmol L-1 (95% CI: 1.20, 1.72)).")
    assert vneg(rec(claim), ctx) == []
    assert any("confidence interval" in reason for (_, reason) in ctx.skipped)
    assert vneg(rec("<re> Pravastatin <er> reduces <el> cholesterol <le>."), ctx)


PREMISE = ("Female carriers of the Apolipoprotein E4 (APOE4) allele have decreased risk for dementia. "
           "Female carriers of the APOE4 allele have shorter lifetime exposure to estrogen due to a "
           "decreased reproductive period.")
CLAIM = ("Female carriers of the <re> APOE4 <er> allele have longer lifetime exposure to <el> estrogen <le> "
         "due to an increased reproductive period.")
SIRT = ("Mice lacking <re> Sirt1 <er> in Sf1-expressing neurons have increased susceptibility to diet-induced "
        "<el> obesity <le> and insulin resistance.")
SIRT_PREMISE = "Mice lacking Sirt1 in Sf1-expressing neurons are immune to diet-induced obesity and insulin resistance."


def test_a_premise_stating_the_claim_in_other_words_is_found():
    assert states_variant(PREMISE, CLAIM, ("APOE4", "estrogen"))
    assert states_variant(SIRT_PREMISE, SIRT, ("Sirt1", "obesity"))
    assert not states_variant("APOE4 carriers were studied for estrogen.", CLAIM, ("APOE4", "estrogen"))
    assert not states_variant(CLAIM.replace("<re> ", "").replace(" <er>", "").replace("<el> ", "")
                              .replace(" <le>", ""), CLAIM, ("APOE4", "estrogen"))   # the claim itself


def test_no_polarity_flip_of_a_claim_the_premise_states_in_other_words():
    ctx = make_ctx({})
    assert vneg(MechanismRecord("r", PREMISE, CLAIM), ctx) == []
    assert lpr(MechanismRecord("r", SIRT_PREMISE, SIRT), ctx) == []
    assert {reason for (_, reason) in ctx.skipped} == {
        "the premise states the claim about the same entities in other words (the flip may be entailed)"}


def test_lpr_reverses_no_participle_hyphened_to_a_name_and_writes_no_unused_plural():
    ctx = make_ctx({})
    out = lpr(rec("Studies should weigh the contribution of elasticity to <re> statin <er>-induced remodelling "
                  "of <el> cholesterol <le>."), ctx)
    assert out == []
    assert "worsenings" not in polarity_reversals().values()


def test_sre_keeps_working_on_a_same_kind_name():
    ctx = make_ctx({})
    out = sre(rec("<re> Clopidogrel <er> reduces <el> cholesterol <le>.", "Aspirin was given."), ctx)
    assert "<re> Aspirin <er> reduces <el> cholesterol <le>." in texts(out)
