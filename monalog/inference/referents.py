"""Who a sentence talks about: its main clause's subject nouns and count, and whether two sentences'
subjects may be two referents (SICK's guideline asks for one situation, so a verb's negation
contradicts only for the same referent)."""
from __future__ import annotations

from typing import Callable

from monalog.ccg.tree import Tree, leaves
from monalog.inference.negation import coordination, main_clause
from monalog.inference.target import number
from monalog.inference.treeops import compounds, head_noun, node_at

_COUNTS = frozenset({"some", "several", "many", "few"})


def subject_count(tree: Tree) -> str | None:
    """The numeral (by its value: "two" and "2" alike) or vague count ("some") that opens the main
    clause's subject; None for a/the/no and the like, or without a clause."""
    main = main_clause(tree)
    first = leaves(node_at(tree, main[0]))[0] if main else None
    if first is None:
        return None
    word = first.token.word.lower()
    if first.token.pos == "CD":
        return str(number(word) or word)
    return word if word in _COUNTS else None


def subject_heads(tree: Tree) -> tuple[str, ...] | None:
    """The lemma of the main clause's subject noun ("dog" in "The old dog of a man is ...", "a man 's
    dog"), one per conjunct with a noun for a subject of "and" ("woman", "man" for "A woman and a man");
    None without a clause or a noun (a pronoun)."""
    main = main_clause(tree)
    if main is None:
        return None
    heads = [h.lemma.lower() for np in _conjuncts(node_at(tree, main[0])) if (h := head_noun(leaves(np)))]
    return tuple(heads) or None


def subject_compounds(tree: Tree) -> tuple[str, ...]:
    """The phrases of the main clause's subject that stand for one word (treeops.compounds:
    "panda_bear" of "A panda bear"), so a subject may be named by its compound, not its last noun."""
    main = main_clause(tree)
    return tuple(key for key, _, _ in compounds(node_at(tree, main[0]))) if main else ()


def two_referents(p_tree: Tree, h_tree: Tree, synonyms: Callable[[str, str], bool]) -> tuple[str, str] | None:
    """The two main subjects' nouns when they may name two referents (SICK's guideline asks for one
    situation): not the same noun nor synonyms, a noun of several words read as the one word WordNet
    has for it too ("A panda bear" and "the panda"). "A boy" and "a kid", "a man" and "the person" may be
    two people, so negating the verb proves no contradiction between them; nor do two counts ("Two men
    are not fighting" / "Some men are fighting": two groups), nor "some" beside no count ("That girl can't
    ride" / "Some girl can ride"). A subject of "and" is the same referents
    when one sentence's nouns are among the other's ("A woman and a man" / "A man and a woman", "a
    man"). None: one referent."""
    heads_a, heads_b = subject_heads(p_tree), subject_heads(h_tree)
    if heads_a is None or heads_b is None:
        return _someone_else(h_tree, heads_b) or _someone_else(p_tree, heads_a)
    count_a, count_b = subject_count(p_tree), subject_count(h_tree)
    if count_a != count_b and (count_a and count_b or "some" in (count_a, count_b)):
        return count_a or "the", count_b or "the"   # "two" men and "some" men, "that girl" and "some girl"
    if len(heads_a) > 1 or len(heads_b) > 1:    # "A woman and a man" / "A man and a woman", or "a man"
        one = set(heads_a) <= set(heads_b) or set(heads_b) <= set(heads_a)
        return None if one else (" and ".join(heads_a), " and ".join(heads_b))
    a, b = heads_a[0], heads_b[0]
    if any(x == y or synonyms(x, y) for x in _subject_names(p_tree, a) for y in _subject_names(h_tree, b)):
        return None
    return a, b


def _someone_else(tree: Tree, heads: tuple[str, ...] | None) -> tuple[str, str] | None:
    """`tree`'s subject (`heads`) is "some person" / "some people" beside the other sentence's pronoun
    (edits/pronoun_subjects.py: "She said" ≤ "Someone said"): someone may be another, so "Someone did
    not say" contradicts nothing."""
    if heads is None or heads[0] not in ("person", "people") or subject_count(tree) != "some":
        return None
    return "a pronoun", heads[0]


def _subject_names(tree: Tree, head: str) -> list[str]:
    """The subject's head noun and the phrases standing for one word that end in it ("panda_bear")."""
    return [head, *(key for key in subject_compounds(tree) if key.endswith(f"_{head}"))]


def _conjuncts(np: Tree) -> list[Tree]:
    """The noun phrases of "A and B" (the parser's NP with an NP\\NP of "and" on its right), or the NP itself."""
    sides = coordination(np, "and")
    return _conjuncts(sides[0]) + _conjuncts(sides[1]) if sides else [np]
