"""Issue 51's twentieth stop, round 60's failure kinds (results/augment_outside_round60_*.tsv): a name tagged a plural
given "some" ("some Esperanto", "Some koog"), a verb that needs its complement left without it ("Tom got" from "got in
the car", "No natives collect" from "collect and store rain-water"), a title dropped ("Patel read us a story"), a
negation before "because" ("is not cancelled because of high winds" may deny the reason alone), "not numerous", and an
-ing form read as a finite verb ("use traditional designs and | knotting"). The generator runs once, on every premise
here (one batch)."""
from __future__ import annotations

import pytest

from monalog.errors import ParseError
from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted  # noqa: F401

NEW = [
    ("Tom got in the car and they drove off.", "Tom got in the car.", Label.ENTAILMENT),
    ("The natives collect and store rain-water to drink.", "The natives store rain-water.", Label.ENTAILMENT),
    ("Mrs Patel read us a story about a brave little mouse.", "Mrs Patel read us a story about a mouse.",
     Label.ENTAILMENT),
]
NEVER = [
    ("As Tom told me, Esperanto has two enemies, ignorance and prejudice.", "some Esperanto"),
    ("KOOG was Utah's first Pax affiliate, and changed its call letters to KUPX in February 1998.", "Some koog"),
    ("Tom got in the car and they drove off.", "Tom got and"),
    ("Tom got in the car and they drove off.", "Tom got."),
    ("The natives collect and store rain-water to drink.", "collect."),
    ("There are many countries and many cultures on Earth.", "not numerous"),
]
MORE = ["The 8:15 sailing to Cowes is cancelled because of high winds."]   # no pair at all: none "not ... because"
REFUSED = ["Tibetan rug weavers use traditional designs and knotting."]





def test_a_title_stays_with_its_name(generated):
    pairs = generated["Mrs Patel read us a story about a brave little mouse."]
    assert pairs and not [h for h in pairs if h.startswith("Patel")]


@pytest.mark.parametrize("premise", REFUSED)
def test_an_ing_form_read_as_a_finite_verb_is_refused(generated, premise):
    assert isinstance(generated[premise], ParseError) and "knotting" in str(generated[premise])


def test_no_negation_before_because(generated):
    pairs = generated[MORE[0]]
    assert isinstance(pairs, dict) and not [h for h in pairs if "not cancelled because" in h]
