"""Closed-class sanity checks on a derivation (grammars/closed_class.tsv).

The supertagger knows SICK's style; outside it, it sometimes gives a pronoun, a negation or a
conjunction a category the grammar never gives that word. Polarity read off such a derivation is
not to be trusted, so the prover abstains rather than proves (soundness before recall).
"""
from __future__ import annotations

import csv
from functools import lru_cache
from typing import Sequence

import numpy as np

from monalog.ccg.category import Atom, Category, Functor, Slash, parse_category
from monalog.ccg.tree import Binary, Leaf, Rule, Tree, leaves, preorder
from monalog.errors import ResourceError
from monalog.resources import grammar_path


CHECKS = frozenset({"np", "noun", "conj", "operator", "clause", "relative", "modifier", "subordinator", "determiner",
                    "article", "preposition"})
_VERB_FORMS = frozenset({"dcl", "ng", "pss", "pt", "b", "to", "inv", "q"})


def _base(cat: Category) -> str:
    return cat.base if isinstance(cat, Atom) else ""


def _nominal(cat: Category) -> bool:
    return _base(cat) in ("N", "NP")


def _relative(cat: Category) -> bool:
    """A category that makes, after its arguments, a noun's post-modifier ("the dog who barks", "the
    house in which": ((N\\N)/S)\\((N\\N)/NP)) or a question or free relative (S[wq], S[qem], NP)."""
    while isinstance(cat, Functor):
        if cat.slash is Slash.BACKWARD and cat.result == cat.argument and _nominal(_innermost(cat.result)):
            return True
        cat = cat.result
    return cat.feature in ("wq", "qem") or cat.base == "NP"


def _verb(cat: Category) -> bool:
    """A noun, a noun phrase or a verb (its objects taken: S[dcl]\\NP, S[ng]\\NP, never S[adj]\\NP): a category
    no preposition has ("In | Paris" read as a gerund and its object)."""
    if isinstance(cat, Atom):
        return cat.base in ("N", "NP")
    while isinstance(cat, Functor) and cat.slash is Slash.FORWARD:
        cat = cat.result
    return isinstance(cat, Functor) and cat.slash is Slash.BACKWARD and isinstance(cat.result, Atom) \
        and cat.result.base == "S" and cat.result.feature in _VERB_FORMS and _base(cat.argument) == "NP"


def _innermost(cat: Category) -> Atom:
    while isinstance(cat, Functor):
        cat = cat.result
    return cat


def _ok(check: str, cat: Category) -> bool:
    if check == "np":
        return _base(cat) == "NP"
    if check == "noun":         # "others", "the others": a noun or a noun phrase, never a verb's adverb
        return isinstance(cat, Atom) and _base(cat) in ("N", "NP")
    if check == "conj":
        return _base(cat) == "conj" or (isinstance(cat, Functor) and isinstance(cat.result, Functor)
                                        and cat.result.result == cat.result.argument == cat.argument)
    if check == "preposition":
        return not _verb(cat)
    if not isinstance(cat, Functor):
        return False
    if check == "relative":     # "who"/"which" make a noun's modifier or a question; never a that-clause or
        return _relative(cat)   # a verb phrase's modifier ("Nobody [who never smoked got cancer]")
    if check == "operator":     # "not a lot of people" (NP/NP) is fine, "[I do] n't" (NP\NP) is not
        return _base(cat.argument) != "N" and not (_nominal(cat.argument) and cat.slash.value == "\\")
    if check == "article":      # "the dog" (NP/N), "the old" (N/N over N); never a noun or a verb's modifier
        return _base(cat.argument) == "N"
    if check == "determiner":   # "every dog", "most of them", "the most famous"; never "Most" as a noun
        return _base(cat.argument) in ("N", "PP") or cat.result == cat.argument
    if check in ("modifier", "subordinator"):   # "except Ann" modifies; as a verb or an adjective it is misparsed
        made = cat.result       # past further complements: "with | his hands | raised" makes a modifier too
        while not (_base(made) == "PP" or (isinstance(made, Functor) and
                                           made.result.without_features() == made.argument.without_features())):
            if not isinstance(made, Functor):
                return False
            made = made.result
        return True
    # clause: "if"/"unless" take a clause and make a modifier ((S/S)/S, (VP\\VP)/S); "if" also heads a
    # question-like clause ("ask if it rains": S[qem]/S); "Unless" as S/S, with no clause of its own, is a misparse
    made = cat.result
    question = isinstance(made, Atom) and made.feature == "qem"
    return _base(cat.argument) == "S" and (isinstance(made, Functor) or question)


@lru_cache(maxsize=1)
def closed_class() -> dict[str, str]:
    path = grammar_path("closed_class.tsv")
    with path.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader((line for line in handle if not line.startswith("#")), delimiter="\t"))
    checks = {row["word"]: row["check"] for row in rows}
    unknown = set(checks.values()) - CHECKS
    if unknown:
        raise ResourceError(f"{path}: unknown checks {sorted(unknown)}", input=str(path))
    return checks


def tag_dictionary(tags: Sequence[str]) -> dict[str, np.ndarray]:
    """For each closed-class word, which of the scorer's `tags` its check allows: a tag dictionary
    (as C&C and depccg keep for frequent words), so that decoding never gives the word a category it
    never has ("unless" as a noun). A word whose check allows none of the tags is left out."""
    allowed = {check: np.array([_ok(check, parse_category(tag)) for tag in tags])
               for check in set(closed_class().values())}
    return {word: allowed[check] for word, check in closed_class().items() if allowed[check].any()}


_MENDED = frozenset({"np", "preposition", "subordinator"})
FORCED = 0.01       # a closed-class category the tagger scored below this was the tag dictionary's, not its own


def forced(tree: Tree, probabilities: Sequence[float]) -> tuple[Leaf, float] | None:
    """The first closed-class word (pronouns, prepositions and "because" aside: a pronoun is an NP whatever the tagger
    says, and a preposition or "because" kept from a verb's or a noun's category is mended, not doubtful) whose
    category the tagger gave less than FORCED, with that probability: the tag dictionary overrode the tagger there,
    and the rest of the derivation was built around the override."""
    checks = closed_class()
    words = leaves(tree)
    for i, (leaf, p) in enumerate(zip(words, probabilities)):
        check = checks.get(leaf.token.word.lower())
        if check and check not in _MENDED and p < FORCED and not _negated_quantifier(leaf, words[i + 1:i + 2]):
            return leaf, p
    return None


_NEGATED_QUANTIFIERS = frozenset({"many", "much", "all", "every", "everyone", "everybody", "everything"})


def _negated_quantifier(leaf: Leaf, following: Sequence[Leaf]) -> bool:
    """"Not" as NP/NP before "many", "all" or "every" ("Not many of the campers ...", "Not all dogs"):
    CCGbank's own analysis, however rarely the tagger gives it; the polarizer reads it as the negated
    quantifier. Not before "a" ("Not a few houses" means many; "Not a day passes without ..." is
    idiomatic), where the override stays doubtful."""
    return leaf.token.word.lower() == "not" and str(leaf.category) == "NP/NP" and bool(following) \
        and following[0].token.word.lower() in _NEGATED_QUANTIFIERS


def misparsed(tree: Tree) -> Leaf | None:
    """The first closed-class word with a category its word never has, or None."""
    checks = closed_class()
    for leaf in leaves(tree):
        check = checks.get(leaf.token.word.lower())
        if check and not _ok(check, leaf.category):
            return leaf
    return None


def doubt(tree: Tree) -> str | None:
    """Why a derivation cannot be trusted, or None: a closed-class word with a category its word
    never has, or a sentence with a finite verb derived as a noun phrase ("A couple standing on
    the curb" is a noun phrase; "Few pilots smoke" is not)."""
    leaf = misparsed(tree)
    if leaf is not None:
        return f"\"{leaf.token.word}\" as {leaf.category}, a category this word never has"
    if _base(tree.category) == "NP":
        verb = next((lf for lf in leaves(tree) if lf.token.pos in ("VBZ", "VBP", "VBD")), None)   # finite
        if verb is not None:
            return f"a sentence with the verb \"{verb.token.word}\" derived as a noun phrase"
    leaf = _progressive_as_modifier(tree)
    if leaf is not None:
        return f"the verb \"{leaf.token.word}\" after a form of \"be\" derived as a noun's modifier"
    if _exceptive_as_coordination(tree):
        return "the exceptive \"but\" derived as a coordination of noun phrases"
    leaf = _finite_be_as_nonfinite(tree)
    if leaf is not None:
        return f"the finite \"{leaf.token.word}\" derived as {leaf.category}, a form it never has"
    return None


_FINITE_BE = frozenset({"is", "are", "was", "were", "am"})
_NONFINITE = frozenset({"ng", "pt", "pss", "b", "to"})


def _finite_be_as_nonfinite(tree: Tree) -> Leaf | None:
    """"is", "are", "was", "were" or "am" with a category that makes a non-finite verb phrase: "I hope this
    is n't a mistake" derived as "hope (this (is n't a mistake))", "is" an -ing form modifying "this"."""
    for leaf in leaves(tree):
        made = leaf.category
        while isinstance(made, Functor):
            made = made.result
        if leaf.token.word.lower() in _FINITE_BE and made.feature in _NONFINITE:
            return leaf
    return None


def _exceptive_as_coordination(tree: Tree) -> bool:
    """"Everyone but the driver" derived as a coordination of two noun phrases: "but" between noun phrases is the
    exceptive, whose polarities a coordination gets wrong ("Every young person but the driver got off")."""
    return any(isinstance(node, Binary) and node.rule is Rule.CONJ and isinstance(node.left, Leaf)
               and node.left.token.word.lower() == "but" and _base(node.right.category.without_features()) == "NP"
               for _, node in preorder(tree))


def _progressive_as_modifier(tree: Tree) -> Leaf | None:
    """A verb's -ing form read as the modifier of a noun that a form of "be" takes as its object: "She has been
    | studying French" as "been (studying French)", which would give "She has been French"."""
    all_leaves = leaves(tree)
    for before, leaf in zip(all_leaves, all_leaves[1:]):
        if leaf.token.pos == "VBG" and str(leaf.category) == "N/N" and before.token.lemma.lower() == "be" \
                and isinstance(before.category, Functor) and _base(before.category.argument) == "NP":
            return leaf
    return None
