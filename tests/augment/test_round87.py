"""Issue 51's twenty-third stop, round 87's failure kinds (results/augment_outside_round87_*.tsv): a pronoun object
dropped at the clause's end ("put out his hand and I shook it" -> "I shook", which reads as trembling; "aimed it at the
target" may lose "it") or between a verb of telling and its "to" ("asked her to marry me" -> "asked to marry me"), "a
long time" cut ("lasted a time"), a conjunct of "between A and B" dropped ("The dispute between Albania and the UK about
..." -> "The UK about ..."), and a list's last item dropped with ", and" ("for breakfast, lunch, and dinner" -> "for
breakfast, lunch"). The generator runs once, on every premise here."""
from __future__ import annotations

from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted  # noqa: F401

_HAND = "The young man put out his hand and I shook it."
_DISPUTE = "The dispute between Albania and the UK about the Corfu incident lasted a long time."
_MEALS = "I have revenge for breakfast, lunch, and dinner."
_BETWEEN = "She sat between Tom and Mary."
_RIFLE = "He picked up the rifle and aimed it at the target."
_MARRY = "I asked her to marry me and she accepted."
NEW = [(_HAND, "The young man put out his hand.", Label.ENTAILMENT),
       (_HAND, "The young man put out his hand and I did not shake it.", Label.CONTRADICTION),
       (_DISPUTE, "The dispute between Albania and the UK about the incident lasted a long time.", Label.ENTAILMENT),
       (_BETWEEN, "She sat.", Label.ENTAILMENT),
       (_RIFLE, "He picked up the rifle and aimed at the target.", Label.ENTAILMENT)]
NEVER = [(_HAND, "I shook."), (_HAND, "not shake."), (_DISPUTE, "a time"), (_DISPUTE, "The UK about"),
         (_MEALS, "lunch."), (_MARRY, "asked to marry")]
