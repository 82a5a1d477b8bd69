"""Polarity marking: composition, the lexicon, hand-built derivations, the gold set, properties."""
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monalog.ccg import read_braces, write_braces
from monalog.ccg.category import parse_category
from monalog.errors import ResourceError
from monalog.eval.polarity_gold import read_gold, score_gold
from monalog.polarity.lexicon import (BarePlurals, Definites, Kind, Numerals, Readings, default_lexicon,
                                     read_lexicon)
from monalog.polarity.marks import Polarity
from monalog.pipeline import Pipeline
from monalog.polarity.polarizer import Polarizer, arrows


def polarize_sentence(sentence: str):
    return Pipeline().analyse(sentence)


UP, DOWN, NONE = Polarity.UP, Polarity.DOWN, Polarity.NONE
GOLD = Path(__file__).parents[1] / "data" / "polarity_gold.tsv"


def leaf(cat, word, lemma=None, pos="XX"):
    return f"{{<L {cat} {word} {lemma or word.lower()} {pos} O XX {cat}>}}"


def node(cat, rule, *children):
    return f"{{<T {cat} {rule} 0 {len(children)}> {' '.join(children)} }}"


def np(det, noun):
    return node("NP", "fa", leaf("NP/N", det), leaf("N", noun))


# "Every dog sees some cat", built by hand (no parser involved)
EVERY_DOG_SEES_SOME_CAT = read_braces(node(
    "S[dcl]", "ba", np("Every", "dog"),
    node("S[dcl]\\NP", "fa", leaf("(S[dcl]\\NP)/NP", "sees"), np("some", "cat"))))

# "A dog is not barking" with "is not" composed (bx), as depccg parses it
NOT_COMPOSED = read_braces(node(
    "S[dcl]", "ba", np("No", "dog"),
    node("S[dcl]\\NP", "fa",
         node("(S[dcl]\\NP)/(S[ng]\\NP)", "bx", leaf("(S[dcl]\\NP)/(S[ng]\\NP)", "is"),
              leaf("(S\\NP)\\(S\\NP)", "not")),
         leaf("S[ng]\\NP", "barking"))))


def marked(tree):
    return " ".join(w + p.value for w, p in arrows(Polarizer().polarize(tree)))


@pytest.mark.parametrize("a, b, product", [
    (UP, UP, UP), (UP, DOWN, DOWN), (DOWN, UP, DOWN), (DOWN, DOWN, UP),
    (NONE, UP, NONE), (DOWN, NONE, NONE), (NONE, NONE, NONE)])
def test_composition(a, b, product):
    assert a * b is product


def test_parse_polarity():
    assert Polarity.parse("+") is UP and Polarity.parse("↓") is DOWN and Polarity.parse("=") is NONE
    with pytest.raises(ValueError):
        Polarity.parse("?")


def test_lexicon_is_data():
    lex = default_lexicon()
    assert lex.match_determiner(["every", "dog"]).restrictor is DOWN
    assert lex.match_determiner(["at", "most", "3", "dogs"]).words == ("at", "most", "N")
    assert lex.match_determiner(["at", "most", "three", "dogs"]).scope == (DOWN,)
    assert lex.match_determiner(["most", "dogs"]).restrictor is NONE
    assert lex.match_determiner(["dogs"]) is None
    assert lex.functor("without").scope == (DOWN,)
    assert lex.match_determiner(["nobody"]).kind is Kind.NP
    assert "is" in lex.transparent


def test_bad_lexicon_row_names_the_file(tmp_path):
    bad = tmp_path / "lex.tsv"
    bad.write_text("phrase\tkind\trestrictor\tscope\tnote\nevery\tdet\tsideways\t↑\t\n", encoding="utf-8")
    with pytest.raises(ResourceError, match="lex.tsv"):
        read_lexicon(bad)


def test_hand_built_quantifiers():
    assert marked(EVERY_DOG_SEES_SOME_CAT) == "Every↑ dog↓ sees↑ some↑ cat↑"


def test_a_tree_polarized_again_or_rebuilt_gets_the_same_marks():
    polarizer = Polarizer()
    first = polarizer.polarize(EVERY_DOG_SEES_SOME_CAT)
    rebuilt = read_braces(write_braces(EVERY_DOG_SEES_SOME_CAT))
    assert rebuilt is not EVERY_DOG_SEES_SOME_CAT and polarizer.polarize(rebuilt) is first
    assert first == Polarizer().polarize(rebuilt)       # what the cache returns is what polarizing gives


def test_double_negation_through_composition():
    assert marked(NOT_COMPOSED) == "No↑ dog↓ is↓ not↓ barking↑"


# "Nobody saw that not every dog barked": "not every" is one determiner phrase (FC of NP/NP and
# NP/N), whose restrictor marking already has its "not"
NOT_EVERY_DOWN = read_braces(node(
    "S[dcl]", "ba", leaf("NP", "Nobody"),
    node("S[dcl]\\NP", "fa", leaf("(S[dcl]\\NP)/S[em]", "saw"),
         node("S[em]", "fa", leaf("S[em]/S[dcl]", "that"),
              node("S[dcl]", "ba",
                   node("NP", "fa", node("NP/N", "fc", leaf("NP/NP", "not"), leaf("NP/N", "every")),
                        leaf("N", "dog")),
                   leaf("S[dcl]\\NP", "barked"))))))


def test_not_every_marks_its_noun_once():
    assert marked(NOT_EVERY_DOWN) == "Nobody↑ saw↓ that↓ not↓ every↑ dog↓ barked↑"


# "Three dogs chased the cats" and "Dogs bark", by hand
THREE_DOGS = read_braces(node(
    "S[dcl]", "ba", np("Three", "dogs"),
    node("S[dcl]\\NP", "fa", leaf("(S[dcl]\\NP)/NP", "chased"), np("the", "cats"))))
DOGS_BARK = read_braces(node("S[dcl]", "ba", node("NP", "lex", leaf("N", "Dogs", "dog", "NNS")),
                             leaf("S[dcl]\\NP", "bark")))


@pytest.mark.parametrize("readings, three_dogs, dogs_bark", [
    (Readings(), "Three↑ dogs↑ chased↑ the↑ cats↑", "Dogs↑ bark↑"),
    (Readings(Numerals.EXACT), "Three= dogs= chased= the= cats=", "Dogs↑ bark↑"),
    (Readings(definites=Definites.FIXED), "Three↑ dogs↑ chased↑ the↑ cats=", "Dogs↑ bark↑"),
    (Readings(bare_plurals=BarePlurals.UNIVERSAL), "Three↑ dogs↑ chased↑ the↑ cats↑", "Dogs↓ bark↑"),
])
def test_readings_left_to_the_user(readings, three_dogs, dogs_bark):
    polarizer = Polarizer(default_lexicon().with_readings(readings))
    assert " ".join(w + p.value for w, p in arrows(polarizer.polarize(THREE_DOGS))) == three_dogs
    assert " ".join(w + p.value for w, p in arrows(polarizer.polarize(DOGS_BARK))) == dogs_bark


# "The storm prevented the ships": "prevent X" marks X ↓ ("prevented infections" ⇒ "prevented
# serious infections"), never its subject
STORM_PREVENTED_SHIPS = read_braces(node(
    "S[dcl]", "ba", np("The", "storm"),
    node("S[dcl]\\NP", "fa", leaf("(S[dcl]\\NP)/NP", "prevented", "prevent"), np("the", "ships"))))
# "The dog failed the test": "fail to X" is downward, "fail X" is not
DOG_FAILED_TEST = read_braces(node(
    "S[dcl]", "ba", np("The", "dog"),
    node("S[dcl]\\NP", "fa", leaf("(S[dcl]\\NP)/NP", "failed", "fail"), np("the", "test"))))
# "The dog barks unless it rains", "unless" on the verb phrase: the main clause's subject is = too
DOG_BARKS_UNLESS = read_braces(node(
    "S[dcl]", "ba", np("The", "dog"),
    node("S[dcl]\\NP", "ba", leaf("S[dcl]\\NP", "barks", "bark"),
         node("(S\\NP)\\(S\\NP)", "fa", leaf("((S\\NP)\\(S\\NP))/S[dcl]", "unless"),
              node("S[dcl]", "ba", leaf("NP", "it"), leaf("S[dcl]\\NP", "rains", "rain"))))))


def test_an_operator_marks_its_complement_in_its_frame_and_never_its_subject():
    assert marked(STORM_PREVENTED_SHIPS) == "The↑ storm↑ prevented↑ the↓ ships↓"
    assert marked(DOG_FAILED_TEST) == "The↑ dog↑ failed↑ the↑ test↑"
    assert marked(DOG_BARKS_UNLESS) == "The= dog= barks= unless↑ it↑ rains↑"


def _showed(det: str, noun: str, lemma: str):
    """"He showed DET NOUN", DET an adjective N/N of a bare noun."""
    return read_braces(node("S[dcl]", "ba", leaf("NP", "He", "he"),
                            node("S[dcl]\\NP", "fa", leaf("(S[dcl]\\NP)/NP", "showed", "show"),
                                 node("NP", "lex", node("N", "fa", leaf("N/N", det, det.lower()),
                                                        leaf("N", noun, lemma))))))


def test_little_is_a_downward_determiner_of_a_singular_noun_written_mid_sentence():
    assert marked(_showed("little", "interest", "interest")) == "He↑ showed↓ little↑ interest↓"
    assert marked(_showed("little", "girls", "girl")) == "He↑ showed↑ little↑ girls↑"      # small girls
    assert marked(_showed("Little", "interest", "interest")) == "He↑ showed↑ Little↑ interest↑"   # "Little boy is"


def test_a_complement_after_a_downward_object_is_in_its_scope():
    told = leaf("((S[dcl]\\NP)/PP)/NP", "told", "tell")
    about = node("PP", "fa", leaf("PP/NP", "about", "about"), leaf("NP", "it", "it"))

    def vp(obj):
        return read_braces(node("S[dcl]", "ba", leaf("NP", "She", "she"),
                                node("S[dcl]\\NP", "fa", node("(S[dcl]\\NP)/PP", "fa", told, obj), about)))
    assert marked(vp(leaf("NP", "nobody", "nobody"))) == "She↑ told↓ nobody↑ about↓ it↓"
    assert marked(vp(leaf("NP", "Ann", "Ann"))) == "She↑ told↑ Ann↑ about↑ it↑"
    assert marked(vp(leaf("NP", "little", "little"))) == "She↑ told↓ little↑ about↓ it↓"     # "knew little about it"


def test_a_non_intersective_adjective_and_a_reason_leave_their_arguments_not_monotone():
    assert marked(_showed("fake", "interest", "interest")) == "He↑ showed↑ fake↑ interest="
    assert marked(_showed("only", "interest", "interest")) == "He↑ showed↓ only↑ interest↑"    # an operator's own rows
    because = read_braces(node("S[dcl]", "ba", leaf("NP", "He", "he"), node(
        "S[dcl]\\NP", "ba", leaf("S[dcl]\\NP", "left", "leave"),
        node("(S\\NP)\\(S\\NP)", "fa", leaf("((S\\NP)\\(S\\NP))/PP", "because", "because"),
             node("PP", "fa", leaf("PP/NP", "of", "of"), leaf("NP", "rain", "rain"))))))
    assert marked(because) == "He↑ left= because↑ of= rain="      # nor is what it explains: "arrived late because ..."


def test_lexicon_frames():
    lex = default_lexicon()
    cat = parse_category
    assert lex.functor("failed", "fail", cat("(S[dcl]\\NP)/(S[to]\\NP)")).scope == (DOWN,)
    assert lex.functor("failed", "fail", cat("(S[dcl]\\NP)/NP")).scope == (UP,)
    assert lex.functor("prevented", "prevent", cat("((S[dcl]\\NP)/PP)/NP")).scope == (UP, DOWN)
    assert lex.functor("prevented", "prevent", cat("(S[dcl]\\NP)/NP")).scope == (DOWN,)
    assert lex.functor("prevented", "prevent", cat("(S[dcl]\\NP)/PP")).frame == ()    # no frame fits: the default
    assert lex.functor("prevented").frame == ()


def test_bad_frame_names_the_file(tmp_path):
    bad = tmp_path / "lex.tsv"
    bad.write_text("phrase\tkind\trestrictor\tscope\tframe\tnote\nfail\tfunctor\t\t↓\t(S\t\n", encoding="utf-8")
    with pytest.raises(ResourceError, match="lex.tsv"):
        read_lexicon(bad)


def test_every_constituent_has_a_polarity():
    pn = Polarizer().polarize(EVERY_DOG_SEES_SOME_CAT)
    polarities = [(str(n.category), n.polarity) for n in pn.walk()]
    assert ("S[dcl]\\NP", UP) in polarities and ("N", DOWN) in polarities
    assert len(polarities) == 9


def test_paper_example():
    result = polarize_sentence("Few people are eating at red tables in a restaurant without lights")
    assert result.arrows() == "Few↑ people↓ are↓ eating↓ at↓ red↓ tables↓ in↓ a↓ restaurant↓ without↓ lights↑"


def test_gold_set_accuracy():
    gold = read_gold(GOLD)
    assert len(gold) >= 80
    score = score_gold(gold)
    assert score.failed == 0
    assert score.accuracy >= 0.97, score.mismatches


def test_errors_come_back_in_place():
    results = Pipeline().run(["Every dog barks", "", "No cat sleeps"])
    assert results[0].arrows() == "Every↑ dog↓ barks↑"
    assert type(results[1]).__name__ == "InputError"
    assert results[2].arrows() == "No↑ cat↓ sleeps↓"


# ---- properties over a small grammar of quantified clauses -------------------------------------

DETS = ["every", "some", "no", "a", "the", "few"]
NOUNS = ["dog", "cat", "man", "woman", "boy", "girl"]
ADJS = ["small", "black", "happy", "young"]
VERBS = ["sees", "chases", "likes", "follows"]
clauses = st.tuples(st.sampled_from(DETS), st.sampled_from(NOUNS), st.sampled_from(VERBS),
                    st.sampled_from(DETS), st.sampled_from(NOUNS), st.sampled_from(ADJS),
                    st.integers(0, 1))


def _polarities(sentence):
    return [p for _, p in polarize_sentence(sentence).chunk_polarities()]


@pytest.mark.slow
@settings(max_examples=40, deadline=None, derandomize=True)
@given(clauses)
def test_inserting_an_adjective_keeps_other_polarities(clause):
    det1, noun1, verb, det2, noun2, adj, where = clause
    words = [det1.capitalize(), noun1, verb, det2, noun2]
    before = _polarities(" ".join(words))
    at = 1 if where == 0 else 4
    after = _polarities(" ".join(words[:at] + [adj] + words[at:]))
    assert after[:at] + after[at + 1:] == before
    assert after[at] == before[at]          # the adjective takes its noun's polarity


@pytest.mark.slow
@settings(max_examples=40, deadline=None, derandomize=True)
@given(clauses)
def test_some_to_no_flips_subject_noun_and_verb_phrase(clause):
    _, noun1, verb, det2, noun2, _, _ = clause
    some = _polarities(f"Some {noun1} {verb} {det2} {noun2}")
    no = _polarities(f"No {noun1} {verb} {det2} {noun2}")
    flip = {UP: DOWN, DOWN: UP, NONE: NONE}
    assert no[1] == flip[some[1]]
    assert no[2:] == [flip[p] for p in some[2:]]


@pytest.mark.parametrize("sentence, expected", [
    # "not everyone/everything" is "not every": its scope is ↓ (monotonicity.tsv, np rows)
    ("Not everything in the shop is cheap and new", "is↓ cheap↓ and↓ new↓"),
    # the exception of an exceptive is non-monotone ("everyone except Ann and Bo": not "except Ann")
    ("Everyone went home except Ann and Bo", "Ann= and= Bo="),
    # so is the exceptive "but"'s, and what it excepts from ("came" ⇏ "came early"); the conjunction stays ↑
    ("No one came but a boy", "came= but↓ a= boy="),
    ("Nothing is to be seen but water", "water="),
    ("He is poor but honest", "poor↑ but↑ honest↑"),
    # "unless" is a subordinator, not a noun: the clause it heads is ↑, the main clause =
    ("The shop opens at nine unless the owner is sick", "unless↑ the↑ owner↑ is↑ sick↑"),
])
def test_operators_on_real_parses(parser, sentence, expected):
    arrows_text = " ".join(w + p.value for w, p in arrows(Polarizer().polarize(parser.parse(sentence).tree)))
    assert expected in arrows_text, arrows_text


# (sentence, the words to check and their expected polarity): operators outside SICK's style (issue 51)
@pytest.mark.parametrize("sentence, expected", [
    ("Almost no campers caught a cold", {"campers": DOWN, "caught": DOWN, "cold": DOWN}),
    ("Very few campers caught a cold", {"campers": DOWN, "caught": DOWN}),
    ("Almost nobody caught a cold", {"caught": DOWN, "cold": DOWN}),
    ("No less than five campers caught a cold", {"campers": UP, "caught": UP}),     # = at least five
    ("At most half campers caught a cold", {"campers": NONE, "caught": DOWN}),       # proportional
    ("Almost all campers caught a cold", {"campers": NONE, "caught": UP}),
    ("A few campers caught a cold", {"campers": UP, "caught": UP}),
    ("Tom seldom wears a hat", {"wears": DOWN, "hat": DOWN}),
    ("Tom rarely wears a hat", {"hat": DOWN}),
    ("You should avoid sweet drinks", {"sweet": DOWN, "drinks": DOWN}),
    ("The latest fatal incident killed a boy", {"fatal": NONE, "incident": NONE, "boy": UP}),
    ("Fifty children chose mint", {"children": UP}),
    # a PP after a phrase with a downward operator may be inside its scope or not: neither
    ("I had no friends in Boston", {"friends": DOWN, "Boston": NONE}),
    ("No alien died without eating at restaurants", {"restaurants": NONE}),
    # a verb of liking's bare object names a kind: neither ↑ nor ↓, but ↓ under a negation
    ("Mary hates vegetables", {"vegetables": NONE}),
    ("Tom likes small cats", {"cats": NONE}),
    ("Tom doesn't like cats", {"cats": DOWN}),
    ("Tom likes a cat", {"cat": UP}),
    ("Tom feeds cats", {"cats": UP}),
    ("Tom likes soccer and music", {"soccer": UP, "music": UP}),    # a coordination of kinds: one may go
    # a focus "only" on a verb phrase says that is all there is (Rooth 1985); the determiner stays ↑ ↓
    ("Pets are welcome in the garden rooms only", {"welcome": NONE, "garden": NONE, "rooms": NONE}),
    ("I only eat fish", {"eat": NONE, "fish": NONE}),
    ("Only dogs bark", {"dogs": UP, "bark": DOWN}),
    # "many" as a subject may be proportional (Partee 1989): its restrictor neither; as an object, or in "there
    # are many", cardinal (Milsark 1977)
    ("Many old farmers grew crops", {"old": NONE, "farmers": NONE, "crops": UP}),
    ("Tom visited many old towns", {"old": UP, "towns": UP}),
    ("There are many old towns in Spain", {"old": UP, "towns": UP}),
    ("A lot of old farmers grew crops", {"old": UP, "farmers": UP}),
])
def test_operators_beyond_sick(sentence, expected):
    got = dict(polarize_sentence(sentence).chunk_polarities())
    assert {word: got[word] for word in expected} == expected


def test_only_a_negation_denies_the_phrase_after_a_copula():
    """"was n't | in the mood": the phrase is what is denied (↓); "is only | in the garden" is no denial."""
    assert dict(polarize_sentence("Tom wasn't in the mood for lunch").chunk_polarities())["mood"] is DOWN
    assert dict(polarize_sentence("Tom is only in the garden").chunk_polarities())["garden"] is not DOWN
