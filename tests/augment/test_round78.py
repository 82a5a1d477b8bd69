"""Issue 51's twenty-first stop, round 78's failure kinds (results/augment_outside_round78_*.tsv): "prefer" read as
upward ("Most roses prefer rich soil" gave the contradiction "No roses prefer soil"; grammars/monotonicity.tsv now
has it non-monotone), "early" cut from its time ("from early summer" -> "from summer"), "no" before a number read
as a noun ("Year five will visit" -> "No five will visit"), a new negation beside "just" ("Nobody just ate"), and a
gate made a barrier. The generator runs once, on every premise here."""
from __future__ import annotations

from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted  # noqa: F401

_LAVENDER = "The lavender attracts bees from early summer."
NEW = [(_LAVENDER, "The lavender attracts insects from early summer.", Label.ENTAILMENT)]
NEVER = [("Most roses prefer rich soil and full sun.", "prefer soil"), (_LAVENDER, "from summer"),
         ("Year five will visit the science museum on the twelfth of March.", "No five"),
         ("He just ate sushi and drank beer.", "Nobody just"),
         ("The coach leaves the school gates at half past eight.", "barrier")]
