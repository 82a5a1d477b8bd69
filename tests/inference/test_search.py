"""The one breadth-first search in both modes, on hand-built trees (no parser)."""
from __future__ import annotations

import pytest

from monalog.ccg.category import parse_category
from monalog.ccg.tree import Binary, Rule
from monalog.inference.generation import Generator
from monalog.inference.target import Target
from monalog.inference.search import SearchBudgetError, breadth_first, explore, search
from monalog.inference.treeops import sentence_text
from monalog.polarity.polarizer import Polarizer
from tests.inference.trees import (A_BLACK_DOG_RUNS, A_DOG_RUNS, ANIMALS, EVERY_DOG_CHASES_A_CAT, NO_BLACK_DOG_RUNS,
                                   intransitive, leaf, np, sentence)


@pytest.fixture(scope="module")
def polarizer():
    return Polarizer()


def directed(start, goal, polarizer, depth=2, **budget):
    target = Target.of(goal, polarizer.polarize(goal))
    return search(start, target, Generator(ANIMALS), polarizer, depth, **budget)


def deletions_only(tree, pn):
    return Generator(ANIMALS).deletions(tree, list(pn.walk_paths()), None)


@pytest.mark.parametrize("start, goal, steps", [
    (A_DOG_RUNS, A_DOG_RUNS, 0),                                                     # already there
    (A_DOG_RUNS, sentence(np("An", "animal"), intransitive("runs", "run")), 1),      # dog ≤ animal, ↑
    (A_BLACK_DOG_RUNS, sentence(np("An", "animal"), intransitive("runs", "run")), 2),  # drop, then replace
    (sentence(np("No", "animal"), intransitive("runs", "run")),
     sentence(np("No", "puppy"), intransitive("runs", "run")), 1),                   # ↓: a smaller word
])
def test_directed_finds_the_target(polarizer, start, goal, steps):
    result = directed(start, goal, polarizer)
    assert result.found is not None
    assert len(result.found.steps()) == steps
    assert sentence_text(result.found.tree).lower() == sentence_text(goal).lower()


@pytest.mark.parametrize("start, goal", [
    (sentence(np("No", "dog"), intransitive("runs", "run")),
     sentence(np("No", "animal"), intransitive("runs", "run"))),                    # ↓ never goes up
    (A_DOG_RUNS, A_BLACK_DOG_RUNS),                                                  # no insertion where ↑
])
def test_directed_does_not_reach_unlicensed_sentences(polarizer, start, goal):
    assert directed(start, goal, polarizer).found is None


def test_directed_depth_limits_edits(polarizer):
    goal = sentence(np("An", "animal"), intransitive("runs", "run"))
    assert directed(A_BLACK_DOG_RUNS, goal, polarizer, depth=1).found is None


def test_directed_budget_raises(polarizer):
    goal = sentence(np("An", "animal"), intransitive("moves", "move"))
    with pytest.raises(SearchBudgetError):
        directed(A_BLACK_DOG_RUNS, goal, polarizer, max_states=1)


@pytest.mark.parametrize("start, depth, reached", [
    (A_BLACK_DOG_RUNS, 1, ["A black dog runs", "A dog runs"]),
    (NO_BLACK_DOG_RUNS, 2, ["No black dog runs"]),                       # ↓: nothing may be dropped
    (EVERY_DOG_CHASES_A_CAT, 1, ["Every dog chases a cat", "Every dog chases"]),
    (A_BLACK_DOG_RUNS, 0, ["A black dog runs"]),
])
def test_undirected_reaches_everything_within_depth(polarizer, start, depth, reached):
    result = explore(start, deletions_only, polarizer, depth)
    assert [sentence_text(s.tree) for s in result.states] == reached
    assert result.found is None and result.edges == ()
    assert [s.depth for s in result.states] == sorted(s.depth for s in result.states)


def test_undirected_visits_each_sentence_once(polarizer):
    def twice(tree, pn):
        yield from deletions_only(tree, pn)
        yield from deletions_only(tree, pn)

    result = explore(A_BLACK_DOG_RUNS, twice, polarizer, 2)
    assert [sentence_text(s.tree) for s in result.states] == ["A black dog runs", "A dog runs"]


def test_both_modes_are_one_search(polarizer):
    """Undirected is the directed search with no goal: the same states in the same order."""
    goal = sentence(np("A", "cat"), intransitive("runs", "run"))           # never reached
    target = Target.of(goal, polarizer.polarize(goal))
    generator = Generator(ANIMALS)
    directed_states = search(A_BLACK_DOG_RUNS, target, generator, polarizer, 2).states
    undirected = breadth_first(A_BLACK_DOG_RUNS, lambda t, pn: generator.edits(t, pn, target), polarizer, 2)
    assert [s.tree for s in directed_states] == [s.tree for s in undirected.states]


def test_a_huge_depth_stops_when_a_level_adds_nothing():
    import time

    import monalog

    start = time.perf_counter()
    proof = monalog.prove("A dog runs", "A cat sleeps", monalog.ProverSettings(depth=1_000_000_000))
    assert proof.label == "NEUTRAL" and time.perf_counter() - start < 30


def test_directed_matches_each_word_on_its_lemma_or_its_spelling(polarizer):
    """The goal's parse lemmatised one word oddly ("evening" tagged a verb, lemma "even") and inflected
    another otherwise ("ran"): each word matches on its lemma or its spelling."""
    odd = Binary(parse_category("NP"), Rule.FA, leaf("NP/N", "A", pos="DT"), leaf("N", "dog", "dogged"), False)
    goal = sentence(odd, intransitive("ran", "run"))
    assert directed(A_DOG_RUNS, goal, polarizer).found is not None
    assert directed(A_BLACK_DOG_RUNS, sentence(odd, intransitive("ran", "rise")), polarizer).found is None
