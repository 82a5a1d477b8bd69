"""Collective predicates: "The students met in the hall", "Anna and Tom bought a car together" say something of
the group, not of each member (Link 1983; FraCaS section 2), so neither "A student met in the hall" nor "Anna
bought a car" follows. A predicate is collective by an intransitive verb of grammars/collective_words.txt
(meet, gather, marry) or by "together" / "jointly" in the sentence."""
from __future__ import annotations

import re
from functools import lru_cache

from monalog.ccg.tree import Leaf, Tree, leaves
from monalog.inference.negation import main_clause
from monalog.inference.treeops import node_at
from monalog.resources import grammar_lines

_TOGETHER = frozenset({"together", "jointly"})
_INTRANSITIVE = re.compile(r"S\[\w+\]\\NP")


@lru_cache(maxsize=1)
def collective_words() -> frozenset[str]:
    return frozenset(grammar_lines("collective_words.txt"))


def collective(tree: Tree) -> str | None:
    """The word that makes the sentence's predicate collective, or None."""
    for leaf in leaves(tree):
        if leaf.token.word.lower() in _TOGETHER:
            return leaf.token.word
        if leaf.token.pos.startswith("VB") and leaf.token.lemma.lower() in collective_words() \
                and _INTRANSITIVE.fullmatch(str(leaf.category)):
            return leaf.token.word
    return None


def group_to_member(premise: Tree, hypothesis: Tree) -> str | None:
    """The collective word when the premise says its predicate of a plural subject (a plural noun, "A and B")
    and the hypothesis of a singular one, else None."""
    word = collective(premise)
    return word if word is not None and _plural(premise) is True and _plural(hypothesis) is False else None


def _plural(tree: Tree) -> bool | None:
    """Whether the main clause's subject is plural (a plural head noun, a coordination), singular (a singular
    noun or a name), or None (a pronoun, no clause)."""
    clause = main_clause(tree)
    if clause is None:
        return None
    words = leaves(node_at(tree, clause[0]))
    if any(leaf.token.word.lower() == "and" for leaf in words):
        return True
    nouns = [leaf for leaf in words if isinstance(leaf, Leaf) and leaf.token.pos.startswith("NN")]
    return None if not nouns else nouns[-1].token.pos in ("NNS", "NNPS")
