"""The issues' floors on the full data (slow: `make test-slow`, a few minutes on 2 cores)."""
import pytest

from tests.conftest import SICK, shared

pytestmark = pytest.mark.slow


def test_prover_floors_on_sick_train_and_trial():
    shared(SICK)
    from monalog.inference.batch import prove_all
    from monalog.eval.datasets import Pair, read_pairs
    from monalog.errors import MonalogError
    from monalog.eval.metrics import evaluate
    from monalog.inference.proof import Label

    pairs = [p for p in read_pairs(SICK, "sick", "corrected") if isinstance(p, Pair)]
    results = prove_all([(p.premise, p.hypothesis) for p in pairs], workers=2)
    predicted = [Label.NEUTRAL if isinstance(r, MonalogError) else r.label for r in results]
    report = evaluate([p.label for p in pairs], predicted)
    assert report.accuracy >= 0.80
    assert report.labels["ENTAILMENT"]["precision"] >= 0.97
    assert report.labels["CONTRADICTION"]["precision"] >= 0.93


def test_parser_floors_on_held_out_silver_trees(silver_path, parser):
    from monalog.ccg import leaves
    from monalog.parsing.training import load_split, score_parses

    _, held = load_split(silver_path)
    results = parser.parse_batch([" ".join(leaf.token.word for leaf in leaves(t)) for t in held])
    scores = score_parses(held, [getattr(r, "tree", None) for r in results], 0.0)
    assert scores.failed == 0 and scores.tag_accuracy >= 0.96 and scores.span_f1 >= 0.95
