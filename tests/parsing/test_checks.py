"""Parse checks: closed-class words with a category the grammar never gives them, and operators parsed
with no place for what they mark, make a derivation doubtful."""
import pytest

from monalog.ccg.category import parse_category
from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree
from monalog.parsing.checks import CHECKS, closed_class, misparsed
from monalog.polarity.doubt import doubt, misplaced_operator


def leaf(word: str, cat: str) -> Leaf:
    return Leaf(parse_category(cat), Token(word, word.lower()))


@pytest.mark.parametrize("word, cat", [
    ("We", "NP"), ("them", "NP"), ("or", "conj"), ("and", "conj"), ("not", "(S\\NP)\\(S\\NP)"),
    ("n't", "(S[dcl]\\NP)\\(S[dcl]\\NP)"), ("Not", "NP/NP"), ("not", "(NP/N)/(NP/N)"),
    ("If", "(S/S)/S[dcl]"), ("unless", "((S\\NP)\\(S\\NP))/S[dcl]"), ("dog", "N/N"),
    ("who", "(NP\\NP)/(S[dcl]\\NP)"), ("except", "(NP\\NP)/NP"), ("except", "PP/NP"),
    ("except", "((S\\NP)\\(S\\NP))/NP"), ("which", "(N\\N)/(S[dcl]/NP)"), ("Who", "S[wq]/(S[q]\\NP)"),
    ("if", "S[qem]/S[dcl]"),            # "ask if it rains"
    ("which", "((N\\N)/S[dcl])\\((N\\N)/NP)"), ("who", "((N/PP)\\(N/PP))/(S[dcl]\\NP)"),   # "in which"; silver
    ("Most", "NP/N"), ("most", "NP/PP"), ("most", "(N/N)/(N/N)"), ("each", "NP/N"),
    ("In", "(S/S)/NP"), ("on", "PP/NP"), ("around", "(S\\NP)\\(S\\NP)"), ("outside", "S[adj]\\NP"),
    ("on", "PR"), ("near", "N/N"), ("into", "((S\\NP)\\(S\\NP))/NP"),     # a preposition, particle, adjective
])
def test_categories_the_grammar_gives(word, cat):
    assert misparsed(leaf(word, cat)) is None


@pytest.mark.parametrize("word, cat", [
    ("We", "N/N"), ("I", "NP/N"), ("or", "((S\\NP)\\(S\\NP))/NP"), ("n't", "N"), ("n't", "NP\\NP"),
    ("If", "NP"), ("unless", "(N\\N)/NP"), ("who", "S[em]/S[dcl]"), ("except", "N/N"),
    ("who", "(S\\NP)/(S\\NP)"), ("which", "(S\\NP)\\(S\\NP)"),     # a relative never modifies a verb phrase
    ("except", "(S[dcl]\\NP)/NP"), ("except", "N/(S[to]\\NP)"),
    ("Unless", "S/S"), ("unless", "N"),  # a subordinator needs a clause of its own
    ("Most", "N"), ("Most", "NP"), ("every", "(S[dcl]\\NP)/NP"), ("A", "(S\\NP)\\(S\\NP)"), ("the", "N"),
    ("In", "(S[ng]\\NP)/NP"), ("along", "(S[dcl]\\NP)/NP"), ("under", "N"),   # "In | Paris" as a gerund
])
def test_categories_that_betray_a_misparse(word, cat):
    assert misparsed(leaf(word, cat)) is not None


def test_the_first_misparsed_word_is_named():
    tree = Binary(parse_category("NP"), Rule.FA, leaf("We", "NP/N"), leaf("dogs", "N"), True)
    assert misparsed(tree).token.word == "We"
    assert set(closed_class().values()) == CHECKS


@pytest.mark.parametrize("word, cat", [
    ("refused", "(S[dcl]\\NP)/(S[to]\\NP)"), ("not", "(S\\NP)\\(S\\NP)"), ("If", "(S/S)/S[dcl]"),
    ("prevented", "((S[dcl]\\NP)/PP)/NP"), ("without", "(NP\\NP)/NP"),
    ("stopped", "S[dcl]\\NP"),        # intransitive: nothing to mark
    ("denied", "(S[dcl]\\NP)/NP"), ("every", "NP/N"),
    ("prevented", "(S[dcl]\\NP)/NP"), ("forbade", "(S[dcl]\\NP)/(S[to]\\NP)"),    # frames of their own
])
def test_operators_with_a_place_for_their_marking(word, cat):
    assert misplaced_operator(leaf(word, cat)) is None


@pytest.mark.parametrize("word, cat", [
    ("denied", "N"), ("refused", "N"), ("prevented", "(S[dcl]\\NP)/PP"),
    ("forbade", "(S[dcl]\\NP)/PP"), ("doubted", "N"),
])
def test_operators_parsed_without_what_they_mark(word, cat):
    assert misplaced_operator(leaf(word, cat)) is not None
    assert "no place for what it marks" in doubt(leaf(word, cat))


def test_a_short_frame_with_its_missing_complement_after_it_is_doubtful():
    """"prevented the dogs" marks its object ↓, "prevented the dogs from X" ↑: with a from-phrase
    attached elsewhere neither reading is safe."""
    from monalog.polarity.doubt import missing_complement

    def sentence(*words: Leaf) -> Binary:
        tree = words[-1]
        for word in reversed(words[:-1]):
            tree = Binary(parse_category("S"), Rule.FA, word, tree, True)
        return tree

    prevented = leaf("prevented", "(S[dcl]\\NP)/NP")
    assert missing_complement(sentence(prevented, leaf("dogs", "NP"))) is None
    flagged = sentence(prevented, leaf("dogs", "NP"), leaf("from", "((S\\NP)\\(S\\NP))/NP"), leaf("leaving", "NP"))
    assert missing_complement(flagged).token.word == "prevented"
    assert "may be its complement" in doubt(flagged)
    full = leaf("prevented", "((S[dcl]\\NP)/PP)/NP")
    assert missing_complement(sentence(full, leaf("dogs", "NP"), leaf("from", "PP/NP"), leaf("leaving", "NP"))) is None


def test_the_tag_dictionary_rules_out_what_a_closed_class_word_never_is():
    from monalog.parsing.checks import tag_dictionary

    tags = ["N", "NP", "S/S", "(S/S)/S[dcl]", "((S\\NP)\\(S\\NP))/S[dcl]", "conj"]
    allowed = tag_dictionary(tags)
    assert [t for t, ok in zip(tags, allowed["unless"]) if ok] == ["(S/S)/S[dcl]", "((S\\NP)\\(S\\NP))/S[dcl]"]
    assert [t for t, ok in zip(tags, allowed["they"]) if ok] == ["NP"]
    assert tag_dictionary(["S[dcl]\\NP"]) == {}     # a word no tag fits is left to the scorer


def test_decoding_keeps_closed_class_words_in_their_categories(parser):
    """Outside SICK's style the supertagger prefers "unless" as a noun ("noon unless" as a noun
    phrase); the tag dictionary leaves it only the categories of a subordinator."""
    tree = parser.parse("The shop opens at nine unless the owner is sick").tree
    assert misparsed(tree) is None and doubt(tree) is None


def test_a_sentence_no_derivation_of_the_tag_dictionary_fits_still_parses(parser):
    """A category the dictionary rules out is a last resort, not a ban: the sentence still gets a
    derivation, and the checks say it is doubtful."""
    tree = parser.parse("unless unless unless").tree
    assert doubt(tree) is not None


def test_a_sentence_is_never_derived_as_an_embedded_question(parser):
    """With no comma, "If S1 S2" was an S[qem] ("whether S1 S2") swallowing the main clause; a
    sentence's root is a declarative, a question or a noun phrase."""
    tree = parser.parse("If most voters stay home the mayor will lose").tree
    assert str(tree.category) != "S[qem]"


def test_a_category_the_tag_dictionary_forced_on_the_tagger_is_doubtful():
    from monalog.parsing.checks import FORCED, forced

    the_dog = Binary(parse_category("NP"), Rule.FA, leaf("the", "NP/N"), leaf("dog", "N"), True)
    assert forced(the_dog, (FORCED / 2, 0.9))[0].token.word == "the"
    assert forced(the_dog, (0.5, 0.001)) is None            # an open-class word is the tagger's own business
    assert "the tagger gave only" in doubt(the_dog, (FORCED / 2, 0.9)) and doubt(the_dog, (0.5, 0.9)) is None
    we = Binary(parse_category("NP"), Rule.FA, leaf("We", "NP"), leaf("dogs", "N"), True)
    assert forced(we, (0.0, 0.9)) is None                   # a pronoun is an NP whatever the tagger thinks


@pytest.mark.parametrize("word, category, ok", [
    ("others", "N", True), ("others", "NP", True), ("others", "(S\\NP)\\(S\\NP)", False),
    ("with", "((S\\NP)\\(S\\NP))/NP", True), ("with", "(S[dcl]\\NP)/NP", False),
    ("with", "(((S\\NP)\\(S\\NP))/(S[ng]\\NP))/NP", True),       # "with his hands raised"
])
def test_closed_class_words_outside_sicks_style(word, category, ok):
    """"others" as an adverb (a gapped clause's subject), "with" as a verb."""
    from monalog.parsing.checks import _ok, closed_class

    assert _ok(closed_class()[word], parse_category(category)) is ok


@pytest.mark.parametrize("derivation, doubtful", [
    # "Everyone but the driver" as a coordination: the exceptive's polarities would be a conjunct's
    ("(<T NP ba 0 2> (<L NP Everyone everyone NN O XX NP>) (<T NP\\NP conj 0 2> (<L conj but but CC O XX conj>) "
     "(<T NP fa 0 2> (<L NP/N the the DT O XX NP/N>) (<L N driver driver NN O XX N>) ) ) )", "exceptive"),
    # "been | studying French": a progressive read as a noun's modifier ("She has been French")
    ("(<T S[pt]\\NP fa 0 2> (<L (S[pt]\\NP)/NP been be VBN O XX (S[pt]\\NP)/NP>) (<T NP lex 0 1> (<T N fa 0 2> "
     "(<L N/N studying study VBG O XX N/N>) (<L N French french NN O XX N>) ) ) )", "after a form of \"be\""),
    # a coordination of adjectives is one
    ("(<T S[adj]\\NP ba 0 2> (<L S[adj]\\NP poor poor JJ O XX S[adj]\\NP>) (<T (S[adj]\\NP)\\(S[adj]\\NP) conj 0 2> "
     "(<L conj but but CC O XX conj>) (<L S[adj]\\NP honest honest JJ O XX S[adj]\\NP>) ) )", None),
    # "I hope this | is n't a mistake" with "is" an -ing form modifying "this" (round 31: "Nobody hopes this")
    ("(<T N ba 0 2> (<L N this this DT O XX N>) (<T N\\N lex 0 1> (<T S[ng]\\NP fa 0 2> (<L (S[ng]\\NP)/NP is be "
     "VBZ O XX (S[ng]\\NP)/NP>) (<T NP fa 0 2> (<L NP/N a a DT O XX NP/N>) (<L N mistake mistake NN O XX N>) ) ) ) )",
     "the finite \"is\""),
    ("(<T S[dcl]\\NP fa 0 2> (<L (S[dcl]\\NP)/NP is be VBZ O XX (S[dcl]\\NP)/NP>) (<T NP fa 0 2> "
     "(<L NP/N a a DT O XX NP/N>) (<L N mistake mistake NN O XX N>) ) )", None),
])
def test_misreadings_of_but_of_a_progressive_and_of_a_finite_be_are_doubtful(derivation, doubtful):
    from monalog.ccg.io import read_auto

    reason = doubt(read_auto(derivation))
    assert (reason is None) if doubtful is None else (doubtful in reason), reason


def test_an_operator_word_used_as_a_noun_is_no_misparse():
    """"A new | stop", "without | stopping ." are nouns; "The dogs | denied" read as a compound stays doubtful."""
    def phrase(*words: tuple[str, str, str]) -> Tree:
        leaves_ = [Leaf(parse_category(cat), Token(word, word.lower(), pos)) for word, cat, pos in words]
        tree: Tree = leaves_[-1]
        for leaf_ in reversed(leaves_[:-1]):
            tree = Binary(parse_category("NP"), Rule.FA, leaf_, tree, True)
        return tree

    assert misplaced_operator(phrase(("A", "NP/N", "DT"), ("new", "N/N", "JJ"), ("stop", "N", "NN"))) is None
    assert misplaced_operator(phrase(("without", "PP/NP", "IN"), ("stopping", "N", "NN"), (".", ".", "."))) is None
    assert misplaced_operator(phrase(("The", "NP/N", "DT"), ("dogs", "N/N", "NNS"), ("denied", "N", "VBD"))) \
        is not None
