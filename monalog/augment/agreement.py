"""Subject-verb agreement after an edit, for generated sentences: "A woman and a dog are sitting"
without its second conjunct is "A woman is sitting"; "A group of kids" normalised to "Some kids"
takes "are". The main clause's "is"/"are" (in each coordinated verb phrase) follows its subject's
number (its head noun, or a coordination), as `be_for` reads it."""
from __future__ import annotations

from typing import Callable, TypeGuard, cast

from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree, Unary
from monalog.inference.treeops import surface
from monalog.text.morphology import be_for, past_tense, third_person

_BE = {"is", "are"}


def agree(tree: Tree, premise: Tree | None = None) -> Tree:
    """`tree` with its main clause's copula or auxiliary "is"/"are" agreeing with the subject; in
    each of two coordinated sentences ("Some kids are playing and an old man is standing"). Another
    present-tense verb only where the subject of `premise`, which `tree` was made from, was a
    coordination and is one no more ("My brother and sister get up" -> "My brother gets up"): the
    subject's number is read from its words, which may not say it ("I", "fish")."""
    if isinstance(tree, Binary) and tree.rule is Rule.RP:          # the sentence's final "."
        left = agree(tree.left, premise)
        return tree if left is tree.left else Binary(tree.category, tree.rule, left, tree.right, tree.head_is_left)
    if _coordination(tree) and str(tree.left.category).startswith("S"):
        return _each_conjunct(tree, agree)
    if not (isinstance(tree, Binary) and tree.rule is Rule.BA and str(tree.left.category) == "NP"):
        return tree
    coordinated = _coordinated(tree.left)
    wanted = "are" if coordinated else be_for(surface(tree.left))
    was_coordinated = (subject := _subject(premise)) is not None and _coordinated(subject)
    right = _agree_vp(tree.right, wanted, lexical=was_coordinated and not coordinated)
    return tree if right is tree.right else Binary(tree.category, tree.rule, tree.left, right, tree.head_is_left)


def _subject(tree: Tree | None) -> Tree | None:
    """The subject of a sentence that is one clause, past its final punctuation."""
    while isinstance(tree, Binary) and tree.rule is Rule.RP:
        tree = tree.left
    if isinstance(tree, Binary) and tree.rule is Rule.BA and str(tree.left.category) == "NP":
        return tree.left
    return None


def _coordinated(np: Tree) -> bool:
    """A coordination of nouns or noun phrases with "and" ("the man and woman"), not of adjectives
    ("brown and white"), nor inside a relative clause or PP; "a dog or a cat" takes its last
    disjunct's number (`be_for`)."""
    if _coordination(np):
        conj = cast(Binary, np.right).left
        return str(np.category) in ("N", "NP") and isinstance(conj, Leaf) and conj.token.lemma.lower() != "or"
    return isinstance(np, (Binary, Unary)) and any(
        _coordinated(child) for child in np.children if str(child.category) in ("N", "NP"))


def _agree_vp(vp: Tree, wanted: str, lexical: bool = False) -> Tree:
    """The VP with its first word, and each coordinated VP's first word, set to `wanted` where it
    is "is"/"are" ("is sitting ... and are looking" -> "and is looking"), or to the present tense
    of that number where it is another verb's and `lexical` ("get up" -> "gets up")."""
    if _coordination(vp):
        return _each_conjunct(vp, lambda conjunct: _agree_vp(conjunct, wanted, lexical))
    first = vp
    while isinstance(first, Binary):
        first = first.left
    if not isinstance(first, Leaf):
        return vp
    word = first.token.word.lower()
    if word in _BE:
        form = wanted
    elif lexical and _present(first.token):
        form = third_person(first.token.lemma.lower()) if wanted == "is" else first.token.lemma.lower()
    else:
        return vp
    return vp if form == word else _replace_first(vp, form, "VBZ" if wanted == "is" else "VBP")


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


def _replace_first(node: Tree, word: str, tag: str) -> Tree:
    if isinstance(node, Leaf):
        return Leaf(node.category, Token(word, node.token.lemma, tag))
    assert isinstance(node, Binary)
    return Binary(node.category, node.rule, _replace_first(node.left, word, tag), node.right, node.head_is_left)


def _present(token: Token) -> bool:
    """A present-tense lexical verb; tagged so, or spelt as its base where its past differs (the tagger
    calls "get" of "My brother get up" VBD)."""
    lemma = token.lemma.lower()
    return lemma.isalpha() and (token.pos in ("VBP", "VBZ") or (
        token.pos == "VBD" and token.word.lower() == lemma and past_tense(lemma) != lemma))
