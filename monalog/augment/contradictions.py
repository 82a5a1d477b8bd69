"""Contradictions in the forms people write, for augmentation: the engine's contradictories of a
sentence (negated verb, "no" for the subject's quantifier) without the object-quantifier form
("is playing no guitar"), plus "There is no man playing a guitar" and, for a person,
"Nobody is playing a guitar"."""
from __future__ import annotations

from functools import lru_cache

from monalog.ccg.tree import Binary, Leaf, Rule, Tree, Unary, leaves
from monalog.inference.negation import EXISTENTIAL, SUBJECT_SWAP, contradictories, is_quantity
from monalog.inference.treeops import sentence_text, surface
from monalog.knowledge.wordnet_facts import synsets
from monalog.text.morphology import be_for

_RECIPROCAL = {"other", "another", "together"}     # "Nobody is chasing each other" reads badly


def natural_contradictions(tree: Tree) -> list[tuple[str, str]]:
    """(sentence, note) for each contradiction of `tree`, in natural forms: no "no" before nouns
    coordinated under one determiner ("The man and woman" -> "No man and woman are walking")."""
    coordinated = _coordinated_nouns(tree)
    out = [(sentence_text(t), note) for t, note in contradictories(tree, objects=False)
           if not (coordinated and note.startswith(SUBJECT_SWAP))]
    return out + _there_is_no(tree)


def _coordinated_nouns(tree: Tree) -> bool:
    """The main clause's subject coordinates its head nouns ("the man and woman"), not adjectives
    ("a brown and white dog") nor nouns inside a modifier ("a man in a hat and coat")."""
    if not (isinstance(tree, Binary) and tree.rule is Rule.BA and str(tree.left.category) == "NP"):
        return False
    noun = _noun(tree.left)
    while isinstance(noun, Binary) and noun.rule is Rule.FA and str(noun.left.category) == "N/N":
        noun = noun.right                        # over pre-modifiers to the head
    return isinstance(noun, Binary) and isinstance(noun.right, Binary) and noun.right.rule is Rule.CONJ \
        and str(noun.right.category) == "N\\N"


@lru_cache(maxsize=20000)
def is_person(lemma: str) -> bool:
    """The noun's first WordNet sense is a kind of person ("man", "cyclist", "kids")."""
    senses = synsets(lemma, "n")
    return bool(senses) and any(h.name() == "person.n.01" for h in senses[0].closure(lambda s: s.hypernyms()))


def _there_is_no(tree: Tree) -> list[tuple[str, str]]:
    """"There is no N V-ing ..." and "Nobody is V-ing ..." from "A N is V-ing ..." (the main clause
    only; its subject an existential or definite NP without coordination, its verb progressive)."""
    if not (isinstance(tree, Binary) and tree.rule is Rule.BA and str(tree.left.category) == "NP"):
        return []
    noun = _noun(tree.left)
    vp = tree.right
    if noun is None or not (isinstance(vp, Binary) and isinstance(vp.left, Leaf)
                            and vp.left.token.lemma.lower() == "be"
                            and str(vp.right.category).startswith("S[ng]")):
        return []
    words = [leaf.token for leaf in leaves(noun)]
    if any(t.lemma.lower() in ("and", "or") for t in words):
        return []
    rest = surface(vp.right)
    text = surface(noun)
    be = be_for(text)
    if not words[0].pos.startswith("NNP"):
        text = text[:1].lower() + text[1:]       # no longer sentence-initial
    out = [(f"There {be} no {text} {rest}", "the subject said not to exist: \"there is no\"")]
    head = next((words[i - 1] for i, t in enumerate(words) if i and t.pos in ("IN", "WDT", "WP")), words[-1])
    if head.pos.startswith("NN") and is_person(head.lemma.lower()) and not _RECIPROCAL & set(rest.lower().split()):
        out.append((f"Nobody is {rest}", "the subject, a person, said not to exist: \"nobody\""))
    return out


def _noun(np: Tree) -> Tree | None:
    """The N of an NP "DET N" with an existential or definite determiner, or of a bare plural."""
    if isinstance(np, Unary) and np.rule is Rule.LEX and str(np.child.category) == "N":
        noun = np.child                          # "Five kids": the numeral goes with the "no"
        return noun.right if isinstance(noun, Binary) and noun.rule is Rule.FA and is_quantity(noun.left) else noun
    if (isinstance(np, Binary) and np.rule is Rule.FA and isinstance(np.left, Leaf)
            and str(np.left.category) == "NP/N" and np.left.token.lemma.lower() in EXISTENTIAL):
        return np.right
    return None
