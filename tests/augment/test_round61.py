"""Issue 51's twentieth stop, round 61's failure kinds (results/augment_outside_round61_*.tsv): a prefix written as a
word ("She's lonely and un happy": dropped, "happy" reverses the meaning) and advice ("You had better go") refused
whole; no count dropped from a second conjunct ("41 teachers and about 800 students" -> "41 teachers and students"
reads as a total), no clause's verb dropped after its subject ("before the wind gets up" -> "before the wind"). The
generator runs once, on every premise here (one batch)."""
from __future__ import annotations

import pytest

from monalog.errors import ParseError
from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted  # noqa: F401

NEW = [
    ("There are forty-one teachers and about eight hundred students in this school.",
     "There are forty-one teachers in this school.", Label.ENTAILMENT),
    ("My raspberry canes need tying before the wind gets up.", "My canes need tying before the wind gets up.",
     Label.ENTAILMENT),
]
NEVER = [
    ("There are forty-one teachers and about eight hundred students in this school.", "teachers and students"),
    ("My raspberry canes need tying before the wind gets up.", "before the wind."),
]
REFUSED = [("She's lonely and un happy.", "un"), ("You had better go and thank her in person.", "better")]





@pytest.mark.parametrize("premise, word", REFUSED)
def test_a_prefix_apart_and_advice_are_refused(generated, premise, word):
    assert isinstance(generated[premise], ParseError) and repr(word) in str(generated[premise])
