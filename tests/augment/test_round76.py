"""Issue 51's twenty-first stop, round 76's failure kinds (results/augment_outside_round76_*.tsv): a base form after
"and" read as finite after a third person ("needs someone to admire and | emulate" gave "Every boy emulate."), "too"
read as a participle, "early" cut from "an hour early" ("realized I was an hour."), and a desk made a table. The
generator runs once, on every premise here."""
from __future__ import annotations

from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted, test_refused  # noqa: F401

_WATCH = "I checked my watch and realized I was an hour early."
NEW = [(_WATCH, "I checked my watch.", Label.ENTAILMENT)]
NEVER = [(_WATCH, "an hour."), ("He made a desk and two benches for us.", "table")]
REFUSED = [("Every child needs someone to admire and emulate.", "emulate"),
           ("Recent comics have too many violent and sexual scenes.", "too")]

