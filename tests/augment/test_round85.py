"""Issue 51's twenty-third stop, round 85's failure kinds (results/augment_outside_round85_*.tsv): a lone "to" dropped
before its verb ("tries to choose" -> "tries choose"), a preposition its verb's sense needs dropped ("he met with a
traffic accident" -> "he met"), the first conjunct's auxiliary or article left before the second's ("I've still
haven't been", "with a short legs"), a modal's verb dropped before its "to" ("would like to" -> "would to"), what
"be" says dropped before another phrase ("has been in bed for a week" -> "has been for a week"), and "the N of" made
"no N of" ("no quality of the printing is poor"). The generator runs once, on every premise here."""
from __future__ import annotations

from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted  # noqa: F401

_CHOICE = "If a woman has the choice between love and wealth, she always tries to choose both."
_ACCIDENT = "His company went bankrupt, and to make matters worse, he met with a traffic accident."
_KASSEL = "I've been living in Kassel for two years and still haven't been to Herkules."
_DACHSHUND = "A dachshund is a dog from Germany with a very long body and short legs."
_PRINTER = "My printer is very low on all four ink cartridges, and the quality of the printing is poor."
_AVERAGE = "The average of 3, 4 and 5 is 4."
_BED = "She's very ill and has been in bed for a week."
NEW = [("They met in Paris.", "They met.", Label.ENTAILMENT),
       (_DACHSHUND, "A dachshund is a dog with a very long body and short legs.", Label.ENTAILMENT),
       (_AVERAGE, "The average of 3, 4 and 5 is not 4.", Label.CONTRADICTION),
       (_BED, "She has been in bed.", Label.ENTAILMENT)]
NEVER = [(_CHOICE, "tries choose"), (_ACCIDENT, "he met."), (_KASSEL, "I've still"), (_DACHSHUND, "a short legs"),
         (_PRINTER, "no quality"), (_AVERAGE, "No average"), (_BED, "been for a week")]


def test_a_modal_keeps_the_verb_before_its_to():
    from monalog.augment.kept_words import kept_word
    from monalog.ccg.tree import Token

    tokens = [Token(w, w.lower(), pos) for w, pos in [("I", "PRP"), ("would", "MD"), ("like", "IN"), ("to", "TO"),
                                                     ("thank", "VB"), ("Tom", "NNP"), (".", ".")]]
    assert kept_word(tokens, 2, 3) is not None
