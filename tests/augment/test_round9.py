"""Round 9 of the generator's judged sample outside SICK's style (results/augment_outside_round9_*.tsv,
both readers): a title taken for a determiner ("Miss Klein" -> "No Klein"), a preposition dropped from its
object ("Under the table is a cat" -> "The table is a cat"), "ones" left without its adjective, and an
excluding word inside what someone wants ("want to buy" / "want to sell"). Each pair is never emitted
rather than emitted wrong."""
from __future__ import annotations

import pytest

from monalog.augment.generate import AugmentSettings, Augmenter
from monalog.augment.contradiction_checks import bad_contradiction
from monalog.augment.readability import bad_deletion


@pytest.mark.parametrize("before, after", [
    ("Under the table is a hungry cat", "The table is a hungry cat"),
    ("Older pupils help younger ones with their reading", "Older pupils help ones with their reading"),
])
def test_deletions_a_reader_rejects(tree_of, before, after):
    assert bad_deletion(tree_of(before), tree_of(after)) is not None


def test_a_title_is_no_determiner():
    assert bad_contradiction("Miss Klein gives a physics test.", "No Klein gives a physics test.") is not None


def test_no_excluding_word_inside_a_want(parser):
    [pairs] = Augmenter(AugmentSettings(), parser=parser).generate_batch(["I want to buy a dozen doughnuts."])
    assert not [p for p in pairs if "sell" in p.hypothesis]
