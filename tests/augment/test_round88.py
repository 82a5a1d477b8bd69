"""Issue 51's twenty-third stop, round 88's failure kinds (results/augment_outside_round88_*.tsv): orders ("Tom, come
here and sit with me", "Open a book and it will open your soul"), "an hour and a half" cut ("for a half"), what "make",
"keep" or "let" makes of its object dropped ("make myself understood" -> "make myself", "kept the flock away from the
gate" -> "kept the flock"), "some" before a singular count noun ("That child" -> "Some child"), "no" in an apposition
("Mr di Tella, no Argentine foreign minister, met ..."), and a frequency adverb dropped with the first conjunct it may
share with the second ("Politicians often skirt around the truth and don't give direct answers" -> "Politicians don't
give direct answers"). The generator runs once, on every premise here."""
from __future__ import annotations

from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted, test_refused  # noqa: F401

_HOUR = "I have been waiting for an hour and a half."
_FLOCK = "The shepherd's dog kept the flock away from the gate."
_ENGLISH = "I spoke to him in English and found I could make myself understood."
_CHILD = "That child is sick and has been in the hospital since last Sunday."
_MINISTER = "Mr Guido di Tella, Argentine foreign minister, met representatives of British companies and financial " \
    "institutions."
_POLITICIANS = "Politicians often skirt around the truth and don't give direct answers to questions."
NEW = [(_HOUR, "I have been waiting for an hour.", Label.ENTAILMENT),
       (_ENGLISH, "I spoke to him.", Label.ENTAILMENT),
       (_POLITICIANS, "Politicians often skirt around the truth.", Label.ENTAILMENT)]
NEVER = [(_HOUR, "for a half"), (_FLOCK, "the flock."), (_ENGLISH, "myself."), (_CHILD, "Some child"),
         (_MINISTER, ", no "), (_POLITICIANS, "Politicians don't")]
REFUSED = [("Tom, come here and sit with me.", "come"), ("Open a book and it will open your soul.", "Open")]
