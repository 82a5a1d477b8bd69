"""Issue 51's twenty-first stop, round 71's failure kinds (results/augment_outside_round71_*.tsv): a past read as a
participle ("I thought Tom and Mary | broke up" gave "I thought Tom.") or a modal as an adverb ("I knew it | would
never work" gave "Nobody knew it."), "sticky fingers" cut to "fingers", "5%" written "5 %", a proportion's verb
negated as a contradiction ("5% of every contract did not end in his pocket": the rest did not), "asked for" cut to
"asked", and a politician made a leader. The generator runs once, on every premise here."""
from __future__ import annotations

from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted, test_refused  # noqa: F401

_POLITICIAN = "The politician had sticky fingers, and 5% of every contract ended in his pocket."
NEW = [("Mrs Okafor asked for a dozen croissants without almonds.", "Mrs Okafor asked for a dozen croissants.",
        Label.ENTAILMENT)]
NEVER = [(_POLITICIAN, "had fingers"), (_POLITICIAN, "5 %"), (_POLITICIAN, "did not end"), (_POLITICIAN, "leader"),
         ("Mrs Okafor asked for a dozen croissants without almonds.", "asked without")]
REFUSED = [("I thought Tom and Mary broke up.", "broke"), ("I knew it would never work between Tom and me.", "would")]

