"""`eval` and `classify` prove on Ray as `augment` generates there (--engine ray, --ray-address),
through the one runner (parallel.run_batches): the same answers as a local run."""
from __future__ import annotations

import json
import shutil
import tempfile
import time

import pytest

from monalog.cli import main

PAIRS = [("A man is running", "A person is running", "ENTAILMENT"),
         ("No man is running", "A man is running", "CONTRADICTION"),
         ("A dog is sleeping", "A cat is eating", "NEUTRAL"),
         ("Every dog sees some cat", "Every poodle sees some animal", "ENTAILMENT"),
         ("A man is running", ",,, ;;;", "NEUTRAL")]         # an error in its place, on Ray as locally


def _outputs(tmp_path, data, name: str, *engine: str) -> list[str]:
    """The predictions `eval` and `classify` write for `data`."""
    evaluated, classified = tmp_path / f"{name}-eval.jsonl", tmp_path / f"{name}-classify.jsonl"
    assert main(["eval", str(data), "--input-format", "jsonl", "--predictions", str(evaluated), *engine]) == 0
    assert main(["classify", str(data), "-o", str(classified), *engine]) == 0
    return [evaluated.read_text(encoding="utf-8"), classified.read_text(encoding="utf-8")]


@pytest.mark.slow      # Ray, an optional extra: a cluster start costs 13 s of the default run
def test_ray_gives_the_local_predictions_for_eval_and_classify(tmp_path, monkeypatch):
    ray = pytest.importorskip("ray")
    data = tmp_path / "pairs.jsonl"
    data.write_text("".join(json.dumps({"premise": p, "hypothesis": h, "label": label}) + "\n"
                            for p, h, label in PAIRS))
    local = _outputs(tmp_path, data, "local")
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")
    monkeypatch.setenv("RAY_USAGE_STATS_ENABLED", "0")
    root = tempfile.mkdtemp(prefix="monalog-ray-")          # Ray's socket paths must stay short
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, _temp_dir=root)  # one Ray for both
    try:
        on_ray = _outputs(tmp_path, data, "ray", "--engine", "ray", "--workers", "2")
    finally:
        ray.shutdown()
        shutil.rmtree(root, ignore_errors=True)
    assert on_ray == local
    assert len(local[1].splitlines()) == len(PAIRS) and '"error": "no words in sentence' in local[1]


@pytest.mark.parametrize("command", ["eval", "classify"])
def test_a_ray_address_that_cannot_be_reached_is_a_one_line_error(command, tmp_path, capsys):
    pytest.importorskip("ray")
    data = tmp_path / "pairs.jsonl"
    data.write_text(json.dumps({"premise": "A man is sleeping", "hypothesis": "A man sleeps", "label": "ENTAILMENT"}))
    argv = [command, str(data), "--input-format", "jsonl", "--engine", "ray", "--ray-address", "ray://127.0.0.1:1"]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("monalog: error: cannot start Ray at ray://127.0.0.1:1")


def test_an_unreachable_cluster_address_fails_fast(tmp_path, capsys):
    """Ray retries a "host:port" it cannot reach for minutes; the runner asks first (augment's too)."""
    pytest.importorskip("ray")
    data = tmp_path / "pairs.jsonl"
    data.write_text(json.dumps({"premise": "A man is sleeping", "hypothesis": "A man sleeps", "label": "ENTAILMENT"}))
    started = time.monotonic()
    assert main(["eval", str(data), "--input-format", "jsonl", "--engine", "ray", "--ray-address", "127.0.0.1:1"]) == 2
    assert time.monotonic() - started < 30
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert last.startswith("monalog: error: cannot start Ray at 127.0.0.1:1")
