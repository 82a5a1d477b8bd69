"""Issue 51's twenty-first stop, round 74's failure kinds (results/augment_outside_round74_*.tsv): a sentence left
to start with "so" ("Tom is from Boston and so is Mary" gave "So is Mary."; "so" is one of kb/augment.json's
anaphors), a noun read as the verb of
"one" ("With one | blow of the axe"), "buying" left without its object ("I'm buying."), and "back in time" cut
("Mary traveled in time to Paris"). The generator runs once, on every premise here."""
from __future__ import annotations

from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted, test_refused  # noqa: F401

_PARIS = "Mary traveled back in time to Paris and became the mistress of Napoleon III."
NEW = [(_PARIS, "Mary traveled back in time to Paris.", Label.ENTAILMENT),
       ("I'm buying fruit and chocolate.", "I'm buying fruit.", Label.ENTAILMENT)]
NEVER = [(_PARIS, "traveled in time"), ("I'm buying fruit and chocolate.", "buying."),
         ("Tom is from Boston and so is Mary.", "So is")]
REFUSED = [("With one blow of the axe, he killed the calf, and with the second split its brain.", "blow")]

