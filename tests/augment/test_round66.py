"""Issue 51's twentieth stop, round 66's failure kinds (results/augment_outside_round66_*.tsv): "a hot food" (a noun
mostly uncounted, a substance, after "a"), "does have much time" ("much" left without its negation), "There are not
theatres, ..." (people write "no"). The generator runs once, on every premise here (one batch)."""
from __future__ import annotations


from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted  # noqa: F401

NEW = [
    ("The crew served a hot meal and free drinks.", "The crew served a meal.", Label.ENTAILMENT),
    ("Tom is very busy and doesn't have much time for relationships.", "Tom is not busy.", Label.CONTRADICTION),
]
NEVER = [
    ("The crew served a hot meal and free drinks.", "a hot food"),
    ("Tom is very busy and doesn't have much time for relationships.", "does have much"),
    ("There are theatres, museums, libraries and parks in that city.", "There are not"),
]



