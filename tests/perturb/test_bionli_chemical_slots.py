"""The failure kinds the blind reader of draw 3 found (bio_rules_sample_draw3_main.tsv), each fixed at
its root: a chemical of the wrong kind for its slot, a fixed "-induced" term, an acronym of a class, a
name written again unmarked, a symmetric relation behind a parenthesis, a swap of two kinds, VNeg of
coordinated predicates or inside an embedded hypothesis, SN of a number others depend on."""

from tests.perturb.bionli_helpers import make_context, reasons, rec, texts
from monalog_perturb.bio import chemicals, swaps
from monalog_perturb.bio.bionli import sen, sn, sre, sreo, vneg
from monalog_perturb.bio.entity_rules import ANALYTE_SLOT, DIFFERENT_KINDS, DRUG_SLOT
from monalog_perturb.bio.predicate_rules import COORDINATED, EMBEDDED, negate_main_clause
from monalog_perturb.bio.semtypes import SemType


_NAMES = [("pravastatin", "drug"), ("cholesterol", "drug"), ("ramipril", "drug"),
                        ("vitamin B12", "drug"), ("vitamin B6", "drug"), ("homocysteine", "drug"),
                        ("heparin", "drug"), ("folate", "drug"), ("perindopril", "drug"), ("indapamide", "drug"),
                        ("pyroglutamate", "drug"), ("amlodipine", "drug"), ("estrogen", "drug"),
                        ("atenolol", "drug"), ("APOE4", "gene"), ("statins", "drug"), ("CCL19", "gene"),
                        ("CCR7", "gene"), ("bnAb", "gene"), ("Sirt1", "gene"), ("obesity", "disease"),
                        ("myocarditis", "disease"), ("Losartan", "drug"), ("candesartan", "drug"),
                        ("nephropathy", "disease"), ("diastolic blood pressure", "disease"),
                        ("abdominal aortic aneurysm", "disease"), ("clopidogrel", "drug"), ("aspirin", "drug"),
                        ("atherosclerosis", "disease"), ("ACE inhibitors", "drug")]


def make_ctx(outside=None):
    return make_context(_NAMES, outside)





def test_slot_kinds_from_the_words_around_a_name():
    t = "there was a mean reduction in serum total <el> cholesterol <le> of 19.4%"
    assert chemicals.slot_kind(t, t.index("<el>"), t.index("<le>") + 4) == chemicals.ANALYTE
    for text, name, kind in [("A deficiency of vitamin B12 lowers it.", "vitamin B12", chemicals.ANALYTE),
                             ("independent of cholesterol levels", "cholesterol", chemicals.ANALYTE),
                             ("treatment with statins is related", "statins", chemicals.DRUG),
                             ("compared with aspirin monotherapy", "aspirin", chemicals.DRUG),
                             ("a dose of ramipril", "ramipril", chemicals.DRUG),
                             ("Losartan conferred benefits", "Losartan", None)]:
        start = text.index(name)
        assert chemicals.slot_kind(text, start, start + len(name)) == kind, text
    t = "Combination therapy with <re> perindopril <er> and <el> indapamide <le> produced"
    assert chemicals.slot_kind(t, t.index("<el>"), t.index("<le>") + 4) == chemicals.DRUG
    assert chemicals.name_kind("ramipril") == chemicals.MEDICINE
    assert chemicals.name_kind("cholesterol") == chemicals.SUBSTANCE
    assert chemicals.name_kind("pyroglutamate") != chemicals.MEDICINE


def test_a_measured_analyte_or_nutrient_is_never_replaced_by_a_drug():
    ctx = make_ctx({SemType.CHEMICAL: ["ramipril", "heparin", "amlodipine", "atenolol"]})
    for h in ["In the group receiving both <re> pravastatin <er> and the step 1 diet, there was a mean reduction in "
              "serum total <el> cholesterol <le> of 19.4%.",
              "A deficiency of <re> vitamin B12 <er> decreases blood levels of <el> homocysteine <le>.",
              "In chronic heart failure, treatment with <re> statins <er> is related to lower mortality, independent "
              "of <el> cholesterol <le> levels.",
              "Female carriers of the <re> APOE4 <er> allele have longer lifetime exposure to <el> estrogen <le>."]:
        out = texts(sreo(rec(h), ctx))
        assert not any(n in t for t in out for n in ("total <el> ramipril", "of <re> heparin", "of <el> amlodipine",
                                                     "to <el> atenolol")), out
    assert ANALYTE_SLOT in reasons(ctx)


def test_a_nutrient_the_premise_shows_measured_may_replace_a_measured_one():
    ctx = make_ctx()
    out = sre(rec("A deficiency of <re> vitamin B12 <er> decreases blood levels of <el> homocysteine <le>.",
                  "Plasma vitamin B6 was low in smokers. Heparin was given."), ctx)
    assert "A deficiency of <re> vitamin B6 <er> decreases blood levels of <el> homocysteine <le>." in texts(out)
    assert not any("heparin" in t.lower() for t in texts(out))


def test_a_drug_slot_takes_only_a_medicine_and_a_name_written_again_is_left_alone():
    ctx = make_ctx({SemType.CHEMICAL: ["pyroglutamate", "amlodipine"]})
    h = ("Combination therapy with <re> perindopril <er> and <el> indapamide <le> produced larger blood pressure "
         "reductions than did single drug therapy with perindopril alone.")
    out = texts(sreo(rec(h), ctx))
    assert not any("pyroglutamate" in t for t in out)
    assert not any("with <re> amlodipine" in t for t in out)          # perindopril is named again unmarked
    assert swaps.REPEATED in reasons(ctx) or out
    ctx = make_ctx({SemType.CHEMICAL: ["pyroglutamate"]})
    assert sreo(rec("Treatment with <re> ramipril <er> reduced <el> nephropathy <le>."), ctx) == []
    assert DRUG_SLOT in reasons(ctx)


def test_a_common_words_induced_compound_is_a_longer_term():
    assert swaps.in_longer_term("susceptibility to diet-induced <el> obesity <le>", 31)
    assert not swaps.in_longer_term("cisplatin-induced <el> nephrotoxicity <le>", 19)
    ctx = make_ctx({SemType.DISEASE: ["myocarditis"]})
    assert sreo(rec("Mice lacking <re> Sirt1 <er> have increased susceptibility to diet-induced <el> obesity <le>."),
                ctx) == []


def test_an_acronym_of_a_plural_class_replaces_no_gene():
    ctx = make_ctx()
    premise = "Broadly HIV-1 Neutralizing Antibodies (bnAb) 10EB have no affinity for phospholipids."
    out = sre(rec("<re> CCL19 <er> is a ligand for <el> CCR7 <le>.", premise), ctx)
    assert not any("bnAb" in t for t in texts(out))


def test_sen_skips_a_symmetric_relation_behind_a_parenthesis_and_two_kinds():
    ctx = make_ctx()
    assert sen(rec("<re> Decreased diastolic blood pressure <er> (DBP) is associated with <el> abdominal aortic "
                   "aneurysm <le>."), ctx) == []
    assert "symmetric relation (the swap would be entailed)" in reasons(ctx)
    ctx = make_ctx()
    assert sen(rec("In chronic heart failure, treatment with <re> statins <er> is related to lower mortality, "
                   "independent of <el> cholesterol <le> levels, disease etiology and clinical status."), ctx) == []
    assert DIFFERENT_KINDS in reasons(ctx)
    ctx = make_ctx()                       # two measured names: a reversal a reader can weigh
    assert sen(rec("A deficiency of <re> vitamin B6 <er> decreases blood levels of <el> homocysteine <le>."), ctx)


def test_vneg_skips_coordinated_predicates_and_embedded_hypotheses():
    assert negate_main_clause("This pilot study suggests that the addition of <re> clopidogrel <er> to <el> aspirin "
                              "<le> is feasible and safe and may be superior for prevention.") == COORDINATED
    assert negate_main_clause("<re> X <er> increases Y and decreases <el> Z <le>.") == COORDINATED
    assert negate_main_clause("<re> TNF <er> reduced <el> p53 <le> and increased apoptosis.") == COORDINATED
    assert negate_main_clause("<re> X <er> is associated with increased A and decreased <el> Z <le>.")[1] == \
        "is -> is not"
    assert negate_main_clause("The results provide no support for the hypothesis that reduced <re> atherosclerosis "
                              "<er> is responsible for the effects of <el> ACE inhibitors <le>.") == EMBEDDED
    edits, edit = negate_main_clause("These results support the hypothesis that <re> X <er> inhibits <el> Y <le>.")
    assert edit == "support -> do not support"
    ctx = make_ctx()
    assert vneg(rec("The results provide no support for the hypothesis that reduced <re> atherosclerosis <er> is "
                    "responsible for the effects of <el> ACE inhibitors <le>."), ctx) == []


def test_sn_leaves_a_number_others_depend_on():
    ctx = make_ctx()
    h = ("In the group receiving both <re> pravastatin <er> and the step 1 diet, there was a mean reduction in "
         "serum total <el> cholesterol <le> of 19.4% (1.46 mmol L-1 (95% CI: 1.20, 1.72)).")
    assert sn(rec(h, "A reduction of 12% was seen in 40 patients."), ctx) == []
    assert sn(rec("<re> X <er> fell by 19.4% (1.46 mmol/L) in <el> Y <le>.", "It fell by 12%."), make_ctx()) == []
    assert texts(sn(rec("<re> X <er> fell by 19% in <el> Y <le>.", "It fell by 12%."), make_ctx())) == \
        ["<re> X <er> fell by 12% in <el> Y <le>."]
