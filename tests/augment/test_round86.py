"""Issue 51's twenty-third stop, round 86's failure kinds (results/augment_outside_round86_*.tsv): a verb of motion's
goal dropped at the clause's end ("went upstairs" -> "went"), an ordinal tagged a noun dropped ("his fourteenth
victim" -> "his victim"), the infinitive a verb of telling gives its object dropped ("told Mary to buy coffee" ->
"told Mary"), a past form left after "to" ("to replace the one he had borrowed and lost" -> "to lost"), a first
conjunct's phrase dropped that the second's would seem to share ("started at 2:30 and ended at 5:00" -> "started and
ended at 5:00"), and "sushi" made "dishes". The generator runs once, on every premise here."""
from __future__ import annotations

from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted  # noqa: F401

_UPSTAIRS = "She shut the door and went upstairs."
_KILLER = "The killer has just taken his fourteenth victim, and we still have no lead on his identity."
_CAMERA = "Tom bought a new camera for Mary to replace the one he had borrowed and lost."
_TOLD = "Tom told Mary to buy some coffee and cigarettes."
_MEETING = "The meeting started at 2:30 and ended at 5:00."
_SUSHI = "She just ate sushi and drank beer."
NEW = [(_UPSTAIRS, "She went upstairs.", Label.ENTAILMENT),
       (_TOLD, "Tom told Mary to buy some coffee.", Label.ENTAILMENT),
       (_MEETING, "The meeting started at 2:30.", Label.ENTAILMENT),
       (_SUSHI, "She just drank beer.", Label.ENTAILMENT)]
NEVER = [(_UPSTAIRS, "went."), (_KILLER, "his victim"), (_CAMERA, "to lost"), (_TOLD, "told Mary."),
         (_MEETING, "started and ended"), (_SUSHI, "dishes")]
