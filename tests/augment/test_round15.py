"""Round 15 of the generator's judged sample outside SICK's style (results/augment_outside_round15_*.tsv,
both readers): "nine o ' clock", "a dress for Jill" -> "a Jill dress", "No Tom drinks" from "Tom drinks
warmed up milk" read with "milk" an adverb, "died without | seeing some birds" -> "died without some
birds", "No rain" -> "A rain", "Stracciatella ice-cream is nothing but ..." -> "Ice-cream is ...", "a
slice of bread and butter" -> "a slice of butter", "at any cost" -> "at any expense", "the wrong key" ->
"the key", "The young elephants follow" -> "The old elephants follow"; and round 16's: "has always been"
-> "lacks always been", "has always been a terrible dancer" -> "has always been." and "a terrible
performer", "wear out faster than" -> "wear out than", "Emma and I met" -> "Emma met"; and round 17's:
"a free lunches", "has changed" without its object, "not ... from time to time", a negation before
", altering ...", a lost full stop; and round 18's: "They eat" negated as "did not eat" and its "black rice"
excluded as if one meal, "much" for "a lot of", "abbott ’ s", a request contradicted; and round 19's
"between June"; and round 20's: "My brother and sister did not get up", "took a nutritious.", "a nutritious
and shake", "alternative very clean", "Two herons was", "two rooms and a large room", "looks over a park" ->
"looks", "move in" -> "move". Each pair is never emitted rather than emitted wrong."""
from __future__ import annotations

import pytest

from monalog.augment.generate import AugmentSettings, Augmenter
from monalog.augment.generics import generic_paths, group_habit, only_paths
from monalog.augment.contradiction_checks import bad_contradiction
from monalog.augment.readability import bad_deletion
from monalog.augment.misparse import misread
from monalog.ccg.io import read_auto
from monalog.ccg.tree import leaves
from monalog.inference.proof import Label
from monalog.inference.treeops import node_at
from monalog.parsing.tokens import tokenize
from monalog.text.normalize import normalize


@pytest.fixture(scope="module")
def augmenter(parser):
    return Augmenter(AugmentSettings(), parser=parser)


def _words(tree, paths):
    return [" ".join(leaf.token.word for leaf in leaves(node_at(tree, path))) for path in paths]


def test_o_clock_is_one_token():
    assert "o'clock" in tokenize("The buffet closed before nine o'clock.").words


@pytest.mark.parametrize("sentence", [
    "Susan made a dress for Jill for her wedding.",             # a name
    "For the time being, I don't have a plan for my family.",   # a possessive
    "A person is caging a woman for the dance",                 # a person is no thing a purpose names
])
def test_no_compound_of_a_beneficiary(sentence):
    assert normalize(sentence).text == sentence


def test_a_purpose_still_makes_a_compound():
    assert normalize("Two men are fighting in a pen for cattle").text == "Two men are fighting in a cattle pen"


def test_a_mass_subject_takes_some(augmenter):
    [pairs] = augmenter.generate_batch(["No rain has fallen here for six months."])
    contradictions = [p.hypothesis for p in pairs if p.label is Label.CONTRADICTION]
    assert "Some rain has fallen here for six months." in contradictions
    assert not [h for h in contradictions if h.startswith("A ")]


def test_a_bare_mass_subject_is_generic(tree_of):
    tree = tree_of("Fresh milk contains calcium.")
    assert "Fresh milk" in _words(tree, generic_paths(tree))


@pytest.mark.parametrize("auto", [
    # "nothing" tagged VBG by the tagger but an NP in the derivation: a copula, not a progressive
    "(<T S[dcl] ba 0 2> (<T NP lex 0 1> (<T N fa 0 2> (<L N/N Cold cold JJ O XX N/N>) (<L N mayo mayo NN O XX N>) ) ) "
    "(<T S[dcl]\\NP fa 0 2> (<L (S[dcl]\\NP)/NP is be VBZ O XX (S[dcl]\\NP)/NP>) (<T NP ba 0 2> "
    "(<L NP nothing nothing VBG O XX NP>) (<T NP\\NP conj 0 2> (<L conj but but CC O XX conj>) "
    "(<T NP lex 0 1> (<L N chemicals chemical NNS O XX N>) ) ) ) ) )",
])
def test_nothing_but_leaves_its_phrase_and_a_generic_subject(auto):
    tree = read_auto(auto)
    assert _words(tree, generic_paths(tree)) == ["Cold mayo"]
    assert _words(tree, only_paths(tree)) == ["chemicals"]


def test_nothing_but_phrase_is_never_edited(augmenter):
    [pairs] = augmenter.generate_batch(["That mayo is nothing but chemicals!"])
    assert all("nothing but chemicals" in p.hypothesis for p in pairs)


def test_a_group_habit_excludes_no_word_but_an_adverb(tree_of, augmenter):
    assert group_habit(tree_of("The young elephants follow their mothers across the dry plain."))
    assert not group_habit(tree_of("The young elephants are following their mothers."))
    assert not group_habit(tree_of("The soups are cold."))
    [pairs] = augmenter.generate_batch(["The young elephants follow their mothers across the dry plain."])
    assert pairs and not [p for p in pairs if "old" in p.hypothesis or "wet" in p.hypothesis]


@pytest.mark.parametrize("auto, word", [
    # "Hot drinks warmed up milk every morning." with "milk" an adverb
    ("(<T S[dcl] ba 0 2> (<T NP lex 0 1> (<T N fa 0 2> (<L N/N Hot hot JJ O XX N/N>) "
     "(<L N drinks drink NNS O XX N>) ) ) "
     "(<T S[dcl]\\NP ba 0 2> (<L S[dcl]\\NP warmed warm VBD O XX S[dcl]\\NP>) "
     "(<L (S\\NP)\\(S\\NP) milk milk RB O XX (S\\NP)\\(S\\NP)>) ) )", "milk"),
    # "Tom says he left." with "says" a preposition
    ("(<T NP ba 0 2> (<T NP lex 0 1> (<L N Tom tom NN O XX N>) ) (<T NP\\NP fa 0 2> "
     "(<L (NP\\NP)/NP says say VBZ O XX (NP\\NP)/NP>) (<L NP he he PRP O XX NP>) ) )", "says"),
    # "died without seeing some birds" with "seeing" a determiner of "some birds"
    ("(<T S[dcl] ba 0 2> (<L NP Ann ann NNP O XX NP>) (<T S[dcl]\\NP ba 0 2> "
     "(<L S[dcl]\\NP died die VBD O XX S[dcl]\\NP>) "
     "(<T (S\\NP)\\(S\\NP) fa 0 2> (<L ((S\\NP)\\(S\\NP))/NP without without IN O XX ((S\\NP)\\(S\\NP))/NP>) "
     "(<T NP fa 0 2> (<L NP/NP seeing seeing NN O XX NP/NP>) (<T NP fa 0 2> (<L NP/N some some DT O XX NP/N>) "
     "(<L N birds bird NNS O XX N>) ) ) ) ) )", "seeing"),
])
def test_a_content_word_read_as_a_modifier_is_a_misparse(auto, word):
    assert misread(read_auto(auto)) == word


@pytest.mark.parametrize("sentence", ["A man is singing at home.", "Every one except Tom was wearing a tie.",
                                      "The children sat near the fire.", "Rugby players are running on a field."])
def test_adverbs_and_prepositions_are_no_misparse(tree_of, sentence):
    assert misread(tree_of(sentence)) is None


def test_binomials_and_fixed_phrases_go_whole(augmenter):
    [pairs] = augmenter.generate_batch(["I am spreading mustard on a slice of bread and butter."])
    hypotheses = [p.hypothesis for p in pairs]
    assert not [h for h in hypotheses if "butter" in h and "bread and butter" not in h]
    assert not [h for h in hypotheses if "bread" in h and "bread and butter" not in h]
    [pairs] = augmenter.generate_batch(["I want to become a singer, at any cost."])
    hypotheses = [p.hypothesis for p in pairs]
    assert "I want to become a singer." in hypotheses          # the whole phrase dropped
    assert not [h for h in hypotheses if "at any" in h and "at any cost" not in h]


def test_the_wrong_key_is_no_key(augmenter):
    [pairs] = augmenter.generate_batch(["The receptionist gave us the wrong key twice."])
    assert pairs and all("wrong key" in p.hypothesis for p in pairs)


def test_a_mass_object_takes_some(augmenter):
    [pairs] = augmenter.generate_batch(["There was no hot water in the shower."])
    assert "There was some hot water in the shower." in [p.hypothesis for p in pairs]


def test_a_mass_noun_after_no_keeps_a_mass_replacement(augmenter):
    [pairs] = augmenter.generate_batch(["I had no time to eat."])
    assert not [p for p in pairs if "moment" in p.hypothesis or "while" in p.hypothesis]


def test_no_antonym_of_an_auxiliary(augmenter):
    [pairs] = augmenter.generate_batch(["My brother has always been a terrible dancer."])
    hypotheses = [p.hypothesis for p in pairs]
    assert hypotheses and not [h for h in hypotheses if "lacks" in h or "terrible performer" in h]


@pytest.mark.parametrize("before, after", [
    ("My brother has always been a terrible dancer.", "My brother has always been."),
    ("The front tyres wear out faster than the rear ones.", "The front tyres wear out than the rear ones."),
    ("The front tyres wear out faster than the rear ones.", "The tyres wear out faster than the rear ones."),
    ("Emma and I met at a small party in Dublin.", "Emma met at a small party in Dublin."),
    ("The company offers a generous pension and free lunches.", "The company offers a free lunches."),
    ("Human activity has changed the form of river channels.", "Human activity has changed."),
    ("The kettles were sold between June and August.", "The kettles were sold between June."),
    ("A small balcony looks over a quiet park.", "A small balcony looks."),
    ("We will paint the room before you move in.", "We will paint the room before you move."),
])
def test_a_frame_keeps_its_parts(tree_of, before, after):
    assert bad_deletion(tree_of(before), tree_of(after)) is not None


@pytest.mark.parametrize("before, after", [
    ("Emma and I met at a small party in Dublin.", "Emma and I met at a party in Dublin."),
    ("Emma and I painted the fence.", "Emma painted the fence."),
    ("The dog is sleeping in the garden.", "The dog is sleeping."),
])
def test_other_deletions_stay(tree_of, before, after):
    assert bad_deletion(tree_of(before), tree_of(after)) is None


@pytest.mark.parametrize("before, after", [
    ("I do some work for Tom from time to time .", "I do not do any work from time to time."),
    ("Human activity has changed the channels , altering the floods .",
     "Human activity has not changed the channels, altering the floods."),
])
def test_no_negation_beside_a_frequency_or_a_participle_clause(before, after):
    assert bad_contradiction(before, after) is not None


def test_a_hypothesis_ends_as_its_premise(augmenter):
    [pairs] = augmenter.generate_batch(["Human activity has changed the form of river channels, altering floods."])
    assert pairs and all(p.hypothesis.endswith(".") for p in pairs)


@pytest.mark.parametrize("premise, hypothesis", [
    ("Jack doesn't drive fast.", "Jack doesn't drive very fast."),
    ("The soup is not hot.", "The soup is not very hot."),
    ("Every tall man ran.", "Every very tall man ran."),
])
def test_very_where_a_gradable_word_is_down(augmenter, premise, hypothesis):
    [pairs] = augmenter.generate_batch([premise])
    assert hypothesis in [p.hypothesis for p in pairs if p.label is Label.ENTAILMENT]


@pytest.mark.parametrize("premise", ["The soup is hot.", "Jack drives so fast.", "I don't eat fast food."])
def test_no_very_where_up_after_a_degree_or_in_a_compound(augmenter, premise):
    [pairs] = augmenter.generate_batch([premise])
    assert not [p for p in pairs if "very" in p.hypothesis.lower() and p.label is Label.ENTAILMENT]


def test_a_name_read_as_a_modifier_is_a_misparse():
    tree = read_auto("(<T S[dcl] ba 0 2> (<T NP lex 0 1> (<T N fa 0 2> (<L N/N Tom tom NN O XX N/N>) "
                     "(<L N drinks drink NNS O XX N>) ) ) (<L S[dcl]\\NP warmed warm VBD O XX S[dcl]\\NP>) )")
    assert misread(tree) == "Tom"


def test_not_every_is_for_a_subject_not_a_time():
    assert bad_contradiction("Every night the moon sang a song .", "Not every night the moon sang a song.")


def test_a_pronouns_habit_is_negated_in_the_present_and_excludes_nothing(augmenter):
    [pairs] = augmenter.generate_batch(["They eat a lot of black rice."])
    hypotheses = [p.hypothesis for p in pairs]
    assert "They do not eat a lot of black rice." in hypotheses
    assert not [h for h in hypotheses if "did not" in h or "white" in h or "much" in h]


def test_a_curly_apostrophe_is_a_possessive():
    assert "'s" in tokenize("A bill made it to abbott\u2019s desk.").words


def test_a_request_gives_no_pairs(augmenter):
    [result] = augmenter.generate_batch(["Please don't take pictures here."])
    assert not isinstance(result, list)


def test_no_very_in_a_purpose(augmenter):
    [pairs] = augmenter.generate_batch(["You don't have to go to a famous college to get a good education."])
    assert not [p for p in pairs if "very good" in p.hypothesis]


def test_nobody_takes_no_gendered_pronoun():
    assert bad_contradiction("A girl broke her arm .", "Nobody broke her arm.")
    assert bad_contradiction("A girl broke her arm .", "No girl broke her arm.") is None


def test_a_clitic_is_its_verb(augmenter):
    [pairs] = augmenter.generate_batch(["She's eating a pear."])
    hypotheses = [p.hypothesis for p in pairs]
    assert "She's not eating a pear." in hypotheses and "Someone's eating a pear." in hypotheses


def test_round_20s_cases(augmenter):
    texts = {premise: [p.hypothesis for p in pairs] for premise, pairs in zip(PREMISES_20,
             augmenter.generate_batch(PREMISES_20))}
    assert not [h for h in texts["My brother and sister get up early every morning."] if "did not" in h]
    assert not [h for h in texts["She took a nutritious and expensive protein shake."]
                if h.endswith("nutritious.") or "nutritious and shake" in h or "nutritious and protein" in h]
    assert not [h for h in texts["They had no alternative clean energy sources."] if "alternative very" in h]
    assert not [h for h in texts["A pair of herons was nesting in the old oak."] if "Two herons" in h]
    assert not [h for h in texts["The flat has two bedrooms and a large kitchen."] if " rooms and a large room" in h]


PREMISES_20 = ["My brother and sister get up early every morning.",
               "She took a nutritious and expensive protein shake.",
               "They had no alternative clean energy sources.",
               "A pair of herons was nesting in the old oak.",
               "The flat has two bedrooms and a large kitchen."]


# the review of this stop's change
def test_a_rewritten_entailment_keeps_its_contradictions(augmenter):
    [pairs] = augmenter.generate_batch(["They eat a lot of black rice."])
    assert "They do not eat a lot of rice." in [p.hypothesis for p in pairs]


@pytest.mark.parametrize("premise, hypothesis, present", [
    ("A group of kids is playing in a yard", "Some kids are playing", True),       # "a" of "a group of"
    ("A little girl is playing with a ball", "A girl is playing with a ball", True),
    ("The food is anything but cheap.", "The food is cheap.", False),
    ("A man and a woman are hugging.", "A man is hugging.", False),              # a reciprocal's partner
])
def test_deletions_by_position(augmenter, premise, hypothesis, present):
    [pairs] = augmenter.generate_batch([premise])
    assert (hypothesis in [p.hypothesis for p in pairs]) is present


@pytest.mark.parametrize("premise, bad", [
    ("Tom isn't old enough to drive.", "very old enough"),
    ("I didn't meet the tall man.", "the very tall"),
    ("She is not a terrible young dancer.", "young performer"),
])
def test_no_very_or_replacement_where_it_reads_badly(augmenter, premise, bad):
    [pairs] = augmenter.generate_batch([premise])
    assert not [p for p in pairs if bad in p.hypothesis]


def test_a_compound_noun_with_a_verb_plural_is_no_misparse(tree_of):
    assert misread(tree_of("Tennis balls are lying on the court.")) is None


def test_there_is_nobody_takes_no_her():
    assert bad_contradiction("A woman is standing with her back to us .",
                             "There is nobody standing with her back to us.")


def test_no_negation_beside_hardly():
    assert bad_contradiction("She can hardly speak Japanese .", "She can not hardly speak Japanese.")


@pytest.mark.parametrize("before, after, bad", [
    ("Tom is tired and the shop isn't open.", "Tom is tired isn't open.", True),
    ("A man and a woman are walking.", "A man are walking.", False),        # the verb agrees after
])
def test_a_second_clause_keeps_its_subject(tree_of, before, after, bad):
    assert (bad_deletion(tree_of(before), tree_of(after)) is not None) is bad


def test_a_pronouns_clitic_read_as_a_possessive_is_a_misparse():
    tree = read_auto("(<T NP fa 0 2> (<T NP/N ba 0 2> (<L NP It it NN O XX NP>) "
                     "(<L (NP/N)\\NP 's 's POS O XX (NP/N)\\NP>) ) (<L N o'clock o'clock NN O XX N>) )")
    assert misread(tree) == "'s"
