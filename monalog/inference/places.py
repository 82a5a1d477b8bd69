"""Where a place phrase puts an action: "running in a field" ≤ "running outdoors", "cooking in the
kitchen" ≤ "cooking indoors" (the nouns are kb/places.tsv). A place phrase is a preposition, an
optional determiner and modifiers, and a place noun last."""
from __future__ import annotations

from functools import lru_cache

from monalog.ccg.tree import Binary, Leaf, Token, Tree, leaves
from monalog.inference.droppable import downward
from monalog.fileio import read_table
from monalog.resources import kb_path

# the prepositions that put an action at a place of either kind ("near a field" does not), and the words
# the target may say
_PREPOSITIONS = {"outdoors": frozenset("in on at across through along around over down up".split()),
                 "indoors": frozenset({"in", "inside"})}
_WORDS = {"outdoors": "outdoors", "outside": "outdoors", "indoors": "indoors", "inside": "indoors"}
_COUNTERPART = {"outdoors": "indoors", "indoors": "outdoors", "outside": "inside", "inside": "outside"}


@lru_cache(maxsize=1)
def _places() -> dict[str, str]:
    return {row["noun"]: row["where"] for row in read_table(kb_path("places.tsv"))}


def where(node: Tree) -> str | None:
    """"outdoors" or "indoors" when `node` is a place phrase ("in a green yard", "on the beach"),
    else None."""
    if not (isinstance(node, Binary) and isinstance(node.left, Leaf) and node.left.token.pos == "IN"):
        return None
    words: list[Leaf] = leaves(node)
    if not words[-1].token.pos.startswith("NN"):
        return None
    last = words[-1].token
    kind = _places().get(last.word.lower()) or _places().get(last.lemma.lower())     # "woods", not "wood"
    if kind is None or words[0].token.lemma.lower() not in _PREPOSITIONS[kind]:
        return None
    inner = words[1:-1]
    # a determiner (or possessive) first, then adjectives and nouns: "in a green yard", "on the sandy beach";
    # never "in no field"
    if inner and inner[0].token.pos in ("DT", "PRP$", "CD"):
        if downward(inner[0]):
            return None
        inner = inner[1:]
    return kind if all(leaf.token.pos.startswith(("JJ", "NN", "VBN")) for leaf in inner) else None


def said(leaf: Leaf) -> str | None:
    """"outdoors" or "indoors" when the word says where on its own ("outside", "indoors"), else None
    (a preposition's "inside a car" is no such word: it takes an object)."""
    kind = _WORDS.get(leaf.token.word.lower()) or _WORDS.get(leaf.token.lemma.lower())
    return None if kind is None or "/" in str(leaf.category) else kind


def placed(node: Tree, word: Leaf) -> Leaf | None:
    """What the place phrase `node` says in the target's word `word` ("outside"): that word when
    the place is of its kind, its counterpart when of the other ("in the kitchen" -> "inside", which
    then excludes "outside"), None when `node` is no place phrase or `word` no such word."""
    kind, said_kind = where(node), said(word)
    if kind is None or said_kind is None:
        return None
    if kind == said_kind:
        return word
    text = _COUNTERPART[word.token.word.lower()]
    return Leaf(word.category, Token(text, text, word.token.pos))
