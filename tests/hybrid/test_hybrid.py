"""The fallback classifier (a tiny random BERT built from a config) and the hybrid decision rule."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from monalog.hybrid.fallback import (DECISION, LABELS, META, Fallback, FallbackEnsemble, FallbackSettings,
                                     fine_tune, load_fallback, relabel, split_dev)
from monalog.hybrid.classifier import Component, HybridClassifier, combine
from monalog.errors import InputError, ParseError, ResourceError
from monalog.inference.proof import Label, Proof
from tests.tiny_models import bert_classifier

EXAMPLES = [("A man is playing a guitar", "A person is playing a guitar", Label.ENTAILMENT),
            ("A man is playing a guitar", "No man is playing a guitar", Label.CONTRADICTION),
            ("A dog is running in the park", "A cat is sleeping", Label.NEUTRAL),
            ("A woman is sleeping", "A woman is not sleeping", Label.CONTRADICTION),
            ("Two boys are playing", "Some boys are playing", Label.ENTAILMENT),
            ("A girl is running", "A man is playing a guitar", Label.NEUTRAL)] * 4


def sick_file(path: Path) -> Path:
    """EXAMPLES as a SICK file: every fifth pair TRIAL, the others TRAIN, then a bad row."""
    rows = ["pair_ID\tsentence_A\tsentence_B\tentailment_label\tSemEval_set"]
    rows += [f"{i}\t{p}\t{h}\t{lab.value}\t{'TRIAL' if i % 5 == 0 else 'TRAIN'}"
             for i, (p, h, lab) in enumerate(EXAMPLES)]
    rows.append("99\tonly two columns")
    path.write_text("\n".join(rows) + "\n")
    return path


@pytest.fixture(scope="module")
def tiny_bert(tmp_path_factory):
    return bert_classifier(tmp_path_factory.mktemp("tiny-bert"))


@pytest.fixture(scope="module")
def trained(tiny_bert, tmp_path_factory):
    out = tmp_path_factory.mktemp("fallback") / "model"
    settings = FallbackSettings(model=str(tiny_bert), max_steps=6, batch_size=8, seed=3, learning_rate=1e-3)
    meta = fine_tune(EXAMPLES, out, settings, extra=EXAMPLES[:6])
    return out, meta


def test_training_saves_model_tokenizer_labels_and_metrics(trained):
    out, meta = trained
    assert (out / "config.json").exists() and (out / "tokenizer.json").exists()
    saved = json.loads((out / META).read_text())
    assert saved["labels"] == [lab.value for lab in LABELS] and saved["steps"] == 6
    assert saved["extra_pairs"] == 6 and saved["dev_pairs"] == round(len(EXAMPLES) * 0.1)
    assert saved["history"] and saved["dev_accuracy"] == max(h["dev_accuracy"] for h in saved["history"])
    assert meta == saved
    env = saved["environment"]        # what a reader needs to reproduce the run
    assert env["device"] == "cpu" and env["torch"] and env["transformers"] and env["deterministic"] is True


def test_training_is_deterministic(tiny_bert, trained, tmp_path):
    import torch
    from safetensors.torch import load_file

    out, _ = trained
    again = tmp_path / "again"
    fine_tune(EXAMPLES, again, FallbackSettings(model=str(tiny_bert), max_steps=6, batch_size=8, seed=3,
                                                learning_rate=1e-3), extra=EXAMPLES[:6])
    a, b = load_file(out / "model.safetensors"), load_file(again / "model.safetensors")
    assert all(torch.equal(a[k], b[k]) for k in a)


def test_generated_pairs_first_is_a_phase_of_its_own(tiny_bert, tmp_path):
    """One epoch on the generated pairs alone, then the epochs on SICK: the dev share is scored at
    the end of each, and the steps are those of both phases."""
    extra = EXAMPLES[:16]
    settings = FallbackSettings(model=str(tiny_bert), epochs=1, batch_size=8, seed=3, generated_first=True)
    meta = fine_tune(EXAMPLES, tmp_path / "curriculum", settings, extra=extra)
    train_pairs = len(EXAMPLES) - meta["dev_pairs"]
    assert meta["steps"] == 2 + -(-train_pairs // 8)
    assert [h["step"] for h in meta["history"]] == [2, meta["steps"]]


def test_fallback_predicts_probabilities(trained):
    out, _ = trained
    fallback = Fallback(str(out))
    predictions = fallback.predict([(p, h) for p, h, _ in EXAMPLES[:3]])
    for prediction in predictions:
        assert set(prediction.probabilities) == {"ENTAILMENT", "NEUTRAL", "CONTRADICTION"}
        assert abs(sum(prediction.probabilities.values()) - 1) < 1e-4
        assert prediction.confidence == max(prediction.probabilities.values())


def test_cpu_probabilities_are_the_same_bits_alone_in_any_batch_and_with_any_threads(trained):
    """On the CPU a BERT fallback runs in numpy with exact products (torch moves a probability by ~3e-8
    with the batch and the threads), and computes what torch computes."""
    import torch
    from threadpoolctl import threadpool_limits

    from monalog.hybrid.fallback import probabilities
    from monalog.neural.models import load

    out, _ = trained
    fallback = Fallback(str(out))
    assert fallback.arrays is not None and fallback.model is None
    pairs = [(p, h) for p, h, _ in EXAMPLES[:6]] + [("A " + "very " * 200 + "tall man is here", "A man is here")]
    batched = fallback.probabilities(pairs)
    assert [fallback.probabilities([pair])[0] for pair in pairs] == batched
    for threads in (1, 2):
        with threadpool_limits(threads):
            assert fallback.probabilities(pairs[::-1])[::-1] == batched
    model, tokenizer = load("AutoModelForSequenceClassification", str(out)), load("AutoTokenizer", str(out))
    theirs = probabilities(model, tokenizer, pairs, torch.device("cpu"), max_length=fallback.max_length)
    assert all(abs(row[lab.value] - p) < 1e-5 for row, ps in zip(batched, theirs) for lab, p in zip(LABELS, ps))
    assert fallback.probabilities([]) == []


def test_ensemble_averages_its_models(trained, tiny_bert):
    pairs = [(p, h) for p, h, _ in EXAMPLES[:3]]
    one, other = Fallback(str(trained[0])).probabilities(pairs), Fallback(str(tiny_bert)).probabilities(pairs)
    assert one != other
    averaged = FallbackEnsemble([str(trained[0]), str(tiny_bert)]).probabilities(pairs)
    for a, b, mean in zip(one, other, averaged):
        assert mean == pytest.approx({k: (a[k] + b[k]) / 2 for k in a})
    assert load_fallback([str(tiny_bert)]).probabilities(pairs) == other
    with pytest.raises(InputError):
        FallbackEnsemble([])


@pytest.mark.parametrize("probs, threshold, label", [
    ({"ENTAILMENT": 0.9, "NEUTRAL": 0.05, "CONTRADICTION": 0.05}, 0.95, Label.NEUTRAL),     # relabelled
    ({"ENTAILMENT": 0.97, "NEUTRAL": 0.02, "CONTRADICTION": 0.01}, 0.95, Label.ENTAILMENT),
    ({"ENTAILMENT": 0.9, "NEUTRAL": 0.05, "CONTRADICTION": 0.05}, None, Label.ENTAILMENT),
    ({"ENTAILMENT": 0.2, "NEUTRAL": 0.5, "CONTRADICTION": 0.3}, 0.95, Label.NEUTRAL),
])
def test_threshold(probs, threshold, label):
    prediction = relabel(probs, threshold)
    assert prediction.label is label and prediction.raw_label is Label(max(probs, key=probs.get))


def test_dev_split_is_fixed_whatever_the_seed():
    import random

    examples = [(f"premise {i}", f"hypothesis {i}", Label.NEUTRAL) for i in range(40)]
    random.seed(1)
    train_a, dev_a = split_dev(examples, 0.25)
    random.seed(2)
    train_b, dev_b = split_dev(examples, 0.25)
    assert dev_a == dev_b and train_a == train_b and len(dev_a) == 10
    assert sorted(train_a + dev_a) == sorted(examples)            # a partition
    assert dev_a != examples[:10] and dev_a != examples[-10:]      # a shuffled share, not a block of rows


def test_dev_folds_partition_the_pairs():
    """Fold k holds out the k-th share of the same seed-0 order: fold 0 is the usual dev share, the
    folds do not overlap, and together they hold out every pair once (cross-fitting)."""
    examples = [(f"premise {i}", f"hypothesis {i}", Label.NEUTRAL) for i in range(43)]
    folds = [split_dev(examples, 0.1, k)[1] for k in range(10)]
    assert folds[0] == split_dev(examples, 0.1)[1]
    assert sorted(e for fold in folds for e in fold) == sorted(examples)
    assert all(sorted(split_dev(examples, 0.1, k)[0] + folds[k]) == sorted(examples) for k in range(10))
    with pytest.raises(InputError, match="dev fold 10"):
        split_dev(examples, 0.1, 10)
    few = [(f"premise {i}", f"hypothesis {i}", Label.NEUTRAL) for i in range(5)]
    held = []
    for k in range(10):                 # 5 pairs in 10 folds: some are empty, and say so
        try:
            held += split_dev(few, 0.1, k)[1]
        except InputError as e:
            assert "too few for dev fold" in str(e)
    assert sorted(held) == sorted(few)                  # disjoint even when folds are tiny
    with pytest.raises(InputError, match="too few for dev fold 1"):
        split_dev(few, 0.1, 1)
    assert split_dev([], 0.1) == ([], [])


def test_a_teachers_distributions_train_like_labels(tiny_bert, tmp_path):
    """Generated pairs may carry a distribution over LABELS (distillation); a batch of labels alone
    is still plain cross-entropy on class indices, so labelled training is unchanged."""
    import torch

    from monalog.hybrid.fallback import _targets

    hard = _targets(EXAMPLES[:3], "cpu")
    assert hard.dtype == torch.long and hard.tolist() == [LABELS.index(e[2]) for e in EXAMPLES[:3]]
    soft = [(p, h, (0.7, 0.2, 0.1)) for p, h, _ in EXAMPLES[:2]]
    mixed = _targets([EXAMPLES[1], *soft], "cpu")
    assert torch.allclose(mixed, torch.tensor([[0.0, 0.0, 1.0], [0.7, 0.2, 0.1], [0.7, 0.2, 0.1]]))
    settings = FallbackSettings(model=str(tiny_bert), max_steps=4, batch_size=8, seed=3, learning_rate=1e-3)
    meta = fine_tune(EXAMPLES, tmp_path / "student", settings, extra=soft * 4)
    assert meta["extra_pairs"] == 8 and meta["steps"] == 4
    with pytest.raises(InputError, match="must be a Label or 3 probabilities"):
        fine_tune(EXAMPLES, tmp_path / "bad", settings, extra=[("p", "h", "ENTAILMENT")])


def test_the_hybrid_thresholds_the_fallback_by_default():
    """The fallback's E/C answers below DEFAULT_THRESHOLD become NEUTRAL unless told otherwise."""
    from monalog.hybrid import DEFAULT_THRESHOLD

    assert HybridClassifier(None).threshold == DEFAULT_THRESHOLD == 0.8
    from monalog.hybrid.decision import DecisionRule

    rule = DecisionRule(((0.0,) * 12,) * 3, (0.0,) * 3, 0.5)
    assert HybridClassifier(None, rule=rule).threshold is None       # the rule's own threshold decides
    assert relabel({"ENTAILMENT": 0.75, "NEUTRAL": 0.2, "CONTRADICTION": 0.05}, DEFAULT_THRESHOLD).label \
        is Label.NEUTRAL


def test_decision_rule(trained):
    from monalog.hybrid.fallback import Prediction

    guess = Prediction(Label.CONTRADICTION, 0.8, Label.CONTRADICTION, {})
    proved = Proof("p", "h", Label.ENTAILMENT)
    assert combine(proved, guess).component is Component.MONALOG and combine(proved, guess).label is Label.ENTAILMENT
    neutral = combine(Proof("p", "h", Label.NEUTRAL), guess)
    assert (neutral.component, neutral.label, neutral.symbolic) == (Component.FALLBACK, Label.CONTRADICTION,
                                                                    Label.NEUTRAL)
    failed = combine(ParseError("no derivation"), guess)
    assert failed.component is Component.FALLBACK and failed.symbolic is None and "no derivation" in failed.error
    alone = combine(Proof("p", "h", Label.NEUTRAL), None)
    assert alone.label is Label.NEUTRAL and alone.component is Component.MONALOG


def test_hybrid_uses_the_fallback_only_where_the_engine_is_neutral(trained, parser):
    out, _ = trained
    from monalog.inference.prover import Prover

    pairs = [("A man is playing a guitar", "A person is playing a guitar"), ("A dog is running", "A cat is sleeping"),
             ("", "A cat is sleeping")]
    proofs = Prover(parser=parser).prove_batch(pairs)
    decisions = HybridClassifier(Fallback(str(out))).classify(pairs, proofs=proofs)
    assert [d.component for d in decisions] == [Component.MONALOG, Component.FALLBACK, Component.FALLBACK]
    assert decisions[0].label is Label.ENTAILMENT and decisions[2].error


def test_unknown_model_is_a_resource_error(tmp_path):
    with pytest.raises(ResourceError):
        Fallback(str(tmp_path / "missing"))


def test_no_training_pairs(tiny_bert, tmp_path):
    with pytest.raises(InputError):
        fine_tune([], tmp_path / "m", FallbackSettings(model=str(tiny_bert)))


def test_cli_train_classify_eval(tiny_bert, tmp_path, capsys):
    from monalog.cli import main

    sick = sick_file(tmp_path / "sick.tsv")
    augment = tmp_path / "aug.jsonl"
    augment.write_text(json.dumps({"premise": "A man is sleeping", "hypothesis": "A person is sleeping",
                                   "label": "ENTAILMENT"}) + "\nnot json\n")
    model = tmp_path / "model"
    assert main(["train", "--train", str(sick), "--augment", str(augment), "--model", str(tiny_bert),
                 "-o", str(model), "--max-steps", "2", "--batch-size", "8", "--fit-decision"]) == 0
    out = capsys.readouterr()
    summary = json.loads(out.out)
    assert summary["extra_pairs"] == 1 and summary["train_pairs"] + summary["dev_pairs"] == 19
    assert summary["decision_rule"]["pairs"] == summary["dev_pairs"] and (model / DECISION).exists()
    assert "aug.jsonl:2: skipped" in out.err and "sick.tsv:26: skipped" in out.err
    fold = tmp_path / "fold3"
    assert main(["train", "--train", str(sick), "--model", str(tiny_bert), "-o", str(fold), "--max-steps", "1",
                 "--batch-size", "8", "--dev-fold", "3"]) == 0
    assert json.loads((fold / META).read_text())["settings"]["dev_fold"] == 3
    capsys.readouterr()

    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text('{"id": "a", "premise": "A man is playing a guitar", '
                     '"hypothesis": "A man is not playing a guitar"}\n'
                     '{"id": "b", "premise": "A dog is running", "hypothesis": "A cat is sleeping"}\n')
    predictions = tmp_path / "pred.jsonl"
    assert main(["classify", str(pairs), "--hybrid", str(model), "--threshold", "0.95", "-o", str(predictions)]) == 0
    rows = [json.loads(line) for line in predictions.read_text().splitlines()]
    assert [r["component"] for r in rows] == ["monalog", "fallback"]
    assert rows[0]["label"] == "CONTRADICTION" and rows[0]["confidence"] == 1.0 and rows[0]["fallback"] is None
    assert set(rows[1]["fallback"]) == {"ENTAILMENT", "NEUTRAL", "CONTRADICTION"}
    learned = tmp_path / "learned.jsonl"
    assert main(["classify", str(pairs), "--hybrid", str(model), "--decision", "learned", "-o", str(learned)]) == 0
    rows = [json.loads(line) for line in learned.read_text().splitlines()]
    assert [r["component"] for r in rows] == ["learned rule"] * 2 and rows[0]["symbolic"] == "CONTRADICTION"
    assert all(r["fallback"] for r in rows)             # the fallback scored the proved pair too
    ensemble = tmp_path / "ensemble.jsonl"
    assert main(["classify", str(pairs), "--hybrid", str(model), "--hybrid", str(tiny_bert), "-o", str(ensemble)]) == 0
    rows = [json.loads(line) for line in ensemble.read_text().splitlines()]
    assert [r["component"] for r in rows] == ["monalog", "fallback"]
    assert main(["classify", str(pairs), "--hybrid", str(model), "--hybrid", str(model), "--decision", "learned"]) == 2
    assert "one --hybrid model" in capsys.readouterr().err
    assert main(["classify", str(pairs), "--decision", "learned"]) == 2
    assert main(["classify", str(pairs), "--hybrid", str(model), "--decision", "learned", "--threshold", "0.9"]) == 2
    assert main(["classify", str(pairs), "--hybrid", str(tiny_bert), "--decision", "learned"]) == 2
    assert "--fit-decision" in capsys.readouterr().err

    report = tmp_path / "report.json"
    assert main(["eval", str(sick), "--hybrid", str(model), "--json", str(report), "--limit", "6"]) == 0
    data = json.loads(report.read_text())
    assert data["n"] == 6 and sum(data["components"].values()) == 6 and data["hybrid"]["model"] == str(model)


def test_cli_train_transitive_recipe(tiny_bert, tmp_path, capsys):
    """`--recipe transitive` composes pairs generated from a TRAIN entailment's hypothesis with its
    premise, and warns when the generated pairs are not from hypotheses."""
    from monalog.cli import main

    sick = tmp_path / "sick.tsv"
    rows = ["pair_ID\tsentence_A\tsentence_B\tentailment_label\tSemEval_set"]
    rows += [f"{i}\t{p}\t{h}\t{lab.value}\tTRAIN" for i, (p, h, lab) in enumerate(EXAMPLES[:6])]
    sick.write_text("\n".join(rows) + "\n")
    step = {"kind": "replace", "facts": [{"relation": "≤"}]}
    hypotheses = tmp_path / "hyp.jsonl"
    hypotheses.write_text(json.dumps({"premise": "A person is playing a guitar", "label": "ENTAILMENT",
                                      "hypothesis": "A person is playing an instrument", "proof": [step]}) + "\n")
    assert main(["train", "--train", str(sick), "--augment", str(hypotheses), "--recipe", "transitive",
                 "--model", str(tiny_bert), "-o", str(tmp_path / "m1"), "--max-steps", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["extra_pairs"] == 2      # (P, H') ENTAILMENT, (H', P) NEUTRAL
    premises = tmp_path / "premises.jsonl"
    premises.write_text(json.dumps({"premise": "A girl is running", "hypothesis": "A person is running",
                                    "label": "ENTAILMENT", "proof": [step]}) + "\n")
    assert main(["train", "--train", str(sick), "--augment", str(premises), "--recipe", "transitive",
                 "--model", str(tiny_bert), "-o", str(tmp_path / "m2"), "--max-steps", "1"]) == 0
    assert "--sick-column sentence_B" in capsys.readouterr().err


def test_retraining_replaces_only_a_previous_model_folder(tiny_bert, tmp_path):
    settings = FallbackSettings(model=str(tiny_bert), max_steps=1, batch_size=8)
    out = tmp_path / "model"
    fine_tune(EXAMPLES, out, settings)
    (out / DECISION).write_text("{}")                   # what `train --fit-decision` adds
    fine_tune(EXAMPLES, out, settings)                  # a previous output: replaced
    assert not (out / DECISION).exists()
    assert json.loads((out / META).read_text())["steps"] == 1
    (out / "notes.txt").write_text("mine")
    from monalog.errors import OutputError

    with pytest.raises(OutputError):
        fine_tune(EXAMPLES, out, settings)
    assert (out / "notes.txt").read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model"]      # no temporary folders left


def test_uncached_hub_name_fails_at_once_without_network(monkeypatch):
    import time

    from monalog.neural import models

    monkeypatch.setattr(models, "_hub_reachable", lambda: False)
    start = time.perf_counter()
    with pytest.raises(ResourceError, match="no network"):
        models.load("AutoTokenizer", "no-such-org/no-such-model")
    assert time.perf_counter() - start < 10
