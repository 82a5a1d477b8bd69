"""What makes generated pairs readable (issue 15): agreement, no determiner stacking, natural
contradictions, complete verb phrases, fixed expressions, senses in context, articles."""
from __future__ import annotations

import pytest

from monalog.augment.agreement import agree
from monalog.augment.contradictions import natural_contradictions
from monalog.augment.generate import AugmentSettings, Augmenter
from monalog.augment.sentences import tidy
from monalog.augment.words import in_compound
from monalog.inference.proof import Label, StepKind
from monalog.inference.treeops import sentence_text
from monalog.knowledge.senses import SenseChooser, can_be_intransitive
from monalog.text.morphology import agree_articles, be_for, countable


@pytest.mark.parametrize("before, after", [
    ("The man and woman is strolling", "The man and woman are strolling"),
    ("A brown and white dog are running", "A brown and white dog is running"),
    ("A guy is sitting in front of a gallery and are looking at a map",
     "A guy is sitting in front of a gallery and is looking at a map"),
    ("A dog or a wolf are running", "A dog or a wolf is running"),     # "or": the last disjunct's number
    ("Some kids is playing in a yard and an old man are standing",
     "Some kids are playing in a yard and an old man is standing"),
])
def test_agreement_follows_the_subject(tree_of, before, after):
    assert sentence_text(agree(tree_of(before))) == after


def test_number_of_a_noun_phrase():
    assert be_for("a classroom of students") == "is" and be_for("a man and a woman") == "are"
    assert be_for("a black sheep") == "is" and be_for("two sheep") == "are"
    assert be_for("people pointing at the camera") == "are" and be_for("the sports building in the park") == "is"
    assert be_for("the sports building") == "is" and be_for("people playing football") == "are"
    assert be_for("two running men") == "are"
    assert be_for("A few people") == "are" and be_for("a couple of kids") == "are" and be_for("a couple") == "is"
    assert be_for("the sports ground") == "is" and be_for("the sheep shed") == "is"      # no participle there


def test_contradictions_in_the_forms_people_write(tree_of):
    texts = {text for text, _ in natural_contradictions(tree_of("Five kids are playing a guitar"))}
    assert {"No kids are playing a guitar", "There are no kids playing a guitar",
            "Nobody is playing a guitar", "Five kids are not playing a guitar"} <= texts
    assert not any("no guitar" in t or "No Five" in t for t in texts)          # no object "no", no stacking
    coordinated = {t for t, _ in natural_contradictions(tree_of("A woman and three men are posing"))}
    assert "No woman and three men are posing" not in coordinated
    nouns = {t for t, _ in natural_contradictions(tree_of("The man and woman are strolling"))}
    assert nouns == {"The man and woman are not strolling"}                     # not "No man and woman are"
    adjectives = {t for t, _ in natural_contradictions(tree_of("A brown and white dog is running"))}
    assert "No brown and white dog is running" in adjectives
    modifier = {t for t, _ in natural_contradictions(tree_of("A man with a dog and cat is walking"))}
    assert "No man with a dog and cat is walking" in modifier


def test_negated_verbs_take_any_and_one_picked_from_many_is_not_negated(tree_of):
    eggs = {t for t, _ in natural_contradictions(tree_of("A woman is cracking some eggs into a bowl"))}
    assert "A woman is not cracking any eggs into a bowl" in eggs and not any("not cracking some" in t for t in eggs)
    back = {t for t, _ in natural_contradictions(tree_of("Someone is not eating anything"))}
    assert any(tidy(t).endswith("is eating something") for t in back)      # "any thing" -> "some thing"
    picked = {t for t, _ in natural_contradictions(tree_of("Two men are standing and one is jumping"))}
    assert "Two men are not standing and one is jumping" in picked
    assert not any("one is not" in t or t.startswith("No ") for t in picked)     # the other man; "one" of none
    both = {t for t, _ in natural_contradictions(tree_of("A man is wearing a hat and standing on some rocks"))}
    assert "A man is not wearing a hat and standing on some rocks" in both      # "any" only before the "and"
    few = {t for t, _ in natural_contradictions(tree_of("A few men are running outside"))}
    assert {"No men are running outside", "There are no men running outside"} <= few
    assert not any("few" in t.lower() and "no" in t.lower().split() for t in few)     # no "No few men"
    assert tidy("A man is not writing any thing") == "A man is not writing anything"
    nobody = {tidy(t) for t, _ in natural_contradictions(tree_of("No dog is chasing any cat"))}
    assert "A dog is chasing a cat" in nobody and "A dog is chasing any cat" not in nobody    # "no" gone, "any" too
    both_any = tree_of("No dog is chasing any cat and eating any bone")
    both = {tidy(t) for t, _ in natural_contradictions(both_any)}
    assert "A dog is chasing a cat and eating a bone" in both          # "no" scopes over the whole verb phrase
    alone = {t for t, _ in natural_contradictions(tree_of("A few are running"))}
    assert not any("few" in t.lower() and "no" in t.lower().split() for t in alone)    # "few" as a pronoun


def test_objects_are_dropped_only_from_verbs_used_without_one():
    assert can_be_intransitive("eat") and can_be_intransitive("play")
    assert not can_be_intransitive("carry") and not can_be_intransitive("pour")


def test_a_replacing_noun_reads_as_a_noun():
    from monalog.augment.words import pos_share, word_choice

    assert pos_share("produce", "n") < 0.05 and pos_share("animal", "n") > 0.9
    assert not word_choice().common("produce", True, "n") and not word_choice().common("solid", True, "n")
    assert word_choice().common("drink", True, "n") and word_choice().common("produce", True, "v")


def test_words_and_articles():
    assert in_compound(["a", "guinea", "pig", "is", "eating"], 2)
    assert not in_compound(["a", "big", "pig"], 2)
    assert countable("dog") and not countable("water")
    assert agree_articles("an unicycle and a hour") == "a unicycle and an hour"
    assert tidy("A dog 's ball is near some thing .") == "A dog's ball is near something."


def test_sense_in_context_needs_a_clear_margin():
    class Glosses:                       # an encoder that prefers the second gloss by a set amount
        def __init__(self, gap):
            self.gap = gap

        def encode(self, texts):
            import numpy as np

            rows = [[1.0, 0.0]] + [[0.5, 0.0]] * (len(texts) - 1)
            rows[2] = [0.5 + self.gap, 0.0]
            return np.array(rows)

    assert SenseChooser(Glosses(0.05)).choose("The man on stage is singing", "stage", "n").name() == "phase.n.01"
    assert SenseChooser(Glosses(0.2)).choose("The man on stage is singing", "stage", "n").name() == "degree.n.02"


def test_generated_pairs_read_well(parser):
    augmenter = Augmenter(AugmentSettings(), parser=parser)
    results = augmenter.generate_batch(["A small guinea pig is eating a carrot",
                                        "A black and white dog is carrying a stick",
                                        "The boy is running in front of a car",
                                        "A middle eastern woman is standing",
                                        "A violin player is shaking hands"])
    pig, dog, boy, woman, player = ({g.hypothesis for g in result} for result in results)
    assert pig and dog and boy and woman and all(g.fluency is not None for result in results for g in result)
    assert all("middle eastern" in h for h in woman if "eastern" in h)              # not "An eastern woman"
    assert not any("pig" in h and "guinea" not in h for h in pig)                   # a compound is one word
    assert not any(h.startswith(("A black dog", "A white dog", "A black animal")) for h in dog)  # one colour
    assert "A black and white dog is carrying" not in dog                            # "carry" keeps its object
    assert all("in front of" in h for h in boy if "front" in h)
    assert player and all("shaking hands" in h for h in player)                       # an idiom
    assert all("violin player" in h for h in player if "violin" in h)               # a compound's head kept


def test_a_disjunct_is_added_alone_and_only_where_upward(parser):
    augmenter = Augmenter(AugmentSettings(), parser=parser)
    up, down = augmenter.generate_batch(["A boy is riding a bike", "There is no boy riding a bike"])
    disjoined = [g for g in up if " or " in g.hypothesis]
    assert [(g.hypothesis, g.label) for g in disjoined] == [("A boy is riding a bike or a car", Label.ENTAILMENT)]
    assert [s.kind for s in disjoined[0].steps] == [StepKind.INSERT]
    assert not any(" or " in g.hypothesis for g in down)     # ↓: "X or Y" is no consequence of X


def test_exclusion_contradictions_replace_one_word_where_upward(parser):
    augmenter = Augmenter(AugmentSettings(), parser=parser)
    sitting, couple, pronoun, negated, verb_negated = augmenter.generate_batch([
        "A man is sitting on a chair", "A man and a woman are talking", "A man is washing his car",
        "No man is sitting on a chair", "A man is not sitting on a chair"])

    def swapped(pairs):
        return {g.hypothesis for g in pairs if g.label is Label.CONTRADICTION
                and g.steps[-1].kind is StepKind.NEGATE and g.steps[-1].facts}
    swaps = swapped(sitting)
    assert {"A woman is sitting on a chair", "A man is standing on a chair"} <= swaps
    # of the premise: one word, nothing else; of an entailment ("A man is sitting"), its steps and the swap
    assert all(len(g.steps) == 1 for g in sitting if g.hypothesis in swaps and g.negates is None)
    assert all(g.steps[-1].kind is StepKind.NEGATE for g in sitting if g.hypothesis in swaps)
    assert not any("woman and a woman" in h or "man and a man" in h for h in swapped(couple))
    assert "A woman is washing his car" not in swapped(pronoun)                          # the pronoun's gender
    assert not swapped(negated)                                                          # ↓: no exclusion
    assert not swapped(verb_negated)            # "A man is not sitting" / "A woman is not sitting": both may hold
    off = Augmenter(AugmentSettings(exclusions=False), parser=parser)
    assert not swapped(off.generate_batch(["A man is sitting on a chair"])[0])          # --no-exclusions


def test_exclusion_contradictions_keep_away_from_what_reads_badly(parser):
    augmenter = Augmenter(AugmentSettings(), parser=parser)
    batches = augmenter.generate_batch(["A man is standing up in a field", "A man is eating nothing",
                                        "A boy scout is walking on a path", "A woman is cleaning the kitchen",
                                        "The man spread the butter on the bread", "A little girl is walking"])
    up, nothing, scout, cleaning, spread, little = ({g.hypothesis for g in pairs if g.label is Label.CONTRADICTION
                                                     and g.steps[-1].kind is StepKind.NEGATE and g.steps[-1].facts}
                                                    for pairs in batches)
    assert "A woman is standing up in a field" in up and not any(" up in" in h and "standing" not in h for h in up)
    assert not nothing                                          # "A woman is eating nothing" may hold too
    assert not any("girl scout" in h for h in scout)            # a compound is one word
    assert "A man is cleaning the kitchen" in cleaning and not any("dirtying" in h for h in cleaning)  # rare form
    assert "The woman spread the butter on the bread" in spread and not any("gathered" in h for h in spread)
    assert "A little boy is walking" in little          # WordNet lists "little girl", but an adjective is no noun


def test_a_verb_that_needs_its_object_keeps_it(parser):
    pairs = Augmenter(AugmentSettings(), parser=parser).generate_batch(["A girl is petting a dog"])[0]
    assert "A girl is petting an animal" in {g.hypothesis for g in pairs}
    assert not any(g.hypothesis.endswith("petting") for g in pairs)           # kb/augment.json: needs_object


def test_a_complement_is_dropped_only_where_the_verb_reads_well_without_it(parser):
    sitting, getting, going, perched, base = (
        {g.hypothesis for g in result} for result in Augmenter(AugmentSettings(), parser=parser).generate_batch(
            ["A man is sitting on a bench", "A man is getting into a car", "A man is going into the water",
             "The cat perched on the table is looking out the window",
             "The man is standing in the water at the base of a waterfall"]))
    assert "A man is sitting" in sitting
    assert not any(h.endswith(("getting", "going")) for h in getting | going)       # "going" alone is leaving
    assert perched and not any("perched is" in h for h in perched)          # a noun's participle keeps it
    assert any("at the base of a waterfall" in h for h in base)              # the of-phrase stays:
    assert all("base of a" in h for h in base if "base" in h)                # "at the base" would dangle


def test_a_measure_is_dropped_but_a_vessel_is_kept(parser):
    bread, soup, opening = ({g.hypothesis for g in result} for result in Augmenter(AugmentSettings(), parser=parser)
                            .generate_batch(["A man is eating a slice of bread", "A chef is cleaning a bowl of soup",
                                             "A man is opening a bottle of wine"]))
    assert "A man is eating bread" in bread
    assert not any("cleaning soup" in h for h in soup)              # the verb may act on the bowl itself
    assert not any("opening wine" in h for h in opening)


@pytest.mark.parametrize("lemma, person", [("man", True), ("kid", True), ("kids", True), ("cyclist", True),
                                           ("person", True),
                                           ("tiger", False), ("dog", False), ("lion", False)])
def test_nobody_only_for_a_person(lemma, person):
    from monalog.augment.contradictions import is_person

    assert is_person(lemma) is person     # "tiger": "a fierce person" as often as the big cat


def test_min_fluency_option_accepts_off():
    import argparse

    from monalog.cli.augment import _fluency

    assert _fluency("off") == float("-inf") and _fluency("-0.5") == -0.5
    with pytest.raises(argparse.ArgumentTypeError):
        _fluency("fluent")


def test_the_person_of_an_agentless_passive_is_never_negated(parser):
    pairs = Augmenter(AugmentSettings(), parser=parser).generate_batch(["Some onions are being chopped"])[0]
    contradictions = {g.hypothesis for g in pairs if g.label is Label.CONTRADICTION}
    assert "Nobody is chopping any onions" in contradictions
    assert not any(" not " in h for h in contradictions)   # "A person is not chopping ..." may hold as well


def test_premises_outside_sicks_style_give_no_known_bad_pairs(parser):
    """Issue 51's failure classes, on invented premises of the same shapes: "No" before a quantifier's
    words or a list of names, "Some X are not V" (or "Some boys") as a contradiction of "Some girls
    ...", a causative's participle dropped, a multi-word token leaked, the premise itself."""
    premises = ["Very few hikers have lost a boot or broken a pole.", "Just one clerk stayed late.",
                "Exactly four pupils passed the test.", "Most children in the yard played a game.",
                "Brown, Lee and several nurses signed the form.", "A group of girls in a park is dancing.",
                "Several Danish scientists got their findings printed in major journals.",
                "At least three farmers sold their goats.", "People are running."]
    results = Augmenter(AugmentSettings(min_fluency=float("-inf")), parser=parser).generate_batch(premises)
    refused = [premise for premise, result in zip(premises, results) if not isinstance(result, list)]
    assert refused in ([], [premises[4]])       # "Brown | , Lee" read as a gerund: a misparse, refused whole
    pairs = [(premise, g) for premise, result in zip(premises, results) if isinstance(result, list) for g in result]
    texts = {g.hypothesis for _, g in pairs}
    stacked = ("No very", "No just", "No exactly", "No most", "No brown", "No Brown")
    assert not [t for t in texts if t.startswith(stacked)]
    contradictions = {g.hypothesis.rstrip(".") for _, g in pairs if g.label is Label.CONTRADICTION}
    assert not [t for t in contradictions if t.startswith(("Some girls", "Some boys", "Some children"))
                and ("not" in t.split() or "boys" in t.split())]
    assert "No girls in a park are dancing" in contradictions
    one = Augmenter(AugmentSettings(), parser=parser).generate_batch(["One man is doing a bicycle trick."])[0]
    assert "One man is not doing a bicycle trick." in {g.hypothesis for g in one}     # a numeral names referents
    assert "No Danish scientists got their findings printed in major journals" in contradictions
    assert "Several Danish scientists got their findings." not in texts
    assert not [t for t in texts if "_" in t]
    assert not [g for premise, g in pairs if g.hypothesis.rstrip(".").lower() == premise.rstrip(".").lower()]


def test_readers_rejections_of_round_1_are_never_generated(parser):
    """The failure classes of the judged round 1 outside SICK's style (results/augment_outside_round1_main.tsv):
    a contraction's host left alone ("Tom ca ride"), a verb dropped ("Tom can Spanish"), an object dropped
    after a verb that is no -ing activity ("A fox saw."), a subject dropped ("Don't eat ..."), this/that
    swapped (another referent); and pairs of rare words the premise itself has are kept."""
    premises = ["Tom can't ride a bicycle.", "A fox saw some grapes.", "Wolves don't eat caesar salad.",
                "I couldn't remember the title of that song.", "The mouse gnawed the ropes with his teeth."]
    results = Augmenter(AugmentSettings(), parser=parser).generate_batch(premises)
    texts = {g.hypothesis for result in results for g in result}
    assert "Tom can ride a bicycle." in texts and not [t for t in texts if t.split()[1:2] == ["ca"]]
    assert "A fox saw." not in texts and "Don't eat caesar salad." not in texts
    assert not [t for t in texts if "this" in t.split()]
    assert "The mouse gnawed the ropes." in texts          # "gnawed" is rare in SICK, but the premise has it


def test_fluency_counts_the_premises_own_word_pairs():
    from monalog.augment.fluency import fluency

    rare = "The mouse gnawed the ropes."
    assert fluency(rare) < fluency(rare, "The mouse gnawed the ropes with his teeth.") == 0.0


def test_a_finite_verbs_object_goes_whole_or_not_at_all(parser):
    from monalog.augment.readability import bad_deletion

    def tree(text):
        return parser.parse(text).tree

    assert bad_deletion(tree("A man eats red apples"), tree("A man eats apples")) is None
    assert "object" in bad_deletion(tree("A fox saw some grapes"), tree("A fox saw"))


def test_an_auxiliary_and_the_verb_after_it_stay(parser):
    """A misparse made "will" a modifier and "held in this room" the modifier of "be": "All future
    meetings be held in this room", "... will be." are no sentences."""
    from monalog.augment.readability import bad_deletion
    from monalog.augment.sentences import tidy

    def tree(text):
        return parser.parse(text).tree

    assert bad_deletion(tree("Meetings will be held in this room"), tree("Meetings be held in this room"))
    assert "verb after" in bad_deletion(tree("Meetings will be held in this room"), tree("Meetings will be"))
    assert tidy("She reads on every sunny morning .") == "She reads every sunny morning."   # the normaliser's PP
    assert tidy("He relied on every friend .") == "He relied on every friend."


def test_round_3s_contradiction_failures_are_never_generated(parser):
    """Round 3 outside SICK's style (results/augment_outside_round3_*.tsv): "No" before a name the tagger
    took for a noun ("No gretel"), and a negated clause that is only supposed or reported ("If it is
    not sunny ..., we will go" is no contradiction of "If it is sunny ..., we will go")."""
    premises = ["Gretel pushed the witch into the hot oven.", "If it is sunny tomorrow, we will go on a picnic."]
    results = Augmenter(AugmentSettings(), parser=parser).generate_batch(premises)
    contradictions = {g.hypothesis for result in results for g in result if g.label is Label.CONTRADICTION}
    assert not [t for t in contradictions if t.lower().startswith("no gretel")]
    assert not [t for t in contradictions if t.startswith("If it is not sunny")]
