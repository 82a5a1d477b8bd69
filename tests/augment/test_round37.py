"""Rounds 37 to 48 of the generator's judged sample outside SICK's style (results/augment_outside_round37_*.tsv
to _round48_*.tsv, both readers): a universal subject of a negated verb phrase made more specific ("Every man can't be
an artist" -> "Every gentleman can't ..."), an idiom's negation taken away ("She can even harm a fly", "Tom moved a
muscle", "The concert started until eight", "I do even have", "I can make head"), misparses every edit inherits
("Lost" read as a determiner, "you and | Tom have had" cut in two, "volleyball" a verb), WordNet links no reader
takes (hedge -> fence, car -> ambulance, ending -> killing, choice -> favorite, teacher -> missionary, prize -> gift,
food -> feed, study -> investigate, river -> stream, plant -> factory, photograph -> frame), "No body" for "no human
body", a general word's arbitrary kinds ("substance" -> "atom", "chemistry"), an object's "no" made "some" under a
vague subject, and deletions that leave a phrase reading otherwise ("made by students from the college" -> "made
from the college", "an umbrella left on the bus should call" -> "an umbrella left should call", "was first
performed.", "lasted until noon" -> "lasted.", "left on the bus to the station" -> "left to the station"), "must
not be at least 21", a permission widened ("may bring one small bag" -> "one bag"), "At least 12 aliens bought any
shirts", "No a lot of students", "A lot of water is not spilling" (other water may be), "Neither ... does not", "our
house" -> "our farmhouse" (the tagger's "our" a JJ), "for sale" -> "for selling", "its new toy" -> "its very new
toy". A passive's stranded preposition dropped ("was paid for" -> "was paid") is the prover's rule too:
tests/inference/test_readings_outside_sick.py. And what round 37's premises lacked: "Some pachyderms are not pink"
contradicted by "All pachyderms are pink". Each pair is never emitted rather than emitted wrong."""
from __future__ import annotations

import pytest

from monalog.augment.contradictions import natural_contradictions
from monalog.augment.generate import AugmentSettings, Augmenter
from monalog.augment.generics import scoped_universal
from monalog.augment.misparse import misread
from monalog.augment.sentences import double_negative
from monalog.augment.words import article
from monalog.augment.contradiction_checks import bad_contradiction
from monalog.ccg.io import read_auto
from monalog.ccg.tree import Token, leaves
from monalog.inference.proof import Label
from monalog.inference.treeops import node_at


@pytest.mark.parametrize("sentence, subject", [
    ("Every man can't be an artist.", "Every man"),
    ("All the guests did not leave early.", "All the guests"),
    ("Every man can be an artist.", None),
    ("No man can be an artist.", None),
    ("Some men can't be artists.", None),
])
def test_a_universal_subject_of_a_negated_verb_phrase_is_left_alone(tree_of, sentence, subject):
    tree = tree_of(sentence)
    found = [" ".join(leaf.token.word for leaf in leaves(node_at(tree, path))) for path in scoped_universal(tree)]
    assert found == ([subject] if subject else [])


def test_no_pair_changes_the_restrictor_of_every_not(parser):
    [pairs] = Augmenter(AugmentSettings(), parser=parser).generate_batch(["Every man can't be an artist."])
    entailed = {p.hypothesis for p in pairs if p.label is Label.ENTAILMENT}
    assert entailed and all(h.startswith("Every man can't be") for h in entailed)    # the verb phrase: ↓ in both


@pytest.mark.parametrize("before, after", [
    ("She ca n't even harm a fly .", "She can even harm a fly."),
    ("I do n't have a care in the world .", "I do have a care in the world."),
    ("He did n't bat an eye .", "He did bat an eye."),
    ("Nobody gave a damn .", "A man gave a damn."),
    ("A human body consists of cells .", "No body consists of cells."),
    ("The driver must be at least 21 years old .", "The driver must not be at least 21 years old."),
    ("I ca n't make head or tail of this picture .", "I can make head or tail of this picture."),
])
def test_contradictions_a_reader_rejects(before, after):
    assert bad_contradiction(before, after) is not None


@pytest.mark.parametrize("auto, word", [
    # "Lost property will be given to charity." with "Lost" a determiner
    ("(<T S[dcl] ba 0 2> (<T NP fa 0 2> (<L NP/N Lost lost DT O XX NP/N>) (<L N property property NN O XX N>) ) "
     "(<T S[dcl]\\NP fa 0 2> (<L (S[dcl]\\NP)/(S[b]\\NP) will will MD O XX (S[dcl]\\NP)/(S[b]\\NP)>) "
     "(<L S[b]\\NP go go VB O XX S[b]\\NP>) ) )", "Lost"),
    # "I know you and Tom have had fights." as "I know you" and "Tom have had fights"
    ("(<T S[dcl] ba 0 2> (<T S[dcl] ba 0 2> (<L NP I i PRP O XX NP>) (<T S[dcl]\\NP fa 0 2> "
     "(<L (S[dcl]\\NP)/NP know know VBP O XX (S[dcl]\\NP)/NP>) (<L NP you you PRP O XX NP>) ) ) "
     "(<T S[dcl]\\S[dcl] conj 0 2> (<L conj and and CC O XX conj>) (<T S[dcl] ba 0 2> "
     "(<T NP lex 0 1> (<L N Tom tom NNP O XX N>) ) (<T S[dcl]\\NP fa 0 2> "
     "(<L (S[dcl]\\NP)/(S[pt]\\NP) have have VBP O XX (S[dcl]\\NP)/(S[pt]\\NP)>) "
     "(<T S[pt]\\NP fa 0 2> (<L (S[pt]\\NP)/NP had have VBN O XX (S[pt]\\NP)/NP>) "
     "(<T NP lex 0 1> (<L N fights fight NNS O XX N>) ) ) ) ) ) )", "have"),
    # "We play football and volleyball." with "volleyball" a VBZ verb phrase
    ("(<T S[dcl] ba 0 2> (<L NP We we PRP O XX NP>) (<T S[dcl]\\NP ba 0 2> (<T S[dcl]\\NP fa 0 2> "
     "(<L (S[dcl]\\NP)/NP play play VBZ O XX (S[dcl]\\NP)/NP>) (<T NP lex 0 1> (<L N football football NN O XX N>) ) ) "
     "(<T (S[dcl]\\NP)\\(S[dcl]\\NP) conj 0 2> (<L conj and and CC O XX conj>) "
     "(<L S[dcl]\\NP volleyball volleyball VBZ O XX S[dcl]\\NP>) ) ) )", "volleyball"),
])
def test_misparses_every_edit_would_inherit(auto, word):
    assert misread(read_auto(auto)) == word


@pytest.mark.parametrize("sentence", ["Tom has had some fights.", "The police have arrived.",
                                      "Every pupil has a locker.", "The lost keys were found."])
def test_agreeing_clauses_and_participle_modifiers_are_no_misparse(tree_of, sentence):
    assert misread(tree_of(sentence)) is None


def test_some_not_is_contradicted_by_all(parser):
    [pairs] = Augmenter(AugmentSettings(), parser=parser).generate_batch(["Some pachyderms are not pink."])
    assert "All pachyderms are pink." in {p.hypothesis for p in pairs if p.label is Label.CONTRADICTION}


@pytest.mark.parametrize("premise, unwanted", [
    ("A rare warbler sang from the hedge for ten minutes.", ("fence", "barrier")),
    ("I don't want to pay that much for a new car.", ("ambulance",)),
    ("This soup has no nutritious substance.", ("atom", "chemistry", "substrate")),
    ("This story doesn't have a happy ending.", ("killing",)),
    ("The costumes were made by students from the local college.", ("made from",)),
    ("The owner of a black umbrella left on the bus should call this number.", ("umbrella left should",)),
    ("The play was first performed in Dublin in 1904.", ("first performed.",)),
    ("Each passenger may bring one small bag on board.", ("one bag", "a bag")),
    ("Only 12 aliens bought any shirts.", ("At least 12 aliens bought any",)),
    ("You have no clear choice in this matter.", ("favorite", "favourite")),
    ("No teacher ran.", ("missionary",)),
    ("A small bakery won a national prize.", ("gift",)),
    ("No food or drink is allowed in the waiting room.", ("feed",)),
    ("The rain started before dawn and lasted until noon.", ("lasted.",)),
    ("The river flooded several fields near the bridge.", ("stream",)),
    ("A lot of students around the world are studying English.", ("No a lot", "Numerous", "Much", "are not studying")),
    ("A lot of water is spilling on the floor.", ("No a lot", "No much", "is not spilling")),
    ("A child's glove was left on the bus to the station.", ("left to the station",)),
    ("A blue bicycle with a broken bell is for sale.", ("for selling", "for commerce")),
    ("Every plant on the balcony was watered before noon.", ("factory",)),
    ("The hamster has not touched its new toy.", ("very new",)),
    ("Tom didn't move a muscle.", ("Tom moved", "Tom did move")),
    ("Tom wouldn't hurt a pesky fly.", ("would hurt",)),
    ("Tom did not leave until eight o'clock.", ("Tom left until", "Tom did leave until")),
    ("I don't even have a house.", ("do even", "does even")),
    ("No photographs may be taken inside the chapel.", ("frames",)),
])
def test_pairs_never_emitted(parser, premise, unwanted):
    [pairs] = Augmenter(AugmentSettings(), parser=parser).generate_batch([premise])
    assert pairs and not [p.hypothesis for p in pairs if any(words in p.hypothesis for words in unwanted)]


def test_no_object_made_existential_under_a_vague_subject(tree_of):
    def found(sentence):
        return " | ".join(text for text, _ in natural_contradictions(tree_of(sentence)))
    assert "some patience" not in found("Some people have no patience.")
    assert "some patience" in found("Tom has no patience.")


def test_a_possessive_tagged_an_adjective_is_still_a_determiner():
    tokens = [Token("in", "in", "IN"), Token("our", "our", "JJ"), Token("house", "house", "NN")]
    assert article(tokens, 2) == "our"


def test_neither_with_not_is_a_double_negative():
    assert double_negative("Neither female commissioner does not spend a lot of time at home.")
    assert not double_negative("Neither female commissioner spends a lot of time at home.")
