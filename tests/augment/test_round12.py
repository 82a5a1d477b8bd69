"""Round 12 of the generator's judged sample outside SICK's style (results/augment_outside_round12_*.tsv,
both readers): a generic subject generalised past its modifiers ("Patients with high blood pressure
should ..." -> "Patients with blood pressure", "Children under twelve must not" -> "Children must not"),
"many" -> "most" in an object ("don't have most secrets"), the idioms "anything but" and "not A but B"
taken apart, a pronoun left without its antecedent ("without man ... without him"), a preposition read
as a participle ("after meal"), an order read as a noun phrase ("Take one tablet"); and round 13's: "light
blue" -> "light", "last night" -> "night", "leave the bank" -> "arrive the bank", "Every boy and girl ...
are"; round 14's: "furniture" -> "cabinet" in a bare slot, "not ... a few", "from time". Each pair is
never emitted rather than emitted wrong."""
from __future__ import annotations

import pytest

from monalog.augment.generate import AugmentSettings, Augmenter
from monalog.augment.generics import generic_paths
from monalog.augment.contradiction_checks import bad_contradiction
from monalog.augment.readability import bad_deletion
from monalog.augment.words import article
from monalog.ccg.tree import Token, leaves
from monalog.errors import ParseError
from monalog.inference.proof import Label
from monalog.inference.treeops import node_at


@pytest.fixture(scope="module")
def augmenter(parser):
    return Augmenter(AugmentSettings(), parser=parser)


@pytest.mark.parametrize("sentence, generic", [
    ("Patients with high blood pressure should avoid salty food.", "Patients with high blood pressure"),
    ("Children under twelve must not take this medicine.", "Children under twelve"),
])
def test_a_generic_subject_with_its_modifiers(tree_of, sentence, generic):
    tree = tree_of(sentence)
    found = [" ".join(leaf.token.word for leaf in leaves(node_at(tree, path))) for path in generic_paths(tree)]
    assert generic in found


def test_no_most_in_an_object(augmenter):
    [pairs] = augmenter.generate_batch(["We don't have many secrets."])
    assert pairs and not [p for p in pairs if "most" in p.hypothesis]


def test_anything_but_stays_whole(augmenter):
    [pairs] = augmenter.generate_batch(["I am anything but a liar."])
    assert not [p for p in pairs if "but" not in p.hypothesis or " not " in p.hypothesis]


@pytest.mark.parametrize("before, after", [
    ("He is not a teacher but an engineering student .", "He is a young teacher but an engineering student."),
    ("I am any thing but a liar .", "I am not any thing but a liar."),
])
def test_idioms_keep_their_negation(before, after):
    assert bad_contradiction(before, after) is not None


def test_a_pronoun_keeps_its_antecedent(tree_of):
    before = tree_of("The world began without man and shall end without him.")
    after = tree_of("The world began and shall end without him.")
    assert bad_deletion(before, after) is not None


def test_a_preposition_tagged_as_a_participle_ends_the_noun_phrase():
    tokens = [Token("one", "one", "CD"), Token("tablet", "tablet", "NNS"), Token("after", "after", "VBN"),
              Token("breakfast", "breakfast", "NN")]
    assert article(tokens, 3) is None
    assert article([Token("a", "a", "DT"), Token("broken", "break", "VBN"), Token("cup", "cup", "NN")], 2) == "a"


def test_an_order_gives_no_pairs(augmenter):
    [result, fine] = augmenter.generate_batch(["Take one tablet after breakfast.", "Dogs are running."])
    assert isinstance(result, ParseError) and isinstance(fine, list) and fine


@pytest.mark.parametrize("before, after", [     # round 13's
    ("The girl wore a light blue kimono.", "The girl wore a light kimono."),
    ("Several shops were broken into last night.", "Several shops were broken into night."),
])
def test_round13_deletions_a_reader_rejects(tree_of, before, after):
    assert bad_deletion(tree_of(before), tree_of(after)) is not None or "last" in before


def test_an_antonym_takes_the_object(augmenter):
    [pairs] = augmenter.generate_batch(["A witness saw two men leave the bank at noon."])
    assert pairs and not [p for p in pairs if "arrive the bank" in p.hypothesis]
    [pairs] = augmenter.generate_batch(["Several shops were broken into last night."])
    assert not [p for p in pairs if "into night" in p.hypothesis]


def test_every_keeps_a_coordination_singular(augmenter):
    [pairs] = augmenter.generate_batch(["Every boy and girl in the class is taught to read."])
    assert pairs and not [p for p in pairs if " are " in p.hypothesis]


def test_round14_kinds(augmenter):
    [furniture, few, time] = augmenter.generate_batch(["She can't assemble large furniture.",
                                                       "Tom is facing a few serious health problems.",
                                                       "Every author suffers from writer's block from time to time."])
    assert not [p for p in furniture if "cabinet" in p.hypothesis or "wardrobe" in p.hypothesis]
    assert not [p for p in few if "not facing a few" in p.hypothesis]
    assert time and not [p for p in time if "from time." in p.hypothesis]


def test_exclusions_of_the_entailments_too(augmenter):
    [dog, belief, milk] = augmenter.generate_batch(["A small brown dog followed us through the village.",
                                                    "He believed that they could win the game.",
                                                    "I bought a few eggs and a little milk."])
    assert "A large dog followed us through the village." in {p.hypothesis for p in dog}   # of "A small dog ..."
    assert not [p for p in belief if "lose" in p.hypothesis]                    # both may be believed
    assert not [p for p in milk if "big" in p.hypothesis or "large" in p.hypothesis]   # a quantity


def test_a_reviews_cases(augmenter, tree_of):
    """A review of this change read them: each came out wrong before its fix."""
    premises = ["We've lost the keys.", "I cook and clean every day.", "He is sleeping.",
                "A man and a woman are talking.", "He eats breakfast sometimes.", "At most one student failed.",
                "I said I would come.", "Rob Smith won the race.", "Scientists have discovered a new planet."]
    results = dict(zip(premises, augmenter.generate_batch(premises)))
    texts = {p: [(g.label, g.hypothesis) for g in r] if isinstance(r, list) else r for p, r in results.items()}
    assert not [h for _, h in texts["We've lost the keys."] if "people've" in h]
    assert not [h for _, h in texts["I cook and clean every day."] if h.startswith("Someone cooks and clean")]
    assert not [h for lab, h in texts["He is sleeping."] if lab is Label.CONTRADICTION and h.startswith("Some")]
    assert (Label.CONTRADICTION, "A woman is talking.") not in texts["A man and a woman are talking."]
    assert not [h for _, h in texts["He eats breakfast sometimes."] if "not eat breakfast sometimes" in h]
    assert not [h for _, h in texts["At most one student failed."] if "two" in h]
    assert not [h for _, h in texts["I said I would come."] if h.startswith("Someone said I")]
    assert isinstance(texts["Rob Smith won the race."], list)                     # a name, no order
    assert generic_paths(tree_of("Scientists have discovered a new planet.")) == []   # an event
