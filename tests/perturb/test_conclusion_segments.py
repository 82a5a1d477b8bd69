"""Conclusions from real abstract shapes (issue 50, item 4): a conclusion never swallows the next
sentence, a "###" marker, a heading or a line break; sentences do not end after "e.g.", "et al.",
"Fig." or inside "2.5"; the yield and why abstracts give nothing are reported; SN never edits a
number of a swallowed sentence nor turns a count of people into a decimal. Abstracts written for
these tests in the shapes of structured and unstructured PubMed abstracts, entities invented."""
from __future__ import annotations

import random

import pytest

from monalog_perturb.bio.bionli import Context, sn
from monalog_perturb.bio.conclusions import NO_CONCLUSION, Skip, extract_or_skip, read_abstracts
from monalog_perturb.bio.entity_typing import DictionaryTyper
from monalog_perturb.bio.records import MechanismRecord
from monalog_perturb.bio.sentences import first_sentence_end, segment, split_sentences

STRUCTURED = """BACKGROUND: Zorbicin is a candidate inhibitor of KINX1 (e.g. in Fig. 2 of Smith et al. 2019).
METHODS: We gave 2.5 mg/kg zorbicin (i.e. a low dose) to 40 mice for 12 weeks.
RESULTS: KINX1 activity fell by 35% (p < 0.05).
CONCLUSIONS: Zorbicin inhibits KINX1 in mice. Trials in over 2300 patients are planned."""

UNSTRUCTURED = ("Zorbicin was given to 40 mice. KINX1 activity fell by 35% in treated mice compared with "
                "wild-type cells. In conclusion, zorbicin inhibits KINX1 in wild-type cells. ### Loss of "
                "KINX2 rescues 12 of 40 mutant lines.")

INLINE = ("Background: KINX1 repairs breaks. Results: 120 of 2300 patients responded to zorbicin. "
          "Conclusions: zorbicin inhibits KINX1 in over 2300 patients.")


@pytest.fixture(scope="module")
def typer():
    typer = DictionaryTyper()
    for name, type_ in [("zorbicin", "drug"), ("kinx1", "gene"), ("kinx2", "gene")]:
        typer.add(name, type_)
    return typer


def test_sentences_split_at_ends_not_at_abbreviations_or_decimals():
    texts = split_sentences(STRUCTURED)
    assert texts == ["Zorbicin is a candidate inhibitor of KINX1 (e.g. in Fig. 2 of Smith et al. 2019).",
                     "We gave 2.5 mg/kg zorbicin (i.e. a low dose) to 40 mice for 12 weeks.",
                     "KINX1 activity fell by 35% (p < 0.05).", "Zorbicin inhibits KINX1 in mice.",
                     "Trials in over 2300 patients are planned."]
    sections = [(s.section, s.opens) for s in segment(STRUCTURED)]
    assert sections == [("background", True), ("methods", True), ("results", True), ("conclusions", True),
                        ("conclusions", False)]


def test_markers_and_line_breaks_end_sentences():
    assert split_sentences(UNSTRUCTURED)[-2:] == ["In conclusion, zorbicin inhibits KINX1 in wild-type cells.",
                                                  "Loss of KINX2 rescues 12 of 40 mutant lines."]
    assert split_sentences("A study of KINX1\nKINX1 repairs breaks in mice") == ["A study of KINX1",
                                                                                 "KINX1 repairs breaks in mice"]
    text = "zorbicin inhibits KINX1 in cells ### Loss of KINX2 rescues 12 lines."
    assert text[:first_sentence_end(text)].strip() == "zorbicin inhibits KINX1 in cells"


@pytest.mark.parametrize("abstract,claim", [
    (STRUCTURED, "<re> Zorbicin <er> inhibits <el> KINX1 <le> in mice."),
    (UNSTRUCTURED, "<re> Zorbicin <er> inhibits <el> KINX1 <le> in wild-type cells."),
    (INLINE, "<re> Zorbicin <er> inhibits <el> KINX1 <le> in over 2300 patients."),
])
def test_the_conclusion_is_one_sentence(typer, abstract, claim):
    record = extract_or_skip("a", abstract, typer)
    assert isinstance(record, MechanismRecord) and record.hypothesis == claim
    assert "CONCLUSIONS" not in record.premise and "###" not in record.premise and "METHODS" not in record.premise


def test_why_abstracts_give_nothing_is_counted(typer, tmp_path):
    from monalog_perturb.recipes.bionli import BioNLIGenerator, read_items

    path = tmp_path / "abstracts.txt"
    path.write_text("\n\n".join([STRUCTURED, UNSTRUCTURED, "KINX1 repairs breaks. Nothing more is known.",
                                 "RESULTS: Mice slept. CONCLUSIONS: Sleep helps mice."]), encoding="utf-8")
    generator = BioNLIGenerator(["VNeg"], typer)
    records = [r for r in read_items(path, True, typer, generator.stats.inputs_skipped)
               if isinstance(r, MechanismRecord)]
    for record in records:
        generator(record)
    assert len(records) == 2 and generator.stats.inputs_skipped[NO_CONCLUSION] == 1
    table = generator.stats.table(["VNeg"])
    assert "abstracts: 4, with a record 2 (yield 50.0%)" in table
    assert generator.stats.as_json(["VNeg"])["abstract_yield"] == 0.5
    assert isinstance(extract_or_skip("b", "KINX1 repairs breaks. Nothing more.", typer), Skip)


def test_pubmed_rct_abstracts_give_their_conclusions(typer, tmp_path):
    """PubMed RCT text (###PMID, LABEL<TAB>sentence lines, as EvoNLI reads it): each label is the sentence's
    heading, so the last CONCLUSIONS sentence is the hypothesis."""
    path = tmp_path / "rct.txt"
    path.write_text("###101\nMETHODS\tWe gave zorbicin to 40 mice.\nRESULTS\tKINX1 activity fell.\n"
                    "CONCLUSIONS\tZorbicin inhibits KINX1 in mice.\n\n###102\nRESULTS\tMice slept.\n", encoding="utf-8")
    abstracts = read_abstracts(path)
    assert [pmid for pmid, _ in abstracts] == ["101", "102"]
    record = extract_or_skip(*abstracts[0], typer)
    assert isinstance(record, MechanismRecord)
    assert record.hypothesis == "<re> Zorbicin <er> inhibits <el> KINX1 <le> in mice."
    assert record.premise == "We gave zorbicin to 40 mice. KINX1 activity fell."
    assert extract_or_skip(*abstracts[1], typer) == Skip(NO_CONCLUSION)


@pytest.fixture
def ctx(typer):
    return Context(typer=typer, rng=random.Random(0), per_record=5)


def test_sn_never_edits_a_swallowed_sentence(ctx):
    record = MechanismRecord("x", "We studied 12 lines and 40 mice.",
                             "<re> Zorbicin <er> inhibits <el> KINX1 <le> in cells ### Loss rescues 40 lines.")
    assert sn(record, ctx) == []
    assert ("SN", "quantities only after the conclusion's first sentence") in ctx.skipped


def test_sn_keeps_a_count_of_people_an_integer_of_similar_size(ctx):
    premise = "Doses of 1.4 mg and 0.5 mg were given; 120 of 2300 patients responded and 1800 completed."
    record = MechanismRecord("x", premise, "<re> Zorbicin <er> inhibits <el> KINX1 <le> in over 2300 patients.")
    out = sorted(p.hypothesis.split("over ")[1] for p in sn(record, ctx))
    assert out == ["1800 patients."]                    # not 1.4 or 0.5, nor 120 (a twentieth of it)
    assert all("1.4" not in p.hypothesis and "0.5" not in p.hypothesis for p in sn(record, ctx))
    lonely = MechanismRecord("y", "Doses of 1.4 mg were given.", record.hypothesis)
    assert sn(lonely, ctx) == []
    assert ("SN", "a count with no integer of similar size in the premise") in ctx.skipped
