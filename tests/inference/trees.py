"""Hand-built derivations for parser-free tests: Leaf/Binary values, no tagger, no depccg."""
from __future__ import annotations

from monalog.ccg.category import parse_category
from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree
from monalog.knowledge.base import KnowledgeBase
from monalog.knowledge.facts import Fact, Relation, Source, Term

DET = {"a": "DT", "an": "DT", "no": "DT", "every": "DT", "some": "DT", "the": "DT"}


def leaf(cat: str, word: str, lemma: str | None = None, pos: str = "NN") -> Leaf:
    return Leaf(parse_category(cat), Token(word, lemma or word.lower(), pos))


def np(det: str, noun: str, *adjectives: str, pos: str = "NN") -> Tree:
    """"det adj* noun" as depccg builds it: adjectives applied to the noun, then the determiner."""
    n: Tree = leaf("N", noun, pos=pos)
    for adj in reversed(adjectives):
        n = Binary(parse_category("N"), Rule.FA, leaf("N/N", adj, pos="JJ"), n, False)
    return Binary(parse_category("NP"), Rule.FA, leaf("NP/N", det, pos=DET[det.lower()]), n, False)


def intransitive(word: str, lemma: str) -> Leaf:
    return leaf("S[dcl]\\NP", word, lemma, "VBZ")


def sentence(subject: Tree, vp: Tree) -> Tree:
    return Binary(parse_category("S[dcl]"), Rule.BA, subject, vp, False)


def transitive(verb: str, lemma: str, obj: Tree) -> Tree:
    return Binary(parse_category("S[dcl]\\NP"), Rule.FA, leaf("(S[dcl]\\NP)/NP", verb, lemma, "VBZ"), obj, True)


def kb(*pairs: tuple[str, str]) -> KnowledgeBase:
    """A knowledge base of `small ≤ big` facts."""
    return KnowledgeBase(Fact(Term(a), Relation.LEQ, Term(b), Source.USER, "test") for a, b in pairs)


A_DOG_RUNS = sentence(np("A", "dog"), intransitive("runs", "run"))
A_BLACK_DOG_RUNS = sentence(np("A", "dog", "black"), intransitive("runs", "run"))
NO_BLACK_DOG_RUNS = sentence(np("No", "dog", "black"), intransitive("runs", "run"))
EVERY_DOG_CHASES_A_CAT = sentence(np("Every", "dog"), transitive("chases", "chase", np("a", "cat")))
ANIMALS = kb(("dog", "animal"), ("puppy", "dog"), ("cat", "animal"), ("run", "move"))
