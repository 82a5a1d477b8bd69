"""Dataset readers (bad rows with line numbers), metrics, and `monalog prove` / `monalog eval`."""
import json

import pytest

from monalog.cli import main
from monalog.eval.datasets import BadRow, DatasetError, Pair, read_pairs, sick_reversed
from monalog.eval.metrics import evaluate
from monalog.inference.proof import Label

E, C, N = Label.ENTAILMENT, Label.CONTRADICTION, Label.NEUTRAL
HEADER = "pair_ID\tsentence_A\tsentence_B\tentailment_label\trelatedness_score\tlabel_current_paper\n"


@pytest.fixture
def tiny_sick(tmp_path):
    path = tmp_path / "tiny.tsv"
    path.write_text(HEADER
                    + "1\tA man is playing a red guitar\tA man is playing a guitar\tENTAILMENT\t4.5\tENTAILMENT\n"
                    + "2\tA man is playing a guitar\tA man is not playing a guitar\tCONTRADICTION\t4\tCONTRADICTION\n"
                    + "3\tA dog is running\tA cat is sleeping\tNEUTRAL\t1\tNEUTRAL\n"
                    + "4\tA dog is running\n"                                        # missing columns
                    + "5\t \tA cat is sleeping\tNEUTRAL\t1\tNEUTRAL\n"              # empty premise
                    + "6\tA boy sings\tA child sings\tENTAILMENT\t4\tNEUTRAL\n", encoding="utf-8")
    return path


def test_metrics():
    report = evaluate([E, E, C, N, N], [E, N, C, N, C], errors=1, seconds=2.0)
    assert report.n == 5 and report.accuracy == pytest.approx(0.6)
    assert report.labels["ENTAILMENT"] == {"precision": 1.0, "recall": 0.5, "f1": pytest.approx(2 / 3), "support": 2}
    assert report.labels["CONTRADICTION"]["precision"] == 0.5
    assert report.confusion["NEUTRAL"] == {"ENTAILMENT": 0, "CONTRADICTION": 1, "NEUTRAL": 1}
    data = report.as_json()
    assert set(data) == {"n", "accuracy", "labels", "confusion", "errors", "seconds", "load_seconds",
                         "pairs_per_second"}
    assert data["pairs_per_second"] == 2.5


def test_two_way_counts_contradiction_as_non_entailment():
    report = evaluate([E, N], [E, C], two_way=True)
    assert report.accuracy == 1.0


def test_sick_reader_reports_bad_rows_with_line_numbers(tiny_sick):
    items = list(read_pairs(tiny_sick))
    bad = [i for i in items if isinstance(i, BadRow)]
    assert [(b.line, b.reason) for b in bad] == [(5, "2 columns, expected at least 3"), (6, "empty premise")]
    pairs = [i for i in items if isinstance(i, Pair)]
    assert [p.label for p in pairs] == [E, C, N, N]                       # corrected labels
    original = [i for i in read_pairs(tiny_sick, labels="original") if isinstance(i, Pair)]
    assert original[-1].label is E


def test_sick_reversed_reads_the_other_direction(tmp_path):
    path = tmp_path / "sick.tsv"
    path.write_text("pair_ID\tsentence_A\tsentence_B\tentailment_label\tentailment_AB\tentailment_BA\tSemEval_set\n"
                    "1\tA boy sings\tA child sings\tENTAILMENT\tA_entails_B\tB_neutral_A\tTRAIN\n"
                    "2\tA man sleeps\tNobody sleeps\tCONTRADICTION\tA_contradicts_B\tB_contradicts_A\tTRIAL\n"
                    "3\tA dog runs\tA dog moves\tENTAILMENT\tA_entails_B\tB_maybe_A\tTRAIN\n", encoding="utf-8")
    items = list(sick_reversed(path))
    assert items[0] == Pair("1", "A child sings", "A boy sings", N, 2, "TRAIN")
    assert items[1].label is C and items[1].split == "TRIAL"
    assert isinstance(items[2], BadRow) and "B_maybe_A" in items[2].reason


def test_jsonl_and_med_readers(tmp_path):
    jsonl = tmp_path / "pairs.jsonl"
    jsonl.write_text('{"premise": "A dog runs", "hypothesis": "A dog moves", "label": "entailment"}\n'
                     'not json\n{"premise": "", "hypothesis": "x"}\n', encoding="utf-8")
    items = list(read_pairs(jsonl, "jsonl"))
    assert isinstance(items[0], Pair) and items[0].label is E
    assert [(i.line, i.reason.split(":")[0]) for i in items[1:]] == [(2, "bad JSON"), (3, "empty premise")]
    med = tmp_path / "med.tsv"
    med.write_text("sentence1\tsentence2\tgold_label\nSome dogs run\tDogs run\tentailment\n"
                   "No dog runs\tNo puppy runs\tnon-entailment\n", encoding="utf-8")
    assert [p.label for p in read_pairs(med, "med")] == [E, N]


def test_mnli_and_help_layouts_are_detected_and_scored_two_way(tmp_path, capsys):
    mnli = tmp_path / "mono.tsv"
    mnli.write_text("pairID\tsentence1\tsentence2\tgold_label\n"
                    "a1\tA man is playing a red guitar\tA man is playing a guitar\tentailment\n"
                    "a2\tA man is playing a guitar\tA man is not playing a guitar\tnon-entailment\n",
                    encoding="utf-8")
    assert [(p.id, p.label) for p in read_pairs(mnli, "auto")] == [("a1", E), ("a2", N)]
    out = tmp_path / "m.json"
    assert main(["eval", str(mnli), "--input-format", "auto", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["two_way"] and data["accuracy"] == 1.0     # the proved contradiction is a non-entailment
    helped = tmp_path / "help.tsv"
    helped.write_text("\tfilename\tdeterminer\tmonotonicity\tgold_label\tori_sentence\tnew_sentence\n"
                      "0\tx\tor\tdisjunction\tneutral\tA dog runs or swims\tA dog runs\n", encoding="utf-8")
    assert [(p.id, p.premise, p.label) for p in read_pairs(helped, "auto")] == [("0", "A dog runs or swims", N)]


def test_unreadable_files_are_typed_errors(tmp_path):
    with pytest.raises(DatasetError):
        list(read_pairs(tmp_path / "missing.tsv"))
    (tmp_path / "noheader.tsv").write_text("a\tb\n", encoding="utf-8")
    with pytest.raises(DatasetError, match="sentence_A"):
        list(read_pairs(tmp_path / "noheader.tsv"))


def test_cli_eval_writes_json(tiny_sick, tmp_path, capsys):
    out = tmp_path / "metrics.json"
    assert main(["eval", str(tiny_sick), "--json", str(out)]) == 0
    stdout, stderr = capsys.readouterr()
    assert "accuracy" in stdout and "ENTAILMENT" in stdout
    assert "tiny.tsv:5: skipped" in stderr and "tiny.tsv:6: skipped: empty premise" in stderr
    data = json.loads(out.read_text())
    assert data["n"] == 4 and data["errors"] == 0
    assert data["confusion"]["ENTAILMENT"]["ENTAILMENT"] == 1
    assert data["confusion"]["CONTRADICTION"]["CONTRADICTION"] == 1
    assert [row["line"] for row in data["skipped_rows"]] == [5, 6]


def test_cli_eval_limit_and_workers(tiny_sick, tmp_path, capsys):
    out = tmp_path / "m.json"
    assert main(["eval", str(tiny_sick), "--limit", "2", "--workers", "2", "--json", str(out)]) == 0
    assert json.loads(out.read_text())["n"] == 2


def test_cli_prove_formats(capsys):
    assert main(["prove", "A man is playing a red guitar", "A man is playing a guitar"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "ENTAILMENT" and any('drop "red"' in line for line in out)
    assert main(["prove", "A dog is running", "No dog is running", "--trace", "json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "CONTRADICTION" and json.loads("\n".join(lines[1:]))["label"] == "CONTRADICTION"
    assert main(["prove", "A dog is running", "A cat is running", "--trace", "dot"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "NEUTRAL" and lines[1] == "digraph proof {"


def test_cli_prove_bad_input_is_one_line(capsys):
    assert main(["prove", "", "A dog runs"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("monalog: error:") and err.count("\n") == 1


def test_malformed_jsonl_rows_cost_one_row_each(tmp_path):
    path = tmp_path / "pairs.jsonl"
    good = '{"premise": "A dog runs", "hypothesis": "A dog moves", "label": "entailment"}\n'
    path.write_text(good + '{"premise": "A", "hypothesis": "B", "label": 5}\n' + "[" * 100_000 + "\n"
                    + '["premise", "hypothesis"]\n' + '{"premise": ["A"], "hypothesis": "B"}\n' + good,
                    encoding="utf-8")
    items = list(read_pairs(path, "jsonl"))
    assert [type(i).__name__ for i in items] == ["Pair", "BadRow", "BadRow", "BadRow", "BadRow", "Pair"]
    assert "not a string" in items[1].reason and "nested" in items[2].reason
