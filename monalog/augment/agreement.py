"""Subject-verb agreement after an edit, for generated sentences: "A woman and a dog are sitting"
without its second conjunct is "A woman is sitting"; "A group of kids" normalised to "Some kids"
takes "are". The main clause's "is"/"are" (in each coordinated verb phrase) follows its subject's
number (its head noun, or a coordination), as `be_for` reads it."""
from __future__ import annotations

from typing import Callable, TypeGuard, cast

from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree, Unary
from monalog.inference.treeops import surface
from monalog.text.morphology import be_for

_BE = {"is", "are"}


def agree(tree: Tree) -> Tree:
    """`tree` with its main clause's copula or auxiliary "is"/"are" agreeing with the subject; in
    each of two coordinated sentences ("Some kids are playing and an old man is standing")."""
    if _coordination(tree) and str(tree.left.category).startswith("S"):
        return _each_conjunct(tree, agree)
    if not (isinstance(tree, Binary) and tree.rule is Rule.BA and str(tree.left.category) == "NP"):
        return tree
    wanted = "are" if _coordinated(tree.left) else be_for(surface(tree.left))
    right = _agree_vp(tree.right, wanted)
    return tree if right is tree.right else Binary(tree.category, tree.rule, tree.left, right, tree.head_is_left)


def _coordinated(np: Tree) -> bool:
    """A coordination of nouns or noun phrases with "and" ("the man and woman"), not of adjectives
    ("brown and white"), nor inside a relative clause or PP; "a dog or a cat" takes its last
    disjunct's number (`be_for`)."""
    if _coordination(np):
        conj = cast(Binary, np.right).left
        return str(np.category) in ("N", "NP") and isinstance(conj, Leaf) and conj.token.lemma.lower() != "or"
    return isinstance(np, (Binary, Unary)) and any(
        _coordinated(child) for child in np.children if str(child.category) in ("N", "NP"))


def _agree_vp(vp: Tree, wanted: str) -> Tree:
    """The VP with its first word, and each coordinated VP's first word, set to `wanted` where it
    is "is"/"are" ("is sitting ... and are looking" -> "and is looking")."""
    if _coordination(vp):
        return _each_conjunct(vp, lambda conjunct: _agree_vp(conjunct, wanted))
    first = vp
    while isinstance(first, Binary):
        first = first.left
    if not isinstance(first, Leaf) or first.token.word.lower() not in _BE or first.token.word.lower() == wanted:
        return vp
    return _replace_first(vp, wanted)


def _coordination(node: Tree) -> TypeGuard[Binary]:
    return isinstance(node, Binary) and node.rule is Rule.BA and isinstance(node.right, Binary) \
        and node.right.rule is Rule.CONJ


def _each_conjunct(node: Binary, fix: Callable[[Tree], Tree]) -> Tree:
    """"X conj Y" with `fix` applied to X and to Y (the same node when neither changes)."""
    conj = cast(Binary, node.right)
    left, right = fix(node.left), fix(conj.right)
    if left is node.left and right is conj.right:
        return node
    return Binary(node.category, node.rule, left,
                  Binary(conj.category, conj.rule, conj.left, right, conj.head_is_left), node.head_is_left)


def _replace_first(node: Tree, word: str) -> Tree:
    if isinstance(node, Leaf):
        return Leaf(node.category, Token(word, node.token.lemma, "VBZ" if word == "is" else "VBP"))
    assert isinstance(node, Binary)
    return Binary(node.category, node.rule, _replace_first(node.left, word), node.right, node.head_is_left)
