""""someone" and "something" where ↑ (augment/vague_phrases.py): what is generalised, what is left alone, and that
no such sentence is negated."""
from __future__ import annotations

import pytest

from monalog.augment.generate import AugmentSettings, Augmenter
from monalog.augment.vague_phrases import vague_object, vague_phrases
from monalog.inference.proof import Label
from monalog.polarity.polarizer import Polarizer


@pytest.fixture(scope="module")
def generalised(tree_of):
    polarizer = Polarizer()

    def run(text: str) -> set[str]:
        tree = tree_of(text)
        return {step.result for _, step in vague_phrases(tree, list(polarizer.polarize(tree).walk_paths()))}
    return run


@pytest.mark.parametrize("sentence, expected", [
    ("A nurse checked my blood pressure.", {"Someone checked my blood pressure .",
                                            "A nurse checked something ."}),
    ("Tom threw a snowball at Mary.", {"Tom threw something at Mary .", "Tom threw a snowball at someone ."}),
    ("The doctor examined a patient.", {"Someone examined a patient .", "The doctor examined someone ."}),
    ("The dog bought apples.", {"The dog bought something ."}),
    ("Every doctor examined Mary.", {"Every doctor examined someone ."}),      # ↑ in the scope of "every"
    # never "Someone is erasing the other man's work": "the other man" contrasts with the man
    ("The man is erasing the other man's work.", {"The man is erasing something ."}),
    # normalised "His father is holding a boy ...": never "His father is holding someone" (whose father?)
    ("A boy under an umbrella is being held by his father.", {"Someone is holding a boy under an umbrella ."}),
])
def test_phrases_made_vague_where_up(generalised, sentence, expected):
    assert generalised(sentence) == expected


@pytest.mark.parametrize("sentence", [
    "Tom is a doctor.",                         # a copula's predicate
    "Tom took a walk.",                         # a light verb
    "Tom wants a new car.",                     # the car need not exist
    "The ticket cost ten dollars.",             # a measure
    "Tom spent the summer in Paris.",           # a time
    "No nurse checked a patient.",              # ↓
    "Tom didn't eat an apple.",                 # ↓
    "Tom made sense.",                          # a bare singular
    "Tom bought zero cars.",                    # a count that may be none
    "Tom ate fewer than three apples.",
    "Tom ate at most two apples.",
    "We heated the water until it boiled.",     # "it" takes up the water
    "Each passenger may bring one small bag.",  # what a permission allows
    "Firefighters rescued two children.",       # persons, not things
    "Every new student has free access to the library.",     # "free" a verb, "access" tagged NNS
])
def test_phrases_left_alone(generalised, sentence):
    assert generalised(sentence) == set()


def test_no_vague_object_is_negated(parser):
    [pairs] = Augmenter(AugmentSettings(), parser=parser).generate_batch(["The doctor prescribed a painkiller."])
    entailed = {p.hypothesis for p in pairs if p.label is Label.ENTAILMENT}
    assert {"The doctor prescribed something.", "Someone prescribed a painkiller."} <= entailed
    assert not [p.hypothesis for p in pairs if p.label is Label.CONTRADICTION and vague_object(p.hypothesis)]


def test_never_someone_beside_something(parser):
    [pairs] = Augmenter(AugmentSettings(), parser=parser).generate_batch(["I ordered a book from London."])
    hypotheses = {p.hypothesis for p in pairs}
    assert {"Someone ordered a book from London.", "I ordered something from London."} <= hypotheses
    assert not [h for h in hypotheses if h.startswith("Someone") and "something" in h]
