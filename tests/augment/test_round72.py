"""Issue 51's twenty-first stop, round 72's failure kinds (results/augment_outside_round72_*.tsv): a preposition read
as taking a clause ("In | my region there are ... cities you will surely love" gave "You will surely love."), idioms
cut ("snowing on and off" -> "snowing off", "studied day and night" -> "did not study day", "in order to become a
lawyer" -> "in order"), "harbour master" cut to "master", "this season" made "this period", and "the water for the
children" normalised to "the child water" (a beneficiary is no compound's modifier: normalization.tsv noun_for_noun
now asks `mod:unperson`). The generator runs once, on every premise here."""
from __future__ import annotations

import pytest

from monalog.inference.proof import Label
from monalog.text.normalize import normalize
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted, test_refused  # noqa: F401

NEW = [("The teacher threw rubber rings into the water for the children.",
        "The teacher threw rubber rings into the water.", Label.ENTAILMENT)]
NEVER = [
    ("It has been snowing on and off.", "snowing off"),
    ("He studied day and night in order to possibly become a lawyer.", "study day in"),
    ("He studied day and night in order to possibly become a lawyer.", "in order."),
    ("The harbour master inspected three trawlers on Thursday.", "The master"),
    ("Every mooring on the east pier has been paid for this season.", "period"),
    ("The teacher threw rubber rings into the water for the children.", "child water"),
]
REFUSED = [("In my region there are beautiful and living cities you will surely love.", "In")]



@pytest.mark.parametrize("text, expected", [
    ("The teacher threw rubber rings into the water for the children.",
     "The teacher threw rubber rings into the water for the children."),
    ("A man is getting a garage for the car", "A man is getting a car garage"),
])
def test_a_beneficiary_is_no_compound_modifier(text, expected):
    assert normalize(text).text == expected
