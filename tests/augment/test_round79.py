"""Issue 51's twenty-first stop, round 79's failure kinds (results/augment_outside_round79_*.tsv): the time unit cut
before "late" ("arrived an hour late" -> "arrived a late"), "No" before a name after "the" ("No Rhine flows ..."),
"loud and clear" cut, and a fence made a barrier. The generator runs once, on every premise here."""
from __future__ import annotations

from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted  # noqa: F401

_LORRY = "The feed lorry arrived an hour late."
NEW = [(_LORRY, "The lorry arrived an hour late.", Label.ENTAILMENT)]
NEVER = [(_LORRY, "a late"), ("She spoke loud and clear.", "loud."),
         ("Tom repaired the fence along the north field.", "barrier")]


def test_no_before_a_name_is_no_contradiction():
    from monalog.augment.contradiction_checks import bad_contradiction

    assert bad_contradiction("The Rhine flows between France and Germany .",
                             "No Rhine flows between France and Germany .") is not None
