"""The perturbation framework and the KBIN recipe (fixtures and the packaged vocabularies)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from monalog_perturb.backends.fluency import UnigramFluency
from monalog_perturb.bio.bionli import Context
from monalog_perturb.bio.records import MechanismRecord
from monalog_perturb.knowledge.sources import UMLSSource, read_cui2vec
from monalog_perturb.transformations.bionli import BioNLIRule
from monalog_perturb.candidate import Candidate, changed_span
from monalog_perturb.constraints.base import Constraint
from monalog_perturb.goals.base import Goal
from monalog_perturb.recipes.base import Recipe
from monalog_perturb.searches.base import SinglePass
from monalog_perturb.transformations.base import Transformation
from monalog_perturb.knowledge.linking import ConceptVectors, EntityLinker
from monalog_perturb.transformations.kb import SiblingReplacement, match_case
from monalog_perturb.recipes.kbin import (KbinGenerator, kbin_recipe,
                                 mlm_recipe, random_recipe)
from monalog_perturb.claims import Claim, read_claims
from monalog_perturb.runner import collect
from monalog.rows import BadRow
from monalog.errors import InputError
from tests.tiny_models import bert_classifier, bert_mlm

DATA = Path(__file__).parents[1] / "data"


def run_kbin(claims, recipe, kind):
    generator = KbinGenerator(recipe, kind)
    rows, _ = collect(claims, generator)
    return rows, generator.report


class Upper(Transformation):
    name = "upper"

    def _transform(self, candidate):
        words = candidate.text.split(" ")
        out, pos = [], 0
        for word in words:
            out.append(candidate.edited(pos, pos + len(word), word.upper(), self.name, word=word))
            pos += len(word) + 1
        return out


class Length(Constraint):
    name = "length"

    def _scores(self, original, candidates):
        return [float(len(c.edit.before)) for c in candidates]


class Vowels(Goal):
    name = "vowels"

    def _scores(self, original, candidates):
        return [sum(ch in "AEIOU" for ch in c.edit.after) / 3 for c in candidates]


def test_candidate_history_and_scores():
    root = Candidate.original("a big dog")
    child = root.edited(2, 5, "small", "t1").scored("x", 0.5)
    grandchild = child.edited(0, 1, "one", "t2", why="test")
    assert grandchild.text == "one small dog" and grandchild.root() is root
    assert [(e.transformation, e.before, e.after) for e in grandchild.history()] == [("t1", "big", "small"),
                                                                                     ("t2", "a", "one")]
    assert child.score("x") == 0.5 and child.scored("x", 0.7).score("x") == 0.7
    assert grandchild.edit.as_json()["provenance"] == {"why": "test"}
    with pytest.raises(InputError):
        Candidate.original("  ")


def test_recipe_composes_transformation_constraint_goal_and_search():
    recipe = Recipe("demo", "none", Upper(), (Length(3),), Vowels(), SinglePass(keep=1))
    (best,) = recipe(Candidate.original("an apple tree"))
    assert best.text == "an APPLE tree" and best.score("length") == 5.0 and best.score("vowels") == pytest.approx(2 / 3)
    assert recipe(Candidate.original("a b")) == []             # nothing passes the constraint: no output


def test_transformation_rejects_non_candidates():
    with pytest.raises(TypeError):
        Upper()("text")


def test_changed_span():
    assert changed_span("A inhibits B", "A promotes B") == (2, 10, "promotes")
    assert changed_span("abc", "abc") == (3, 3, "")


def test_bionli_rule_as_transformation():
    record = MechanismRecord("r1", "Background.", "<re> Insulin <er> inhibits <el> lipolysis <le> in fat.")
    (negated,) = BioNLIRule("LPR", Context())(Candidate.original(record.hypothesis, context=record))
    assert "promotes" in negated.text or "activates" in negated.text or "stimulates" in negated.text
    assert negated.edit.before == "inhibits" and negated.edit.provenance["strategy"] == "LPR"
    with pytest.raises(ValueError):
        BioNLIRule("XYZ", Context())


@pytest.fixture(scope="module")
def umls():
    return UMLSSource(DATA / "umls")


def test_linker_longest_match_and_common_words(umls):
    linker = EntityLinker([umls])
    links = linker.mentions("Acetylsalicylic acid reduces headache.")
    assert [(link.text, link.concept.id) for link in links] == [("Acetylsalicylic acid", "C0004057"),
                                                                ("headache", "C0018681")]


def test_sibling_replacement_ranked_by_cui2vec(umls):
    vectors = ConceptVectors(cui2vec=read_cui2vec(DATA / "cui2vec_fixture.csv"))
    transformation = SiblingReplacement(EntityLinker([umls]), vectors, top_n=1)
    out = transformation(Candidate.original("Aspirin reduces headache."))
    replaced = {(c.edit.before, c.edit.after) for c in out}
    assert ("Aspirin", "Ibuprofen") in replaced and ("Aspirin", "Naproxen") not in replaced   # top 1: the closest
    assert all(c.edit.provenance["sibling"].type == c.edit.provenance["concept"].type for c in out)


@pytest.mark.parametrize("form, original, expected", [
    ("Acute kidney injury", "chronic kidney disease", "acute kidney injury"),
    ("HRAS", "KRAS", "HRAS"), ("ibuprofen", "Aspirin", "Ibuprofen"), ("mRNA decay", "the", "mRNA decay")])
def test_match_case(form, original, expected):
    assert match_case(form, original) == expected


def test_kbin_recipe_with_teacher(umls, tmp_path):
    from monalog_perturb.backends.nli import ClassifierTeacher

    teacher = ClassifierTeacher(str(bert_classifier(tmp_path / "teacher")))
    recipe = kbin_recipe(EntityLinker([umls]), ConceptVectors(cui2vec=read_cui2vec(DATA / "cui2vec_fixture.csv")),
                         UnigramFluency(), teacher)
    rows, report = run_kbin([Claim("1", "Aspirin reduces headache in adults."), Claim("2", "Nothing here.")],
                            recipe, "unigram")
    assert report.negated == 1 and report.candidates[1] == 0
    row = rows[0]
    assert set(row["scores"]) == {"fluency", "contradiction", "similarity"}
    (start, end), p = row["edit"]["span"], row["provenance"]
    assert row["text"] == row["original"][:start] + row["edit"]["after"] + row["original"][end:]
    assert p["kb"] == "umls" and p["concept"]["type"] == p["sibling"]["type"] and row["label"] == "CONTRADICTION"


def test_baselines(umls, tmp_path):
    linker = EntityLinker([umls])
    claim = [Claim("1", "Aspirin reduces headache.")]
    first, _ = run_kbin(claim, random_recipe(linker, UnigramFluency(), seed=3), "u")
    again, _ = run_kbin(claim, random_recipe(linker, UnigramFluency(), seed=3), "u")
    assert first == again and first[0]["recipe"] == "random"
    rows, _ = run_kbin(claim, mlm_recipe(linker, str(bert_mlm(tmp_path / "mlm")), UnigramFluency()), "u")
    assert rows and rows[0]["recipe"] == "mlm" and rows[0]["provenance"]["sibling"] is None


def test_read_claims(tmp_path):
    path = tmp_path / "claims.jsonl"
    path.write_text('{"id": 7, "claim": "Aspirin reduces headache."}\n{bad\n{"id": 8}\nPlain claim line.\n')
    items = list(read_claims(path))
    assert items[0] == Claim("7", "Aspirin reduces headache.") and items[3] == Claim("4", "Plain claim line.")
    assert [i.line for i in items[1:3]] == [2, 3] and all(isinstance(i, BadRow) for i in items[1:3])
    assert items[0].fields == {"id": 7, "claim": "Aspirin reduces headache."} and items[3].fields == {}


def test_cli_kbin_offline_defaults(tmp_path, capsys):
    """No options: the packaged vocabularies (DrugBank, HPO, FamPlex) and the packaged MiniLM."""
    from monalog.cli import main

    claims = tmp_path / "claims.jsonl"
    claims.write_text("\n".join(json.dumps({"id": i, "claim": c}) for i, c in enumerate([
        "Metformin lowers blood glucose in type 2 diabetes.",
        "KRAS mutations drive pancreatic cancer.",
        "Seizure frequency falls after treatment.",
        "The weather was nice."])) + "\n")
    out, report = tmp_path / "neg.jsonl", tmp_path / "report.json"
    assert main(["perturb", "kbin", str(claims), "-o", str(out), "--report", str(report)]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 3 and {r["source"] for r in rows} == {"0", "1", "2"}
    for row in rows:
        (start, end), p = row["edit"]["span"], row["provenance"]
        assert row["original"][start:end] == row["edit"]["before"] and row["text"] != row["original"]
        assert p["concept"]["type"] == p["sibling"]["type"] and p["kb"] in ("drugs", "hpo", "famplex")
    data = json.loads(report.read_text())
    assert data["negated"] == 3 and data["claims"] == 4 and "wordfreq" in data["fluency"]
    assert "yield 75.0%" in capsys.readouterr().err


def test_cli_kbin_umls_and_random_baseline(tmp_path):
    from monalog.cli import main

    claims = tmp_path / "claims.txt"
    claims.write_text("Ibuprofen reduces headache.\n")
    out = tmp_path / "neg.jsonl"
    assert main(["perturb", "kbin", str(claims), "-o", str(out), "--kb", f"umls:{DATA / 'umls'}",
                 "--cui2vec", str(DATA / "cui2vec_fixture.csv"), "--embeddings", "none"]) == 0
    (row,) = [json.loads(line) for line in out.read_text().splitlines()]
    assert row["edit"]["after"] in ("Aspirin", "Acetylsalicylic Acid", "Naproxen")
    out = tmp_path / "random.jsonl"
    assert main(["perturb", "kbin", str(claims), "-o", str(out), "--kb", f"umls:{DATA / 'umls'}",
                 "--baseline", "random", "--seed", "1"]) == 0
    assert json.loads(out.read_text())["recipe"] == "random"
