"""Subject-verb agreement after an edit, for generated sentences: "A woman and a dog are sitting"
without its second conjunct is "A woman is sitting"; "A group of kids" normalised to "Some kids"
takes "are". The main clause's "is"/"are" (in each coordinated verb phrase) follows its subject's
number (its head noun, or a coordination), as `be_for` reads it."""
from __future__ import annotations

from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree, Unary
from monalog.inference.treeops import surface
from monalog.text.morphology import be_for

_BE = {"is", "are"}


def agree(tree: Tree) -> Tree:
    """`tree` with its main clause's copula or auxiliary "is"/"are" agreeing with the subject."""
    if not (isinstance(tree, Binary) and tree.rule is Rule.BA and str(tree.left.category) == "NP"):
        return tree
    wanted = "are" if _coordinated(tree.left) else be_for(surface(tree.left))
    right = _agree_vp(tree.right, wanted)
    return tree if right is tree.right else Binary(tree.category, tree.rule, tree.left, right, tree.head_is_left)


def _coordinated(np: Tree) -> bool:
    """A coordination of nouns or noun phrases ("the man and woman"), not of adjectives ("brown and
    white") nor inside a relative clause or PP."""
    if isinstance(np, Binary) and np.rule is Rule.BA and isinstance(np.right, Binary) and np.right.rule is Rule.CONJ:
        return str(np.category) in ("N", "NP")
    return isinstance(np, (Binary, Unary)) and any(
        _coordinated(child) for child in np.children if str(child.category) in ("N", "NP"))


def _agree_vp(vp: Tree, wanted: str) -> Tree:
    """The VP with its first word, and each coordinated VP's first word, set to `wanted` where it
    is "is"/"are" ("is sitting ... and are looking" -> "and is looking")."""
    if isinstance(vp, Binary) and vp.rule is Rule.BA and isinstance(vp.right, Binary) and vp.right.rule is Rule.CONJ:
        conj = vp.right
        left, right = _agree_vp(vp.left, wanted), _agree_vp(conj.right, wanted)
        if left is vp.left and right is conj.right:
            return vp
        return Binary(vp.category, vp.rule, left,
                      Binary(conj.category, conj.rule, conj.left, right, conj.head_is_left), vp.head_is_left)
    first = vp
    while isinstance(first, Binary):
        first = first.left
    if not isinstance(first, Leaf) or first.token.word.lower() not in _BE or first.token.word.lower() == wanted:
        return vp
    return _replace_first(vp, wanted)


def _replace_first(node: Tree, word: str) -> Tree:
    if isinstance(node, Leaf):
        return Leaf(node.category, Token(word, node.token.lemma, "VBZ" if word == "is" else "VBP"))
    assert isinstance(node, Binary)
    return Binary(node.category, node.rule, _replace_first(node.left, word), node.right, node.head_is_left)
