"""The hybrid's library calls (`monalog.hybrid.train`, `monalog.hybrid.load`, `eval.datasets.training_pairs`)
with a tiny random BERT, the progress they report, and the option group both training commands share."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import monalog
import monalog.hybrid
from monalog.eval.datasets import training_pairs
from monalog.hybrid.api import SUMMARY
from monalog.hybrid.fallback import DECISION, META
from monalog.inference.proof import Label
from tests.hybrid.test_hybrid import EXAMPLES, sick_file
from tests.tiny_models import bert_classifier


@pytest.fixture(scope="module")
def tiny_bert(tmp_path_factory):
    return bert_classifier(tmp_path_factory.mktemp("tiny-bert"))


@pytest.fixture()
def sick(tmp_path):
    return sick_file(tmp_path / "sick.tsv")


class Recorder:
    """A TrainingProgress that keeps what it is told."""

    def __init__(self) -> None:
        self.stages: list[tuple[str, int | None]] = []
        self.done: dict[str, int] = {}
        self.totals: set[int | None] = set()

    def stage(self, name: str, total: int | None) -> None:
        self.stages.append((name, total))

    def advance(self, done: int, total: int | None = None, loss: float | None = None) -> None:
        name = self.stages[-1][0]
        self.done[name] = self.done.get(name, 0) + done
        if name == "training":
            self.totals.add(total)
            assert loss is not None and loss > 0


def test_training_pairs_are_the_labelled_train_rows(sick):
    pairs, bad = training_pairs(sick)
    assert len(pairs) == len(EXAMPLES) - len(range(0, len(EXAMPLES), 5))      # TRIAL rows are for evaluation
    assert pairs[0] == (EXAMPLES[1][0], EXAMPLES[1][1], Label.CONTRADICTION)
    assert [b.line for b in bad] == [len(EXAMPLES) + 2]


def test_train_calibrates_fits_the_rule_and_reports_each_stage(tiny_bert, sick, tmp_path):
    pairs, _ = training_pairs(sick)
    out, progress = tmp_path / "model", Recorder()
    settings = monalog.hybrid.FallbackSettings(model=str(tiny_bert), max_steps=3, batch_size=8)
    summary = monalog.hybrid.train(pairs, out, settings, EXAMPLES[:2], calibration=EXAMPLES[2:5], fit_decision=True,
                                   data={"note": "test"}, progress=progress)
    meta = json.loads((out / META).read_text())
    assert progress.stages == [("training", None), ("calibration", 3), ("decision", summary["dev_pairs"])]
    assert progress.done == {"training": 3, "decision": summary["dev_pairs"]} and progress.totals == {3}
    assert {k: meta[k] for k in ("dev_accuracy", "train_pairs", "extra_pairs", "steps", "device")} \
        == {k: summary[k] for k in ("dev_accuracy", "train_pairs", "extra_pairs", "steps", "device")}
    assert summary["extra_pairs"] == 2 and meta["training_data"] == {"note": "test"}
    assert summary["temperature"] == meta["temperature"] and summary["calibration_pairs"] == 3
    assert summary["decision_rule"]["pairs"] == summary["dev_pairs"] and (out / DECISION).exists()
    quiet = monalog.hybrid.train(pairs, tmp_path / "quiet", settings)              # no progress, no extras
    assert set(quiet) == set(SUMMARY)


def test_a_hybrid_evaluation_from_python(tiny_bert, sick, tmp_path):
    """The calls docs/hybrid-and-augmentation.md shows: train, load, evaluate."""
    pairs, _ = training_pairs(sick)
    monalog.hybrid.train(pairs, tmp_path / "fallback", monalog.hybrid.FallbackSettings(model=str(tiny_bert),
                                                                                      max_steps=1, batch_size=8))
    hybrid = monalog.hybrid.load([str(tmp_path / "fallback")], monalog.ProverSettings(exclusions=True))
    run = monalog.evaluate(sick, hybrid, sick_set="TRIAL")
    assert run.report.n == len(range(0, len(EXAMPLES), 5)) and "accuracy" in run.report.table()
    assert sum(run.components.values()) == run.report.n and len(list(run.predictions())) == run.report.n
    assert isinstance(hybrid, monalog.HybridClassifier) and hybrid.settings.exclusions
    assert monalog.hybrid.load().fallback is None                                   # the engine alone
    with pytest.raises(monalog.InputError, match="needs a fallback model"):
        monalog.hybrid.load(decision="learned")


def test_the_docs_python_example_runs(tiny_bert, sick, tmp_path, monkeypatch, capsys):
    """docs/hybrid-and-augmentation.md's Python example as written, on a small SICK file with a tiny model
    and one training step."""
    page = Path(__file__).resolve().parents[2] / "docs" / "hybrid-and-augmentation.md"
    code = re.search(r"## From Python\n.*?```python\n(.*?)```", page.read_text(encoding="utf-8"), flags=re.S).group(1)
    assert "monalog.hybrid.train(" in code and "monalog.hybrid.load(" in code and "monalog.evaluate(" in code
    code = re.sub(r'sick = "[^"]+"', f"sick = {str(sick)!r}", code)
    settings = monalog.hybrid.FallbackSettings
    monkeypatch.setattr(monalog.hybrid, "FallbackSettings",
                        lambda **given: settings(**{"model": str(tiny_bert), "max_steps": 1, "batch_size": 8, **given}))
    monkeypatch.chdir(tmp_path)
    exec(compile(code, str(page), "exec"), {})
    assert (tmp_path / "fallback" / META).exists() and "accuracy" in capsys.readouterr().out


def test_importing_the_hybrid_package_is_light():
    code = ("import monalog.hybrid, sys; print([m for m in ('torch', 'transformers', 'numpy') if m in sys.modules], "
            "monalog.hybrid.FallbackSettings().epochs)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["[]", "3.0"]


@pytest.mark.parametrize("argv, expected", [
    (["train", "--train", "s.tsv", "-o", "m", "--dev-fold", "3", "--generated-first", "--lr", "2e-5"],
     {"dev_fold": 3, "generated_first": True, "group_by_length": False, "learning_rate": 2e-5, "epochs": 3.0}),
    (["perturb", "teacher", "--train", "s.tsv", "-o", "m", "--batch-size", "4"],
     {"dev_fold": 0, "generated_first": False, "group_by_length": True, "batch_size": 4, "epochs": 1.0}),
])
def test_both_training_commands_make_their_settings_alike(argv, expected):
    from dataclasses import asdict

    from monalog.cli import build_parser
    from monalog.hybrid.options import fallback_settings

    settings = asdict(fallback_settings(build_parser().parse_args(argv)))
    assert {k: settings[k] for k in expected} == expected and settings["model"] == "minilm"


def test_training_bars_show_each_stage_on_stderr(capsys):
    from monalog.console import TrainingBars

    with TrainingBars() as bars:
        bars.stage("training", None)
        bars.advance(1, 2, 1.25)
        bars.advance(1, 2, 1.0)
        bars.stage("calibration", 3)
        bars.stage("decision", 4)
        bars.advance(4)
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == "training: 1/2 steps (50%)" and lines[1].startswith("training: 2/2 steps (100%), ")
    assert lines[1].endswith("loss=1.000") and lines[2] == "fitting a temperature on 3 held-out pairs"
    assert lines[3] == "proving the dev share: 4/4 pairs (100%)" and len(lines) == 4
