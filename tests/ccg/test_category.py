import pytest

from monalog.ccg.category import Atom, Functor, Slash, parse_category
from monalog.errors import CategoryError, InputError


@pytest.mark.parametrize("text", [
    "N", "NP[nb]", "S[dcl]", "conj", ",", "(S[dcl]\\NP)/NP", "((S\\NP)\\(S\\NP))/NP",
    "S[X]/(S[X]\\NP)", "(N/N)/(N/N)", "((S[dcl]\\NP)/PP)/NP", "NP\\NP",
])
def test_round_trip(text):
    assert str(parse_category(text)) == text


def test_structure():
    cat = parse_category("(S[dcl]\\NP)/NP")
    assert cat == Functor(Functor(Atom("S", "dcl"), Slash.BACKWARD, Atom("NP")), Slash.FORWARD, Atom("NP"))
    assert cat.arity == 2 and cat.is_functor
    assert hash(cat) == hash(parse_category("(S[dcl]\\NP)/NP"))


def test_modifier_and_matching():
    assert parse_category("(S\\NP)\\(S\\NP)").is_modifier
    assert parse_category("N/N").is_modifier
    assert not parse_category("NP/N").is_modifier
    assert parse_category("S[X]").matches(parse_category("S[dcl]"))
    assert parse_category("NP").matches(parse_category("NP[nb]"))
    assert not parse_category("S[ng]").matches(parse_category("S[dcl]"))


@pytest.mark.parametrize("bad", ["", "(N", "N/", "N)", "S[dcl", "/N", "N//N"])
def test_malformed(bad):
    with pytest.raises(CategoryError) as err:
        parse_category(bad)
    assert isinstance(err.value, InputError)
