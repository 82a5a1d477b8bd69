"""Subject-verb agreement after an edit, for generated sentences: "A woman and a dog are sitting"
without its second conjunct is "A woman is sitting"; "A group of kids" normalised to "Some kids"
takes "are". The main clause's "is"/"are" follows its subject's number (its head noun, or a
coordination), as `be_for` reads it."""
from __future__ import annotations

from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree
from monalog.inference.treeops import surface
from monalog.text.morphology import be_for

_BE = {"is", "are"}


def agree(tree: Tree) -> Tree:
    """`tree` with its main clause's copula or auxiliary "is"/"are" agreeing with the subject."""
    if not (isinstance(tree, Binary) and tree.rule is Rule.BA and str(tree.left.category) == "NP"):
        return tree
    verb = tree.right
    while isinstance(verb, Binary):
        verb = verb.left
    if not isinstance(verb, Leaf) or verb.token.word.lower() not in _BE:
        return tree
    wanted = be_for(surface(tree.left))
    if verb.token.word.lower() == wanted:
        return tree
    return Binary(tree.category, tree.rule, tree.left, _replace_first(tree.right, wanted), tree.head_is_left)


def _replace_first(node: Tree, word: str) -> Tree:
    if isinstance(node, Leaf):
        return Leaf(node.category, Token(word, node.token.lemma, "VBZ" if word == "is" else "VBP"))
    assert isinstance(node, Binary)
    return Binary(node.category, node.rule, _replace_first(node.left, word), node.right, node.head_is_left)
