"""Issue 51's twenty-second stop: premises of rounds 69-79 that gave no pair although their parse reads right. A
predicative adjective that a tagger tags as a finite verb ("looked cool and | delicious"/VBZ) is no misread, as its
category S[adj]\\NP says, nor is a modal after "and" ("looked everywhere and | couldn't find"); an operator word of
the monotonicity lexicon read as a noun that is one ("A new | stop has opened", "without | stopping.") no longer
makes the prover abstain, so the generator's pairs are verified. The generator runs once, on every premise here."""
from __future__ import annotations

from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_refused  # noqa: F401

_DRINKS = "The drinks looked cool and delicious."
_STOP = "A new stop has opened near the retail park."
NEW = [(_DRINKS, "The drinks looked delicious.", Label.ENTAILMENT),
       (_DRINKS, "The drinks did not look cool.", Label.CONTRADICTION),
       (_STOP, "A new stop has opened.", Label.ENTAILMENT),
       (_STOP, "A new stop has not opened near the retail park.", Label.CONTRADICTION),
       ("The police looked everywhere and couldn't find any trace of Tom.",
        "The police could find a trace of Tom.", Label.CONTRADICTION),
       ("Our new member climbed the long hill without stopping.", "Our member climbed the long hill.",
        Label.ENTAILMENT)]
NEVER: list[tuple[str, str]] = []
REFUSED = [("I was young and immature at the time.", "immature")]     # S[dcl]\\NP, "I immature"
