"""Issue 51's twenty-first stop, round 69's failure kinds (results/augment_outside_round69_*.tsv): misparses whose
edits were all wrong ("will possessing drugs", "She matching mini-skirt", "I came to years ago", an order after
"Just", "Monday will" a noun), a numeral replaced ("a quarter past digit"), an idiom made ("before time"), a time
left without its event ("Someone has been living here ever since"), "looking the other way" cut, a name left
before "were", and an excluding word after "both" was weakened to "some" ("weighed some old otters"). The generator
runs once, on every premise here."""
from __future__ import annotations

import pytest

from monalog.augment.misparse import misread
from monalog.augment.sentences import lone_name_plural
from monalog.ccg.io import read_auto
from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted, test_refused  # noqa: F401

NEW = [
    ("The keepers weighed both young otters before feeding time.",
     "The keepers did not weigh any otters before feeding time.", Label.CONTRADICTION),
    ("She moved to Paris in May and has lived there ever since.", "She moved to Paris.", Label.ENTAILMENT),
    ("He lost his job and then sold his car.", "He lost his job.", Label.ENTAILMENT),
]
NEVER = [
    ("The keepers weighed both young otters before feeding time.", "before time"),
    ("The keepers weighed both young otters before feeding time.", "old otters"),
    ("She moved to Paris in May and has lived there ever since.", "She has lived there"),
    ("She moved to Paris in May and has lived there ever since.", "Someone has lived there"),
    ("He lost his job and then sold his car.", "Then sold"),
    ("The guards were looking the other way.", "were looking."),
]
REFUSED = [("She was in a green coat and matching mini-skirt.", "matching"), ("Just shut up and listen.", "Just"),
           ("I came to Tokyo three years ago and have been living here ever since.", "ago")]

# the ensemble tagger's parse, "possessing" a base form's verb
POSSESSING = (
    "(<T S[dcl] rp 0 2> (<T S[dcl] ba 0 2> (<T NP fa 0 2> (<L NP/N The the NN O XX NP/N>) (<L N suspects "
    "suspect NNS O XX N>) ) (<T S[dcl]\\NP fa 0 2> (<L (S[dcl]\\NP)/(S[b]\\NP) will will VBZ O XX "
    "(S[dcl]\\NP)/(S[b]\\NP)>) (<T S[b]\\NP ba 0 2> (<T S[b]\\NP fa 0 2> (<L (S[b]\\NP)/NP face face VB O XX "
    "(S[b]\\NP)/NP>) (<T NP lex 0 1> (<T N fa 0 2> (<L N/PP charges charge NNS O XX N/PP>) (<T PP fa 0 2> "
    "(<L PP/NP for for IN O XX PP/NP>) (<T NP lex 0 1> (<L N importing importing NN O XX N>) ) ) ) ) ) "
    "(<T (S[b]\\NP)\\(S[b]\\NP) conj 0 2> (<L conj and and CC O XX conj>) (<T S[b]\\NP ba 0 2> (<T S[b]\\NP fa "
    "0 2> (<L (S[b]\\NP)/NP possessing possess VBG O XX (S[b]\\NP)/NP>) (<T NP lex 0 1> (<L N drugs drug "
    "NNS O XX N>) ) ) (<T (S\\NP)\\(S\\NP) fa 0 2> (<L ((S\\NP)\\(S\\NP))/NP in in IN O XX ((S\\NP)\\(S\\NP))/NP>) "
    "(<T NP fa 0 2> (<L NP/N a a DT O XX NP/N>) (<T N fa 0 2> (<L N/N Sydney sydney JJ O XX N/N>) (<L N "
    "court court NN O XX N>) ) ) ) ) ) ) ) ) (<L . . . . O XX .>) )")



# the bilstm's parse of "Trains on Monday will depart.", "Monday will" a noun
MONDAY_WILL = ("(<T S[dcl] ba 0 2> (<T NP lex 0 1> (<T N ba 0 2> (<L N Trains train NNS O XX N>) (<T N\\N fa 0 2> "
               "(<L (N\\N)/NP on on IN O XX (N\\N)/NP>) (<T NP lex 0 1> (<T N fa 0 2> "
               "(<L N/N Monday monday NN O XX N/N>) (<L N will will NN O XX N>) ) ) ) ) ) "
               "(<L S[dcl]\\NP depart depart VBD O XX S[dcl]\\NP>) )")


@pytest.mark.parametrize("auto, word", [(POSSESSING, "possessing"), (MONDAY_WILL, "will")])
def test_an_ing_form_as_a_base_verb_and_a_modal_as_a_noun_are_misreads(auto, word):
    assert misread(read_auto(auto)) == word


@pytest.mark.parametrize("text, lone", [("Tom kissed Mary while Alice were looking.", True),
                                        ("John and Alice were looking.", False), ("Alice was looking.", False)])
def test_a_name_left_before_a_plural_verb(text, lone):
    assert lone_name_plural(text) is lone


def test_a_numeral_has_no_kinds():
    from monalog.augment.words import wordnet_neighbours
    from monalog.knowledge.wordnet import wordnet
    from monalog.knowledge.wordnet_facts import WordNetSettings

    assert wordnet_neighbours(wordnet().synsets("six", "n")[0], "six", "n", True, 2, 5, WordNetSettings()) == ()
