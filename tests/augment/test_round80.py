"""Issue 51's twenty-second stop, round 80's failure kinds (results/augment_outside_round80_*.tsv): "a few times" made
"something" ("The candle flickered something"), a conjunct dropped that a later "their" takes up ("he and Mary spent
their vacation" -> "Mary spent their vacation"), and "No" before a given name ("No Tom and Mary went home"). The
generator runs once, on every premise here."""
from __future__ import annotations

from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted  # noqa: F401

_CANDLE = "The candle flickered a few times and then went out."
_TOLD = "Tom told me that he and Mary spent their summer vacation at the beach."
NEW = [(_CANDLE, "The candle flickered a few times.", Label.ENTAILMENT),
       (_TOLD, "Tom told someone that he and Mary spent their summer vacation at the beach.", Label.ENTAILMENT),
       ("Tom and Mary went home.", "Tom did not go home.", Label.CONTRADICTION)]
NEVER = [(_CANDLE, "something"), (_TOLD, "that Mary"), ("Tom and Mary went home.", "No Tom")]


def test_no_before_a_given_name_is_no_contradiction():
    from monalog.augment.contradiction_checks import bad_contradiction

    assert bad_contradiction("Tom and Mary went home .", "No Tom and Mary went home .") is not None
    assert bad_contradiction("Some dogs went home .", "No dogs went home .") is None
