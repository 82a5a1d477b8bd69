"""Issue 51's seventeenth stop: a possessive's noun phrase is one of its nouns ("my/d <= some/d": "I thanked my
brother" ⇒ "I thanked someone"), a recipient of "give" made "someone", a preposition never parsed as a verb or a
noun ("In | Paris" as a gerund and its object, a new user's find), and the failure kinds of round 52
(results/augment_outside_round52_*.tsv), each pair never emitted rather than emitted wrong. The generator runs
once, on every premise here (one batch)."""
from __future__ import annotations

import pytest

from monalog.augment.generate import AugmentSettings, Augmenter
from monalog.ccg.tree import leaves
from monalog.inference.proof import Label
from monalog.inference.prover import Prover
from monalog.parsing.checks import misparsed

NEW = [
    ("I gave my brother a dictionary.", "I gave someone a dictionary."),      # a light verb's recipient
    ("My aunt checked the oven.", "Someone checked the oven."),               # "My" tagged a noun, read as "Her"
]
NEVER = [
    ("A man is cutting his hair.", "a hair"),             # no possessive made an article by the generator
    ("A man is cutting his hair.", "some hair"),
    ("No dog ate a bone.", "his bone"),                   # nor an article made a possessive where ↓
    ("In Paris, the people who live never sleep anymore!!", "people sleep"),      # "In" read as a verb
]


@pytest.fixture(scope="module")
def generated(parser) -> dict[str, dict[str, Label]]:
    premises = sorted({premise for premise, _ in NEW + NEVER})
    results = Augmenter(AugmentSettings(), parser=parser).generate_batch(premises)
    return {premise: {} if isinstance(result, Exception) else {p.hypothesis: p.label for p in result}
            for premise, result in zip(premises, results)}


@pytest.mark.parametrize("premise, hypothesis", NEW)
def test_new_pairs(generated, premise, hypothesis):
    assert generated[premise].get(hypothesis) is Label.ENTAILMENT


@pytest.mark.parametrize("premise, unwanted", NEVER)
def test_pairs_never_emitted(generated, premise, unwanted):
    assert not [h for h in generated[premise] if unwanted in h]


@pytest.mark.parametrize("premise, hypothesis, label", [
    ("I thanked my brother.", "I thanked someone.", Label.ENTAILMENT),
    ("Her aunt checked the oven.", "Someone checked the oven.", Label.ENTAILMENT),
    ("I did not thank a brother.", "I did not thank my brother.", Label.ENTAILMENT),
    ("I did not thank my brother.", "I did not thank someone.", Label.NEUTRAL),
    ("I thanked someone.", "I thanked my brother.", Label.NEUTRAL),
])
def test_the_prover_reads_possessives(parser, premise, hypothesis, label):
    assert Prover(parser=parser).prove(premise, hypothesis).label is label


def test_a_preposition_is_never_a_verb(parser):
    tree = parser.parse("In Paris, the people who live never sleep anymore!!").tree
    assert misparsed(tree) is None and str(leaves(tree)[0].category) != "(S[ng]\\NP)/NP"
