"""Augmentation: generated labels, the naturalness filter, sampling, resuming, engines, bad input."""
from __future__ import annotations

import json

import pytest

from monalog.augment.generate import AugmentSettings, Augmenter, inflect
from monalog.augment.runner import sample
from monalog.augment.sentences import double_negative, repeated_bigram
from monalog.augment.runner import augment_file, progress_file, read_premises
from monalog.errors import OutputError, ParseError
from monalog.rows import BadRow
from monalog.inference.proof import Label
from monalog.inference.prover import Prover, ProverSettings

PREMISES = ["A man is playing a guitar", "No dog is running in the park", "Two boys are riding bikes"]


@pytest.fixture(scope="module")
def augmenter(parser):
    return Augmenter(AugmentSettings(), parser=parser)


@pytest.fixture(scope="module")
def generated(augmenter):
    return dict(zip(PREMISES, augmenter.generate_batch(PREMISES)))


def test_generates_entailments_and_contradictions(generated):
    pairs = {(g.hypothesis, g.label) for g in generated["A man is playing a guitar"]}
    assert ("A person is playing a guitar", Label.ENTAILMENT) in pairs
    assert ("A man is playing an instrument", Label.ENTAILMENT) in pairs
    assert ("A man is not playing a guitar", Label.CONTRADICTION) in pairs
    assert ("No man is playing a guitar", Label.CONTRADICTION) in pairs
    downward = {g.hypothesis for g in generated["No dog is running in the park"] if g.label is Label.ENTAILMENT}
    assert "No puppy is running in the park" in downward          # ↓: a smaller word
    assert "No animal is running in the park" not in downward     # never a bigger one there


def test_no_verb_negation_for_what_may_be_another_referent(parser):
    # unverified, so the generator's own choice shows: "a person" may be someone else than the man
    man, clauses = ({g.hypothesis for g in result} for result in Augmenter(AugmentSettings(verify=False), parser=parser)
                    .generate_batch(["A man is playing a guitar", "Three kids are dancing and a man is looking"]))
    assert "A man is not playing a guitar" in man and "A person is not playing a guitar" not in man
    assert "A man is not looking" in clauses           # a conjunct's own subject is one referent


def test_every_pair_reproves_to_its_label(generated, parser):
    prover = Prover(ProverSettings(exclusions=True), parser=parser)      # "A woman is ..." from "A man is ..."
    pairs = [g for result in generated.values() for g in result]
    assert len(pairs) > 30
    proofs = prover.prove_batch([(g.premise, g.hypothesis) for g in pairs])
    assert [p.label for p in proofs] == [g.label for g in pairs]


def test_proofs_chain_to_the_hypothesis(generated):
    for pair in generated["Two boys are riding bikes"]:
        assert pair.steps and pair.steps[-1].result == pair.hypothesis


@pytest.mark.parametrize("text, expected", [
    ("A man is playing a guitar", False),
    ("A dog is chasing a dog", True),          # "a dog" twice
    ("The man and the man are talking", True),
])
def test_repeated_bigram(text, expected):
    assert repeated_bigram(text) is expected


def test_double_negative():
    assert double_negative("No dog is not running")
    assert not double_negative("A dog is not running")


@pytest.mark.parametrize("lemma, tag, form", [
    ("child", "NNS", "children"), ("dog", "NNS", "dogs"), ("box", "NNS", "boxes"), ("puppy", "NNS", "puppies"),
    ("run", "VBG", "running"), ("slice", "VBZ", "slices"), ("eat", "VBD", "ate"), ("person", "NN", "person"),
])
def test_inflect(lemma, tag, form):
    assert inflect(lemma, tag) == form


def test_sample_is_seeded_per_source(generated):
    pairs = generated["A man is playing a guitar"]
    first = sample(pairs, 0.5, seed=1, source="7")
    assert first == sample(pairs, 0.5, seed=1, source="7")
    assert first != sample(pairs, 0.5, seed=2, source="7")
    assert 0 < len(first) < len(pairs)


def test_read_premises_formats(tmp_path):
    text = tmp_path / "p.txt"
    text.write_text("A man is sleeping\n\nA man is sleeping\nA cat runs\n")
    assert [(p.source, p.text) for p in read_premises(text)] == [("1", "A man is sleeping"), ("4", "A cat runs")]
    jsonl = tmp_path / "p.jsonl"
    jsonl.write_text('{"id": "a", "premise": "A dog barks"}\nnot json\n{"premise": ""}\n')
    items = list(read_premises(jsonl))
    assert items[0].source == "a" and items[0].text == "A dog barks"
    assert [type(i) for i in items[1:]] == [BadRow, BadRow] and items[1].line == 2


def test_read_premises_sick_set(sick_path):
    train = list(read_premises(sick_path, sick_set="TRIAL"))
    assert train and all(not isinstance(p, BadRow) for p in train)
    assert len(train) < 1000


def test_read_premises_sick_column(sick_path):
    """sentence_B: the hypotheses, which the transitive training recipe composes with their premises."""
    from monalog.rows import read_tsv

    rows = [r for r in read_tsv(sick_path) if not isinstance(r, BadRow) and r.fields["SemEval_set"] == "TRIAL"]
    hypotheses = list(read_premises(sick_path, sick_set="TRIAL", sick_column="sentence_B"))
    assert [p.text for p in hypotheses] == list(dict.fromkeys(r.text("sentence_B") for r in rows))


def _lines(path):
    return path.read_text(encoding="utf-8").splitlines()


def test_resume_after_interruption(tmp_path, parser):
    source = tmp_path / "premises.txt"
    source.write_text("\n".join(PREMISES) + "\n")
    settings = AugmentSettings(verify=False)
    full = tmp_path / "full.jsonl"
    report = augment_file(source, full, settings, batch_size=1)
    assert report.written == len(_lines(full)) > 0 and not report.failed
    # an interrupted run: two batches done, the third cut short mid-line
    out = tmp_path / "out.jsonl"
    augment_file(source, out, settings, batch_size=1, limit=2)
    with out.open("a", encoding="utf-8") as handle:
        handle.write('{"premise": "Two boys are rid')
    resumed = augment_file(source, out, settings, batch_size=1)
    assert resumed.resumed == 2 and resumed.written > 0
    assert _lines(out) == _lines(full)
    again = augment_file(source, out, settings, batch_size=1)         # nothing left to do
    assert again.resumed == 3 and again.written == 0 and _lines(out) == _lines(full)
    rows = [json.loads(line) for line in _lines(out)]
    assert {r["label"] for r in rows} == {"ENTAILMENT", "CONTRADICTION"}
    assert all(set(r) == {"premise", "hypothesis", "label", "source", "fluency", "proof"} for r in rows)


def test_an_output_without_its_progress_file_is_not_adopted(tmp_path):
    out = tmp_path / "out.jsonl"
    text = '{"premise": "p", "hypothesis": "h", "label": "ENTAILMENT", "source": "1", "proof": []}\n{"my": "own row"}'
    out.write_text(text)
    with pytest.raises(OutputError, match="without out.jsonl.progress"):
        progress_file(out).resume()
    assert out.read_text() == text and not out.with_name("out.jsonl.progress").exists()
    source = tmp_path / "premises.txt"
    source.write_text("A man is sleeping\n")
    with pytest.raises(OutputError, match="not a previous output"):
        augment_file(source, out, AugmentSettings(verify=False))
    assert out.read_text() == text


def test_failing_premise_is_reported_skipped_and_tried_again(tmp_path):
    source = tmp_path / "premises.txt"
    source.write_text("A man is playing a guitar\n" + "word " * 300 + "\n")
    report = augment_file(source, tmp_path / "out.jsonl", AugmentSettings(verify=False))
    assert [s for s, _ in report.failed] == ["2"] and report.written > 0
    again = augment_file(source, tmp_path / "out.jsonl", AugmentSettings(verify=False))
    assert again.resumed == 1 and [s for s, _ in again.failed] == ["2"] and again.written == 0


def test_fraction_does_not_depend_on_batching(tmp_path):
    source = tmp_path / "premises.txt"
    source.write_text("\n".join(PREMISES) + "\n")
    settings = AugmentSettings(verify=False)
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    augment_file(source, a, settings, fraction=0.3, seed=5, batch_size=1)
    augment_file(source, b, settings, fraction=0.3, seed=5, batch_size=3)
    assert _lines(a) == _lines(b) and 0 < len(_lines(a))


@pytest.mark.slow
def test_ray_engine_matches_local(tmp_path):
    pytest.importorskip("ray")
    source = tmp_path / "premises.txt"
    source.write_text("\n".join(PREMISES[:2]) + "\n")
    settings = AugmentSettings(verify=False)
    local, ray_out = tmp_path / "local.jsonl", tmp_path / "ray.jsonl"
    augment_file(source, local, settings, batch_size=1)
    augment_file(source, ray_out, settings, batch_size=1, engine="ray", workers=1)
    assert _lines(ray_out) == _lines(local)


def test_cli_augment(tmp_path, capsys):
    from monalog.cli import main

    source = tmp_path / "premises.jsonl"
    source.write_text('{"id": "x", "premise": "A woman is slicing a tomato"}\n{broken\n')
    out = tmp_path / "out.jsonl"
    assert main(["augment", str(source), "-o", str(out), "--depth", "1"]) == 0
    err = capsys.readouterr().err
    assert "premises.jsonl:2: skipped" in err and "ENTAILMENT" in err
    rows = [json.loads(line) for line in _lines(out)]
    assert rows and all(r["source"] == "x" for r in rows)
    assert any(r["hypothesis"] == "A woman is slicing a vegetable" for r in rows)


def test_cli_augment_tagger_choice(tmp_path, capsys):
    from monalog.cli import main

    source = tmp_path / "premises.txt"
    source.write_text("A woman is slicing a tomato\n")
    out = tmp_path / "out.jsonl"
    assert main(["augment", str(source), "-o", str(out), "--tagger", "nope"]) == 2
    assert "--tagger" in capsys.readouterr().err and not out.exists()
    assert main(["augment", str(source), "-o", str(out), "--depth", "1", "--tagger", "ensemble"]) == 0
    assert any(json.loads(line)["hypothesis"] == "A woman is slicing a vegetable" for line in _lines(out))


def test_a_question_gives_no_pairs_and_odd_spacing_is_written_back(parser):
    question, spaced = Augmenter(AugmentSettings(), parser=parser).generate_batch(
        ["Was the parcel opened by customs?", "A  lot   of   birds flew over the lake."])
    assert isinstance(question, ParseError) and "question" in str(question)
    assert spaced and not [p.hypothesis for p in spaced if "Much" in p.hypothesis or "much" in p.hypothesis]
