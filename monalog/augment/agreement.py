"""Subject-verb agreement after an edit, for generated sentences: "A woman and a dog are sitting"
without its second conjunct is "A woman is sitting"; "A group of kids" normalised to "Some kids"
takes "are". The main clause's "is"/"are" (in each coordinated verb phrase) follows its subject's
number (its head noun, or a coordination), as `be_for` reads it."""
from __future__ import annotations

from typing import Callable, TypeGuard, cast

from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree, Unary
from monalog.inference.treeops import surface
from monalog.text.morphology import ZERO_PLURALS, be_for, past_tense, third_person

_BE = {"is", "are"}


def agree(tree: Tree, premise: Tree | None = None) -> Tree:
    """`tree` with its main clause's copula or auxiliary "is"/"are" agreeing with the subject; in each of two
    coordinated sentences ("Some kids are playing and an old man is standing"), past a final "." or a conjunct's
    comma. Given the `premise` `tree` was made from: nothing changes where the subject is the premise's (its
    agreement stands: "The fish are swimming"), and another present-tense verb agrees too where the premise's
    subject was a coordination and is one no more ("My brother and sister get up" -> "My brother gets up")."""
    if isinstance(tree, Binary) and tree.rule is Rule.RP:       # a final "." or a conjunct's "," ("walking, and")
        left = agree(tree.left, premise)
        return tree if left is tree.left else Binary(tree.category, tree.rule, left, tree.right, tree.head_is_left)
    if _coordination(tree) and str(tree.left.category).startswith("S"):
        return _each_conjunct(tree, agree)
    if not (isinstance(tree, Binary) and tree.rule is Rule.BA and str(tree.left.category) == "NP"):
        return tree
    subject = _subject(premise)
    if subject is not None and surface(subject) == surface(tree.left):
        return tree
    be, singular = _number(tree.left)
    lexical = subject is not None and _coordinated(subject) and singular is not None
    right = _agree_vp(tree.right, be, singular if lexical else None)
    return tree if right is tree.right else Binary(tree.category, tree.rule, tree.left, right, tree.head_is_left)


_PRONOUNS = {"i": ("am", False), "you": ("are", False), "we": ("are", False), "they": ("are", False),
             "he": ("is", True), "she": ("is", True), "it": ("is", True)}


def _number(np: Tree) -> tuple[str | None, bool | None]:
    """The subject's "is"/"are" (or "am") and whether a verb takes its third person singular; None
    where its words do not tell (a noun the same in both numbers: "fish", "deer")."""
    text = surface(np).lower()
    if text.split()[0] in ("every", "each"):
        return "is", True                      # "Every boy and girl is taught": one at a time
    if _coordinated(np):
        return "are", False
    if text in _PRONOUNS:
        return _PRONOUNS[text]
    if text.split()[-1] in ZERO_PLURALS:
        return None, None
    be = be_for(text)
    return be, be == "is"


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


def _agree_vp(vp: Tree, be: str | None, singular: bool | None = None) -> Tree:
    """The VP with its first word, and each coordinated VP's first word, set to `be` where it is
    "is"/"are" ("is sitting ... and are looking" -> "and is looking"), or, given `singular`, to the
    present tense of that number where it is another verb's ("get up" -> "gets up")."""
    if _coordination(vp):
        return _each_conjunct(vp, lambda conjunct: _agree_vp(conjunct, be, singular))
    first = vp
    while isinstance(first, Binary):
        first = first.left
    if not isinstance(first, Leaf):
        return vp
    word, lemma = first.token.word.lower(), first.token.lemma.lower()
    if word in _BE and be is not None:
        form, tag = be, "VBZ" if be == "is" else "VBP"
    elif word in ("was", "were") and be is not None:
        form, tag = "were" if be == "are" else "was", "VBD"
    elif singular is not None and _present(first.token):
        form, tag = (third_person(lemma), "VBZ") if singular else (lemma, "VBP")
    else:
        return vp
    return vp if form == word else _replace_first(vp, form, tag)


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
    """A lexical verb spelt as its present tense: its base or its third person singular, whatever the
    tagger says ("get" of "My brother get up" is tagged VBD); never a modal ("can", tagged VBZ) nor "be"."""
    lemma, word = token.lemma.lower(), token.word.lower()
    return lemma.isalpha() and token.pos.startswith("VB") and lemma not in _MODALS | {"be"} \
        and (word == third_person(lemma) or (word == lemma and past_tense(lemma) != lemma))


_MODALS = frozenset({"can", "could", "will", "would", "shall", "should", "may", "might", "must"})
