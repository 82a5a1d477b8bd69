""""some" and "any" across a negation: "is cutting some onions" negated is "is not cutting any onions"
(not "... some onions", which also reads "there are some onions it is not cutting"), and back."""
from __future__ import annotations

import itertools
from typing import Sequence

from monalog.ccg.tree import Leaf, Token, Tree
from monalog.inference.treeops import Path, node_at, replace_at, walk
from monalog.text.morphology import countable

ANY = {"some": "any", "something": "anything", "someone": "anyone", "somebody": "anybody"}
SOME = {negative: positive for positive, negative in ANY.items()}
_ANY_AFTER = frozenset({"without", "no", "never", "hardly"})      # words that take "any" of their own
# a clause these open is not in the new negation's scope ("No man is crying because some kid hit him")
_SUBORDINATORS = frozenset({"because", "while", "when", "if", "although", "though", "after", "before", "since",
                            "until", "unless", "whereas"})


def swap_items(tree: Tree, scope: Path, words: dict[str, str], conjunct: bool = False, back: bool = False) -> Tree:
    """`tree` with each word of `words` under `scope` replaced by its counterpart: "some" under a new
    negation becomes "any", up to a subordinate clause, never "some" before a number ("some twenty
    minutes"). `conjunct`: only up to the scope's first "and" or "or" ("is not wearing any hat and
    standing on some rocks"). `back`: "any" back to "some", or "a" before a singular count noun
    ("wearing a hat"; "some fresh milk"), but not where another word asks for it ("without any shoes",
    "any longer")."""
    found = [(sub, node) for sub, node in walk(node_at(tree, scope)) if isinstance(node, Leaf)]   # left to right
    for k, (sub, node) in enumerate(found):
        lemma = node.token.lemma.lower()
        if (conjunct and lemma in ("and", "or")) or (not back and lemma in _SUBORDINATORS):
            break
        if not (word := words.get(lemma)):
            continue
        after = found[k + 1][1].token if k + 1 < len(found) else None
        if back and ((k and found[k - 1][1].token.lemma.lower() in _ANY_AFTER)
                     or (after is not None and after.lemma.lower() in ("more", "longer"))):
            continue
        if after is not None and after.pos == "CD":
            continue
        if back and lemma == "any" and after is not None and _singular_count(found[k + 1:]):
            word = "an" if after.word[:1].lower() in "aeiou" else "a"
        word = word.capitalize() if node.token.word[:1].isupper() else word
        tree = replace_at(tree, scope + sub, Leaf(node.category, Token(word, word.lower(), node.token.pos)))
    return tree


def _singular_count(rest: Sequence[tuple[Path, Leaf]]) -> bool:
    """The noun phrase starting here ends in a singular count noun, over premodifiers ("any Mexican
    restaurants", "any fresh milk": no "a"), not the normaliser's "any thing" or "any person"."""
    words = itertools.takewhile(lambda t: t.pos.startswith(("NN", "JJ", "VBN", "VBG", "CD")),
                                (leaf.token for _, leaf in rest))
    head: Token | None = next((t for t in reversed(list(words)) if t.pos.startswith("NN")), None)
    return head is not None and head.pos == "NN" and head.lemma.lower() not in ("thing", "person") \
        and countable(head.lemma.lower())
