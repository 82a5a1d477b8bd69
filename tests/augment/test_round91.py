"""Issue 51's twenty-sixth stop, round 91's failure kinds (results/augment_outside_round91_*.tsv): "No" before a name
whose first name was dropped ("Christopher Columbus" -> "No Columbus"), a gapped clause read as a noun phrase ("A dog
runs after a cat, | and | the cat after a mouse", which gave "A dog runs after a mouse" and "and the cat."), the second
object of a verb that pairs two dropped ("confuse the brake with the clutch" -> "confuse the brake"), what a verb of
judging says of its object dropped ("find reversing around a corner harder than parking" -> "find reversing"), "a
little" before a noun that may be a mass made "a" ("ate a little squid" -> "ate a squid"), and "something" after a
negation ("sources that do not also mention something"); and, found after the stop's last round, an adjective a
verb of judging gives its object, tagged a noun ("found the soup too salty" -> "found the soup"). The generator runs
once, on every premise here."""
from __future__ import annotations

from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted, test_refused  # noqa: F401

_COLUMBUS = "Christopher Columbus enjoyed the torrents of Pirate Bay and would often go surfing there."
_PUPILS = "A few pupils still confuse the brake with the clutch."
_LEARNERS = "Most learners find reversing around a corner harder than parking."
_TURTLE = "The new turtle refused lettuce but ate a little squid."
_SOUP = "She found the soup too salty."
_SOURCES = "There are no contemporary sources backing up the existence of Jesus that do not also mention God and " \
    "miracles."
NEW = [(_COLUMBUS, "Christopher Columbus did not enjoy the torrents of Pirate Bay.", Label.CONTRADICTION),
       (_PUPILS, "A few pupils confuse the brake with the clutch.", Label.ENTAILMENT),
       (_TURTLE, "The turtle refused lettuce but ate a little squid.", Label.ENTAILMENT),
       (_SOUP, "Someone found the soup too salty.", Label.ENTAILMENT)]
NEVER = [(_COLUMBUS, "No Columbus"), (_PUPILS, "confuse the brake."), (_LEARNERS, "find reversing."),
         (_TURTLE, "a squid"), (_SOURCES, "something"), (_SOUP, "found the soup.")]
REFUSED = [("A dog runs after a cat, and the cat after a mouse.", "and")]
