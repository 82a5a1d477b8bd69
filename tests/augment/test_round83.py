"""Issue 51's twenty-second stop, round 83's failure kinds (results/augment_outside_round83_*.tsv): a fronted "By" with
its -ing form, a condition, dropped ("By signing a contract, you agree to conditions" -> "You agree to conditions"),
and a negation taken from the clause before "either" ("Mary can swim, and John can't, either"). The generator runs
once, on every premise here."""
from __future__ import annotations

from monalog.inference.proof import Label
from tests.augment.rounds import test_new_pairs, test_pairs_never_emitted  # noqa: F401

_CONTRACT = "By signing a contract, you agree to certain terms and conditions."
NEW = [(_CONTRACT, "By signing a contract, you agree to conditions.", Label.ENTAILMENT),
       (_CONTRACT, "By signing a contract, you do not agree to terms.", Label.CONTRADICTION)]
NEVER = [(_CONTRACT, "You agree"), (_CONTRACT, "You do not agree")]


def test_no_negation_is_taken_from_before_either():
    from monalog.augment.contradiction_checks import bad_contradiction

    assert bad_contradiction("Mary ca n't swim , and John ca n't , either .",
                             "Mary can swim , and John ca n't , either .") == (
        "a negation taken from before \"either\" (\"Mary can swim, and John can't, either\")")
    assert bad_contradiction("Mary can swim .", "Mary can not swim .") is None
