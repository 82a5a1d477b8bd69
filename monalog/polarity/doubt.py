"""Why the polarities of a derivation cannot be trusted, so that the prover abstains rather than
proves (soundness before recall): the parsing checks (`monalog.parsing.checks`), and an operator of
the monotonicity lexicon parsed with no place for what it marks."""
from __future__ import annotations

from typing import Sequence

from monalog.ccg.category import Atom, complement_slots
from monalog.ccg.tree import Leaf, Tree, leaves
from monalog.parsing import checks
from monalog.polarity.lexicon import default_lexicon
from monalog.polarity.marks import Polarity

_N = Atom("N")


def misplaced_operator(tree: Tree) -> Leaf | None:
    """The first downward or non-monotone operator word (grammars/monotonicity.tsv) whose category
    has no slot for its marking ("denied" as a noun, "forbade" without its object), or None. An
    intransitive verb ("the car stopped") has nothing to mark and is no misparse, nor is a noun
    that `_noun_use` shows one ("a new stop")."""
    lexicon = default_lexicon()
    words = leaves(tree)
    for at, leaf in enumerate(words):
        sig = lexicon.functor(leaf.token.word, leaf.token.lemma, leaf.category)
        if sig is None or sig.frame or all(mark is Polarity.UP for mark in sig.scope) \
                or _noun_use(words, at):                            # a frame fits; a noun that is one
            continue
        slots = complement_slots(leaf.category)
        needed = max(i for i, mark in enumerate(sig.scope) if mark is not Polarity.UP) + 1
        if slots < needed and not (slots == 0 and leaf.category.arity == 1):
            return leaf
    return None


def _noun_use(words: Sequence[Leaf], i: int) -> bool:
    """Leaf `i`, an operator word read as a noun, is one: after a determiner or an adjective ("A new | stop has
    opened") or a bare -ing form ending its clause ("climbed the hill without | stopping."); "The dogs | denied"
    as a noun stays a misparse."""
    if words[i].category != _N:
        return False
    before, after = words[i - 1] if i else None, words[i + 1] if i + 1 < len(words) else None
    return before is not None and (str(before.category) == "NP/N" or before.token.pos.startswith("JJ")) \
        or words[i].token.word.lower().endswith("ing") and (after is None or not after.token.word[:1].isalnum())


_COMPLEMENT_HEADS = frozenset({"from", "to"})     # heads of the complements the lexicon's frames leave out


def missing_complement(tree: Tree) -> Leaf | None:
    """The first operator verb read in a shorter frame of the lexicon's ("prevented X", object ↓)
    than another of its frames ("prevented X from Y", object ↑) while a "from" or "to" follows it:
    that phrase may be the missing complement, attached elsewhere, so neither reading is safe."""
    lexicon = default_lexicon()
    words = leaves(tree)
    for i, leaf in enumerate(words):
        sig = lexicon.functor(leaf.token.word, leaf.token.lemma, leaf.category)
        if sig is None or not sig.frame:
            continue
        longer = any(len(row.frame) > len(sig.frame) and row.frame[:len(sig.frame)] == sig.frame
                     for row in lexicon.functor_rows(leaf.token.word, leaf.token.lemma))
        if longer and any(later.token.word.lower() in _COMPLEMENT_HEADS for later in words[i + 1:]):
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
    if leaf is not None:
        return f"the operator \"{leaf.token.word}\" as {leaf.category}, with no place for what it marks"
    leaf = missing_complement(tree)
    return None if leaf is None else (f"the operator \"{leaf.token.word}\" as {leaf.category}, with a "
                                      "from/to-phrase after it that may be its complement")
