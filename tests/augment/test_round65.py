"""Issue 51's twentieth stop, round 65's failure kinds (results/augment_outside_round65_*.tsv): "can only" negated
as "can not only"; idioms made vague or swapped ("living something", "a clean look"); a list's last item dropped with
its "and" ("a yellow jacket, orange tie"); "I'd" after a new subject ("Nobody'd"); "one white and two black" made "a
white"; a group of people made "something" ("thanked something" for "the audience"). The generator runs once, on
every premise here (one batch)."""
from __future__ import annotations


from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted  # noqa: F401

NEW = [
    ("The conductor thanked the audience and announced a short interval.", "The conductor announced a short interval.",
     Label.ENTAILMENT),
    ("We have three dogs, one white and two black.", "We have some dogs, one white and two black.", Label.ENTAILMENT),
]
NEVER = [
    ("I can only work on Fridays.", "not only"),
    ("You are living a dream, and the dream is about to end.", "living something"),
    ("Tom gave Mary a dirty look and then left the room.", "clean look"),
    ("I'd describe him as a middle-aged man in a yellow jacket, orange tie and a pink shirt.", "orange tie."),
    ("I'd describe him as a middle-aged man in a yellow jacket, orange tie and a pink shirt.", "Nobody'd"),
    ("We have three dogs, one white and two black.", "a white and"),
    ("The conductor thanked the audience and announced a short interval.", "thanked something"),
]





def test_a_new_subject_writes_would_out():
    from monalog.augment.sentences import tidy

    assert tidy("Nobody'd describe him as a man .") == "Nobody would describe him as a man."
