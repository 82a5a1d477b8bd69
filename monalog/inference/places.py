"""Where a place phrase puts an action: "running in a field" ≤ "running outdoors", "cooking in the
kitchen" ≤ "cooking indoors" (the nouns are kb/places.tsv). A place phrase is a preposition, an
optional determiner and modifiers, and a place noun last."""
from __future__ import annotations

from functools import lru_cache

from monalog.ccg.category import parse_category
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


# the prepositions that say where an action on the ground happens: "in" and "on" alike, "through" either of them
GROUND_PREPOSITIONS = frozenset({"in", "on", "through"})
_VP_MODIFIER = parse_category("(S\\NP)\\(S\\NP)")


@lru_cache(maxsize=1)
def _places() -> dict[str, tuple[str, bool]]:
    """noun -> (outdoors or indoors, whether it is ground one acts in or on alike)."""
    return {row["noun"]: (row["where"], row.get("ground") == "yes") for row in read_table(kb_path("places.tsv"))}


def _noun(leaf: Leaf) -> str | None:
    """The place noun of kb/places.tsv a leaf is, by its word first ("woods", not "wood")."""
    return next((w for w in (leaf.token.word.lower(), leaf.token.lemma.lower()) if w in _places()), None)


def ground(node: Tree) -> str | None:
    """The noun of a verb's place phrase on the ground, with "in", "on" or "through" ("running in the
    field", "on a grassy lawn"), else None."""
    if where(node) is None or node.category.without_features() != _VP_MODIFIER:
        return None
    words = leaves(node)
    noun = _noun(words[-1])
    return noun if noun and _places()[noun][1] and words[0].token.lemma.lower() in GROUND_PREPOSITIONS else None


def where(node: Tree) -> str | None:
    """"outdoors" or "indoors" when `node` is a place phrase ("in a green yard", "on the beach"),
    else None."""
    if not (isinstance(node, Binary) and isinstance(node.left, Leaf) and node.left.token.pos == "IN"):
        return None
    words: list[Leaf] = leaves(node)
    if not words[-1].token.pos.startswith("NN"):
        return None
    noun = _noun(words[-1])
    kind = _places()[noun][0] if noun else None
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
