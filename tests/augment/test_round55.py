"""Issue 51's eighteenth stop: a fronted place or time phrase ("Under the bridge, my cousin caught a trout", the
taggers' weakest spot: "Under" read as a noun phrase's modifier) is moved to the clause's end before parsing, so the
prover proves through it and the generator writes from it; no adjective before a bare meal ("never cooks big
dinner"); and the failure kinds of round 55 (results/augment_outside_round55_*.tsv: "He's" misread, idioms broken,
a degree word or "both" left without its words, a bare mass noun dropped from a generic subject, "Every new cabin
does not ...") and of round 56 ("over twenty old", "crawled into furniture", "between a theory and an idea or a
topic") and of round 57 ("Nobody speaks Spanish, and so does Betty", "Someone'll", "Last night was a fire",
"During I", "every other holiday", "walking hand", "few populations", "Japan is not humid"), each pair never emitted
rather than emitted wrong. The generator runs once, on every premise here
(one batch)."""
from __future__ import annotations

import pytest

from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted  # noqa: F401
from monalog.inference.prover import Prover

NEW = [
    ("Under the old bridge, my cousin caught a trout.", "My cousin caught a trout under the bridge.",
     Label.ENTAILMENT),
    ("Under the old bridge, my cousin caught a trout.", "My cousin did not catch a trout.", Label.CONTRADICTION),
    ("At dawn, the old farmer milked three cows.", "The farmer milked three cows at dawn.", Label.ENTAILMENT),
    ("He's tall and slim.", "He is tall.", Label.ENTAILMENT),                 # "'s" after a pronoun is "is"
    ("She's hungry and thirsty.", "She is not hungry.", Label.CONTRADICTION),
]
NEVER = [
    ("On Sundays my uncle never cooks dinner.", "big dinner"),       # a meal takes its article back with an adjective
    ("On Sundays my uncle never cooks dinner.", "My uncle never cooks dinner."),   # "on Sundays" is ↓ under "never"
    # round 55
    ("My whole body is black and blue.", "is black."),                     # idioms: kb/augment.json
    ("I meet her at school now and then.", "at school now."),
    ("The eating of delicious food is one of the most intense and poignant pleasures of life.", "most pleasures"),
    ("The eating of delicious food is one of the most intense and poignant pleasures of life.", "eating of food"),
    ("This mission is highly secret and extremely dangerous.", "highly extremely"),
    ("The musician is enjoying great popularity both in Japan and in America.", "both in Japan."),
    ("Every cabin has a large window facing the river.", "Every new cabin does not"),
    # round 56
    ("The boiler in the loft is over twenty years old.", "twenty old"),        # a number without its measure
    ("Tom crawled into bed and pulled the covers over himself.", "furniture"),   # "into bed" is an idiom
    ("There's a great difference between a theory and an idea.", " or "),      # no disjunct beside an "and"
    # round 57
    ("Tom speaks Spanish, and so does Betty.", "Nobody"),                    # "and so does" after a negation
    ("I bought a tie for Dan and I'll buy a scarf for Elena.", "Someone'll"),
    ("Last night there was a fire and I couldn't sleep.", "Last night was"),   # "there" dropped
    ("During the vacation my sister and I stayed at a small village at the foot of Mt. Fuji.", "During I"),
    ("I work every other day.", "holiday"),     # a fixed phrase (round 55's premise went on after a colon, now refused)
    ("I watched John and Mary walking hand in hand.", "walking hand."),
    ("Tom has an identical twin brother and few people can tell them apart.", "populations"),
    ("Japan is humid and hot in the summer.", "Japan is not humid."),   # a habit's time ("hot and | humid" is misread)
]





@pytest.mark.parametrize("premise, hypothesis, label", [
    ("Under the bridge, my cousin caught a trout.", "Under the bridge, my cousin caught a fish.", Label.ENTAILMENT),
    ("Under the bridge, my cousin caught a trout.", "My cousin caught a trout.", Label.ENTAILMENT),
    ("In the kitchen, a woman is slicing an onion.", "In the kitchen, a woman is cutting an onion.",
     Label.ENTAILMENT),
    ("On Sundays my uncle never cooks.", "On Sundays my uncle never cooks pasta.", Label.ENTAILMENT),
    ("On Sundays my uncle never cooks.", "My uncle never cooks.", Label.NEUTRAL),
    ("At dawn, the old farmer milked three cows.", "At dawn, the old farmer did not milk three cows.",
     Label.CONTRADICTION),
    ("I know it's not a joke.", "I know it's not a funny joke.", Label.ENTAILMENT),     # "it's" was "it | 's" a conj
    ("He's tall and slim.", "He's tall.", Label.ENTAILMENT),
])
def test_the_prover_reads_a_fronted_phrase_and_a_pronouns_is(parser, premise, hypothesis, label):
    assert Prover(parser=parser).prove(premise, hypothesis).label is label
