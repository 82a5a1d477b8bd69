"""EvoNLI, GEN-ND and the WHERE-and-WHICH debate: offline defaults, the stub chat server, tiny models."""
from __future__ import annotations

import json
import random

import pytest

from monalog_perturb.backends.fluency import UnigramFluency
from monalog_perturb.backends.nli import SymbolicTeacher
from monalog_perturb.candidate import Candidate
from monalog_perturb.searches.debate import LocalAgent, attribution, debate, keywords
from monalog_perturb.constraints.claim import ClaimCheck
from monalog_perturb.constraints.similarity import SimilarityCheck
from monalog_perturb.bio.conclusions import read_rct
from monalog_perturb.recipes.evonli import EvoGenerator, mine_pairs, offline_mutations
from monalog_perturb.runner import collect
from monalog_perturb.searches.evolution import EvoNLI, EvoSettings, PairItem


from monalog_perturb.transformations.generation import constrained_beam_search
from monalog_perturb.transformations.mutations import (ListedOpposites, NegationToggle, NumberChange, WordNetAntonyms,
                                                       mutation_type, parse_json_list)
from monalog.errors import InputError
from tests.perturb.test_backends import stub_server  # noqa: F401  (the fixture)
from tests.tiny_models import t5_seq2seq


def run_evonli(items, evo, client=None):
    """EvoNLI's rows in the old flat shape (provenance merged in), and the report."""
    generator = EvoGenerator(evo, client)
    rows, _ = collect(items, generator)
    return [{**r, **r["provenance"], "sentence1": r["premise"], "sentence2": r["text"]} for r in rows], generator.report


RCT = """###111
BACKGROUND\tStroke is common.
RESULTS\tAspirin reduced the risk of stroke in elderly patients.
RESULTS\tBleeding was rare.
CONCLUSIONS\tAspirin reduced the risk of stroke.
CONCLUSIONS\tAspirin is safe.
###222
METHODS\tWe ran a trial.
"""


class FixedSimilarity:
    name = "fixed"

    def similarity(self, pairs):
        return [0.9 for _ in pairs]


@pytest.fixture(scope="module")
def teacher(parser):
    from monalog.inference.prover import Prover

    return SymbolicTeacher(Prover(parser=parser))


def _texts(candidates):
    return {c.text for c in candidates}


def test_offline_mutations():
    c = Candidate.original("Aspirin significantly reduced the risk of stroke in 20% of patients.")
    assert "Aspirin not significantly reduced the risk of stroke in 20% of patients." in _texts(ListedOpposites()(c))
    assert "Aspirin significantly reduced the risk of stroke in 40% of patients." in _texts(NumberChange()(c))
    negated = NegationToggle()(Candidate.original("Aspirin reduced the risk of stroke."))
    assert _texts(negated) == {"Aspirin did not reduce the risk of stroke."}
    assert _texts(NegationToggle()(Candidate.original("The drug is not safe."))) == {"The drug is safe."}
    assert "The effect was weak." in _texts(WordNetAntonyms()(Candidate.original("The effect was strong.")))
    (child,) = negated
    assert mutation_type(child) == "negation/polarity"


def test_rct_mining_is_seeded(tmp_path):
    path = tmp_path / "rct.txt"
    path.write_text(RCT)
    abstracts = list(read_rct(path))
    assert [a for a, _ in abstracts] == ["111", "222"]
    pairs = mine_pairs(abstracts, random.Random(0))
    assert len(pairs) == 5                              # 2 results x 2 conclusions + 1 conclusion pair
    assert pairs == mine_pairs(abstracts, random.Random(0))
    assert {frozenset((p.sentence1, p.sentence2)) for p in pairs} >= {
        frozenset(("Aspirin reduced the risk of stroke.", "Aspirin is safe."))}
    bad = tmp_path / "bad.txt"
    bad.write_text("no header line\n")
    with pytest.raises(InputError):
        list(read_rct(bad))


def test_evonli_finds_a_contradiction_with_the_prover(teacher):
    settings = EvoSettings()
    evo = EvoNLI(offline_mutations(), teacher, SimilarityCheck(settings.t_sim, FixedSimilarity()),
                 ClaimCheck(settings.t_claim, UnigramFluency()), settings)
    items = [PairItem("a", "Aspirin reduced the risk of stroke in elderly patients.",
                      "Aspirin reduced the risk of stroke."),
             PairItem("b", "The sky was blue.", "Dogs bark loudly at night.")]
    rows, report = run_evonli(items, evo)
    assert report.successes == 1 and report.pairs == 2
    (row,) = rows
    assert row["sentence2"] == "Aspirin did not reduce the risk of stroke."
    assert row["scores"]["confidence"] >= row["t_conf"] and row["scores"]["similarity"] >= row["t_sim"]
    assert row["scores"]["claim"] >= row["t_claim"] and row["iterations"] <= row["max_iterations"]
    assert row["history"][0]["transformation"] == "negation" and row["mutation_type"] == "negation/polarity"
    data = report.as_json()
    assert data["attack_success_rate"] == 0.5 and data["similarity_pass_rate"] == 1.0


def test_evonli_ablations_switch_checks_off(teacher):
    settings = EvoSettings(similarity_check=False, claim_check=False, max_iterations=1)
    evo = EvoNLI(offline_mutations(), teacher, None, None, settings)
    rows, report = run_evonli([PairItem("a", "The drug is safe in children.", "The drug is safe in children.")], evo)
    assert rows and rows[0]["t_sim"] is None and rows[0]["t_claim"] is None
    assert report.as_json()["similarity_pass_rate"] is None


def test_cli_evonli_offline_defaults(tmp_path):
    from monalog.cli import main

    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text(json.dumps({"id": "x", "sentence1": "Aspirin reduced the risk of stroke in elderly patients.",
                                 "sentence2": "Aspirin reduced the risk of stroke."}) + "\n{}\n")
    out, report = tmp_path / "out.jsonl", tmp_path / "report.json"
    assert main(["perturb", "evonli", str(pairs), "-o", str(out), "--report", str(report)]) == 0
    (row,) = [json.loads(line) for line in out.read_text().splitlines()]
    assert set(row) >= {"source", "original", "text", "label", "recipe", "edit", "scores", "provenance", "premise"}
    assert set(row["provenance"]) >= {"iterations", "max_iterations", "t_conf", "t_sim", "t_claim", "mutation_type",
                                      "history"}
    assert json.loads(report.read_text())["successes"] == 1


def test_evonli_with_the_chat_backend(stub_server, tmp_path, teacher):  # noqa: F811
    """REPLACEWORDS, SIMSCORE, CLAIMSCORE and the mutation type from the (scripted) chat backend."""
    from monalog_perturb.backends.chat import HttpChatClient
    from monalog_perturb.transformations.mutations import ChatReplacement

    client = HttpChatClient(stub_server, "stub", cache_dir=tmp_path / "cache")
    settings = EvoSettings()
    evo = EvoNLI(ChatReplacement(client), teacher, SimilarityCheck(settings.t_sim, client=client),
                 ClaimCheck(settings.t_claim, client=client), settings)
    rows, report = run_evonli([PairItem("a", "Aspirin reduced the risk of stroke in elderly patients.",
                                        "Aspirin reduced the risk of stroke.")], evo, client)
    (row,) = rows
    assert row["sentence2"] == "Aspirin did not reduce the risk of stroke."
    assert row["scores"]["similarity"] == 0.9 and row["history"][0]["provenance"]["model"] == "stub"
    assert row["mutation_type"] == "negation/polarity"
    assert parse_json_list('Here: ["a b", "c"] done') == ["a b", "c"] and parse_json_list("none") == []


def test_constrained_beam_search_meets_constraints(tmp_path):
    from monalog.neural.models import load

    folder = t5_seq2seq(tmp_path / "t5")
    tokenizer, model = load("AutoTokenizer", str(folder)), load("AutoModelForSeq2SeqLM", str(folder))
    ids = lambda text: tokenizer(text, add_special_tokens=False).input_ids  # noqa: E731
    out = constrained_beam_search(model, tokenizer, "insulin inhibits lipolysis in patients",
                                  positive=[[ids("leptin")], [ids("glucagon lipolysis"), ids("aspirin")]],
                                  negative=[ids("insulin")], beams=3, max_new_tokens=12)
    text = tokenizer.decode(out)
    assert "leptin" in text and ("glucagon lipolysis" in text or "aspirin" in text) and "insulin" not in text
    assert constrained_beam_search(model, tokenizer, "x", positive=[[ids("leptin")]], max_new_tokens=0) is None


def test_cli_gen_nd(tmp_path):
    from monalog.cli import main

    folder = t5_seq2seq(tmp_path / "t5")
    vocab = tmp_path / "names.tsv"
    vocab.write_text("insulin\tprotein\nglucagon\tprotein\nleptin\tprotein\nlipolysis\tprocess\n")
    records = tmp_path / "records.jsonl"
    records.write_text(json.dumps({"id": "r1", "premise": "insulin and glucagon and leptin act on lipolysis",
                                   "hypothesis": "<re> insulin <er> inhibits <el> lipolysis <le>"}) + "\n")
    out = tmp_path / "out.jsonl"
    assert main(["perturb", "gen-nd", str(records), "-o", str(out), "--model", str(folder), "--vocab", str(vocab),
                 "--min-similarity", "-1", "--delta", "1.01", "--max-new-tokens", "10"]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert rows and rows[0]["provenance"]["strategy"] == "GEN-ND" and "lipolysis" in rows[0]["text"]
    assert rows[0]["provenance"]["one_of"] == ["glucagon", "leptin"]
    assert any(name in rows[0]["text"] for name in ("glucagon", "leptin"))



def test_cli_gen_nd_says_why_it_generated_nothing(tmp_path, capsys):
    from monalog.cli import main

    folder = t5_seq2seq(tmp_path / "t5")
    vocab = tmp_path / "names.tsv"
    vocab.write_text("insulin\tprotein\nlipolysis\tprocess\n")
    records = tmp_path / "records.jsonl"
    records.write_text(json.dumps({"id": "r1", "premise": "insulin acts on lipolysis",
                                   "hypothesis": "<re> insulin <er> inhibits <el> lipolysis <le>"}) + "\n"
                       + json.dumps({"id": "r2", "premise": "insulin acts", "hypothesis": "insulin acts"}) + "\n")
    out = tmp_path / "out.jsonl"
    assert main(["perturb", "gen-nd", str(records), "-o", str(out), "--model", str(folder), "--vocab", str(vocab),
                 "--min-similarity", "1.5", "--max-new-tokens", "10"]) == 0
    err = capsys.readouterr().err
    assert "generated 0" in err
    assert "no output for 1 record(s): no marked regulator" in err
    assert "no output for 1 record(s): " in err.split("no marked regulator")[0] + err.split("no marked regulator")[1]

def test_debate_with_local_agents():
    from monalog_perturb.backends.embeddings import Embedder

    embedder = Embedder()
    words, method = attribution(None, "The medication lowered the danger of stroke.", "", None)
    assert method.startswith("word rarity")
    keys = keywords(words, 2, context="stroke")
    assert "stroke" not in [k.word for k in keys] and len(keys) == 2
    agents = [LocalAgent(f"a{i}", embedder, random.Random(i)) for i in range(3)]
    result = debate("The medication lowered the danger of stroke.", keys, agents, random.Random(0), threshold=0.5)
    assert result.accepted and result.text != "The medication lowered the danger of stroke."
    turn = result.transcript[-1]
    assert {"adviser", "proposal", "reviews", "revision", "scores", "mean"} <= set(turn)
    assert all(set(r["scores"]) == {"definition", "similarity", "syntax", "usage"} for r in turn["reviews"])
    with pytest.raises(ValueError):
        debate("x", keys, agents[:1], random.Random(0))


def test_debate_attribution_with_a_classifier(teacher):
    words, method = attribution(teacher, "A man is not playing a guitar", "A man is playing a guitar", "CONTRADICTION")
    assert method.startswith("leave-one-out")
    assert max(words, key=lambda w: w.attribution).word == "not"


def test_cli_debate_with_chat_agents(stub_server, tmp_path):  # noqa: F811
    from monalog.cli import main

    items = tmp_path / "items.jsonl"
    items.write_text(json.dumps({"id": 1, "premise": "A man plays", "hypothesis": "A person performs music",
                                 "label": "NEUTRAL"}) + "\n")
    out = tmp_path / "out.jsonl"
    assert main(["perturb", "debate", str(items), "-o", str(out), "--llm-base-url", stub_server,
                 "--llm-model", "stub", "--classifier", "", "--max-rounds", "2"]) == 0
    (row,) = [json.loads(line) for line in out.read_text().splitlines()]
    assert row["text"] == "A person plays music" and row["provenance"]["rounds"] == 1 and row["scores"]["debate"] == 0.9
    (turn,) = row["provenance"]["transcript"]
    assert len(turn["reviews"]) == 2 and turn["reviews"][0]["scores"]["similarity"] == 0.95


def test_cli_evonli_refuses_no_teacher(tmp_path):
    from monalog.cli import main

    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text(json.dumps({"id": "x", "sentence1": "A b c.", "sentence2": "A b d."}) + "\n")
    assert main(["perturb", "evonli", str(pairs), "-o", str(tmp_path / "out.jsonl"), "--teacher", ""]) != 0


def test_debate_items_take_the_text_field_when_the_hypothesis_is_blank(tmp_path):
    from monalog_perturb.recipes.debate import read_items

    path = tmp_path / "items.jsonl"
    path.write_text(json.dumps({"id": "a", "hypothesis": " ", "text": "Aspirin is safe."}) + "\n")
    (item,) = read_items(path)
    assert item.text == "Aspirin is safe."
