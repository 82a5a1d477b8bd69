"""Collective predicates: "The students met in the hall", "Anna and Tom bought a car together" say something of
the group, not of each member (Link 1983; FraCaS section 2), so neither "A student met in the hall" nor "Anna
bought a car" follows. A main clause's predicate is collective by an intransitive verb of
grammars/collective_words.txt (meet, gather, marry) or by "together" / "jointly" beside a verb with an object
("bought a car together"; "Two dogs are playing together" is said of each dog)."""
from __future__ import annotations

import re
from functools import lru_cache

from monalog.ccg.tree import Tree, leaves
from monalog.inference.negation import main_clause
from monalog.inference.treeops import head_noun, node_at
from monalog.resources import grammar_lines

_TOGETHER = frozenset({"together", "jointly"})
_INTRANSITIVE = re.compile(r"S\[\w+\]\\NP")


@lru_cache(maxsize=1)
def collective_words() -> frozenset[str]:
    return frozenset(grammar_lines("collective_words.txt"))


@lru_cache(maxsize=1)
def group_nouns() -> frozenset[str]:
    return frozenset(grammar_lines("group_nouns.txt"))


def collective(tree: Tree) -> str | None:
    """The word that makes the main clause's predicate collective, or None."""
    clause = main_clause(tree)
    if clause is None:
        return None
    words = leaves(node_at(tree, clause[1]))
    transitive = any(leaf.token.pos.startswith("VB") and str(leaf.category).endswith("/NP") for leaf in words)
    for leaf in words:
        if leaf.token.word.lower() in _TOGETHER and transitive:
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
    head noun or a name), or None (a pronoun, a group noun, no clause)."""
    clause = main_clause(tree)
    if clause is None:
        return None
    words = leaves(node_at(tree, clause[0]))
    if any(leaf.token.word.lower() == "and" for leaf in words):
        return True
    head = head_noun(list(words))
    return None if head is None or head.lemma.lower() in group_nouns() else head.pos in ("NNS", "NNPS")
