"""Issue 51's twenty-third stop, round 84's failure kinds (results/augment_outside_round84_*.tsv): a name's "the"
weakened ("The United States" -> "Some United States are"), the "both" of "both A and B" swapped ("both through"
-> "some through"), a verb's "in" dropped ("The United States is engaged"), the object between a verb and its
particle dropped ("picked it up" -> "picked up", "chose up"), a conjunct dropped that "both", a plural predicate noun
or a plural subject takes up ("Both he was members", "They're Tom."), "one" or a bare "little" under a new "not"
("Tom did not shut one window"), "little interest" read as an adjective's ("He showed interest"), and "No" before a
first word that names a person ("No bush will meet"). The generator runs once, on every premise here."""
from __future__ import annotations

from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted  # noqa: F401

_STATES = "The United States is engaged in extensive international efforts on climate, both through multilateral " \
    "and bilateral activities."
_PICKED = "Tom saw the newspaper on the floor and picked it up."
_CLUB = "Both he and I were members of that club."
_WINDOW = "Tom shut one window and Mary shut the other."
_LITTLE = "He showed little interest in books or music."
_BUSH = "Bush will meet the presidents of Iraq and Syria in Tehran."
NEW = [(_STATES, "The United States is engaged in extensive efforts on climate, both through multilateral and "
        "bilateral activities.", Label.ENTAILMENT),
       (_PICKED, "Tom saw the newspaper on the floor.", Label.ENTAILMENT),
       (_WINDOW, "Tom did not shut a window.", Label.CONTRADICTION),
       (_LITTLE, "Someone showed little interest in books or music.", Label.ENTAILMENT)]
NEVER = [(_STATES, "Some United States"), (_STATES, "some through"), (_STATES, "any through"),
         (_STATES, "is engaged."), (_STATES, "is not engaged."),
         (_PICKED, "picked up"), (_PICKED, "chose"),
         (_CLUB, "was members"), (_CLUB, "Both he was"),
         (_WINDOW, "not shut one"),
         (_LITTLE, "showed interest"), (_LITTLE, "show interest"), (_LITTLE, "not show little"),
         (_LITTLE, "big interest"),
         (_BUSH, "No bush")]
MORE = ["They're Tom and Mary."]


def test_a_conjunct_an_earlier_plural_subject_takes_up_stays(generated):
    pairs = generated["They're Tom and Mary."]
    assert isinstance(pairs, dict) and not [h for h in pairs if h.startswith("They're Tom.")]


def test_one_or_a_bare_little_under_a_new_not_but_a_member_may_be_denied():
    from monalog.augment.contradiction_checks import bad_contradiction

    assert bad_contradiction("Tom took one of the papers .", "Tom did not take one of the papers .") is not None
    assert bad_contradiction("There is little water .", "There is not little water .") is not None
    assert bad_contradiction("Tyrol is one of the regions .", "Tyrol is not one of the regions .") is None
    assert bad_contradiction("Tom saw a little dog .", "Tom did not see a little dog .") is None
    assert bad_contradiction("Five kids stand together and one kid has a gun .",
                             "Five kids do not stand together and one kid has a gun .") is None
