"""Issue 51's twenty-fifth stop, round 90's failure kinds (results/augment_outside_round90_*.tsv): an adjective read
as the object of "be" ("I was | nervous | and scared", which gave "Nobody scared"), a name after a title read as a bare
plural ("Mr Hughes was" -> "Some Mr Hughes were"), and the word that names a day dropped ("after the open day" ->
"after the day"); and, found on round 89's premises, a pronoun read as the noun of "a place for" ("a place for
everything" normalised to "an everything place", which kept the prover from any proof of "Nobody believes that there
is a place for everything"), and "everything" or a noun after a preposition taken for the -ing verb of "there is"
("There is a place for everything" normalised to "A place for is everything"), and the "ca" of "can't" read as a base
form after "and" ("She forgot everything and | ca n't remember anything" refused as misread). The generator runs once,
on every premise here."""
from __future__ import annotations

from monalog.inference.proof import Label
from monalog.text.normalize import normalize
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted, test_refused  # noqa: F401

_HUGHES = "Mr Hughes was locked out of his flat at half past nine."
_MEMBERS = "Several new members joined after the open day."
NEW = [(_HUGHES, "Mr Hughes was locked out of his flat.", Label.ENTAILMENT),
       (_MEMBERS, "Several members joined after the open day.", Label.ENTAILMENT),
       ("She forgot everything and can't remember anything.", "She can't remember anything.", Label.ENTAILMENT)]
NEVER = [(_HUGHES, "Some Mr"), (_MEMBERS, "after the day")]
REFUSED = [("I was nervous and scared.", "nervous")]


def test_a_pronoun_or_a_purpose_after_for_is_no_noun_modifier():
    assert normalize("There is a place for everything.").text == "There is a place for everything."
    assert normalize("There is a man in running shoes").text == "There is a man in running shoes"
    assert normalize("Nobody believes that there is a place for everything.").text == \
        "No person believes that there is a place for everything."
    assert normalize("Marta cooked a trout for lunch.").text == "Marta cooked a trout for lunch."
    assert normalize("A man is fighting in a pen for cattle").text == "A man is fighting in a cattle pen"
