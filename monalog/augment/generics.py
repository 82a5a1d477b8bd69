"""Generic bare plurals: in a sentence in the simple present ("A layer of mulch keeps the soil moist
during dry summers", "Older pupils help younger ones"), a plural noun without a determiner in the
subject or in a modifier of the verb phrase speaks of the kind, as "every", not of some: "during
summers" does not follow from "during dry summers", nor "Pupils help" from "Older pupils help", and
"wet summers" contradicts nothing. The generator leaves such phrases as they are (the prover's
polarity reads bare plurals as existential, SICK's convention for its progressive scenes)."""
from __future__ import annotations

from typing import Sequence, TypeVar

from monalog.ccg.category import Functor
from monalog.ccg.tree import Binary, Leaf, Rule, Tree, Unary, leaves
from monalog.inference.negation import main_clause
from monalog.inference.plain_negation import head_verb
from monalog.inference.treeops import AUXILIARIES, Path, node_at, walk
from monalog.text.morphology import is_cardinal, third_person

_COPULAS = frozenset({"is", "are", "am"})
_NOT_PRESENT = frozenset({"would", "could", "might", "did", "was", "were", "had"})
_COUNTS = frozenset({"few", "many", "several", "most", "some", "all", "both", "various", "numerous"})   # read as N/N
Node = TypeVar("Node")


def _simple_present(tree: Tree) -> bool:
    """The main clause's verb is a present form, not a progressive ("Dogs are running": a scene), or a
    present modal ("Dogs can swim")."""
    clause = main_clause(tree)
    if clause is None or (found := head_verb(node_at(tree, clause[1]))) is None:
        return False
    verb = node_at(tree, clause[1] + found)
    assert isinstance(verb, Leaf)
    word, lemma = verb.token.word.lower(), verb.token.lemma.lower()
    if word in _NOT_PRESENT:
        return False
    if word in _COPULAS:
        after = leaves(node_at(tree, clause[1]))[1:2]
        return not (after and after[0].token.pos == "VBG")
    return lemma in AUXILIARIES or word == third_person(lemma) or (word == lemma and verb.token.pos != "VBD")


def _bare_plural(node: Tree) -> bool:
    """A plural noun raised to a noun phrase with no determiner ("dry summers", "older pupils")."""
    if not (isinstance(node, Unary) and node.rule is Rule.LEX and str(node.category) == "NP"):
        return False
    words = [leaf.token.word.lower() for leaf in leaves(node)]
    return leaves(node)[-1].token.pos in ("NNS", "NNPS") and words[0] not in _COUNTS \
        and not any(is_cardinal(w) for w in words)             # "at most three elephants"


def generic_paths(tree: Tree) -> list[Path]:
    """The paths of the generic bare plurals of `tree` (and of the verb-phrase modifier each one is the
    object of), for a sentence in the simple present; none otherwise."""
    if not _simple_present(tree):
        return []
    clause = main_clause(tree)
    assert clause is not None
    subject, vp = clause
    out: list[Path] = []
    for path, node in walk(tree):
        if not _bare_plural(node):
            continue
        if path[:len(subject)] == subject:
            out.append(path)
        elif path[:len(vp)] == vp and len(path) > 1 and _vp_modifier(node_at(tree, path[:-1])):
            out += [path, path[:-1]]
    return out


def _vp_modifier(node: Tree) -> bool:
    """A preposition with its object modifying a verb phrase ("during dry summers")."""
    category = node.category
    return isinstance(node, Binary) and isinstance(category, Functor) and category.result == category.argument \
        and str(category.result.without_features()) == "S\\NP"


def outside(nodes: Sequence[tuple[Path, Node]], paths: Sequence[Path]) -> list[tuple[Path, Node]]:
    """The (path, node) pairs not at or under any of `paths`."""
    return [(path, node) for path, node in nodes if not any(path[:len(p)] == p for p in paths)]
