"""Issue 51's twentieth stop, round 62's failure kinds (results/augment_outside_round62_*.tsv): a cognate object
made vague or stripped ("died something", "died a death"; grammars/cognate_objects.txt), the adjective of a body part
everyone has dropped after "have" ("He has eyes"), an idiom taken apart ("raining animals"), and a phrase dropped after
a particle, the next one left to it ("The spaniel came in its paw"); and two premises no longer refused as misread:
an adjective tagged a noun is still a noun's modifier ("the stale bread"), and a comma between two adjectives is
"and" ("warm, soapy water": the taggers read a comma as a conjunction of nouns). The generator runs once, on every
premise here (one batch)."""
from __future__ import annotations


from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted  # noqa: F401

NEW = [
    ("My uncle lived a happy life and died a peaceful death.", "My uncle died a peaceful death.", Label.ENTAILMENT),
    ("He has blue eyes and blond hair.", "He has blue eyes.", Label.ENTAILMENT),
    ("The spaniel came in with a thorn in its paw.", "The dog came in with a thorn in its paw.", Label.ENTAILMENT),
    ("She sang a beautiful song.", "She sang a song.", Label.ENTAILMENT),          # no cognate object: edited
    ("The dog ate the stale bread and didn't die.", "The dog ate the bread.", Label.ENTAILMENT),  # "stale" tagged NN
    ("Tom washed his glasses with warm, soapy water.", "Tom washed his glasses with warm water.", Label.ENTAILMENT),
]
NEVER = [
    ("My uncle lived a happy life and died a peaceful death.", "died something"),
    ("My uncle lived a happy life and died a peaceful death.", "died a death"),
    ("He has blue eyes and blond hair.", "has eyes"),
    ("He has blue eyes and blond hair.", "have eyes"),
    ("It's raining cats and dogs tonight.", "animals"),
    ("It's raining cats and dogs tonight.", "raining cats tonight"),
    ("The spaniel came in with a thorn in its paw.", "came in its paw"),
]



