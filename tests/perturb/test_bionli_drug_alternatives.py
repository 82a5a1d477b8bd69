"""The failure kinds of draw 6 (bio_rules_sample_draw6_main.tsv), each fixed at its root: a drug's slot
taking a class noun that a medicine's synonym ends ("phospholipids") or a medicine of another class than
the one it is an alternative to ("varenicline or <enalapril>"); one entity marked twice under two
numbers; a FamPlex family after "the gene"; a drug name capitalised mid-sentence; VNeg on a comparative
clause's auxiliary or under a later clause that refers back to the negated predicate."""

from tests.perturb.bionli_helpers import make_context, reasons, rec, texts
from monalog_perturb.bio import chemicals, swaps, vocabularies
from monalog_perturb.bio.bionli import sre, sreo, vneg
from monalog_perturb.bio.entity_rules import ALTERNATIVE_DRUG, DRUG_SLOT
from monalog_perturb.bio.predicate_rules import REFERS_BACK, negate_main_clause, refers_back
from monalog_perturb.bio.semtypes import SemType
from monalog_perturb.bio.surface import cased

_NAMES = [("Varenicline", "drug"), ("bupropion", "drug"), ("statins", "drug"), ("statin", "drug"),
          ("cholesterol", "drug"), ("DGKK", "gene"), ("hypospadias", "disease"), ("vitamin C", "drug"),
          ("prostate cancer", "disease")]


def test_a_class_noun_ending_a_medicines_synonym_is_no_medicine():
    assert chemicals.name_kind("phospholipids") != chemicals.MEDICINE        # of "omega-3 phospholipids"
    assert chemicals.name_kind("aspirin") == chemicals.MEDICINE
    ctx = make_context(_NAMES, {SemType.CHEMICAL: ["phospholipids"]})
    h = "Treatment with <re> statins <er> is related to lower mortality from <el> prostate cancer <le>."
    assert sreo(rec(h), ctx) == [] and DRUG_SLOT in reasons(ctx)


def test_a_drug_offered_as_an_alternative_to_a_medicine_takes_only_one_the_premise_names():
    h = ("<re> Varenicline <er> monotherapy is more effective than combination nicotine replacement therapies "
         "with varenicline or <el> bupropion <le>.")
    assert chemicals.partnered(h, h.index("<el>"), h.index("<le>") + 4)
    ctx = make_context(_NAMES, {SemType.CHEMICAL: ["enalapril"]})
    out = texts(sreo(rec(h), ctx))
    assert not any("enalapril" in t and "<el> enalapril" in t for t in out)
    assert ALTERNATIVE_DRUG in reasons(ctx) or not out
    premise = "Nortriptyline helped some smokers quit."
    ctx = make_context(_NAMES + [("nortriptyline", "drug")])
    assert any("<el> nortriptyline <le>" in t for t in texts(sre(rec(h, premise), ctx)))   # from the premise
    h2 = "Taking vitamin E in combination with <re> vitamin C <er> reduces the risk of <el> prostate cancer <le>."
    assert not chemicals.partnered(h2, h2.index("<re>"), h2.index("<er>") + 4)            # no named partner
    h3 = "Combination therapy with <re> perindopril <er> and <el> indapamide <le> lowered blood pressure."
    assert not chemicals.partnered(h3, h3.index("<el>"), h3.index("<le>") + 4)            # a combination: two classes


def test_one_entity_marked_twice_under_two_numbers_is_not_replaced():
    h = ("The results support that <re> statins <er> change arterial stiffness, and studies are needed to weigh "
         "<el> statin <le>-induced vascular remodelling.")
    ctx = make_context(_NAMES, {SemType.CHEMICAL: ["cytidine"]})
    assert sreo(rec(h), ctx) == [] and swaps.ONE_NAME in reasons(ctx)


def test_a_famplex_family_is_no_gene_to_call_the_gene():
    assert vocabularies.famplex_family("H2B") and vocabularies.famplex_family("AMPK")
    assert not vocabularies.famplex_family("HDAC4") and not vocabularies.famplex_family("Sirt1")
    ctx = make_context(_NAMES, {SemType.GENE_PROTEIN: ["H2B"]})
    h = "A variant in the gene <re> DGKK <er> is strongly associated with increased risk of <el> hypospadias <le>."
    assert sreo(rec(h), ctx) == [] and swaps.GENE_WORD in reasons(ctx)


def test_a_drug_name_is_lower_cased_mid_sentence():
    assert cased("Quinapril", False) == "quinapril"
    assert cased("Nanog", False) == "Nanog" and cased("Quinapril", True) == "Quinapril"


def test_vneg_leaves_a_comparative_clause_alone():
    h = ("Combination therapy with <re> perindopril <er> and <el> indapamide <le> produced larger blood pressure "
         "reductions than did single drug therapy with perindopril alone.")
    edits, edit = negate_main_clause(h)
    assert edit == "produced -> did not produce"
    assert negate_main_clause("<re> X <er> lowered <el> Y <le> more than placebo did.")[1] == \
        "lowered -> did not lower"
    assert negate_main_clause("<re> X <er> is as effective as <el> Y <le>.")[1] == "is -> is not"


def test_vneg_skips_a_predicate_a_later_clause_refers_back_to():
    h = ("In patients with <re> hypertension <er>, <el> simvastatin <le> reduced MSNA, and this was related to "
         "increased baroreceptor sensitivity.")
    ctx = make_context(_NAMES)
    assert vneg(rec(h), ctx) == [] and REFERS_BACK in reasons(ctx)
    assert refers_back(" Y, thereby lowering blood pressure.") and refers_back(" Y; these effects were large.")
    assert not refers_back(" Y in mice, and it was well tolerated.")
    assert not refers_back(" Y, which is a kinase.")
