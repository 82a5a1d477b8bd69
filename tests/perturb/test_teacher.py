"""The offline biomedical teacher (issue 17 item 6): its training pairs, its command, the counts that
make an abstaining teacher loud, and the grammar checks EvoNLI's children pass."""
from __future__ import annotations

import json

import pytest

from monalog.errors import InputError
from monalog.inference.proof import Label
from monalog_perturb.backends.nli import ClassifierTeacher, CountingTeacher
from monalog_perturb.candidate import Candidate
from monalog_perturb.constraints.grammar import grammar_problem
from monalog_perturb.recipes.teacher import RULE_LABELS, TeacherData, claim_texts, mancon_pairs, teacher_pairs
from monalog_perturb.recipes.teacher_corpora import (LabelledClaim, dev_questions, dev_set, mancon_claims,
                                                     scifact_claims, scifact_dev)
from monalog_perturb.transformations.mutations import NegationToggle, WordNetAntonyms
from tests.tiny_models import bert_classifier

QUESTION = "In adults with hypertension, does drug A, compared to placebo, reduce blood pressure"
CLAIMS = [("YS", "Drug A reduced systolic blood pressure in adults."),
          ("NO", "Drug A did not lower blood pressure after 8 weeks."),
          ("YS", "Blood pressure fell with drug A in older adults."), ("??", "An unusable claim.")]
MANCON_XML = ('<CORPUS><REVIEW REVIEW_PMID="1" REVIEW_TITLE="t">'
              + "".join(f'<CLAIM ASSERTION="{a}" PMID="{i}" QUESTION="{QUESTION}" TYPE="CAUS">{text}</CLAIM>'
                        for i, (a, text) in enumerate(CLAIMS))
              + "</REVIEW></CORPUS>")


@pytest.fixture()
def mancon(tmp_path):
    folder = tmp_path / "mancon"
    folder.mkdir()
    (folder / "ManConCorpus_claims.xml").write_text(MANCON_XML)
    (folder / "mancon_sentence_pairs_sample.tsv").write_text(
        "label\tguid\ttext_a\ttext_b\ncontradiction\t0\tDrug B is safe.\tDrug B caused serious bleeding.\n")
    return folder


def test_mancon_pairs_label_by_assertion(mancon):
    import random

    pairs = mancon_pairs(mancon, 10, random.Random(0))
    assert len(pairs) == 4                              # 3 claim pairs + the labelled sample pair
    by_texts = {frozenset((p, h)): label for p, h, label in pairs}
    assert by_texts[frozenset(("Drug A reduced systolic blood pressure in adults.",
                               "Drug A did not lower blood pressure after 8 weeks."))] is Label.CONTRADICTION
    assert by_texts[frozenset(("Drug A reduced systolic blood pressure in adults.",
                               "Blood pressure fell with drug A in older adults."))] is Label.NEUTRAL
    assert ("Drug B caused serious bleeding.", "Drug B is safe.", Label.CONTRADICTION) in pairs


def test_teacher_pairs_make_minimal_pairs_and_are_deterministic(mancon, tmp_path):
    claims = tmp_path / "claims.jsonl"
    claims.write_text("\n".join(json.dumps({"id": i, "claim": c}) for i, c in enumerate(
        ["Metformin reduces hepatic glucose production.", "Aspirin inhibits platelet aggregation in mice."])))
    data = TeacherData(mancon=str(mancon), claims=(str(claims),), hold_out=False)
    pairs, described = teacher_pairs(data)
    metformin = "Metformin reduces hepatic glucose production."
    negatives = [p for p in pairs if p[1] == "Metformin does not reduce hepatic glucose production."]
    assert negatives and all(metformin in p[0] and p[2] is Label.CONTRADICTION for p in negatives)
    originals = [p for p in pairs if p[1] == metformin]
    assert originals and all(metformin in p[0] and len(p[0]) > len(metformin) and p[2] is Label.ENTAILMENT
                             for p in originals)
    assert described["sources"]["mancon"] == {"CONTRADICTION": 3, "NEUTRAL": 1}
    assert teacher_pairs(data) == (pairs, described)


def test_teacher_data_errors(tmp_path):
    with pytest.raises(InputError, match="no biomedical pairs"):
        teacher_pairs(TeacherData())
    (tmp_path / "ManConCorpus_claims.xml").write_text("<CORPUS><CLAIM>unclosed")
    with pytest.raises(InputError, match="not a readable ManConCorpus"):
        teacher_pairs(TeacherData(mancon=str(tmp_path)))
    (tmp_path / "empty.txt").write_text("\n")
    with pytest.raises(InputError, match="no claims in"):
        teacher_pairs(TeacherData(claims=(str(tmp_path / "empty.txt"),)))
    plain = tmp_path / "claims.txt"
    plain.write_text("Statins lower LDL cholesterol.\n\nIL-6 drives fever.\n")
    assert claim_texts(plain) == ["Statins lower LDL cholesterol.", "IL-6 drives fever."]
    plain.write_bytes(b"\xff\xfe bad bytes\nIL-6 drives fever.\n")          # a bad line is skipped, not fatal
    assert claim_texts(plain) == ["IL-6 drives fever."]


def test_teacher_command_trains_and_records_its_data(mancon, tmp_path, capsys):
    from monalog.cli import main

    sick = tmp_path / "sick.tsv"
    rows = ["pair_ID\tsentence_A\tsentence_B\tentailment_label\tSemEval_set"]
    rows += [f"{i}\ta man is playing\ta man is {'not ' * (i % 2)}playing\t"
             f"{'CONTRADICTION' if i % 2 else 'ENTAILMENT'}\tTRAIN" for i in range(20)]
    sick.write_text("\n".join(rows) + "\n")
    out = tmp_path / "teacher"
    assert main(["perturb", "teacher", "--train", str(sick), "--mancon", str(mancon), "--model",
                 str(bert_classifier(tmp_path / "tiny")), "-o", str(out), "--max-steps", "2", "--batch-size", "4",
                 "--no-hold-out", "--calibrate"]) == 0
    captured = capsys.readouterr()
    summary = json.loads(captured.out)
    assert "teacher data: mancon 4" in captured.err and summary["extra_pairs"] + summary["calibration_pairs"] == 6
    assert "building the teacher's pairs: 3/3 claims (100%)" in captured.err and "training: " in captured.err
    assert "ETA" in captured.err and summary["temperature"] > 0
    meta = json.loads((out / "monalog_fallback.json").read_text())
    assert meta["training_data"]["sick_train"] == 20 and len(meta["training_data"]["sha1"]) == 40
    assert meta["temperature"] == summary["temperature"] and meta["settings"]["group_by_length"]
    teacher = CountingTeacher(ClassifierTeacher(str(out)))
    assert teacher.scores([("Drug A is safe.", "Drug A is not safe.")])[0] is not None
    (out / "thesis.tex").write_text("mine")             # not a previous output any more: refused
    assert main(["perturb", "teacher", "--train", str(sick), "--mancon", str(mancon), "-o", str(out)]) == 2
    assert (out / "thesis.tex").read_text() == "mine"


def test_every_bionli_perturbation_is_a_contradiction_of_its_original():
    """BioNLI's negatives, entity swaps included, are what KBIN and EvoNLI ask the teacher to call
    CONTRADICTION: an SRE swap labelled NEUTRAL taught the teacher to score every KBIN swap low."""
    assert set(RULE_LABELS) == {"VNeg", "LPR", "SN", "SEN", "SEP", "SRE", "SREO"}
    assert set(RULE_LABELS.values()) == {Label.CONTRADICTION}


SCIFACT = [{"id": 1, "claim": "Drug C lowers LDL.", "evidence": {"7": [{"label": "SUPPORT"}]}, "cited_doc_ids": [7]},
           {"id": 2, "claim": "Drug C raises LDL.", "evidence": {"7": [{"label": "REFUTE"}]}, "cited_doc_ids": [7]},
           {"id": 3, "claim": "Drug C is taken daily.", "evidence": {"7": [{"label": "SUPPORT"}]},
            "cited_doc_ids": [7]},
           {"id": 4, "claim": "Statins lower LDL cholesterol.", "evidence": {}, "cited_doc_ids": [8]}]


def test_scifact_claims_are_the_claims_reader_with_evidence(tmp_path):
    """One claims reader: the labelled SciFact variant keeps the rows with "evidence" of what
    `read_claims` gives; a line that cannot be read spoils that file (it is read whole)."""
    claims = tmp_path / "scifact.jsonl"
    claims.write_text("\n".join(json.dumps(row) for row in SCIFACT) + '\nPlain claim.\n{"claim": "No evidence."}\n')
    labelled = scifact_claims(claims)
    assert [c.claim for c in labelled] == [row["claim"] for row in SCIFACT]
    assert labelled[0] == LabelledClaim(SCIFACT[0]["claim"], frozenset({"SUPPORT"}), ("7",))
    assert labelled[-1].labels == frozenset() and claim_texts(claims)[-2:] == ["Plain claim.", "No evidence."]
    claims.write_bytes(claims.read_bytes() + b"\xff\n")
    assert len(claim_texts(claims)) == len(SCIFACT) + 2                              # skipped by the reader
    with pytest.raises(InputError, match=f"scifact.jsonl:{len(SCIFACT) + 3}: not UTF-8"):
        scifact_claims(claims)


def test_the_dev_set_is_never_in_the_training_pairs(mancon, tmp_path):
    claims = tmp_path / "scifact.jsonl"
    claims.write_text("\n".join(json.dumps(row) for row in SCIFACT) + "\n")
    dev, held = scifact_dev(claims)
    assert ("Drug C lowers LDL.", "Drug C raises LDL.", Label.CONTRADICTION) in dev
    assert ("Drug C is taken daily.", "Drug C lowers LDL.", Label.NEUTRAL) in dev
    assert held == {"Drug C lowers LDL.", "Drug C raises LDL.", "Drug C is taken daily."}
    assert dev_questions(mancon, mancon_claims(mancon)) in (set(), {QUESTION})     # a fixed fifth, by hash
    sets = dev_set(str(mancon), str(claims))
    pairs, described = teacher_pairs(TeacherData(mancon=str(mancon), claims=(str(claims),)))
    dev_texts = {t for pairs_ in sets.values() for p, h, _ in pairs_ for t in (p, h)}
    assert not dev_texts & {t for p, h, _ in pairs for t in (p, h)}                 # no dev sentence in training
    assert described["held_out"]["scifact_claims"] == 3
    assert ("Drug B caused serious bleeding.", "Drug B is safe.", Label.CONTRADICTION) in sets["mancon"]


class _Abstains:
    name = "abstainer"

    def scores(self, pairs):
        return [None for _ in pairs]


def test_counting_teacher_is_loud_when_it_abstains_on_everything():
    teacher = CountingTeacher(_Abstains())
    assert teacher.warning() is None                    # asked nothing yet
    teacher.scores([("a", "b"), ("c", "d")])
    assert "abstained on all 2 pairs" in teacher.warning()
    assert teacher.summary() == {"teacher": "abstainer", "teacher_asked": 2, "teacher_abstained": 2,
                                 "teacher_abstained_on_all": True}


@pytest.mark.parametrize("text, problem", [
    ("These does not result indicate that X reduces Y.", "reporting frame"),
    ("It is not concluded that the vaccine is safe.", "reporting frame"),
    ("The results do not suggest that statins work.", "reporting frame"),
    ("Treatment was not unable to reduce mortality.", "double negation"),
    ("None of the 48 participants did not have a serious adverse event.", "double negation"),
    ("The block reduced opioid use in the first 24 hours before surgery.", "cannot precede"),
    ("Aspirin not significantly reduced the risk.", "finite verb"),
    ("Aspirin did not reduced the risk.", "did not"),
    ("These drugs is safe.", "agree"),
    ("This drug are safe.", "agree"),
])
def test_grammar_problems_are_named(text, problem):
    assert problem in (grammar_problem(text) or "")


@pytest.mark.parametrize("text", [
    "Aspirin did not reduce the risk of stroke.", "Aspirin was not significantly reduced.",
    "Metformin has no effect on weight.", "These results show that aspirin works.",
    "It does not reduce the risk of relapse.",
])
def test_grammatical_claims_pass(text):
    assert grammar_problem(text) is None


@pytest.mark.parametrize("text, expected", [
    ("These results indicate that metformin lowers glucose in mice.",
     "These results indicate that metformin does not lower glucose in mice."),
    ("It is concluded that the vaccine is safe.", "It is concluded that the vaccine is not safe."),
    ("We conclude that IL-6 inhibition is not effective.", "We conclude that IL-6 inhibition is effective."),
    ("Mice lacking p53 develop tumours.", "Mice lacking p53 do not develop tumours."),
])
def test_negation_flips_the_claim_not_its_frame(text, expected):
    assert [c.text for c in NegationToggle()(Candidate.original(text))] == [expected]


def test_no_double_negation_and_no_antonym_inside_a_token():
    assert NegationToggle()(Candidate.original("Treatment was unable to reduce mortality.")) == []
    texts = [c.text for c in WordNetAntonyms()(Candidate.original("Expression rose 5-fold and the effect was strong."))]
    assert texts == ["Expression rose 5-fold and the effect was weak."]


@pytest.mark.parametrize("text", [
    "Ten percent of the children with febrile seizures later developed epilepsy.",   # a part: both can hold
    "CGM did not improve HbA1c in adults.",            # no opposite under a negation ("did not worsen")
    "The drug did not slow cognitive decline.",        # "slow" is a verb here
    "Mutant huntingtin formed insoluble aggregates.",  # not predicative: another referent
    "An SGLT2 inhibitor slowed kidney function decline.",  # indefinite: "... did not slow" is compatible
])
def test_mutations_that_would_not_contradict_are_not_proposed(text):
    from monalog_perturb.transformations.mutations import ListedOpposites

    c = Candidate.original(text)
    children = [x.text for t in (NegationToggle(), WordNetAntonyms(), ListedOpposites()) for x in t(c)]
    banned = ("afebrile", "worsen", "fast", "soluble agg", "not develop", "not slow")
    assert not any(w in child for child in children for w in banned)


def test_a_month_is_not_a_modal():
    from monalog_perturb.transformations.mutations import ListedOpposites

    c = Candidate.original("Seroprevalence increased more than fivefold between May and November.")
    children = [x.text for t in (NegationToggle(), ListedOpposites()) for x in t(c)]
    assert "Seroprevalence did not increase more than fivefold between May and November." in children
    assert not any("Cannot" in child or "May not" in child for child in children)


def test_two_polarity_flips_cancel_so_a_child_keeps_one():
    from monalog_perturb.searches.evolution import _flips

    original = Candidate.original("Drug A increased stroke risk.")
    once = original.edited(7, 16, "decreased", "opposite", type="action")
    twice = once.edited(7, 16, "did not decrease", "negation", type="negation/polarity")
    assert (_flips(original), _flips(once), _flips(twice)) == (0, 1, 2)


def test_negation_goes_before_the_verbs_adverbs():
    (child,) = NegationToggle()(Candidate.original("Aspirin strongly inhibits COX-2 activity in mice."))
    assert child.text == "Aspirin does not strongly inhibit COX-2 activity in mice."
