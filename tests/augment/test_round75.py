"""Issue 51's twenty-first stop, round 75's failure kinds (results/augment_outside_round75_*.tsv): "ago" cut from
its time ("called me about twenty minutes"), the noun before a final -ing cut ("sends the keeper flying" -> "sends the
flying"), "no" before "only" ("No only thing in the world ..."), "no" before a currency ("No yen is rising"),
"anyone" made "any worker", and a junction made an interchange. The generator runs once, on every premise here."""
from __future__ import annotations

from monalog.augment.contradiction_checks import bad_contradiction
from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted  # noqa: F401

_CALLED = "He called me about twenty minutes ago and said that he was on his way."
_ELEPHANT = "A furious elephant kicks out the fencing of his enclosure and sends the keeper flying."
NEW = [(_CALLED, "He called me about twenty minutes ago.", Label.ENTAILMENT),
       (_ELEPHANT, "A furious elephant sends the keeper flying.", Label.ENTAILMENT)]
NEVER = [(_CALLED, "minutes."), (_ELEPHANT, "the flying"), ("The yen is rising and the dollar is falling.", "No yen"),
         ("He stole into the house and immediately went to bed without being noticed by anyone.", "any worker"),
         ("The leader waited at each junction for the slower group.", "interchange")]


def test_no_before_only_is_no_contradiction():
    assert bad_contradiction("The only shop in the village sells bread .",
                             "No only shop in the village sells bread .") is not None
