"""Issue 51's twenty-eighth stop, round 93's failure kinds (results/augment_outside_round93_*.tsv) and premises that
gave nothing: a reason clause dropped whole but never what it explains cut ("arrived late because his van broke down"
-> "arrived late", not "arrived because ..."), "because" read as a noun by the tagger, a conjunct dropped with a
timetable's time ("leaves at 17.30 and arrives at 20.25" -> "leaves at 17.30"), the activity a verb of liking names
cut short ("like playing tennis and golf" -> "like playing") and a count left without the noun it stands for ("likes
oranges and eats three or four a week" -> "eats three or four a week"). The generator runs once, on every premise
here."""
from __future__ import annotations

from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted  # noqa: F401

_FARRIER = "The farrier arrived late because his van broke down."
_SNOW = "She stayed home because of the snow."
_TRAIN = "The first one leaves at 17.30 and arrives at 20.25."
_GOLF = "I like playing tennis and golf."
_ORANGES = "Tom likes oranges and eats three or four a week."
NEW = [(_FARRIER, "The farrier arrived late.", Label.ENTAILMENT),
       (_SNOW, "She stayed home.", Label.ENTAILMENT),
       (_TRAIN, "The first one leaves at 17.30.", Label.ENTAILMENT),
       (_TRAIN, "The first one does not arrive at 20.25.", Label.CONTRADICTION),
       (_GOLF, "I like playing golf.", Label.ENTAILMENT),
       (_ORANGES, "Tom likes oranges.", Label.ENTAILMENT)]
NEVER = [(_FARRIER, "arrived because"), (_GOLF, "like playing."), (_ORANGES, "Tom eats three or four"),
         (_ORANGES, "not eat three or four")]
