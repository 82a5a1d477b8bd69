"""Parse checks: closed-class words with a category the grammar never gives them, and operators parsed
with no place for what they mark, make a derivation doubtful."""
import pytest

from monalog.ccg.category import parse_category
from monalog.ccg.tree import Binary, Leaf, Rule, Token
from monalog.parsing.checks import closed_class, misparsed
from monalog.polarity.doubt import doubt, misplaced_operator


def leaf(word: str, cat: str) -> Leaf:
    return Leaf(parse_category(cat), Token(word, word.lower()))


@pytest.mark.parametrize("word, cat", [
    ("We", "NP"), ("them", "NP"), ("or", "conj"), ("and", "conj"), ("not", "(S\\NP)\\(S\\NP)"),
    ("n't", "(S[dcl]\\NP)\\(S[dcl]\\NP)"), ("Not", "NP/NP"), ("not", "(NP/N)/(NP/N)"),
    ("If", "(S/S)/S[dcl]"), ("unless", "((S\\NP)\\(S\\NP))/S[dcl]"), ("dog", "N/N"),
    ("who", "(NP\\NP)/(S[dcl]\\NP)"), ("except", "(NP\\NP)/NP"), ("except", "PP/NP"),
    ("except", "((S\\NP)\\(S\\NP))/NP"), ("which", "(N\\N)/(S[dcl]/NP)"), ("Who", "S[wq]/(S[q]\\NP)"),
])
def test_categories_the_grammar_gives(word, cat):
    assert misparsed(leaf(word, cat)) is None


@pytest.mark.parametrize("word, cat", [
    ("We", "N/N"), ("I", "NP/N"), ("or", "((S\\NP)\\(S\\NP))/NP"), ("n't", "N"), ("n't", "NP\\NP"),
    ("If", "NP"), ("unless", "(N\\N)/NP"), ("who", "S[em]/S[dcl]"), ("except", "N/N"),
    ("except", "(S[dcl]\\NP)/NP"), ("except", "N/(S[to]\\NP)"),
])
def test_categories_that_betray_a_misparse(word, cat):
    assert misparsed(leaf(word, cat)) is not None


def test_the_first_misparsed_word_is_named():
    tree = Binary(parse_category("NP"), Rule.FA, leaf("We", "NP/N"), leaf("dogs", "N"), True)
    assert misparsed(tree).token.word == "We"
    assert set(closed_class().values()) == {"np", "conj", "operator", "clause", "relative", "modifier"}


@pytest.mark.parametrize("word, cat", [
    ("refused", "(S[dcl]\\NP)/(S[to]\\NP)"), ("not", "(S\\NP)\\(S\\NP)"), ("If", "(S/S)/S[dcl]"),
    ("prevented", "((S[dcl]\\NP)/PP)/NP"), ("without", "(NP\\NP)/NP"),
    ("stopped", "S[dcl]\\NP"),        # intransitive: nothing to mark
    ("denied", "(S[dcl]\\NP)/NP"), ("every", "NP/N"),
])
def test_operators_with_a_place_for_their_marking(word, cat):
    assert misplaced_operator(leaf(word, cat)) is None


@pytest.mark.parametrize("word, cat", [
    ("denied", "N"), ("refused", "N"), ("prevented", "(S[dcl]\\NP)/NP"),
    ("forbade", "(S[dcl]\\NP)/(S[to]\\NP)"), ("doubted", "N"),
])
def test_operators_parsed_without_what_they_mark(word, cat):
    assert misplaced_operator(leaf(word, cat)) is not None
    assert "no place for what it marks" in doubt(leaf(word, cat))
