"""Reporting frames, symmetric and negated predicates (issue 50, items 2 and 3): the negation goes to
the embedded conclusion's verb ("These data suggest that X does not inhibit Y"), every rule that edits
a predicate reads the embedded clause, SEN skips a relation that reads the same both ways and keeps
subject-verb agreement, SRE/SREO/LPR skip a negated predicate, each skip counted in the report."""
from __future__ import annotations

import random

import pytest

from monalog_perturb.bio.bionli import Context, lpr, sen, sep, sre, sreo, vneg
from monalog_perturb.bio.entity_typing import DictionaryTyper
from monalog_perturb.bio.records import MechanismRecord, strip_markers
from monalog_perturb.bio.semtypes import SemType

C, G = SemType.CHEMICAL, SemType.GENE_PROTEIN

FRAMES = ["These data suggest that", "Our data suggest that", "These data indicate that",
          "These data demonstrate that", "This suggests that", "We therefore conclude that",
          "Our behavioral results suggest that", "It is concluded that"]


@pytest.fixture
def ctx():
    typer = DictionaryTyper()
    for name, type_ in [("zorbicin", "drug"), ("quellamine", "drug"), ("fentacil", "drug"), ("kinx1", "gene"),
                        ("kinx2", "gene"), ("kinx3", "gene"), ("platelets", "cell"), ("collagen", "drug"),
                        ("neutrophils", "cell")]:
        typer.add(name, type_)
    # swaps of any two types: these tests read casing, agreement and skips (the type rule: test_bionli.py)
    return Context(typer=typer, rng=random.Random(0), per_record=5, any_type_swaps=True,
                   outside={C: ["fentacil", "dorvalin"], G: ["KINX3", "KINX4"]})


def rec(hypothesis, premise="Zorbicin and fentacil were given; KINX3 was measured."):
    return MechanismRecord("x", premise, hypothesis)


def texts(out):
    return [strip_markers(p.hypothesis).replace(" .", ".") for p in out]


def reasons(ctx, strategy):
    return {reason for (name, reason) in ctx.skipped if name == strategy}


@pytest.mark.parametrize("frame", FRAMES)
def test_vneg_negates_the_embedded_verb(ctx, frame):
    out = texts(vneg(rec(f"{frame} <re> zorbicin <er> inhibits <el> KINX1 <le> in mice."), ctx))
    assert out == [f"{frame} zorbicin does not inhibit KINX1 in mice."]


def test_vneg_never_negates_a_noun_of_the_frame(ctx):
    out = texts(vneg(rec("Our behavioral results suggest that <re> zorbicin <er> impairs <el> KINX1 <le>."), ctx))
    assert out == ["Our behavioral results suggest that zorbicin does not impair KINX1."]


def test_vneg_skips_a_negated_frame(ctx):
    assert vneg(rec("These data do not suggest that <re> zorbicin <er> inhibits <el> KINX1 <le>."), ctx) == []
    assert reasons(ctx, "VNeg") == {"negated reporting frame (its claim is not asserted)"}


@pytest.mark.parametrize("frame", FRAMES[:3])
def test_lpr_reverses_the_embedded_verb(ctx, frame):
    out = texts(lpr(rec(f"{frame} <re> zorbicin <er> inhibits <el> KINX1 <le>."), ctx))
    assert out == [f"{frame} zorbicin promotes KINX1."] or out[0].endswith("zorbicin activates KINX1.")


@pytest.mark.parametrize("claim", [
    "These data suggest that <re> zorbicin <er> does not inhibit <el> KINX1 <le>.",
    "We therefore conclude that <re> zorbicin <er> failed to inhibit <el> KINX1 <le>.",
    "<re> Collagen <er> was not able to activate <el> neutrophils <le>.",
    "This suggests that <re> collagen <er> was unable to activate <el> neutrophils <le>.",
])
def test_sre_sreo_lpr_skip_negated_predicates(ctx, claim):
    record = rec(claim, "Zorbicin, fentacil, collagen, platelets, KINX3 and neutrophils were studied.")
    assert sre(record, ctx) == [] and sreo(record, ctx) == [] and lpr(record, ctx) == []
    for strategy in ("SRE", "SREO"):
        assert reasons(ctx, strategy) == {"negated predicate (the result would not contradict)"}
    assert reasons(ctx, "LPR") == {"negated predicate (the reversal would not contradict)"}


@pytest.mark.parametrize("claim", [
    "<re> KINX1 <er> and human <el> KINX2 <le> have taken distinct roles in repair.",
    "<re> KINX1 <er> interacts with <el> KINX2 <le> in mice.",
    "<re> KINX1 <er> binds <el> KINX2 <le>.",
    "We found an association between <re> KINX1 <er> and <el> KINX2 <le>.",
    "<re> KINX1 <er> levels correlated with <el> KINX2 <le> levels in serum.",
    "These data suggest that <re> KINX1 <er> interacts with <el> KINX2 <le>.",
    "<re> KINX1 <er> differs from <el> KINX2 <le> in its substrates.",
])
def test_sen_skips_symmetric_relations(ctx, claim):
    assert sen(rec(claim), ctx) == [] and sep(rec(claim), ctx) == []
    assert reasons(ctx, "SEN") == {"symmetric relation (the swap would be entailed)"}


@pytest.mark.parametrize("claim", [
    "<re> KINX1 <er> phosphorylates <el> KINX2 <le>.",
    "<re> KINX1 <er> inhibits KINX3 and <el> KINX2 <le>.",
])
def test_sen_still_swaps_directed_relations(ctx, claim):
    assert len(sen(rec(claim), ctx)) == 1


@pytest.mark.parametrize("claim,expected", [
    ("<re> Collagen <er> was able to activate <el> platelets <le>.", "Platelets were able to activate collagen."),
    ("These data suggest that <re> collagen <er> was able to activate <el> platelets <le>.",
     "These data suggest that platelets were able to activate collagen."),
    ("In mice, <re> collagen <er> activates <el> platelets <le>.", "In mice, platelets activate collagen."),
    ("<re> Platelets <er> activate <el> collagen <le>.", "Collagen activates platelets."),
    ("The activation of <re> collagen <er> was reduced by <el> platelets <le>.",
     "The activation of platelets was reduced by collagen."),
])
def test_sen_keeps_agreement(ctx, claim, expected):
    assert texts(sen(rec(claim), ctx)) == [expected]


def test_skip_reasons_are_counted_in_the_report(ctx):
    from monalog_perturb.recipes.bionli import BioNLIGenerator

    generator = BioNLIGenerator(["SEN", "SRE", "VNeg"], ctx.typer, per_record=1)
    generator.prepare([])
    for claim in ["<re> KINX1 <er> interacts with <el> KINX2 <le>.",
                  "These data suggest that <re> zorbicin <er> does not inhibit <el> KINX1 <le>."]:
        generator(rec(claim))
    table = generator.stats.table(["SEN", "SRE", "VNeg"])
    assert "symmetric relation (the swap would be entailed)" in table
    assert "negated predicate (the result would not contradict)" in table
    assert generator.stats.applicable["VNeg"] == 2


def test_vneg_in_a_frame_with_a_noun_and_an_adverb_after_not(ctx):
    out = texts(vneg(rec("In conclusion, the present results support the possibility that <re> zorbicin <er> "
                         "might reduce <el> KINX1 <le>."), ctx))
    # "results" is a noun before "support" (issue 50 item 2); the reporting predicate is negated (b1fcd87)
    assert out == ["In conclusion, the present results do not support the possibility that zorbicin "
                   "might reduce KINX1."]
    out = texts(vneg(rec("<re> Zorbicin <er> did not significantly increase <el> KINX1 <le>."), ctx))
    assert out == ["Zorbicin significantly increased KINX1."]


def test_vneg_does_not_negate_a_noun_read_as_a_verb(ctx):
    """Issue 50 item 2 (draw 5 rows 8 and 24): "results" and "benefits" are nouns, not the finite verb."""
    out = texts(vneg(rec("The present results support the possibility that <re> zorbicin <er> might reduce "
                         "<el> KINX1 <le>."), ctx))
    assert out == ["The present results do not support the possibility that zorbicin might reduce KINX1."]
    out = texts(vneg(rec("<re> Zorbicin <er> conferred significant renal benefits in patients with "
                         "<el> KINX1 <le> disease, "
                         "and it was generally well tolerated."), ctx))
    assert out == ["Zorbicin did not confer significant renal benefits in patients with KINX1 disease, "
                   "and it was generally well tolerated."]
    out = texts(vneg(rec("ACE inhibitors conferred significant renal benefit in <re> zorbicin <er> users with "
                         "<el> KINX1 <le>."), ctx))
    assert out in ([], ["ACE inhibitors did not confer significant renal benefit in zorbicin users with KINX1."])
