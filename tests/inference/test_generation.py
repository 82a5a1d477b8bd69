"""Edits licensed by polarity (generation.py), the droppable-modifier rule and the KB helpers,
on hand-built trees (no parser)."""
from __future__ import annotations

import pytest

from monalog.inference.droppable import droppable_modifier, monotone_modifier
from monalog.inference.generation import Generator
from monalog.inference.target import Target, kb_leq
from monalog.inference.proof import StepKind
from monalog.inference.treeops import sentence_text, surface
from monalog.polarity.polarizer import Polarizer
from tests.inference.trees import (A_BLACK_DOG_RUNS, ANIMALS, EVERY_DOG_CHASES_A_CAT, NO_BLACK_DOG_RUNS, intransitive,
                                   leaf, np, sentence)
from monalog.ccg.category import parse_category
from monalog.ccg.tree import Binary, Rule

POLARIZER = Polarizer()


def droppable(tree):
    return [(surface(mod), surface(head)) for _, pn in POLARIZER.polarize(tree).walk_paths()
            if (found := droppable_modifier(pn)) for mod, head in [found]]


NOT_RUNNING = sentence(np("A", "dog"), Binary(parse_category("S[dcl]\\NP"), Rule.BA, intransitive("runs", "run"),
                                              leaf("(S\\NP)\\(S\\NP)", "not", pos="RB"), False))


@pytest.mark.parametrize("tree, expected", [
    (A_BLACK_DOG_RUNS, [("black", "dog")]),        # ↑: red car ≤ car
    (NO_BLACK_DOG_RUNS, []),                       # ↓: dropping would generalise
    (NOT_RUNNING, []),                             # "not" is not monotone
])
def test_droppable_modifier(tree, expected):
    assert droppable(tree) == expected


def test_monotone_modifier_ignores_polarity():
    pn = POLARIZER.polarize(NO_BLACK_DOG_RUNS)
    assert [monotone_modifier(node) for _, node in pn.walk_paths() if monotone_modifier(node)] == [(0, 1)]


def edits_toward(start, goal):
    target = Target.of(goal, POLARIZER.polarize(goal))
    return [(step.kind, sentence_text(tree)) for tree, step in
            Generator(ANIMALS).edits(start, POLARIZER.polarize(start), target)]


@pytest.mark.parametrize("start, goal, edit", [
    (sentence(np("A", "dog"), intransitive("runs", "run")), sentence(np("An", "animal"), intransitive("runs", "run")),
     (StepKind.REPLACE, "An animal runs")),
    (sentence(np("No", "dog"), intransitive("runs", "run")), sentence(np("No", "puppy"), intransitive("runs", "run")),
     (StepKind.REPLACE, "No puppy runs")),
    (A_BLACK_DOG_RUNS, sentence(np("A", "dog"), intransitive("runs", "run")), (StepKind.DELETE, "A dog runs")),
    (sentence(np("No", "dog"), intransitive("runs", "run")), NO_BLACK_DOG_RUNS, (StepKind.INSERT, "No black dog runs")),
])
def test_edits_toward_a_target(start, goal, edit):
    assert edit in edits_toward(start, goal)


@pytest.mark.parametrize("start, goal", [
    (sentence(np("No", "dog"), intransitive("runs", "run")), sentence(np("No", "animal"), intransitive("runs", "run"))),
    (sentence(np("A", "dog"), intransitive("runs", "run")), sentence(np("A", "puppy"), intransitive("runs", "run"))),
])
def test_no_edit_against_polarity(start, goal):
    assert edits_toward(start, goal) == []


def test_undirected_deletions_drop_objects_where_up():
    pn = POLARIZER.polarize(EVERY_DOG_CHASES_A_CAT)
    edits = Generator(ANIMALS).deletions(EVERY_DOG_CHASES_A_CAT, list(pn.walk_paths()), None)
    assert [sentence_text(tree) for tree, _ in edits] == ["Every dog chases"]


@pytest.mark.parametrize("a, b, holds", [
    ("puppy", "animal", True), ("animal", "dog", False), ("three", "two", True), ("two", "three", False),
    ("dog", "thing", True), ("dog", "dog", True),
])
def test_kb_leq(a, b, holds):
    assert (kb_leq(ANIMALS, a, b) is not None) is holds


@pytest.mark.parametrize("word, above, below", [
    ("dog", ["animal"], ["puppy"]), ("animal", [], ["cat", "dog"]), ("unicorn", [], []),
])
def test_kb_above_and_below(word, above, below):
    assert ANIMALS.above(word) == above
    assert ANIMALS.below(word) == below


def test_every_edit_module_has_one_rule_in_the_registry_in_order():
    """Adding a rule is adding a module under monalog/inference/edits and one line in RULES."""
    import pkgutil

    from monalog.inference import edits

    modules = {m.name for m in pkgutil.iter_modules(edits.__path__)} - {"context", "coordination"}   # helpers
    registered = [rule.__module__.rsplit(".", 1)[1] for rule in edits.RULES]
    assert sorted(registered) == sorted(modules) and len(set(registered)) == len(registered)
    assert registered[0] == "replacements" and registered.index("deletions") < registered.index("insertions")
