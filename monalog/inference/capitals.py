"""Capitals in a noun phrase: a name, which takes no determiner, and a phrase lower-cased when it no longer
starts its sentence ("People ..." -> "No people ..."; not "Danish", which WordNet writes with a capital)."""
from __future__ import annotations

from functools import lru_cache

from monalog.ccg.tree import Leaf, Token, Tree, leaves
from monalog.inference.treeops import replace_at, walk
from monalog.knowledge.wordnet import wordnet


def lowered(node: Tree) -> Tree:
    """`node` with its first word in lower case (unless a name or a word WordNet writes with a capital
    in its first sense: "Danish", "French"): it is no longer sentence-initial."""
    first = leaves(node)[0]
    if first.token.pos.startswith("NNP") or not first.token.word[:1].isupper() or capitalised(first.token.lemma):
        return node
    lower = Leaf(first.category, Token(first.token.word.lower(), first.token.lemma, first.token.pos))
    return replace_at(node, next(path for path, n in walk(node) if n is first), lower)


def is_name(noun: Tree) -> bool:
    """A one-word capitalised noun of a bare noun phrase that WordNet knows no common noun for, or knows
    with a capital ("Gretel", "Tom"), or a singular noun ("Jack lived": a count noun is no bare subject,
    and no word count tells "jack" from "water"), also one tagged plural whose singular WordNet lacks
    ("Goldilocks ran": no "goldilock"): a name, which takes no "no" whatever the tagger said ("No gretel")."""
    if not isinstance(noun, Leaf) or not noun.token.word[:1].isupper():
        return False
    word = noun.token.word.lower()
    return noun.token.pos.startswith("NNP") or noun.token.pos == "NN" or not wordnet().synsets(word, "n") \
        or capitalised(noun.token.lemma) \
        or (noun.token.pos == "NNS" and not wordnet().synsets(noun.token.lemma.lower(), "n"))


@lru_cache(maxsize=20000)
def capitalised(lemma: str) -> bool:
    """WordNet writes the lemma's first sense with a capital ("Danish")."""
    names = [name for synset in wordnet().synsets(lemma.lower()) for name in synset.lemma_names()
             if name.lower() == lemma.lower()]
    return bool(names) and names[0][:1].isupper()
