"""Why the polarities of a derivation cannot be trusted, so that the prover abstains rather than
proves (soundness before recall): the parsing checks (`monalog.parsing.checks`), and an operator of
the monotonicity lexicon parsed with no place for what it marks."""
from __future__ import annotations

from typing import Sequence

from monalog.ccg.category import complement_slots
from monalog.ccg.tree import Leaf, Tree, leaves
from monalog.parsing import checks
from monalog.polarity.lexicon import default_lexicon
from monalog.polarity.marks import Polarity


def misplaced_operator(tree: Tree) -> Leaf | None:
    """The first downward or non-monotone operator word (grammars/monotonicity.tsv) whose category
    has no slot for its marking ("denied" as a noun, "forbade" without its object), or None. An
    intransitive verb ("the car stopped") has nothing to mark and is no misparse."""
    lexicon = default_lexicon()
    for leaf in leaves(tree):
        sig = lexicon.functor(leaf.token.word, leaf.token.lemma)
        if sig is None or all(mark is Polarity.UP for mark in sig.scope):
            continue
        slots = complement_slots(leaf.category)
        needed = max(i for i, mark in enumerate(sig.scope) if mark is not Polarity.UP) + 1
        if slots < needed and not (slots == 0 and leaf.category.arity == 1):
            return leaf
    return None


def doubt(tree: Tree, probabilities: Sequence[float] = ()) -> str | None:
    """Why a derivation's polarities cannot be trusted, or None. `probabilities`: the tagger's for
    each leaf's category (parsing.Parse.tag_probabilities), to see where the tag dictionary overrode it."""
    reason = checks.doubt(tree)
    if reason:
        return reason
    overridden = checks.forced(tree, probabilities)
    if overridden:
        word, p = overridden
        return f"\"{word.token.word}\" as {word.category}, a category the tagger gave only {p:.3f}"
    leaf = misplaced_operator(tree)
    return None if leaf is None else \
        f"the operator \"{leaf.token.word}\" as {leaf.category}, with no place for what it marks"
