"""Natural-logic positives (`--nl-positives`) are sentences and entailed (issue 17, item 4): a subject,
a main verb, a conjunct, a negation, a hedge frame, a number, a direction word stay; ↑ adverbs,
place/time PPs and adjectives go. All conclusions are parsed once, in one batch, with the real
parser on the budget the command uses."""
from __future__ import annotations

import pytest

from monalog_perturb.bio.records import MechanismRecord

KEPT = {        # conclusion -> words every positive of it keeps (no positive at all is fine)
    "subject pronoun and frame": ("We conclude that <re> metformin <er> strongly inhibits <el> AMPK <le> in mice.",
                                  ("We conclude that", "inhibits")),
    "main verb": ("<re> BRCA1 <er> directly regulates <el> p53 <le> expression.", ("regulates",)),
    "conjoined verb phrase": ("<re> Metformin <er> activates <el> AMPK <le> and inhibits mTOR.",
                              ("activates", "and inhibits mTOR")),
    "conjoined object": ("<re> Metformin <er> inhibits <el> AMPK <le> and mTOR in mice.", ("and mTOR",)),
    "conjoined verb phrase, PP dropped": (
        "<re> Metformin <er> activates <el> AMPK <le> and strongly inhibits mTOR in mice.",
        ("activates", "and strongly inhibits mTOR")),
    "conjoined adjectives": ("<re> Metformin <er> activates <el> AMPK <le> in obese and lean mice.",
                             ("obese and lean mice",)),
    "frequency adverb and generic subject": (
        "Patients with <re> diabetes <er> frequently develop <el> retinopathy <le> in old age.",
        ("Patients with", "frequently", "in old age")),
    "negation": ("<re> TNF <er> is not required for <el> IL6 <le> release in human cells.", ("not", "human")),
    "negated verb": ("<re> Metformin <er> does not inhibit <el> gluconeogenesis <le> in obese mice.",
                     ("not", "obese mice")),
    "hedge frame": ("These results suggest that <re> metformin <er> inhibits <el> gluconeogenesis <le> in obese mice.",
                    ("These results suggest that", "obese mice")),
    "modal hedge": ("<re> Metformin <er> may inhibit <el> gluconeogenesis <le> in obese mice.", ("may", "obese mice")),
    "number": ("<re> Metformin <er> causes <el> lactic acidosis <le> in 30% of patients.", ("30%",)),
    "comparison": ("<re> Metformin <er> is more effective than <el> insulin <le> in older patients.",
                   ("more", "older patients")),
    "direction adjective": ("<re> APOE4 <er> expression results in decreased <el> tau <le> phosphorylation.",
                            ("decreased",)),
    "kind adjective": ("Decrease of <re> p62 <er> in prostate tumor stroma results in defective <el> autophagy <le>.",
                       ("Decrease of", "prostate tumor stroma", "defective")),
    "frequency adverb": ("<re> Metformin <er> rarely causes <el> lactic acidosis <le>.", ("rarely",)),
}

DROPPED = {     # conclusion -> a positive it must give
    "PP of place": ("<re> Metformin <er> strongly inhibits <el> gluconeogenesis <le> in obese mice.",
                    "<re> Metformin <er> strongly inhibits <el> gluconeogenesis <le>."),
    "adverb before the verb": ("<re> Aspirin <er> rapidly reduces <el> fever <le> in children.",
                               "<re> Aspirin <er> reduces <el> fever <le> in children."),
    "adjective": ("<re> CHOP <er> is a reliable marker of <el> apoptosis <le>.",
                  "<re> CHOP <er> is a marker of <el> apoptosis <le>."),
    "adjective, article agreed": ("<re> Insulin <er> is a potent activator of <el> AKT <le>.",
                                  "<re> Insulin <er> is an activator of <el> AKT <le>."),
    "inside a veridical frame": ("We conclude that <re> metformin <er> strongly inhibits <el> AMPK <le> in mice.",
                                 "We conclude that <re> metformin <er> strongly inhibits <el> AMPK <le>."),
}


@pytest.fixture(scope="module")
def pipe():
    from monalog.pipeline import Pipeline
    from monalog_perturb.bio.positives import DEFAULT_BUDGET

    return Pipeline(budget=DEFAULT_BUDGET.parser)


@pytest.fixture(scope="module")
def outputs(pipe) -> dict[str, list[str]]:
    from monalog_perturb.bio.positives import positives

    texts = sorted({text for text, _ in KEPT.values()} | {text for text, _ in DROPPED.values()})
    records = [MechanismRecord(str(i), "p", text) for i, text in enumerate(texts)]
    out: dict[str, list[str]] = {text: [] for text in texts}
    for p in positives(records, pipeline=pipe):
        assert p.label == "ENTAILMENT" and p.strategy == "NL-drop" and "↑" in p.edit
        out[texts[int(p.source)]].append(p.hypothesis)
    return out


@pytest.mark.parametrize("name", sorted(KEPT))
def test_never_dropped(outputs, name):
    text, kept = KEPT[name]
    for hypothesis in outputs[text]:
        assert hypothesis != text
        assert all(word in hypothesis for word in kept), (name, hypothesis)
        assert "<re>" in hypothesis and "<el>" in hypothesis


@pytest.mark.parametrize("name", ["negation", "negated verb", "hedge frame", "modal hedge", "comparison",
                                  "frequency adverb and generic subject"])
def test_unclear_polarity_gives_nothing(outputs, name):
    assert outputs[KEPT[name][0]] == []


@pytest.mark.parametrize("name", sorted(DROPPED))
def test_upward_modifier_dropped(outputs, name):
    text, expected = DROPPED[name]
    assert expected in outputs[text]


PROTECTED = "a protected or untrusted word, or a conjunction beside it"


@pytest.mark.parametrize("text, modifier, why", [
    (KEPT["conjoined adjectives"][0], "in obese and lean mice", PROTECTED),
    (KEPT["conjoined verb phrase, PP dropped"][0], "strongly", PROTECTED),
    (KEPT["kind adjective"][0], "defective", "not a droppable kind"),
    (KEPT["kind adjective"][0], "in prostate tumor stroma", PROTECTED),
    (KEPT["number"][0], "in 30 % of patients", PROTECTED),
])
def test_rules_refuse_what_the_engine_would_drop(pipe, text, modifier, why):
    """`droppable_modifier` offers these; the rules keep them (a conjunct's neighbour, a kind, the
    subject, a number)."""
    from monalog_perturb.bio.positives import candidates
    from monalog_perturb.bio.records import strip_markers

    rejected: list[tuple[str, str]] = []
    found = candidates(MechanismRecord("1", "p", text), pipe.analyse(strip_markers(text)), rejected)
    assert not isinstance(found, str) and (modifier, why) in rejected


def test_outputs_reparse_as_sentences(outputs, pipe):
    from monalog.polarity.doubt import doubt
    from monalog_perturb.bio.records import strip_markers

    made = [h for hs in outputs.values() for h in hs]
    assert made
    for hypothesis, result in zip(made, pipe.run([strip_markers(h) for h in made])):
        assert str(result.parse.tree.category) == "S[dcl]" and doubt(result.parse.tree) is None, hypothesis


def test_budget_and_reasons_counted(pipe):
    from monalog_perturb.bio.positives import NaturalLogicPositives, NLBudget

    nl = NaturalLogicPositives(budget=NLBudget(candidates=1, per_record=1), pipeline=pipe)
    assert nl(MechanismRecord("1", "p", KEPT["negation"][0])) == []
    several = nl(MechanismRecord("2", "p", "<re> Aspirin <er> rapidly reduces <el> fever <le> in children."))
    assert len(several) == 1                        # one candidate re-parsed, one kept: the budget is a count
    assert nl(MechanismRecord("3", "p", "<re> A <er> B " + "c " * 70 + "<el> D <le>.")) == []
    assert nl.skipped["negated or downward"] == 1 and nl.skipped["over 60 words"] == 1
    assert nl.made["NL-drop"] == 1


def test_cut_keeps_the_text_and_agrees_articles():
    from monalog_perturb.bio.positives.droppable import cut

    text = "<re> X <er> is a potent activator of <el> Y <le> (YY), even in mice."
    assert cut(text, text.index("potent"), text.index("potent") + 6) == \
        "<re> X <er> is an activator of <el> Y <le> (YY), even in mice."
    assert cut(text, text.index("even"), text.index("mice") + 4) == \
        "<re> X <er> is a potent activator of <el> Y <le> (YY)."
    assert cut("A b c-d e.", 6, 7) is None                 # inside a hyphenated word
    text = "<re> X <er> is an unusual <el> HNF4A <le> target."
    assert cut(text, text.index("unusual"), text.index("unusual") + 7) is None      # "a HNF4A"? no guessing


def test_cli_flags(tmp_path):
    import json

    from monalog.cli import main

    records = tmp_path / "records.jsonl"
    records.write_text("\n".join(json.dumps({"id": str(i), "premise": "p", "hypothesis": text}) for i, text in
                                 enumerate([DROPPED["PP of place"][0], KEPT["negation"][0]])) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert main(["perturb", "bionli", str(records), "-o", str(out), "--strategies", "SEN", "--vocab-source", "none",
                 "--nl-positives", "--nl-candidates", "2"]) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    drops = [r for r in rows if r["provenance"]["strategy"] == "NL-drop"]
    assert DROPPED["PP of place"][1] in [r["text"] for r in drops]          # two candidates: PP and adverb
    assert len(drops) == 2 and all(r["text"].startswith("<re> Metformin <er> ") for r in drops)
