"""`monalog parse` in all three formats, stdin input and bad input, through the real entry point."""
import io
import json
import subprocess
import sys

import pytest

from monalog.cli import main


def run(capsys, *argv, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8"))))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_parse_auto(capsys):
    code, out, _ = run(capsys, "parse", "A dog is running", "A cat sleeps")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2
    assert lines[0].startswith("(<T S[dcl] ba 0 2> (<T NP fa 0 2> (<L NP/N A a DT O XX NP/N>)")


def test_parse_deriv(capsys):
    code, out, _ = run(capsys, "parse", "--format", "deriv", "A dog is running")
    assert code == 0
    assert out.splitlines()[0] == "# A dog is running"
    assert "NP/N" in out.splitlines()[1] and "S[dcl]" in out


def test_parse_json_from_stdin_with_an_error_line(capsys, monkeypatch):
    code, out, _ = run(capsys, "parse", "-", "--format", "json",
                       stdin="A man is playing a guitar\n\nSome women are dancing\n", monkeypatch=monkeypatch)
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(rows) == 3
    assert rows[0]["sentence"] == "A man is playing a guitar"
    assert rows[0]["tokens"][5] == {"word": "guitar", "lemma": "guitar", "pos": "NN", "category": "N"}
    assert rows[0]["tree"].startswith("(<T S[dcl]")
    assert rows[1] == {"sentence": "", "error": "empty sentence"}
    assert rows[2]["tokens"][2]["lemma"] == "be"


def test_every_input_failing_is_a_non_zero_exit(capsys):
    code, out, err = run(capsys, "parse", " ", "!!!")
    assert code == 1 and out == ""
    assert err.count("monalog: error:") == 2 and "Traceback" not in err


def test_console_script_runs_without_traceback():
    proc = subprocess.run([sys.executable, "-m", "monalog", "parse", "--format", "json", ""],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1
    assert json.loads(proc.stdout) == {"sentence": "", "error": "empty sentence"}
    assert "Traceback" not in proc.stderr


def test_demo_proves_the_bundled_pairs(capsys):
    code, out, _ = run(capsys, "demo")
    assert code == 0 and out.count("premise:") == 9
    labels = [line for line in out.splitlines() if line in ("ENTAILMENT", "CONTRADICTION", "NEUTRAL")]
    assert labels.count("ENTAILMENT") == 4 and labels.count("CONTRADICTION") == 3 and labels.count("NEUTRAL") == 2


@pytest.mark.parametrize("argv", [["parse"], ["parse", "--format", "xml", "a"], ["nonsense"]])
def test_usage_errors(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2


def test_polarize_arrows(capsys):
    code, out, _ = run(capsys, "polarize", "Every dog sees some cat", "No cat sleeps")
    assert code == 0
    assert out.splitlines() == ["Every↑ dog↓ sees↑ some↑ cat↑", "No↑ cat↓ sleeps↓"]


def test_polarize_json_with_normalisation(capsys):
    code, out, _ = run(capsys, "polarize", "--normalize", "--format", "json", "There is no man cutting a tomato")
    row = json.loads(out)
    assert code == 0
    assert row["sentence"] == "No man is cutting a tomato"
    assert row["arrows"] == "No↑ man↓ is↓ cutting↓ a↓ tomato↓"
    assert row["rewrites"][0]["rule"] == "existential_no"
    assert row["tokens"][1] == {"word": "man", "lemma": "man", "category": "N", "polarity": "↓", "operator": "no"}
    assert row["tree"]["polarity"] == "↑" and row["tree"]["children"]


def test_polarize_normalize_arrows_show_rewritten_sentence(capsys):
    code, out, _ = run(capsys, "polarize", "--normalize", "Nobody is dancing")
    assert out.strip() == "No↑ person↓ is↓ dancing↓"


def test_polarize_bad_line_is_an_error_line(capsys, monkeypatch):
    code, out, err = run(capsys, "polarize", "-", "--format", "json", stdin="A dog runs\n\t\n", monkeypatch=monkeypatch)
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and rows[1] == {"sentence": "\t", "error": "empty sentence"}


def test_old_flag_spellings_still_work_with_a_warning(tmp_path, capsys):
    facts = tmp_path / "facts.kb"
    facts.write_text("zorb/n <= animal/n\n", encoding="utf-8")
    code, out, err = run(capsys, "prove", "A zorb runs", "An animal runs", "--kb", str(facts))
    assert code == 0 and out.startswith("ENTAILMENT") and "--kb is deprecated; use --kb-facts" in err
    code, out, err = run(capsys, "prove", "A zorb runs", "An animal runs", "--kb-facts", str(facts))
    assert code == 0 and out.startswith("ENTAILMENT") and "deprecated" not in err


def test_help_is_fast_and_lists_every_command():
    import time

    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "monalog", "--help"], capture_output=True, text=True, check=True).stdout
    assert time.perf_counter() - start < 10
    for command in ("parse", "polarize", "prove", "eval", "classify", "train", "augment", "perturb", "demo"):
        assert command in out


def test_timeout_is_opt_in_and_a_timed_out_pair_has_no_label(tmp_path, capsys):
    """Without --timeout the budget counts sentences; with an impossible one, the pair is reported as
    timed out (prove: an error; eval: not scored; classify: label null), never as NEUTRAL."""
    pair = ("A man is playing a guitar", "A person is playing an instrument")
    code, out, _ = run(capsys, "prove", *pair)
    assert code == 0 and out.splitlines()[0] == "ENTAILMENT"
    code, out, err = run(capsys, "prove", "--timeout", "1e-9", *pair)
    assert code != 0 and "wall-clock limit (--timeout)" in err and "NEUTRAL" not in out
    data = tmp_path / "pairs.jsonl"
    data.write_text(json.dumps({"premise": pair[0], "hypothesis": pair[1], "label": "ENTAILMENT"}) + "\n"
                    + json.dumps({"premise": "A dog runs", "hypothesis": "A dog runs", "label": "ENTAILMENT"}) + "\n")
    code, out, _ = run(capsys, "classify", str(data), "--timeout", "1e-9")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and rows[0]["label"] is None and "--timeout" in rows[0]["error"]
    assert rows[1]["label"] == "ENTAILMENT"
    code, out, _ = run(capsys, "eval", str(data), "--input-format", "jsonl", "--timeout", "1e-9",
                       "--json", str(tmp_path / "m.json"))
    metrics = json.loads((tmp_path / "m.json").read_text())
    assert code == 0 and metrics["n"] == 1 and metrics["accuracy"] == 1.0 and metrics["timed_out_lines"] == [1]
    assert "timed out (not scored): 1 pairs" in out


def test_knowledge_option_switches_phrase_alignment(capsys):
    pair = ("A woman is using a sewing machine", "A woman is sewing with a machine")
    code, out, _ = run(capsys, "prove", *pair)
    assert code == 0 and out.startswith("ENTAILMENT") and "(neural alignment; score 0." in out
    code, out, _ = run(capsys, "prove", *pair, "--knowledge", "symbolic")
    assert code == 0 and out.startswith("NEUTRAL") and "neural" not in out
    code, out, _ = run(capsys, "prove", *pair, "--align-threshold", "0.99")
    assert code == 0 and out.startswith("NEUTRAL")
    with pytest.raises(SystemExit):
        run(capsys, "prove", *pair, "--align-threshold", "2")
    assert "--align-threshold: 2.0 is not between 0 and 1" in capsys.readouterr().err


def _sick(tmp_path, *labels_and_sets: tuple[str, str]):
    """A SICK file of the three pairs below, with the gold labels and SemEval sets given."""
    pairs = [("A man is running", "A person is running"), ("A man is running", "A man is not running"),
             ("A dog is sleeping", "A cat is eating")]
    rows = ["pair_ID\tsentence_A\tsentence_B\tentailment_label\tSemEval_set"] + [
        f"{i}\t{p}\t{h}\t{label}\t{split}" for i, ((p, h), (label, split)) in enumerate(zip(pairs, labels_and_sets), 1)]
    data = tmp_path / "sick.tsv"
    data.write_text("\n".join(rows) + "\n")
    return data


def test_eval_scores_one_sick_set(capsys, tmp_path):
    """`--sick-set TRIAL` scores the TRIAL rows alone (a fallback trained on TRAIN has seen the others)."""
    data = _sick(tmp_path, ("ENTAILMENT", "TRAIN"), ("CONTRADICTION", "TRIAL"), ("NEUTRAL", "TRIAL"))
    code, _, _ = run(capsys, "eval", str(data), "--sick-set", "trial", "--json", str(tmp_path / "m.json"))
    metrics = json.loads((tmp_path / "m.json").read_text())
    assert code == 0 and metrics["n"] == 2 and metrics["sick_set"] == "TRIAL"
    code, _, err = run(capsys, "eval", str(data), "--sick-set", "TEST")
    assert code != 0 and "no usable pairs" in err and "of set TEST" in err


def test_evaluate_from_python_and_eval_predictions(capsys, tmp_path):
    """A hybrid evaluation in three lines of Python, and `eval --predictions` for error analysis: each
    pair's answer, gold label, who decided and the proof, as the scores count them."""
    import monalog

    data = _sick(tmp_path, ("ENTAILMENT", "TRIAL"), ("CONTRADICTION", "TRIAL"), ("ENTAILMENT", "TRIAL"))
    run_ = monalog.evaluate(data, monalog.HybridClassifier.load(), sick_set="TRIAL")
    assert run_.report.n == 3 and round(run_.report.accuracy, 4) == round(2 / 3, 4)
    predictions = list(run_.predictions())
    assert [(p["id"], p["gold"], p["label"], p["correct"]) for p in predictions] == [
        ("1", "ENTAILMENT", "ENTAILMENT", True), ("2", "CONTRADICTION", "CONTRADICTION", True),
        ("3", "ENTAILMENT", "NEUTRAL", False)]
    assert predictions[0]["proof"]["steps"] and predictions[0]["component"] == "monalog"
    assert predictions[2]["proof"]["note"]          # an unproved pair says why (no proof within 3 steps, ...)
    out = tmp_path / "predictions.jsonl"
    code, _, _ = run(capsys, "eval", str(data), "--predictions", str(out))
    assert code == 0 and [json.loads(line) for line in out.read_text().splitlines()] == predictions
    code, _, err = run(capsys, "eval", str(data), "--predictions", str(data))
    assert code == 2 and "also an input" in err


def test_eval_writes_its_files_before_a_closed_stdout_can_stop_it(tmp_path, monkeypatch):
    """`monalog eval F --predictions P | head -1`: the reader goes away after the first line, and P is still written."""
    class ClosedPipe(io.StringIO):
        def write(self, text):
            raise BrokenPipeError

    data = _sick(tmp_path, ("ENTAILMENT", "TRIAL"), ("CONTRADICTION", "TRIAL"), ("NEUTRAL", "TRIAL"))
    out, metrics = tmp_path / "predictions.jsonl", tmp_path / "m.json"
    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    assert main(["eval", str(data), "--predictions", str(out), "--json", str(metrics)]) == 0
    assert len(out.read_text().splitlines()) == 3 and json.loads(metrics.read_text())["n"] == 3
