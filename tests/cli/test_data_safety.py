"""Outputs never destroy what the program did not write: an output equal to an input, an existing
unrelated file or folder, a stale progress file, repeated ids. Each case checks the exit code, the
one-line error and that the user's files are byte for byte unchanged."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from monalog.augment.generate import AugmentSettings
from monalog.augment.runner import augment_file, progress_file, read_premises
from monalog.rows import BadRow
from monalog.cli import main
from monalog.errors import OutputError
from monalog.fileio import check_output, jsonl_with, write_atomic

PAIR = {"premise": "A man is sleeping", "hypothesis": "A person is sleeping", "label": "ENTAILMENT",
        "source": "1", "proof": []}


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _one_error_line(err: str) -> str:
    lines = [line for line in err.splitlines() if line.startswith("monalog: error:")]
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.fixture
def sick_file(tmp_path: Path) -> Path:
    path = tmp_path / "sick.tsv"
    path.write_text("pair_ID\tsentence_A\tsentence_B\tentailment_label\tSemEval_set\n"
                    "1\tA man is sleeping\tA person is sleeping\tENTAILMENT\tTRAIN\n", encoding="utf-8")
    return path


def test_train_never_deletes_a_folder_it_did_not_make(tmp_path, sick_file, capsys):
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "thesis.tex").write_text("years of work")
    before = _snapshot(tmp_path)
    assert main(["train", "--train", str(sick_file), "-o", str(precious)]) == 2
    assert "not a previous output" in _one_error_line(capsys.readouterr().err)
    assert _snapshot(tmp_path) == before


def test_train_refuses_the_parent_folder(tmp_path, sick_file, capsys, monkeypatch):
    work = tmp_path / "work"
    work.mkdir()
    (tmp_path / "notes.txt").write_text("keep me")
    monkeypatch.chdir(work)
    before = _snapshot(tmp_path)
    assert main(["train", "--train", str(sick_file), "-o", ".."]) == 2
    _one_error_line(capsys.readouterr().err)
    assert _snapshot(tmp_path) == before and work.is_dir()


def test_model_folder_recognised_only_when_it_holds_nothing_else(tmp_path):
    from monalog.hybrid.fallback import META, is_model_folder

    model = tmp_path / "model"
    model.mkdir()
    (model / "config.json").write_text("{}")
    (model / META).write_text(json.dumps({"files": ["config.json"]}))
    assert is_model_folder(model)
    (model / "thesis.tex").write_text("x")
    assert not is_model_folder(model)


@pytest.mark.parametrize("content", ["my notes\nline two\n", json.dumps({"premise": "p"}) + "\n"])
def test_augment_refuses_an_output_it_did_not_write(tmp_path, content):
    source = tmp_path / "premises.txt"
    source.write_text("A man is sleeping\n")
    notes = tmp_path / "notes.txt"
    notes.write_text(content)
    before = _snapshot(tmp_path)
    with pytest.raises(OutputError, match="not a previous output"):
        augment_file(source, notes, AugmentSettings(verify=False))
    assert _snapshot(tmp_path) == before


def test_augment_output_equal_to_input(tmp_path, capsys):
    source = tmp_path / "premises.txt"
    source.write_text("A man is sleeping\n")
    assert main(["augment", str(source), "-o", str(source)]) == 2
    assert "also an input" in _one_error_line(capsys.readouterr().err)
    assert source.read_text() == "A man is sleeping\n"


def test_stale_progress_without_output_starts_over(tmp_path):
    out = tmp_path / "out.jsonl"
    progress = out.with_name(out.name + ".progress")
    progress.write_text(json.dumps({"sources": ["1", "2"], "bytes": 100}) + "\n")
    assert progress_file(out).resume() == set()
    assert json.loads(progress.read_text().splitlines()[0])["command"] == "monalog augment"


def test_progress_file_that_is_not_ours_is_refused(tmp_path):
    out = tmp_path / "out.jsonl"
    out.write_text(json.dumps(PAIR) + "\n")
    progress = out.with_name(out.name + ".progress")
    progress.write_text("shopping list\n")
    with pytest.raises(OutputError, match="not a progress file of monalog augment"):
        progress_file(out).resume()
    assert progress.read_text() == "shopping list\n" and out.read_text() == json.dumps(PAIR) + "\n"


def test_resume_with_other_settings_is_refused(tmp_path):
    out = tmp_path / "out.jsonl"
    progress_file(out, {"depth": 2}).resume()
    out.write_text(json.dumps(PAIR) + "\n")
    with pytest.raises(OutputError, match="other settings"):
        progress_file(out, {"depth": 3}).resume()


def test_output_without_progress_is_refused_whole(tmp_path):
    out = tmp_path / "out.jsonl"
    out.write_text(json.dumps(PAIR) + "\n" + "my own line\n")
    with pytest.raises(OutputError, match="without out.jsonl.progress"):
        progress_file(out).resume()
    assert out.read_text() == json.dumps(PAIR) + "\n" + "my own line\n"


def test_repeated_ids_are_reported_not_dropped_silently(tmp_path):
    source = tmp_path / "premises.jsonl"
    source.write_text('{"id": "2", "premise": "A man is sleeping"}\n'
                      '{"premise": "A dog is running"}\n'               # no id: its line number, 2
                      '{"id": "x", "premise": "A cat is eating"}\n'
                      '{"id": "x", "premise": "A boy is jumping"}\n')
    items = list(read_premises(source))
    skipped = [i for i in items if isinstance(i, BadRow)]
    assert [s.line for s in skipped] == [2, 4] and all("own id" in s.reason for s in skipped)


@pytest.mark.parametrize("argv", [
    ["eval", "{input}", "--json", "{input}"],
    ["eval", "{input}", "--json", "{other}"],
    ["classify", "{input}", "-o", "{input}"],
    ["classify", "{input}", "-o", "{other}"],
    ["perturb", "bionli", "{input}", "-o", "{input}"],
    ["perturb", "kbin", "{input}", "-o", "{other}"],
    ["perturb", "evonli", "{input}", "-o", "{input}"],
    ["perturb", "debate", "{input}", "-o", "{other}"],
    ["perturb", "consistency", "{input}", "--png", "{other}"],
    ["train-tagger", "--data", "{input}", "-o", "{other}"],
])
def test_outputs_that_would_replace_user_files(argv, tmp_path, sick_file, capsys):
    other = tmp_path / "mine.txt"
    other.write_text("not yours\n")
    before = _snapshot(tmp_path)
    argv = [a.format(input=sick_file, other=other) for a in argv]
    assert main(argv) == 2
    _one_error_line(capsys.readouterr().err)
    assert _snapshot(tmp_path) == before


def test_previous_outputs_may_be_replaced(tmp_path):
    out = tmp_path / "pred.jsonl"
    out.write_text(json.dumps({"label": "NEUTRAL", "component": "monalog", "confidence": 1.0}) + "\n")
    assert check_output(out, previous=jsonl_with("label", "component", "confidence")) == out
    (tmp_path / "empty.jsonl").write_text("")
    check_output(tmp_path / "empty.jsonl", previous=jsonl_with("label"))


@pytest.mark.parametrize("make", ["folder", "under_a_file"])
def test_unwritable_outputs_are_found_before_the_work(tmp_path, make):
    target = tmp_path / "x"
    if make == "folder":
        target.mkdir()
        out = target
    else:
        target.write_text("a file")
        out = target / "out.jsonl"
    with pytest.raises(OutputError):
        check_output(out)


def test_atomic_outputs_get_the_usual_mode(tmp_path):
    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "a.json", "{}")
    finally:
        os.umask(old)
    assert (tmp_path / "a.json").stat().st_mode & 0o777 == 0o644


@pytest.mark.parametrize("argv", [
    ["augment", "x.txt", "-o", "o.jsonl", "--batch-size", "0"],
    ["augment", "x.txt", "-o", "o.jsonl", "--max-pairs", "-1"],
    ["augment", "x.txt", "-o", "o.jsonl", "--fraction", "0"],
    ["augment", "x.txt", "-o", "o.jsonl", "--depth", "-1"],
    ["eval", "x.tsv", "--limit", "-1"],
    ["eval", "x.tsv", "--threshold", "2"],
    ["eval", "x.tsv", "--workers", "0"],
    ["train", "--train", "x.tsv", "-o", "m", "--epochs", "-1"],
    ["train", "--train", "x.tsv", "-o", "m", "--lr", "nan"],
    ["train", "--train", "x.tsv", "-o", "m", "--device", "tpu"],
    ["perturb", "bionli", "x.jsonl", "-o", "o.jsonl", "--balance", "-1"],
    ["perturb", "evonli", "x.jsonl", "-o", "o.jsonl", "--t-conf", "1.5"],
])
def test_bad_option_values_are_usage_errors(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    err = capsys.readouterr().err
    assert exc.value.code == 2 and "error: argument --" in err and "Traceback" not in err


def test_training_on_one_pair_is_an_error_not_a_hang(tmp_path, capsys):
    sick = tmp_path / "sick.tsv"
    sick.write_text("pair_ID\tsentence_A\tsentence_B\tentailment_label\tSemEval_set\n"
                    "1\tA man sleeps\tA person sleeps\tENTAILMENT\tTRAIN\n", encoding="utf-8")
    from tests.tiny_models import bert_classifier

    model = bert_classifier(tmp_path / "bert")
    assert main(["train", "--train", str(sick), "--model", str(model), "-o", str(tmp_path / "m")]) == 2
    assert "training needs more" in capsys.readouterr().err


def test_pipes_and_devices_are_refused_as_outputs(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(OutputError, match="not a regular file"):
        check_output(fifo)
    assert fifo.is_fifo()


@pytest.mark.parametrize("report", ["{out}", "{out}.progress"])
def test_a_report_may_not_overwrite_the_run_s_own_output(tmp_path, capsys, report):
    claims = tmp_path / "claims.jsonl"
    claims.write_text('{"id": "1", "claim": "Aspirin reduces fever."}\n')
    out = tmp_path / "k.jsonl"
    assert main(["perturb", "kbin", str(claims), "-o", str(out), "--report", report.format(out=out)]) == 2
    assert "two outputs" in capsys.readouterr().err and not out.exists()


def test_temporaries_of_a_killed_run_are_removed_but_not_a_live_run_s(tmp_path):
    out = tmp_path / "pred.jsonl"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True).stdout.strip()
    stale = tmp_path / f".tmp-pred.jsonl-{dead}-abcd1234"
    live = tmp_path / f".tmp-pred.jsonl-{os.getppid()}-abcd1234"
    mine = tmp_path / ".tmp-notes"
    look_alike = tmp_path / f".tmp-pred.jsonl-{dead}-my notes.txt"          # not a name tempfile makes
    for path in (stale, live, mine, look_alike):
        path.write_text("x")
    check_output(out)
    assert not stale.exists() and live.exists() and mine.exists() and look_alike.exists()


def test_resuming_from_another_input_is_refused(tmp_path):
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text("A man is sleeping\n")
    second.write_text("A dog is running\n")
    out = tmp_path / "out.jsonl"
    augment_file(first, out, AugmentSettings(verify=False, depth=1))
    before = out.read_bytes()
    with pytest.raises(OutputError, match="input"):
        augment_file(second, out, AugmentSettings(verify=False, depth=1))
    assert out.read_bytes() == before


def test_repeated_item_ids_in_a_generator_input_are_reported(tmp_path):
    from monalog_perturb.runner import RunReport, _left

    class Item:
        def __init__(self, id):
            self.id = id

    report = RunReport()
    todo = _left([Item("1"), Item("2"), Item("1"), Item("3")], {"3"}, report)
    assert [i.id for i in todo] == ["1", "2"] and report.resumed == 1
    assert report.failed == [("1", "the id repeats an earlier item's; give each item its own id")]


# -- the bad-input audit's remaining cases -------------------------------------------------------------------
def test_a_full_disk_at_the_last_write_keeps_the_results_and_says_where(tmp_path, monkeypatch):
    import errno

    from monalog.resumable import append_lines

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    out = tmp_path / "report.json"
    with pytest.raises(OutputError, match="No space left on device; its content was kept in ") as caught:
        write_atomic(out, '{"accuracy": 0.9}\n')
    kept = Path(str(caught.value).rsplit("kept in ", 1)[1])
    assert kept.read_text() == '{"accuracy": 0.9}\n' and not out.exists()
    kept.unlink()
    with pytest.raises(OutputError, match="run the same command again to resume"):
        append_lines(tmp_path / "rows.jsonl", ['{"a": 1}\n'])


def test_a_negative_size_in_a_progress_file_redoes_that_batch(tmp_path):
    out = tmp_path / "out.jsonl"
    record = progress_file(out)
    record.resume()
    out.write_text(json.dumps(PAIR) + "\n")
    with record.path.open("a") as handle:
        handle.write(json.dumps({"sources": ["1"], "bytes": -5}) + "\n")
    assert progress_file(out).resume() == set() and out.read_text() == ""


def test_sick_options_need_sick_input_and_a_known_set(tmp_path, sick_file, capsys):
    premises = tmp_path / "premises.txt"
    premises.write_text("A man is sleeping\n")
    out = tmp_path / "out.jsonl"
    assert main(["augment", str(premises), "-o", str(out), "--sick-set", "TRAIN"]) == 2
    assert "not a SICK tsv" in _one_error_line(capsys.readouterr().err) and not out.exists()
    with pytest.raises(SystemExit) as stop:
        main(["augment", str(sick_file), "-o", str(out), "--sick-set", "BOGUS"])
    assert stop.value.code == 2 and "invalid choice: 'BOGUS'" in capsys.readouterr().err


def test_a_ray_client_address_without_the_client_is_a_one_line_error(tmp_path, capsys):
    pytest.importorskip("ray")
    premises = tmp_path / "premises.txt"
    premises.write_text("A man is sleeping\n")
    argv = ["augment", str(premises), "-o", str(tmp_path / "out.jsonl"), "--engine", "ray",
            "--ray-address", "ray://127.0.0.1:1"]
    assert main(argv) == 2
    assert "cannot start Ray at ray://127.0.0.1:1" in _one_error_line(capsys.readouterr().err)


def test_parse_json_never_writes_undecodable_bytes(tmp_path):
    done = subprocess.run([sys.executable, "-m", "monalog", "parse", "--format", "json", b"A dog \xff runs"],
                          capture_output=True, timeout=120)
    line = done.stdout.decode("utf-8")          # valid UTF-8, or this raises
    assert json.loads(line) == {"sentence": "A dog \\udcff runs",
                                "error": "sentence holds bytes that are not UTF-8 text"}


def test_a_broken_fallback_folder_is_a_one_line_error(tmp_path, capsys):
    from tests.tiny_models import bert_classifier

    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text('{"premise": "A man is sleeping", "hypothesis": "A woman is dancing"}\n')
    for damage in ("meta", "weights"):
        folder = bert_classifier(tmp_path / damage)
        if damage == "meta":
            (folder / "monalog_fallback.json").write_text('{"labels": [')
        else:
            weights = folder / "model.safetensors"
            weights.write_bytes(weights.read_bytes()[:200])
        out = tmp_path / f"{damage}.jsonl"
        assert main(["classify", str(pairs), "--hybrid", str(folder), "-o", str(out)]) == 2
        assert str(folder) in _one_error_line(capsys.readouterr().err) and not out.exists()


def test_long_jobs_report_progress_lines_when_stderr_is_a_log(capsys):
    from monalog.cli.common import ProgressLines, progress

    assert isinstance(progress("training", 10, " step"), ProgressLines)     # pytest's stderr is no terminal
    with ProgressLines("training", None, " step", every=0.0) as bar:
        bar.total = 1000
        bar.set_postfix(loss="0.412", refresh=False)
        bar.refresh()
        bar.update(1)                   # the first line: no pace yet (loading is not the pace)
        time.sleep(0.01)
        bar.update(119)
    first, line = capsys.readouterr().err.strip().splitlines()
    assert first == "training: 1/1,000 steps (0%), loss=0.412"
    assert line.startswith("training: 120/1,000 steps (12%), ") and "steps/s, ETA " in line
    assert line.endswith(", loss=0.412")
