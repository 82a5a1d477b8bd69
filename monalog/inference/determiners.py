"""Determiners in a derivation: those of two words the parser reads as an article and an adjective
("a few children": A + few children) and those of one word ("every dog", "three women"), for the
target (`Target.pairs`) and the determiner edits (monalog.inference.edits)."""
from __future__ import annotations

from monalog.ccg.category import parse_category
from monalog.ccg.tree import Binary, Leaf, Tree, Unary
from monalog.inference.treeops import is_determiner, walk
from monalog.polarity.lexicon import default_lexicon

N, NP = parse_category("N"), parse_category("NP")
MODIFIER, DETERMINER = parse_category("N/N"), parse_category("NP/N")


def pairs_in(tree: Tree) -> tuple[tuple[str, tuple[Leaf, Leaf]], ...]:
    """The determiners of two words in `tree` ("a few"), each with its two leaves."""
    return tuple(dict(known for _, node in walk(tree) if (known := known_pair(node))).items())


def known_pair(np: Tree) -> tuple[str, tuple[Leaf, Leaf]] | None:
    """The determiner of two words of the lexicon ("a few") that `np` starts with, and its leaves;
    None for an article and an adjective ("a red") or any other NP."""
    split = determiner_pair(np)
    if split is None:
        return None
    words = tuple(leaf.token.word.lower() for leaf in split[1])
    return (" ".join(words), split[1]) if words in default_lexicon().determiners else None


def one_word_determiner(np: Tree) -> tuple[tuple[int, ...], Leaf, Tree] | None:
    """An NP of a determiner and a noun ("every (dog)") or of a numeral's bare plural ("(three
    women)"): the path to the determiner, its leaf and the noun after it."""
    if isinstance(np, Binary) and np.category == NP and isinstance(np.left, Leaf) and is_determiner(np.left) \
            and np.right.category == N:
        return (0,), np.left, np.right
    if isinstance(np, Unary) and np.category == NP and isinstance(np.child, Binary) \
            and isinstance(np.child.left, Leaf) and is_determiner(np.child.left) and np.child.right.category == N:
        return (0, 0), np.child.left, np.child.right
    return None


def determiner_pair(np: Tree) -> tuple[tuple[int, ...], tuple[Leaf, Leaf], Tree] | None:
    """An NP that starts with two words the parser reads as a determiner and an adjective: the
    path to its first word, the two leaves and the noun after them ("a (few children)" or "(a few)
    children")."""
    if not (isinstance(np, Binary) and np.category == NP):
        return None
    left, right = np.left, np.right
    if isinstance(left, Leaf) and isinstance(right, Binary) and isinstance(right.left, Leaf) \
            and right.left.category == MODIFIER:
        return (0,), (left, right.left), right.right
    if isinstance(left, Binary) and isinstance(left.left, Leaf) and isinstance(left.right, Leaf) \
            and left.right.category == MODIFIER:
        return (0, 0), (left.left, left.right), right
    return None
