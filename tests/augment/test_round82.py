"""Issue 51's twenty-second stop, round 82's failure kinds (results/augment_outside_round82_*.tsv): "$7,300" split into
"$ 7 , 300" and misparsed, the unit before "old" cut ("23 years old" -> "23 old"), the noun beside a name cut ("his
dog Waldo" -> "his Waldo"), "too" cut before its "for" ("too high for wading" -> "was for wading") and "inside and
out" broken. The generator runs once, on every premise here."""
from __future__ import annotations

from monalog.inference.proof import Label
from monalog.parsing.tokens import tokenize
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted  # noqa: F401

_MARIA = "I'm 23 years old and I come from Berlin."
_COUNCIL = "The City Council recently budgeted $7,300 to pay for training Officer Ron Inman and his dog Waldo."
_RIVER = "The river was too high for wading after the rain."
NEW = [(_MARIA, "I come from Berlin.", Label.ENTAILMENT),
       (_COUNCIL, "The City Council budgeted $7,300 to pay.", Label.ENTAILMENT),
       (_RIVER, "The river was too high for wading.", Label.ENTAILMENT),
       ("You know me inside and out.", "You do not know me.", Label.CONTRADICTION)]
NEVER = [(_MARIA, "23 old"), (_COUNCIL, "$ 7"), (_COUNCIL, "his Waldo"), (_RIVER, "was high"),
         ("My neighbour's cat Felix is twelve years old.", "neighbour's Felix"),
         ("A big prize was won by nobody.", "prize was won."),
         (_RIVER, "was for"), ("You know me inside and out.", "me inside.")]


def test_amounts_are_one_token():
    assert tokenize("It cost $7,300, £5 or 1,000.50 euros.").words == (
        "It", "cost", "$7,300", ",", "£5", "or", "1,000.50", "euros", ".")
    assert tokenize("Pick 3, 4 or 12,34.").words == ("Pick", "3", ",", "4", "or", "12", ",", "34", ".")
