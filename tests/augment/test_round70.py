"""Issue 51's twenty-first stop, round 70's failure kinds (results/augment_outside_round70_*.tsv): orders and lists
read as claims ("Do | not eat", "Brush your teeth | twice a day", "The four seasons are: ..."), a base form after
"and" read as a finite verb ("Tom liked to sit outside ... and | gaze": "Tom gaze"), "lay" (the past of "lie")
negated as "did not lay", a gesture made "something" ("crossed something"), a decade's name given WordNet kinds
("The decades"), "the creator's daughter", and an excluding word under "liked to" ("liked to sit inside"). The
generator runs once, on every premise here."""
from __future__ import annotations

from monalog.inference.proof import Label
from monalog.text.lemmatize import lemmatize
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted, test_refused  # noqa: F401

NEW = [
    ("She went into the room and lay on the bed.", "She did not lie on the bed.", Label.CONTRADICTION),
    ("Tom sat on the bench and crossed his legs.", "Tom crossed his legs.", Label.ENTAILMENT),
]
NEVER = [
    ("She went into the room and lay on the bed.", "did not lay"),
    ("Tom sat on the bench and crossed his legs.", "crossed something"),
    ("The 1960s were years of protest and reform.", "decades"),
    ("The small figure in the corner is the artist's daughter.", "creator"),
    ("Tom liked to sit outside in the evening.", "inside"),
]
REFUSED = [("The four seasons are: Spring, summer, autumn and winter.", ":"),
           ("Do not eat or drink for an hour after your treatment.", "Do"),
           ("Tom liked to sit outside during the warm summer nights and gaze at the stars.", "gaze")]



def test_lay_as_a_past_is_lie():
    assert lemmatize(["She", "lay", "down"], ["PRP", "VBD", "RP"])[1] == "lie"
    assert lemmatize(["They", "lay", "bricks"], ["PRP", "VBP", "NNS"])[1] == "lay"
