"""The negation of a verb phrase that has no auxiliary to take "not", as people write it: a copula
takes it ("Tom is a carpenter" -> "Tom is not a carpenter"), a lexical verb asks for "do" ("I
received a telegram" -> "I did not receive a telegram"). Generated contradictions use it
(`contradictories(plain=True)`); the prover reads these forms through its own normaliser."""
from __future__ import annotations

from monalog.ccg.category import Functor
from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree, leaves
from monalog.inference.some_any import ANY, swap_items
from monalog.inference.treeops import Path, auxiliaries, leaf_positions, node_at, replace_at
from monalog.text.morphology import be_for, past_tense, third_person

_COPULAS = frozenset({"is", "are", "was", "were", "am"})
_MODALS = auxiliaries("modal")
_CONJUNCTIONS = frozenset({"and", "or", "but"})
_NEGATIVE = frozenset({"no", "nobody", "nothing", "none", "never", "neither", "nor", "without"})
# a "not" would take these for its focus: "was not only a girl", "is not slow because ..."
_FOCUS = frozenset({"only", "just", "even", "merely", "also", "too", "because", "since", "although", "though",
                    "sometimes", "occasionally", "once", "twice"})      # "does not eat breakfast sometimes"


def head_verb(vp: Tree) -> Path | None:
    """The path in `vp` of its finite verb, down the functor side past the modifiers after it ("grew
    beans | behind her cottage"); None where an adverb or a coordination comes first ("often reads",
    "sang and danced")."""
    node: Tree = vp
    path: Path = ()
    while isinstance(node, Binary):
        if node.rule is Rule.CONJ or (isinstance(node.right, Binary) and node.right.rule is Rule.CONJ):
            return None                                  # "lasts all day | and charges quickly"
        if node.rule is Rule.BA and isinstance(node.right.category, Functor) \
                and node.right.category.result == node.right.category.argument:
            node, path = node.left, path + (0,)          # a modifier after the verb phrase
        elif node.rule in (Rule.FA, Rule.RP):
            node, path = node.left, path + (0,)          # the verb and its object; a final "."
        else:
            return None
    return path if str(node.category).lstrip("(").startswith("S[dcl]") else None


def _do(word: str, base: str, tag: str) -> str | None:
    """The "do" that negates `word` (of lemma `base`) by its form, not by its tag alone (taggers read
    "grew" as VBZ): "does" for a third person, "did" for a past form (or a past tag: "had"), "do" for
    the base form, "did" there too where the past is spelt alike and tagged so ("put", "read")."""
    if not (word.isalpha() and base.isalpha()) or base == "be" or base in _MODALS:    # "so will I"
        return None
    if word == base:
        return "did" if tag == "VBD" and past_tense(base) == base else "do"
    if word == third_person(base):
        return "does"
    return "did" if word == past_tense(base) or tag == "VBD" else None


def plain_negation(tree: Tree, subject: Path, vp: Path) -> tuple[Tree, str] | None:
    """`tree` with the verb phrase at `vp` negated by "not" after its copula or by "do not" before
    its verb, its "some" turned "any" (under "Every intern" either scope contradicts); None for a verb
    phrase that holds a negative word or a word the "not" would focus on, a modal, or a verb whose form
    and tag give no tense."""
    words = [leaf.token.word.lower() for leaf in leaves(node_at(tree, vp))]
    first = leaves(node_at(tree, subject))[0].token
    if (_NEGATIVE | _FOCUS) & set(words) or first.word.lower() in _CONJUNCTIONS \
            or first.pos in ("IN", "TO"):
        return None                                # "Under the table is a cat"; "... tin and | bake it": misparses
    found = head_verb(node_at(tree, vp))
    if found is None:
        return None
    verb = node_at(tree, vp + found)
    assert isinstance(verb, Leaf)
    word, tag = verb.token.word, verb.token.pos
    if word.lower() in _COPULAS:
        new, note = f"{word} not", f"the verb negated: \"{word} not\""
    elif (do := _do(word.lower(), verb.token.lemma.lower(), tag)) is not None:
        subject_words = [w.token.word.lower() for w in leaves(node_at(tree, subject))]
        if do == "do" and be_for(" ".join(subject_words)) == "is" and "and" not in subject_words \
                and first.word.lower() not in ("i", "you", "we", "they"):
            do = "did"                           # "She read the book": a base form after "she" is a past
        new, note = f"{do} not {verb.token.lemma.lower()}", f"the verb negated: \"{do} not\""
    else:
        return None
    edited = replace_at(tree, vp + found, Leaf(verb.category, Token(new, verb.token.lemma, tag)))
    return swap_items(edited, vp, ANY, conjunct=True), note


def modal_have(tree: Tree, path: Path, before: int = 0) -> bool:
    """The word `before` words ahead of the leaf at `path` is a modal's "have" or "be", which the parse may take for
    the finite verb ("could | have won" with "could" an adverb): a "not" after it negates no clause ("could have not
    won" is the possibility of not winning, which "could have won" leaves open)."""
    words = [leaf.token.word.lower() for leaf in leaves(tree)]
    i = leaf_positions(tree)[path] - before
    return i >= 1 and words[i] in ("have", "be") and words[i - 1] in _MODALS
