"""Issue 50's checks on BioNLI's and KBIN's entity swaps: a relative of a name is no replacement, a
name inside a longer term is not swapped, a replacement keeps the grammatical number, a symbol that is
an English word matches in its own case, combined treatments read the same both ways, a nominal
regulation word inside a term is not reversed, a decimal is never replaced by an integer."""
import random

import pytest

from monalog_perturb.bio.bionli import Context, lpr, sen, sn, sre
from monalog_perturb.bio.entity_typing import DictionaryTyper
from monalog_perturb.bio.records import MechanismRecord
from monalog_perturb.bio.swaps import in_longer_term, related_names


@pytest.fixture
def ctx():
    typer = DictionaryTyper()
    for name, type_ in [("atorvastatin", "drug"), ("statin", "drug"), ("statins", "drug"), ("aspirin", "drug"),
                        ("low-dose aspirin", "drug"), ("clopidogrel", "drug"), ("ACE inhibitors", "drug"),
                        ("L-Arg", "drug"), ("L-arginine", "drug"), ("warfarin", "drug"), ("Snail", "gene"),
                        ("EGFR", "gene"), ("PTEN", "gene"), ("myocardial infarction", "disease")]:
        typer.add(name, type_)
    return Context(typer=typer, rng=random.Random(0), per_record=5)


def rec(hypothesis, premise="Nothing related."):
    return MechanismRecord("x", premise, hypothesis)


def reasons(ctx, strategy):
    return {reason for (name, reason) in ctx.skipped if name == strategy}


@pytest.mark.parametrize("a, b", [("statin", "atorvastatin"), ("aspirin", "low-dose aspirin"),
                                  ("L-Arg", "L-arginine"), ("HLA-DR4 antigen", "human leukocyte antigen"),
                                  ("TNF antagonist", "TNF antagonists")])
def test_related_names(a, b):
    assert related_names(a, b) and related_names(b, a)


@pytest.mark.parametrize("a, b", [("IL-1", "IL-10"), ("IL-6", "IL-4"), ("EGFR", "BCL-2"), ("apoE4", "apoE3"),
                                  ("myocardial infarction", "cerebral infarction"), ("Cdk5", "Cdk2")])
def test_unrelated_names(a, b):
    assert not related_names(a, b)


@pytest.mark.parametrize("text", ["Fibroblast <re> growth factor <er> 21 protects against X.",
                                  "the <re> G protein <er>-coupled receptor",
                                  "other <re> histone chaperone <er>(s) compensate",
                                  "by interacting with <re> IκB kinase <er> β.",
                                  "diversifying <re> cholesterol <er>-lowering components"])
def test_a_name_inside_a_longer_term(text):
    start = text.index("<re>")
    assert in_longer_term(text, start, text.index("<er>") + 4)


def test_a_name_beside_another_marked_name_is_part_of_it():
    text = "the frequency of <re> human leukocyte antigen <er> <el> DR4 <le> was similar"
    assert in_longer_term(text, text.index("<el>"), text.index("<le>") + 4)
    assert in_longer_term(text, text.index("<re>"), text.index("<er>") + 4)


@pytest.mark.parametrize("text", ["<re> IL-6 <er>-induced STAT3 activation", "<re> PRC1 <er> binds SRF",
                                  "addition of <re> activin A <er>, and"])
def test_whole_names_are_not_longer_terms(text):
    assert not in_longer_term(text, text.index("<re>"), text.index("<er>") + 4)


def test_sre_never_puts_a_class_member_or_abbreviation_for_the_entity(ctx):
    record = rec("<re> Statin <er> therapy reduces <el> myocardial infarction <le>.", "Atorvastatin was given.")
    assert sre(record, ctx) == []
    record = rec("<re> L-Arg <er> therapy reduces <el> myocardial infarction <le>.", "L-arginine was given.")
    assert sre(record, ctx) == []
    assert reasons(ctx, "SRE") == {"the new entity abbreviates, contains or is contained in the old one or the "
                                   "other entity"}


def test_sre_keeps_the_grammatical_number(ctx):
    record = rec("The use of <re> aspirin <er> as an agent against <el> myocardial infarction <le>.",
                 "ACE inhibitors were studied.")
    assert sre(record, ctx) == []
    assert "grammatical number" in next(iter(reasons(ctx, "SRE")))


def test_sre_leaves_out_a_name_that_is_an_english_word_and_one_that_holds_the_other(ctx):
    record = rec("Combined use of <re> aspirin <er> and <el> clopidogrel <le> increases bleeding.",
                 "Snail and low-dose aspirin were measured; warfarin too.")
    out = sorted(p.hypothesis for p in sre(record, ctx))
    assert out == ["Combined use of <re> aspirin <er> and <el> warfarin <le> increases bleeding.",
                   "Combined use of <re> warfarin <er> and <el> clopidogrel <le> increases bleeding."]


def test_a_symbol_that_is_an_english_word_matches_in_its_own_case():
    typer = DictionaryTyper()
    typer.add("SCAR", "gene", source="famplex")
    assert [m.text for m in typer.mentions("The scar healed.")] == []
    found = typer.mentions("SCAR binds actin.")
    assert [(m.text, m.source) for m in found] == [("SCAR", "famplex")]


def test_clinical_abbreviations_are_entities_only_where_defined():
    typer = DictionaryTyper()
    typer.add("ACS", "gene", source="famplex")
    typer.add("acute coronary syndrome", "disease", source="hpo")
    assert typer.mentions("eNOS predisposes to ACS.") == []
    text = "Acute coronary syndrome (ACS) was common; ACS recurred."
    assert {m.text: m.type.value for m in typer.mentions(text)}["ACS"] == "disease/phenotype"


def test_sen_skips_combined_treatments(ctx):
    record = rec("The use of <re> atorvastatin <er> in combination with <el> clopidogrel <le> improves control.")
    assert sen(record, ctx) == []
    assert reasons(ctx, "SEN") == {"symmetric relation (the swap would be entailed)"}
    record = rec("<re> Aspirin <er> plus <el> clopidogrel <le> is more effective than aspirin alone.")
    assert sen(record, ctx) == []


def test_sen_skips_a_name_and_its_class(ctx):
    assert sen(rec("<re> Statins <er> such as <el> atorvastatin <le> lower lipids."), ctx) == []
    assert reasons(ctx, "SEN") == {"one entity abbreviates, contains or is contained in the other"}


def test_lpr_leaves_a_nominal_word_inside_a_term(ctx):
    record = rec("<re> Fibrosis <er> measured by late <el> aspirin <le> enhancement cardiovascular magnetic "
                 "resonance predicts outcome.")
    assert lpr(record, ctx) == []
    record = rec("<re> Aspirin <er> gave a similar reduction in <el> myocardial infarction <le>.")
    assert [p.hypothesis for p in lpr(record, ctx)] == [
        "<re> Aspirin <er> gave a similar increase in <el> myocardial infarction <le>."]


def test_sn_never_puts_an_integer_for_a_decimal(ctx):
    record = rec("<re> Aspirin <er> lowered <el> myocardial infarction <le> (odds ratio = 1.510).",
                 "The 778 patients of the cohort were followed.")
    assert sn(record, ctx) == []


def test_lpr_leaves_a_comparative_after_a_preposition(ctx):
    record = rec("Treatment with <re> statins <er> is related to lower mortality in <el> myocardial infarction <le>.")
    assert [p.hypothesis for p in lpr(record, ctx)] == []


def test_sen_skips_a_name_also_written_unmarked(ctx):
    record = rec("Compared with <re> aspirin <er> alone, aspirin plus <el> clopidogrel <le> reduced bleeding.")
    assert sen(record, ctx) == []
    assert "named again unmarked" in next(iter(reasons(ctx, "SEN")))


def test_marking_leaves_a_name_inside_a_longer_term():
    from monalog_perturb.bio.conclusions import mark_entities

    typer = DictionaryTyper()
    for name in ("retinoic acid receptor", "PTEN", "AKT"):
        typer.add(name, "gene")
    marked = mark_entities("Retinoic acid receptor-related orphan receptor gamma binds PTEN and AKT.", typer)
    assert marked == "Retinoic acid receptor-related orphan receptor gamma binds <re> PTEN <er> and <el> AKT <le>."


def test_sen_skips_two_names_in_apposition(ctx):
    assert sen(rec("Mutations in <re> EGFR <er> protein <el> PTEN <le> are present in many cancers."), ctx) == []
    assert "apposition" in next(iter(reasons(ctx, "SEN")))


def test_a_gene_replacement_keeps_its_case(ctx):
    record = rec("Loss of <re> PTEN <er> raises <el> myocardial infarction <le> risk.", "Snail binds EGFR.")
    assert [p.hypothesis for p in sre(record, ctx)] == ["Loss of <re> EGFR <er> raises <el> myocardial infarction <le> "
                                                         "risk."]
