"""Issue 51's sixteenth stop: more pairs from premises outside SICK's style, each edit sound where it fires ("never" as
"not", "anymore" dropped, "me"/"him"/"her" made "someone", "the" made "a" or "some", a bare plural or a count made
"some", a place made its region, adjectives for more nouns, everyday kinds far above a noun), and the failure kinds
of rounds 49-51 (results/augment_outside_round49_*.tsv to _round51_*.tsv) and of the stop's SICK sample, each pair
never emitted rather than emitted wrong. The generator runs once, on every premise here (one batch)."""
from __future__ import annotations

import pytest

from monalog.augment.generate import AugmentSettings, Augmenter
from monalog.augment.misparse import misread
from monalog.augment.sentences import double_negative
from monalog.ccg.io import read_auto
from monalog.inference.proof import Label
from monalog.inference.prover import Prover

NEW = [
    ("My grandmother never used a recipe for her bread.", "My grandmother did not use a recipe for her bread."),
    ("I have never seen a giraffe.", "I have not seen a giraffe."),
    ("She bought him a dog.", "She bought someone a dog."),
    ("I told her about my trip.", "I told someone about my trip."),
    ("I don't eat meat anymore.", "I don't eat meat."),
    ("The spider is spinning a web.", "A spider is spinning a web."),
    ("The neighbours planted an apple tree in their garden.", "Some neighbours planted an apple tree."),
    ("We don't make mistakes.", "We don't make big mistakes."),
    ("Two robins built a nest in the hedge.", "Some robins built a nest."),
    ("Tom doesn't like coffee.", "Tom doesn't like cold coffee."),     # a bare mass noun where ↓
    ("I can't drink milk.", "Someone can't drink milk."),              # "ca" is "can": no agreement to mend
    ("Some elephants are blue.", "Some animals are blue."),            # grammars/basic_kinds.txt
    ("Koreans don't like raw coriander.", "Some Koreans don't like raw coriander."),   # a bare plural subject
    ("Betty lives in Berlin.", "Betty lives in Germany."),             # regions.larger_places
    ("A school group visited the castle on Wednesday.", "A school group visited the castle."),
    ("Every alien who did not buy shirts is hairy.", "Not every alien who did not buy shirts is hairy."),
]
NEVER = [
    ("She doesn't love him.", "love someone"),            # ↓: not loving him is no not loving anyone
    ("Tom gave him his book.", "someone"),                # "his" may be his
    ("Her manners are not those of a lady.", "these"),    # a pronoun, no determiner of "these ≡ those"
    ("Few people never lie.", "do not lie"),              # "never" ↓ under "few"
    ("The police arrived at the scene.", "A police"),     # grammars/unique_nouns.txt
    ("The first guests left early.", "Some first"),       # "first" picks the guests
    ("The top of the hill was covered in snow.", "A top"),
    ("I waited two hours.", "some hours"),                # a measure
    ("The children don't go to school.", "to new school"),  # a bare countable noun: no mass noun
    ("At least two robins built a nest.", "Some robins"),  # a bound is weakened by its own rule
    ("Two girls from Year 5 won medals in the long jump.", "the jump"),     # round 49: WordNet's one word
    ("The headteacher never misses the parents' race.", "parents ' race"),  # round 49: the apostrophe set apart
    ("Our captain limped off with a sprained ankle.", "with an ankle"),     # round 50: a body part everyone has
    ("You're no longer children.", "girls anymore"),      # round 50: "anymore" would say they were girls
    ("No pesticides were used on these roses.", "sprays"),  # round 50: not every spray is a pesticide
    ("Betty does not live in Berlin.", "Germany"),        # a place where ↓
    ("The tallest building in London is new.", "A tallest"),
    ("The tallest building in London is new.", "building is new"),  # the phrase a superlative is relative to
    ("Very few children decided on the cotton candy.", "Some very few"),     # round 51: a quantifier, no bare plural
    ("The 8:15 service to Leeds will not stop at Wakefield.", "8: 15"),     # round 51: a time split
    ("Passengers with bicycles must use the front carriage.", "No passengers"),   # round 51: "No ... must"
    ("A young rabbit was brought in with a broken leg.", "brought with"),   # round 51: a phrasal verb's particle
    ("Tom doesn't have a sister.", "young sister"),       # round 51: no adjective for a relative
    ("The man is erasing the other man's work from the board", "the man's work"),     # the SICK sample's
    ("The ice skating rink placed outdoors is full of people", "placed is"),
]


@pytest.fixture(scope="module")
def generated(parser) -> dict[str, dict[str, Label]]:
    premises = sorted({premise for premise, _ in NEW + NEVER})
    results = Augmenter(AugmentSettings(), parser=parser).generate_batch(premises)
    assert all(isinstance(result, list) for result in results)
    return {premise: {p.hypothesis: p.label for p in result} for premise, result in zip(premises, results)}


@pytest.mark.parametrize("premise, hypothesis", NEW)
def test_new_pairs(generated, premise, hypothesis):
    label = Label.CONTRADICTION if hypothesis.startswith("Not every") else Label.ENTAILMENT
    assert generated[premise].get(hypothesis) is label


@pytest.mark.parametrize("premise, unwanted", NEVER)
def test_pairs_never_emitted(generated, premise, unwanted):
    assert not [h for h in generated[premise] if unwanted in h]


@pytest.mark.parametrize("premise, hypothesis, label", [
    ("Bush never lied to the voters.", "Bush did not lie to the voters.", Label.ENTAILMENT),
    ("I have never seen a hummingbird.", "I have not seen a hummingbird.", Label.ENTAILMENT),
    ("She never eats meat.", "She doesn't eat meat.", Label.ENTAILMENT),
    ("She does not eat meat.", "She never eats meat.", Label.NEUTRAL),
    ("Few people never lie.", "Few people do not lie.", Label.NEUTRAL),
    ("She loves him.", "She loves someone.", Label.ENTAILMENT),
    ("She doesn't love him.", "She doesn't love someone.", Label.NEUTRAL),
    ("Tom doesn't watch TV anymore.", "Tom doesn't watch TV.", Label.ENTAILMENT),
    ("She is no longer a baby.", "She is not a baby.", Label.ENTAILMENT),
])
def test_the_prover_reads_them(parser, premise, hypothesis, label):
    assert Prover(parser=parser).prove(premise, hypothesis).label is label


def test_negatives_in_two_clauses_are_no_double_negative():
    assert not double_negative("Not every alien who did not buy shirts is hairy.")
    assert double_negative("No alien who did not buy shirts is not hairy.")
    assert double_negative("No dog is not running.")


@pytest.mark.parametrize("auto, word", [
    # round 50: "I gave Tom a sedative and tea." with "Tom" an adverb; "... hit the crossbar twice." with "twice" a noun
    ("(<T S[dcl] ba 0 2> (<L NP I i NN O XX NP>) (<T S[dcl]\\NP fa 0 2> (<T (S[dcl]\\NP)/NP bx 0 2> "
     "(<L (S[dcl]\\NP)/NP gave give VBD O XX (S[dcl]\\NP)/NP>) (<L (S\\NP)\\(S\\NP) Tom tom RB O XX "
     "(S\\NP)\\(S\\NP)>) ) (<T NP fa 0 2> (<L NP/N a a DT O XX NP/N>) (<L N sedative sedative NN O XX N>) ) ) )",
     "Tom"),
    ("(<T S[dcl] ba 0 2> (<L NP He he PRP O XX NP>) (<T S[dcl]\\NP fa 0 2> (<L (S[dcl]\\NP)/NP hit hit VBD O XX "
     "(S[dcl]\\NP)/NP>) (<T NP fa 0 2> (<L NP/N the the DT O XX NP/N>) (<T N fa 0 2> (<L N/N crossbar crossbar JJ O "
     "XX N/N>) (<L N twice twice NN O XX N>) ) ) ) )", "twice"),
])
def test_misparses_of_round_50(auto, word):
    assert misread(read_auto(auto)) == word
