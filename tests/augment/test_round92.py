"""Issue 51's twenty-seventh stop, round 92's failure kinds (results/augment_outside_round92_*.tsv): a comparative left
without the "than" phrase its second conjunct shares, written as one token "less_than" ("Tom is much shorter and
weighs considerably less than Mary" -> "Tom is not much shorter"), a commitment made "something" ("broke his promise"
-> "broke something"), a negation taken away beside "only" ("only corresponded and met in person"), an excluding word
swapped in an agentless passive's new subject's clause ("New buildings are being built" -> "A person is building old
buildings"), a second conjunct's adjective dropped where the first's reads over both ("a beautiful face and voice"),
"Some" before a name WordNet writes capitalised ("Some God"), and "out of tune" broken ("out of music"). The
generator runs once, on every premise here."""
from __future__ import annotations

from monalog.augment.contradiction_checks import bad_contradiction
from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted  # noqa: F401

_TOM = "Tom is much shorter and weighs considerably less than Mary."
_PROMISE = "Tom broke his promise and didn't help Mary."
_BUILDINGS = "New buildings are being built here, there and everywhere."
_GOD = "God gave her a beautiful face and sweet voice."
_PIANO = "If the room stays damp, the piano will go out of tune again."
NEW = [(_TOM, "Tom weighs considerably less than Mary.", Label.ENTAILMENT),
       (_PROMISE, "Tom broke his promise.", Label.ENTAILMENT),
       (_BUILDINGS, "Nobody is building new buildings.", Label.CONTRADICTION),
       (_GOD, "God gave her a face.", Label.ENTAILMENT),
       (_PIANO, "If the room stays damp, the piano will go out of tune.", Label.ENTAILMENT)]
NEVER = [(_TOM, "much shorter."), (_PROMISE, "broke something"),
         (_BUILDINGS, "old buildings"), (_GOD, "beautiful face and voice"), (_GOD, "Some God"),
         (_PIANO, "out of music")]


def test_a_negation_taken_away_beside_only_is_no_contradiction():
    assert bad_contradiction("We 've only corresponded and never met in person .",
                             "We've only corresponded and met in person.") is not None
    assert bad_contradiction("We never met in person .", "We met in person.") is None
