"""Issue 51's twenty-first stop, round 73's failure kinds (results/augment_outside_round73_*.tsv): "and vice versa"
cut ("Someone vices versa."), an auxiliary out of order ("I've been not drunk",
"I've likely will get drunk"), "everyone" written "every person" and made "every worker" or "every young person",
"I have two children" made "I have two people", "The other is a girl." left without the one, "rings under the eyes"
cut to "rings", and customers made consumers. The generator runs once, on every premise here."""
from __future__ import annotations

from monalog.augment.sentences import tidy
from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted  # noqa: F401

_DRUNK = "I've been drunk before and likely will get drunk many more times."
_SOUP = "The warden cooked a huge pot of lentil soup for everyone."
_CHILDREN = "I have two children. One is a boy and the other is a girl."
NEW = [(_SOUP, "The warden cooked a pot of lentil soup for everyone.", Label.ENTAILMENT),
       (_CHILDREN, "I have two kids.", Label.ENTAILMENT)]
NEVER = [(_DRUNK, "been not"), (_DRUNK, "'ve likely"), (_SOUP, "every person"), (_SOUP, "every worker"),
         (_SOUP, "every young"), (_CHILDREN, "people"), (_CHILDREN, "The other is"),
         ("I'm not sleeping well currently and now have rings under the eyes.", "have rings."),
         ("Several customers asked about the flu vaccine this week.", "consumers"),
         ("I love you and vice versa.", "vice")]


def test_every_person_is_written_everyone():
    assert tidy("Every person cooked for every thing .") == "Everyone cooked for everything."
