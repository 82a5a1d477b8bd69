"""Contradictories (negation.py) and tree editing by path (treeops.py) on hand-built trees."""
from __future__ import annotations

import pytest

from monalog.inference.negation import contradictories
from monalog.inference.referents import subject_heads
from monalog.inference.treeops import lemma_key, modifier_split, node_at, replace_at, sentence_text, surface, walk
from tests.inference.trees import (A_BLACK_DOG_RUNS, A_DOG_RUNS, EVERY_DOG_CHASES_A_CAT, NO_BLACK_DOG_RUNS, leaf,
                                   np, sentence, intransitive)


@pytest.mark.parametrize("tree, expected", [
    (A_DOG_RUNS, "No dog runs"),
    (NO_BLACK_DOG_RUNS, "A black dog runs"),
    (EVERY_DOG_CHASES_A_CAT, "Every dog chases no cat"),
])
def test_contradictories(tree, expected):
    assert expected in [sentence_text(t) for t, _ in contradictories(tree)]


def test_subject_heads_and_quantifier_only_contradictories():
    assert subject_heads(A_BLACK_DOG_RUNS) == ("dog",) and subject_heads(EVERY_DOG_CHASES_A_CAT) == ("dog",)
    assert subject_heads(leaf("N", "dog")) is None                    # no clause
    quantifiers = [note for _, note in contradictories(EVERY_DOG_CHASES_A_CAT, verbs=False)]
    assert quantifiers and all("quantifier" in note for note in quantifiers)


def test_contradictories_leave_the_tree_alone():
    before = sentence_text(A_DOG_RUNS)
    contradictories(A_DOG_RUNS)
    assert sentence_text(A_DOG_RUNS) == before


@pytest.mark.parametrize("path, word", [((0, 0), "A"), ((0, 1, 0), "black"), ((0, 1, 1), "dog"), ((1,), "runs")])
def test_node_at(path, word):
    assert surface(node_at(A_BLACK_DOG_RUNS, path)) == word


def test_replace_at_shares_the_rest():
    new = replace_at(A_BLACK_DOG_RUNS, (0, 1, 1), leaf("N", "cat"))
    assert sentence_text(new) == "A black cat runs"
    assert new.right is A_BLACK_DOG_RUNS.right
    assert sentence_text(A_BLACK_DOG_RUNS) == "A black dog runs"


def test_replace_below_a_leaf_fails():
    with pytest.raises(IndexError):
        replace_at(A_DOG_RUNS, (1, 0), leaf("N", "cat"))


@pytest.mark.parametrize("tree, key", [
    (A_DOG_RUNS, ("dog", "run")),                                  # the article is not compared
    (sentence(np("The", "dog"), intransitive("runs", "run")), ("dog", "run")),
    (NO_BLACK_DOG_RUNS, ("no", "black", "dog", "run")),
])
def test_lemma_key(tree, key):
    assert lemma_key(tree) == key


def test_walk_is_preorder_with_paths():
    paths = [path for path, _ in walk(A_DOG_RUNS)]
    assert paths == [(), (0,), (0, 0), (0, 1), (1,)]


@pytest.mark.parametrize("path, split", [((0, 1), (0, 1)), ((0,), None), ((), None)])
def test_modifier_split(path, split):
    assert modifier_split(node_at(A_BLACK_DOG_RUNS, path)) == split
