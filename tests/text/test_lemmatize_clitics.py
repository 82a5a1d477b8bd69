"""A verb's clitic is lemmatised as its verb: "be" for "She's eating", "have" for "She's been"."""
from __future__ import annotations

import pytest

from monalog.text.lemmatize import lemmatize


@pytest.mark.parametrize("words, tags, lemma", [
    (["She", "'s", "eating"], ["PRP", "VBZ", "VBG"], "be"),
    (["She", "'s", "not", "tired"], ["PRP", "VBZ", "RB", "JJ"], "be"),
    (["She", "'s", "been", "there"], ["PRP", "VBZ", "VBN", "RB"], "have"),
    (["He", "'s", "never", "tried", "it"], ["PRP", "VBZ", "RB", "VBN", "PRP"], "have"),
    (["We", "'re", "late"], ["PRP", "VBP", "JJ"], "be"),
    (["I", "'d", "go"], ["PRP", "MD", "VB"], "would"),
    (["I", "'d", "seen", "it"], ["PRP", "MD", "VBN", "PRP"], "have"),
])
def test_a_clitic_is_its_verb(words, tags, lemma):
    assert lemmatize(words, tags)[1] == lemma


def test_a_possessive_stays():
    assert lemmatize(["the", "dog", "'s", "bone"], ["DT", "NN", "POS", "NN"])[2] == "'s"


def test_a_pronouns_clitic_tagged_possessive_is_its_verb():
    assert lemmatize(["he", "'s", "never", "tried"], ["NN", "POS", "RB", "VBD"])[1] == "have"
