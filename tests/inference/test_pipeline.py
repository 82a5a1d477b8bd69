"""The pipeline (normalise -> parse -> polarize, errors in place) with a stand-in parser."""
from __future__ import annotations

import subprocess
import sys

import pytest

from monalog.errors import MonalogError, ParseError
from monalog.pipeline import TEACHER_BUDGET, ParserBudget, Pipeline
from monalog.polarity.marks import Polarity
from tests.inference.trees import A_DOG_RUNS, NO_BLACK_DOG_RUNS


class FakeParse:
    def __init__(self, text, tree):
        self.sentence, self.tree = text, tree


class FakeParser:
    """Knows two sentences; counts what it was asked to parse."""

    TREES = {"A dog runs": A_DOG_RUNS, "No black dog runs": NO_BLACK_DOG_RUNS}

    def __init__(self):
        self.asked: list[str] = []

    def parse_batch(self, texts):
        self.asked += texts
        return [FakeParse(t, self.TREES[t]) if t in self.TREES else ParseError("no parse", input=t) for t in texts]


def test_errors_come_back_in_place():
    out = Pipeline(FakeParser()).run(["A dog runs", "gibberish", "No black dog runs"])
    assert isinstance(out[1], MonalogError)
    assert [leaf.polarity for leaf in out[2].tree.leaves()] == [Polarity.UP] + [Polarity.DOWN] * 3
    assert out[0].tree.node is A_DOG_RUNS


def test_each_distinct_sentence_is_parsed_once():
    parser = FakeParser()
    out = Pipeline(parser).run(["A dog runs", "No black dog runs", "A dog runs"])
    assert parser.asked == ["A dog runs", "No black dog runs"]
    assert out[0].tree is out[2].tree


def test_normalisation_is_applied_before_parsing():
    parser = FakeParser()
    out = Pipeline(parser).run(["A dog runs"], normalize=True)
    assert out[0].normalized is not None and parser.asked == [out[0].normalized.text]


def test_analyse_raises_the_error():
    with pytest.raises(ParseError):
        Pipeline(FakeParser()).analyse("gibberish")


def test_budget_is_a_frozen_option():
    from monalog.parsing.decoder import DecoderSettings

    retry = DecoderSettings()                       # the teacher's budget is the default's second pass alone
    assert TEACHER_BUDGET == ParserBudget(supertags=retry.retry_pruning_size, steps=retry.retry_max_step)
    assert Pipeline(budget=TEACHER_BUDGET).budget is TEACHER_BUDGET


def test_importing_the_pipeline_stays_light():
    code = ("import sys, monalog.pipeline; heavy = {'torch', 'transformers', 'depccg', 'nltk'} & set(sys.modules); "
            "print(sorted(heavy))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_a_rewrite_that_garbles_the_parse_is_dropped(parser, monkeypatch):
    """A rewrite whose text fails to parse, or parses doubtfully, gives way to the original sentence
    (a rule gone wrong: "There is no cyclist who is being chased by a dog" once became "A dog is
    chasing there is no cyclist who")."""
    from monalog.polarity.doubt import doubt
    from monalog.text.normalize import Normalized, Rewrite, normalize

    def garbling(sentences, on):
        return [Normalized(s, "or or or", (Rewrite("garble", s, "or or or"),)) for s in sentences]

    pipeline = Pipeline(parser)
    assert doubt(pipeline.parse(["or or or"])[0].tree)
    monkeypatch.setattr(Pipeline, "normalize", staticmethod(garbling))
    kept = pipeline.analyse("A dog is chasing a cyclist", normalize=True)
    assert kept.normalized.text == "A dog is chasing a cyclist" and not kept.normalized.rewrites
    assert " ".join(leaf.token.word for leaf in kept.parse.leaves) == "A dog is chasing a cyclist"
    monkeypatch.undo()
    assert pipeline.analyse("A ball is being chased by a dog", normalize=True).normalized.rewrites   # a good one stays
    assert normalize("A ball is being chased by a dog").text == "A dog is chasing a ball"
