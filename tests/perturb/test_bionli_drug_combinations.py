"""The failure kinds the blind reader of draw 4 found (bio_rules_sample_draw4_main.tsv), each fixed at
its root: a non-medicine in a drug combination or coordinated with a drug (pyroglutamate passed as the
slot after "therapies with varenicline or" was not read as a drug's), a disease from another organ
system, an LPR reversing one of two linked regulation words."""

from tests.perturb.bionli_helpers import make_context, reasons, rec, texts
from monalog_perturb.bio import chemicals, vocabularies
from monalog_perturb.bio.bionli import lpr, sreo
from monalog_perturb.bio.entity_rules import DISEASE_BRANCH, DRUG_SLOT
from monalog_perturb.bio.predicate_rules import LINKED
from monalog_perturb.bio.semtypes import SemType


_NAMES = [("clopidogrel", "drug"), ("aspirin", "drug"), ("glucose", "drug"), ("Varenicline", "drug"),
                        ("bupropion", "drug"), ("pyroglutamate", "drug"), ("vitamin D", "drug"),
                        ("Angiotensin converting enzyme inhibitors", "drug"), ("renal insufficiency", "disease"),
                        ("pyloric stenosis", "disease"), ("nephrotic syndrome", "disease"),
                        ("doxazosin", "drug"), ("congestive heart failure", "disease")]


def make_ctx(outside):
    return make_context(_NAMES, outside)





def kind_at(text, marker="<el>", closing="<le>"):
    return chemicals.slot_kind(text, text.index(marker), text.index(closing) + 4)


def test_a_name_combined_or_coordinated_with_a_drug_stands_in_a_drugs_slot():
    assert kind_at("Combined <re> clopidogrel <er> and <el> aspirin <le> overcome resistances") == chemicals.DRUG
    assert kind_at("Combined <re> clopidogrel <er> and <el> aspirin <le>", "<re>", "<er>") == chemicals.DRUG
    assert kind_at("the combination of <re> x <er> and <el> y <le> is safe", "<re>", "<er>") == chemicals.DRUG
    assert kind_at("therapies with varenicline or <el> bupropion <le>.") == chemicals.DRUG
    assert kind_at("<el> glucose <le> plus metformin lowered it") == chemicals.DRUG
    assert kind_at("<el> x <le> and aspirin lowered it") == chemicals.DRUG
    assert kind_at("in patients with <re> hypertension <er> and <el> hypercholesterolemia <le>") is None
    assert kind_at("plasma <el> glucose <le> and insulin") == chemicals.ANALYTE


def test_a_drug_combination_takes_only_a_medicine():
    ctx = make_ctx({SemType.CHEMICAL: ["glucose", "pyroglutamate"]})
    h = "Combined <re> clopidogrel <er> and <el> aspirin <le> overcome single drug resistances."
    assert sreo(rec(h), ctx) == []
    assert DRUG_SLOT in reasons(ctx)
    ctx = make_ctx({SemType.CHEMICAL: ["pyroglutamate", "vitamin D"]})
    h = ("<re> Varenicline <er> monotherapy is more effective than combination nicotine replacement therapies "
         "with varenicline or <el> bupropion <le>.")
    out = texts(sreo(rec(h), ctx))
    assert not any("pyroglutamate" in t for t in out)      # nor vitamin D: bupropion's partner fixes its class


def test_a_disease_keeps_its_organ_system():
    assert not vocabularies.same_hpo_branch("renal insufficiency", "Pyloric stenosis")
    assert vocabularies.same_hpo_branch("renal insufficiency", "Nephrotic syndrome")
    assert vocabularies.same_hpo_branch("renal insufficiency", "no such disease name")   # unknown: allowed
    ctx = make_ctx({SemType.DISEASE: ["pyloric stenosis"]})
    h = ("<re> Angiotensin converting enzyme inhibitors <er> are associated with decreased risk for functional "
         "<el> renal insufficiency <le>.")
    assert sreo(rec(h), ctx) == []
    assert DISEASE_BRANCH in reasons(ctx)
    ctx = make_ctx({SemType.DISEASE: ["nephrotic syndrome"]})
    assert any("nephrotic syndrome" in t for t in texts(sreo(rec(h), ctx)))


def test_lpr_skips_one_of_two_linked_regulation_words():
    ctx = make_ctx({})
    h = ("Although a bedtime dose of <re> doxazosin <er> can lower the blood pressure, it can also increase left "
         "ventricular diameter, thus increasing the risk of <el> congestive heart failure <le>.")
    assert lpr(rec(h), ctx) == []
    assert LINKED in reasons(ctx)
    assert texts(lpr(rec("<re> doxazosin <er> increases <el> congestive heart failure <le> risk."), make_ctx({})))
