"""Issue 51's twentieth stop: the failure kinds of round 59 (results/augment_outside_round59_*.tsv): "One more step,
and you'll be a dead man" (a condition, "and" no conjunction: refused whole), "put a dish with cheese" (a verb of
placing without its place), "with cheese and | crackers" read as a verb, "A man are walking, and ..." (agreement past a
conjunct's comma), "no bee still stung" (a new negation beside "still") and "one other sister" -> "an other sister".
The generator runs once, on every premise here (one batch)."""
from __future__ import annotations

import pytest

from monalog.errors import ParseError
from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted  # noqa: F401

NEW = [
    ("A man and a woman are walking, and a dog is running.", "A man is walking, and a dog is running.",
     Label.ENTAILMENT),
    ("I wore gloves but a bee still stung my wrist.", "I wore gloves but an insect still stung my wrist.",
     Label.ENTAILMENT),
    ("She put the letter she wrote on the desk.", "She did not put the letter she wrote on the desk.",
     Label.CONTRADICTION),
]
NEVER = [
    ("A man and a woman are walking, and a dog is running.", "A man are"),
    ("I wore gloves but a bee still stung my wrist.", "no bee still"),
    ("I wore gloves but a bee still stung my wrist.", "did not wear gloves but a bee still"),
    ("She put the letter she wrote on the desk.", "She put the letter."),
    ("Tom has one other sister.", "an other"),
]
REFUSED = ["One more step, and you'll be a dead man.", "Tom put a dish with cheese and crackers on the table."]





@pytest.mark.parametrize("premise", REFUSED)
def test_a_condition_and_a_noun_read_as_a_verb_are_refused(generated, premise):
    assert isinstance(generated[premise], ParseError) and "misread" in str(generated[premise])
