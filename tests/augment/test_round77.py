"""Issue 51's twenty-first stop, round 77's failure kinds (results/augment_outside_round77_*.tsv): "no" before a
name ("No benjamin Franklin was ..."), a name dropped before the pronoun that took it up ("with Tom and his stupid
friends" -> "with his stupid friends"), a capitalised compound cut ("This Turkish delight" -> "This delight"), an
inventor made a creator and a towel a fabric. The generator runs once, on every premise here."""
from __future__ import annotations

from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted  # noqa: F401

_FRANKLIN = "Benjamin Franklin was an American statesman and inventor."
_PARTY = "I have to go to a stupid party with Tom and his stupid friends."
NEW = [(_FRANKLIN, "Benjamin Franklin was not an American statesman.", Label.CONTRADICTION),
       (_PARTY, "I have to go to a party.", Label.ENTAILMENT)]
NEVER = [(_FRANKLIN, "No benjamin"), (_FRANKLIN, "creator"), (_PARTY, "party with his"),
         ("This Turkish delight was made in China and assembled in Mexico.", "This delight"),
         ("The groomer dried the old sheepdog with a towel.", "fabric")]
