"""Round 6 of the generator's judged sample outside SICK's style (results/augment_outside_round6_*.tsv)
and the development rounds' pairs read again under the parser's default tagger: a deletion that takes
the phrase a verb needs ("should go naked" -> "should go", "who lived in the house" -> "who lived"), a
definite noun made more specific ("the water of the wolf" -> "of the coyote": another animal), "several
thousand" -> "some thousand", a gerund replaced by a noun ("without eating" -> "without consumption"), a
name for a class ("Spanish" -> "Latin"), "every day" -> "every date", "any Mexican restaurants" -> "a
Mexican restaurants", "No red alien watched some ...", and a verb that kept its plural when a conjunct
left its subject. Each pair is never emitted rather than emitted wrong. Also more pairs of the right
kind: the contradictions of the entailments two edits away."""
from __future__ import annotations

import pytest

from monalog.augment.agreement import agree
from monalog.augment.generate import AugmentSettings, Augmenter
from monalog.augment.readability import bad_deletion
from monalog.inference.proof import Label
from monalog.inference.treeops import sentence_text


@pytest.mark.parametrize("before, after", [
    ("All animals should go naked", "All animals should go"),
    ("An old woman who lived in the house caught the boy", "An old woman who lived caught the boy"),
    ("Honeybees live in colonies of several thousand workers", "Honeybees live"),
    ("A crow found a pitcher with a little water in it", "A crow found a pitcher with a water in it"),
])
def test_a_deletion_keeps_the_phrase_the_verb_needs(tree_of, before, after):
    assert bad_deletion(tree_of(before), tree_of(after)) is not None


@pytest.mark.parametrize("before, after", [
    ("A man is running naked", "A man is running"),
    ("An old woman who lived in the house caught the boy", "An old woman caught the boy"),
    ("The children are eating at a restaurant", "The children are eating"),
])
def test_a_deletion_of_a_modifier_stays(tree_of, before, after):
    assert bad_deletion(tree_of(before), tree_of(after)) is None


def test_the_verb_follows_a_subject_that_lost_its_conjunct(tree_of):
    premise = tree_of("My brother and sister get up early.")
    assert sentence_text(agree(tree_of("My brother get up early."), premise)) == "My brother gets up early ."
    assert sentence_text(agree(tree_of("A man walk in the park."), tree_of("A man and a woman walk "
                                                                                        "in the park."))) \
        == "A man walks in the park ."
    # never a verb whose subject's number its words may not tell ("I", "fish"), nor without a premise
    for text in ("I get up early.", "Fish swim in the lake."):
        tree = tree_of(text)
        assert sentence_text(agree(tree, tree)) == sentence_text(tree)
    assert sentence_text(agree(tree_of("My brother get up early."))) == "My brother get up early ."


def test_a_final_period_does_not_hide_the_subject(tree_of):
    premise = tree_of("A man and a dog are running.")
    assert sentence_text(agree(tree_of("A man are running."), premise)) == "A man is running ."


@pytest.mark.parametrize("premise, edited, expected", [
    ("My brother and sister can swim.", "My brother can swim.", "My brother can swim ."),         # a modal
    ("My brother and sister were playing.", "My brother were playing.", "My brother was playing ."),
    ("My brother and I get up early.", "I get up early.", "I get up early ."),
    ("You and I know the answer.", "You know the answer.", "You know the answer ."),
    ("Deer and elk roam the forest.", "Deer roam the forest.", "Deer roam the forest ."),       # one or many
    ("The fish are swimming in the pond.", "The fish are swimming.", "The fish are swimming ."),  # the premise's
])
def test_agreement_only_where_the_words_tell_the_number(tree_of, premise, edited, expected):
    assert sentence_text(agree(tree_of(edited), tree_of(premise))) == expected


@pytest.fixture(scope="module")
def generated(parser):
    premises = ["The lamb said that he had never drunk the water of the wolf.",
                "Honeybees live in colonies of several thousand workers.",
                "No alien died without eating at some restaurants.",
                "Tom can also speak some French and Spanish.",
                "A man had a goose that laid a golden egg every day.",
                "No alien ate at any Mexican restaurants.",
                "My brother and sister get up about seven-thirty every school morning.",
                "No dog chased a cat.",
                "The red alien watched some sports matches."]
    results = Augmenter(AugmentSettings(), parser=parser).generate_batch(premises)
    return {p: {(g.hypothesis.rstrip("."), g.label) for g in r} for p, r in zip(premises, results)}


def _texts(generated, start: str, label: Label | None = None) -> set[str]:
    return {h for p, got in generated.items() if p.startswith(start) for h, lab in got if label in (None, lab)}


@pytest.mark.slow      # the default run stays under 10 minutes on 2 cores; `make test-slow` runs it
def test_round_6s_word_failures_are_never_generated(generated):
    assert not [t for t in _texts(generated, "The lamb") if "coyote" in t or "seawater" in t]
    assert not [t for t in _texts(generated, "Honeybees") if "some thousand" in t]
    assert not [t for t in _texts(generated, "No alien died") if "consumption" in t]
    assert not [t for t in _texts(generated, "Tom") if "Latin" in t]
    assert not [t for t in _texts(generated, "A man") if "date" in t]
    assert "A man had a goose that laid an egg every day" in _texts(generated, "A man", Label.ENTAILMENT)


@pytest.mark.slow      # the default run stays under 10 minutes on 2 cores; `make test-slow` runs it
def test_any_before_a_plural_noun_comes_back_as_some(generated):
    contradictions = _texts(generated, "No alien ate", Label.CONTRADICTION)
    assert "An alien ate at some Mexican restaurants" in contradictions
    assert not [t for t in contradictions if "a Mexican restaurants" in t]


@pytest.mark.slow      # the default run stays under 10 minutes on 2 cores; `make test-slow` runs it
def test_a_subject_without_its_conjunct_agrees(generated):
    up = _texts(generated, "My brother", Label.ENTAILMENT)
    assert "My brother gets up about seven-thirty every school morning" in up
    assert not [t for t in up if t.startswith(("My brother get ", "My sister get "))]


@pytest.mark.slow      # the default run stays under 10 minutes on 2 cores; `make test-slow` runs it
def test_an_indefinite_noun_is_still_made_specific_where_downward(generated):
    assert "No puppy chased a cat" in _texts(generated, "No dog", Label.ENTAILMENT)


def test_a_contraction_is_written_whole():
    from monalog.augment.sentences import tidy

    assert tidy("You 'd better avoid discussion of religion .") == "You'd better avoid discussion of religion."
    assert tidy("I 'm sure they 're here and we 've seen it .") == "I'm sure they're here and we've seen it."


@pytest.mark.slow      # the default run stays under 10 minutes on 2 cores; `make test-slow` runs it
def test_a_new_no_takes_any_in_its_scope(generated):
    contradictions = _texts(generated, "The red alien", Label.CONTRADICTION)
    assert "No red alien watched any sports matches" in contradictions
    assert not [t for t in contradictions if t.startswith("No") and " some " in t]


@pytest.mark.slow      # the default run stays under 10 minutes on 2 cores; `make test-slow` runs it
def test_an_entailment_two_edits_away_has_its_contradictions(generated):
    assert "No guy had a goose that laid an egg every day" in _texts(generated, "A man", Label.CONTRADICTION)


def test_no_pairs_from_a_sentence_the_parse_misreads(parser, tree_of):
    from monalog.augment.misparse import misread
    from monalog.errors import ParseError

    text = "Understanding a long document requires tracking how entities are introduced and evolve over time."
    tree = tree_of(text)
    assert misread(tree) == "requires"         # the shipped tagger's reading
    [result] = Augmenter(AugmentSettings(), parser=parser).generate_batch([text])
    assert isinstance(result, ParseError) and "requires" in str(result)
    assert misread(tree_of("The eating of fish is good for you.")) is None
