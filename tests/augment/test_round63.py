"""Issue 51's twentieth stop, round 63's failure kinds (results/augment_outside_round63_*.tsv): a name tagged a plural
at the sentence's start given "some" ("Some dicaeopolis"); a comparative cut from its standard ("Mary is prettier"
from "prettier and has better grades than Kate", "It is more ridiculous.", "has grades than Kate"); a new negation
beside "already" ("can not already work"); "the other" made "no other"; "any things"; and round 64's "she fro" ("to
and fro" is a fixed expression). The generator runs once, on every premise here (one batch)."""
from __future__ import annotations


from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted  # noqa: F401

NEW = [
    ("Mary is prettier and has better grades than Kate.", "Mary has better grades than Kate.", Label.ENTAILMENT),
    ("The older boy is taller than his brother and plays football.", "The boy is taller than his brother.",
     Label.ENTAILMENT),                     # "older" is not what "than" completes
    ("Children are playing in the park.", "Some children are playing in the park.", Label.ENTAILMENT),
    ("He has fully recovered and can already work again.", "He has not recovered.", Label.CONTRADICTION),
]
NEVER = [
    ("Dicaeopolis walks out of his house and calls his slave.", "ome dicaeopolis"),
    ("Mary is prettier and has better grades than Kate.", "Mary is prettier."),
    ("Mary is prettier and has better grades than Kate.", "has grades than"),
    ("It's more ridiculous to speak constructed languages than to be gay, bisexual or transsexual.",
     "more ridiculous."),
    ("He has fully recovered and can already work again.", "not already"),
    ("He has fully recovered and can already work again.", "Nobody can already"),
    ("One is Japanese and the other is Italian.", "No other"),
    ("The old man is wise and knows many things about life.", " any things"),
    ("She paced to and fro in the waiting room.", "she fro"),                 # round 64
    ("She paced to and fro in the waiting room.", "paced fro"),
]



