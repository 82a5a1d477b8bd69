"""Contradictions of a verb phrase with no auxiliary (inference/plain_negation.py): "do not" before a
lexical verb, "not" after a copula, as people write them; never where the "not" would read otherwise
(a coordination, "only", "because") or the verb is a modal; and "Not every" for "Every"."""
from __future__ import annotations

import pytest

from monalog.augment.contradictions import natural_contradictions
from monalog.augment.generate import AugmentSettings, Augmenter
from monalog.inference.negation import main_clause
from monalog.inference.plain_negation import _do, plain_negation
from monalog.inference.proof import Label


@pytest.mark.parametrize("premise, contradiction", [
    ("I received a telegram from her.", "I did not receive a telegram from her"),
    ("Tom is a skillful carpenter.", "Tom is not a skillful carpenter"),
    ("The Romans built some roads.", "The Romans did not build any roads"),
    ("He lives in a village.", "He does not live in a village"),
    ("Each new intern receives a laptop.", "Each new intern does not receive a laptop"),   # either scope contradicts
    ("Each new intern receives a laptop.", "Not every new intern receives a laptop"),
])
def test_plain_negations(tree_of, premise, contradiction):
    texts = [text for text, _ in natural_contradictions(tree_of(premise))]
    assert any(text.startswith(contradiction) for text in texts), texts


@pytest.mark.parametrize("premise", [
    "Mary adores and passionately loves John.",      # "does not adore and loves"
    "The battery lasts all day and charges quickly.",
    "I was only a girl at that time.",               # "was not only": "but also"
    "Tom had no easy options.",                      # a double negative
    "The screen cracked because it fell.",           # "not ... because": the reason denied
])
def test_no_plain_negation(tree_of, premise):
    tree = tree_of(premise)
    clause = main_clause(tree)
    assert clause is None or plain_negation(tree, *clause) is None


@pytest.mark.parametrize("word, base, tag, do", [
    ("grew", "grow", "VBZ", "did"),        # the form decides, not a tagger's slip
    ("had", "have", "VBD", "did"),
    ("has", "have", "VBZ", "does"),
    ("put", "put", "VBD", "did"),
    ("put", "put", "VBP", "do"),
    ("like", "like", "VBP", "do"),
    ("will", "will", "VBZ", None),         # "so will I" read as a verb
    ("is", "be", "VBZ", None),
])
def test_the_do_by_form(word, base, tag, do):
    assert _do(word, base, tag) == do


def test_generated_and_proved(parser):
    augmenter = Augmenter(AugmentSettings(), parser=parser)
    [pairs] = augmenter.generate_batch(["My grandmother grew beans behind her cottage."])
    contradictions = {p.hypothesis for p in pairs if p.label is Label.CONTRADICTION}
    assert "My grandmother did not grow beans behind her cottage." in contradictions
    assert "My grandmother did not grow beans." in contradictions      # of the entailment "grew beans"
