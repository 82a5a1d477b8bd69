"""The issues' floors on real data. The cheap ones run by default (a minute at most on 2 cores); the
full-SICK prover floor is slow (`make test-slow`)."""
import pytest

from tests.conftest import SICK, shared


def _prove(pairs, workers):
    from monalog.errors import MonalogError
    from monalog.eval.metrics import evaluate
    from monalog.inference.batch import prove_all
    from monalog.inference.proof import Label

    results = prove_all([(p.premise, p.hypothesis) for p in pairs], workers=workers)
    predicted = [Label.NEUTRAL if isinstance(r, MonalogError) else r.label for r in results]
    return evaluate([p.label for p in pairs], predicted), sum(isinstance(r, MonalogError) for r in results)


def _sick(split: str | None):
    from monalog.eval.datasets import Pair, read_pairs

    return [p for p in read_pairs(shared(SICK), "sick", "corrected")
            if isinstance(p, Pair) and (split is None or p.split == split)]


def test_prover_floors_on_sick_trial():
    report, errors = _prove(_sick("TRIAL"), workers=2)
    assert errors == 0 and report.accuracy >= 0.79
    assert report.labels["ENTAILMENT"]["precision"] >= 0.97
    assert report.labels["CONTRADICTION"]["precision"] >= 0.93


@pytest.mark.slow
def test_prover_floors_on_sick_train_and_trial():
    report, _ = _prove(_sick(None), workers=2)
    assert report.accuracy >= 0.80
    assert report.labels["ENTAILMENT"]["precision"] >= 0.97
    assert report.labels["CONTRADICTION"]["precision"] >= 0.93


@pytest.mark.slow      # 18 s; the parser's accuracy is also in benchmarks/results/parsing.md
def test_parser_floors_on_held_out_silver_trees(silver_path, parser):
    from monalog.ccg import leaves
    from monalog.parsing.training import load_split, score_parses

    _, held = load_split(silver_path)
    results = parser.parse_batch([" ".join(leaf.token.word for leaf in leaves(t)) for t in held])
    scores = score_parses(held, [getattr(r, "tree", None) for r in results], 0.0)
    assert scores.failed == 0 and scores.tag_accuracy >= 0.96 and scores.span_f1 >= 0.95
