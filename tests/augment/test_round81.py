"""Issue 51's twenty-second stop, round 81's failure kinds (results/augment_outside_round81_*.tsv): a predicate noun
made "person" ("was a contestant" -> "was a person"), "the most" read as the quantifier ("The most effective means"
-> "Some many effective means"), and a deletion that leaves "and" or "of" without its phrase ("the fluent and use",
"a couple of toast"). The generator runs once, on every premise here."""
from __future__ import annotations

from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted  # noqa: F401

_FATHER = "My father was a contestant in a cooking contest and won first prize."
_TOAST = "Tom gave me a couple of slices of toast and a glass of milk."
_MEANS = "The most effective means for the propagation of Esperanto is the fluent and elegant use of this language."
NEW = [(_FATHER, "My father was a contestant in a contest and won first prize.", Label.ENTAILMENT),
       (_TOAST, "Tom gave me a couple of slices of bread and a glass of milk.", Label.ENTAILMENT),
       ("The most beautiful girl smiled.", "The most beautiful girl did not smile.", Label.CONTRADICTION)]
NEVER = [(_FATHER, "a person"), (_TOAST, "couple of toast"), (_MEANS, "many"), (_MEANS, "fluent and use"),
         ("The most beautiful girl smiled.", "many")]
