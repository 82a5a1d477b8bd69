"""Round 5 of the generator's judged sample outside SICK's style (results/augment_outside_round5_*.tsv,
both readers): the note "A" read as an article ("tuned to an instead of b flat"), deletions that leave
nonsense (a verb or a subordinator dropped from its clause, a modifier under a counterfactual "otherwise"),
a PP on an event noun dropped so that the next PP places the event, and "stop X" read ↓ for a noun phrase
X ("A man is being stopped" ⇒ "A person is stopping a young man"). Each pair is never emitted rather than
emitted wrong."""
from __future__ import annotations

import pytest

from monalog.augment.generate import AugmentSettings, Augmenter
from monalog.inference.proof import Label
from monalog.knowledge.senses import alternates, can_be_intransitive
from monalog.text.morphology import agree_articles


def test_a_letter_or_note_a_is_no_article():
    assert agree_articles("tuned to a instead of b flat") == "tuned to a instead of b flat"
    assert agree_articles("tuned to A instead of B flat") == "tuned to A instead of B flat"
    assert agree_articles("a sonata in A major") == "a sonata in A major"
    assert agree_articles("A apple fell. A orange rolled") == "An apple fell. An orange rolled"
    assert agree_articles("he ate a apple and an pear") == "he ate an apple and a pear"


def test_an_initialism_takes_the_article_of_its_first_letters_name():        # round 31: "An U.S. former soldier"
    assert agree_articles("An U.S. former soldier left") == "A U.S. former soldier left"
    assert agree_articles("a FBI agent and an UN official") == "an FBI agent and a UN official"
    assert agree_articles("a NASA probe and a apple") == "a NASA probe and an apple"     # an acronym said as a word
    assert agree_articles("a SIM card") == "a SIM card" and agree_articles("A MAN SAW A HAT") == "A MAN SAW A HAT"


def test_a_verb_of_the_causative_alternation_keeps_its_object():
    assert alternates("stop") and alternates("move")
    assert not alternates("eat") and not alternates("read") and not alternates("drink")
    assert not alternates("stir") and not alternates("follow")     # "The man is stirring" (the SICK guard)
    assert not can_be_intransitive("stop") and can_be_intransitive("eat")


@pytest.fixture(scope="module")
def round5(parser):
    premises = ["I hope you won't expect results immediately.", "Remove the battery before you clean the camera.",
                "Police arrested two men after a robbery at a small bank.",
                "Some clarinetists use clarinets tuned to a instead of b flat in passages which would otherwise "
                "be written in unusual keys.",
                "A man is being stopped on a rope bridge"]
    results = Augmenter(AugmentSettings(), parser=parser).generate_batch(premises)
    return {p: {(g.hypothesis.rstrip("."), g.label) for g in r} if isinstance(r, list) else set()   # an order: none
            for p, r in zip(premises, results)}


def _texts(pairs, start: str) -> set[str]:
    return {h for p, got in pairs.items() if p.startswith(start) for h, _ in got}


@pytest.mark.slow      # the default run stays under 10 minutes on 2 cores; `make test-slow` runs it
def test_round_5s_failures_are_never_generated(round5):
    assert not [t for t in _texts(round5, "I hope") if "will results" in t]
    assert not [t for t in _texts(round5, "Remove") if "battery clean" in t]   # "Remove" as S/S: not fixed
    arrests = _texts(round5, "Police")
    assert not [t for t in arrests if "men at a" in t or "people at a" in t]
    assert "Police arrested two men after a robbery" in arrests       # the last PP may go
    clarinets = _texts(round5, "Some clarinetists")
    assert not [t for t in clarinets if " an " in t or "in keys" in t or t.endswith("be written")]


@pytest.mark.slow      # the default run stays under 10 minutes on 2 cores; `make test-slow` runs it
def test_stop_with_a_noun_phrase_object_is_not_downward(round5):
    stopped = {h for p, got in round5.items() if p.startswith("A man is being") for h, label in got
               if label is Label.ENTAILMENT}
    assert not [t for t in stopped if "young man" in t or "gentleman" in t]
    assert not [t for t in stopped if "stopping on" in t]     # "stop" without its object: the person halts
