"""Issue 51's seventeenth stop: a possessive's noun phrase is one of its nouns ("my/d <= some/d": "I thanked my
brother" ⇒ "I thanked someone"), a recipient of "give" made "someone", a preposition never parsed as a verb or a
noun ("In | Paris" as a gerund and its object, a new user's find), and the failure kinds of round 52
(results/augment_outside_round52_*.tsv: "could have not flown", "at a loss for", "only a child", "let them | go",
"the gas | taps", a hypothesis twice) and of round 53 (edits inside what someone says, "the next meeting" ->
"gathering", "day" -> "date", "A paint dries", "wine produced.") and of round 54 (idioms broken, an order read as a
gerund), each pair never emitted rather than emitted wrong. The generator runs once, on every premise here (one
batch)."""
from __future__ import annotations

import pytest

from monalog.augment.generate import AugmentSettings, Augmenter
from monalog.augment.misparse import misread
from monalog.ccg.io import read_auto
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
    # round 52
    ("If I had been a bird, i could have flown to you.", "have not flown"),   # no negation of "could have flown"
    ("She was never at a loss for an excuse in that matter.", "good excuse"),  # "at a loss for" says it is missing
    ("I was only a seven-year-old child at that time.", "only a person"),     # a focus "only": neither ↑ nor ↓
    # round 53
    ("Tom says that he doesn't like children.", "toddlers"),      # what he says is not closed under entailment
    ("Tom says that he doesn't like children.", "babies"),
    ("The next meeting will not be held in the church hall.", "gathering"),   # "next" picks one meeting
    ("If it's a nice day tomorrow, we'll go on a picnic.", "date"),           # kb/augment.json not_kinds
    ("The paint dries in two hours and covers most surfaces.", "A paint"),    # no "a" before a mass noun
    ("The government has imposed a new tax on wine produced before 2004.", "produced."),  # a bare participle
    # round 54: idioms of kb/augment.json's fixed_expressions
    ("The prince fell in love with a simple peasant girl and married her.", "fell with"),
    ("He heard a strange sound and sprang out of bed.", "furniture"),
    ("I met Naomi on my way home and we had a chat.", "on my home"),
]


MANY = "Many people in Fiji don't have access to clean fresh drinking water."     # round 52: "people" -> "people"


@pytest.fixture(scope="module")
def batch(parser) -> dict[str, list]:
    premises = sorted({premise for premise, _ in NEW + NEVER} | {MANY})
    results = Augmenter(AugmentSettings(), parser=parser).generate_batch(premises)
    return {premise: [] if isinstance(result, Exception) else result for premise, result in zip(premises, results)}


@pytest.fixture(scope="module")
def generated(batch) -> dict[str, dict[str, Label]]:
    return {premise: {p.hypothesis: p.label for p in pairs} for premise, pairs in batch.items()}


def test_no_hypothesis_twice(batch):
    hypotheses = [p.hypothesis for p in batch[MANY]]
    assert hypotheses and len(hypotheses) == len(set(hypotheses))


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
    ("I could have won the race.", "I could have not won the race.", Label.NEUTRAL),   # round 52: "could | have"
    ("I could have not won the race.", "I could have won the race.", Label.NEUTRAL),
    ("I could have won the race.", "I could not have won the race.", Label.CONTRADICTION),
    ("She has called her mother.", "She has not called her mother.", Label.CONTRADICTION),
])
def test_the_prover_reads_possessives_and_a_modals_have(parser, premise, hypothesis, label):
    assert Prover(parser=parser).prove(premise, hypothesis).label is label


@pytest.mark.parametrize("auto, word", [
    # round 52: "let them | go" with "go" a verb phrase's adverb; "the gas | taps each evening" with "taps" a gerund
    ("(<T S[dcl] ba 0 2> (<L NP They they NN O XX NP>) (<T S[dcl]\\NP ba 0 2> (<T S[dcl]\\NP fa 0 2> "
     "(<L (S[dcl]\\NP)/NP let let VBZ O XX (S[dcl]\\NP)/NP>) (<L NP them them DT O XX NP>) ) "
     "(<L (S\\NP)\\(S\\NP) go go RB O XX (S\\NP)\\(S\\NP)>) ) )", "go"),
    ("(<T S[dcl] ba 0 2> (<L NP gas gas NN O XX NP>) (<L S[ng]\\NP taps tap VBZ O XX S[ng]\\NP>) )", "taps"),
    # round 53: "I think | the cat is sleeping" with "think" a comma
    ("(<T S[dcl] ba 0 2> (<T NP rp 0 2> (<L NP I i NN O XX NP>) (<L , think think NN O XX ,>) ) "
     "(<L S[dcl]\\NP sleeps sleep VBZ O XX S[dcl]\\NP>) )", "think"),
    # round 54: "Read | the list" (an order) with "Read" a gerund
    ("(<T S[ng]\\NP fa 0 2> (<L (S[ng]\\NP)/NP Read read VBG O XX (S[ng]\\NP)/NP>) (<L NP it it PRP O XX NP>) )",
     "Read"),
])
def test_misparses_of_rounds_52_to_54(auto, word):
    assert misread(read_auto(auto)) == word


def test_a_preposition_is_never_a_verb(parser):
    tree = parser.parse("In Paris, the people who live never sleep anymore!!").tree
    assert misparsed(tree) is None and str(leaves(tree)[0].category) != "(S[ng]\\NP)/NP"
