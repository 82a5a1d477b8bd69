"""What a directed search aims at (`Target`: its lemma key, words, modifiers, disjunctions, phrases)
and what licenses an edit toward it: `kb_leq` (the knowledge base, numerals read "at least N"),
`licensed` (the order the polarity asks for) and `pair_fact` (a fact the pair itself licenses). The
edit rules (monalog.inference.edits) and the prover share these."""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Callable, TypeGuard, cast

from monalog.ccg.category import Functor, parse_category
from monalog.ccg.tree import Binary, Leaf, Rule, Tree, leaves
from monalog.inference.determiners import pairs_in
from monalog.inference.droppable import complement, monotone_modifier, without_second_complement
from monalog.inference.treeops import compounds, lemma_key, norm_lemma, verb_phrase, word_key
from monalog.knowledge.base import KnowledgeBase, spaced
from monalog.knowledge.facts import Fact, Relation, Source, Term
from monalog.polarity.lexicon import default_lexicon
from monalog.polarity.marks import Polarity
from monalog.polarity.polarizer import PolarizedNode
from monalog.text.normalize import default_fragment

Leq = Callable[[str, str], "tuple[Fact, ...] | None"]
_N = parse_category("N")
_NUMBERS = {"a": 1, "an": 1, "one": 1, "some": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10, "twelve": 12, "twenty": 20}
# vague counts: what they guarantee as a premise, and what they claim as a conclusion
_AT_LEAST = {"several": 2, "a few": 2}
_CLAIMS = {"several": 3, "a few": 3}


def number(lemma: str) -> int | None:
    """The count a numeral or an article names ("three" 3, "a" 1, "12" 12), None for other words."""
    if re.fullmatch(r"\d+", lemma):
        return int(lemma)
    return _NUMBERS.get(lemma)


def kb_leq(kb: KnowledgeBase, a: str, b: str) -> tuple[Fact, ...] | None:
    """Facts showing a ≤ b; numerals read as "at least N" (three ≤ two ≤ a)."""
    if b == "thing" and a != "thing" and default_lexicon().match_determiner([a]) is None:   # not "nothing"
        return (Fact(Term(a), Relation.LEQ, Term("thing"), Source.FIXED, "everything is a thing"),)
    if (known := kb.leq(a, b)) is not None:
        return known
    if "_" in a + b and (known := kb.leq(spaced(a), spaced(b))) is not None:
        return known        # a fact file writes a phrase with spaces ("ice cream" <= dessert)
    na, nb = number(a), number(b)
    na, nb = _AT_LEAST.get(a, na), _CLAIMS.get(b, nb)
    if na is not None and nb is not None:
        return (Fact(Term(a), Relation.LEQ, Term(b), Source.FIXED, "numerals read as \"at least\""),) \
            if na >= nb else None
    return None


def licensed(leq: Leq, old: str, new: str, polarity: Polarity) -> "tuple[Fact, ...] | None":
    """The facts that let `new` replace `old` at `polarity`: old ≤ new where ↑, new ≤ old where ↓,
    both where = (None when they do not)."""
    if polarity is Polarity.UP:
        return leq(old, new)
    if polarity is Polarity.DOWN:
        return leq(new, old)
    up, down = leq(old, new), leq(new, old)
    return up + down if up is not None and down is not None else None


def pair_fact(bigger: str, smaller: str, note: str) -> Fact:
    """smaller ≤ bigger, a fact the pair itself licenses (its source: PAIR)."""
    return Fact(Term(smaller), Relation.LEQ, Term(bigger), Source.PAIR, note)


def one_word(leaf: Leaf) -> bool:
    """A noun, or a verb without object, that a phrase standing for one word may replace."""
    return (leaf.category == _N and leaf.token.pos.startswith("NN")) or \
        (leaf.token.pos.startswith("VB") and verb_phrase(leaf))


def conjunction(node: Tree) -> tuple[str, Tree, Tree] | None:
    """(conjunction word, first conjunct, second conjunct) for "X and Y" coordinations."""
    if not isinstance(node, Binary) or node.rule is not Rule.BA:
        return None
    right = node.right
    if isinstance(right, Binary) and right.rule is Rule.CONJ and isinstance(right.left, Leaf):
        return right.left.token.lemma.lower(), node.left, right.right
    return None


def coordinable(node: Tree, word: str) -> bool:
    """Whether one conjunct of `node` stands for the whole (a conjunct dropped or added): not in a
    list with commas ("a light one and a dark one,"), nor a coordination of colours with "and" ("black
    and white dog" is no black dog: the colours are one pattern; "a large and beautiful house" is a
    large house, "a fake and expensive gun" no expensive gun; "a red or blue car" is a car that is red
    or blue)."""
    listed = any(leaf.token.word == "," for leaf in leaves(node))
    category = node.category            # N/N, NP\\NP: a coordination of modifiers
    if not (isinstance(category, Functor) and category.result == category.argument
            and str(category.result) in ("N", "NP")):
        return not listed
    # adjectives before the noun are intersective unless colours; a coordination after the noun may be
    # a misparse ("without violence | and rioting"), so it stays one property
    words = [leaf.token.word.lower() for leaf in leaves(node)]
    one_property = category.slash.value == "\\" or any(default_fragment("colour").fullmatch(w) for w in words) \
        or bool(default_lexicon().keep & set(words))       # "a fake and expensive gun" is no expensive gun
    return not listed and not (word == "and" and one_property)


@dataclass(frozen=True)
class Target:
    """What the search aims at: its lemma key and its words and modifiers."""

    tree: Tree
    key: tuple[str, ...]
    lemmas: Counter
    leaves: tuple[Leaf, ...]
    modifiers: tuple[tuple[Tree, int], ...]     # (modifier node, index of the modifier child)
    disjunctions: tuple[Tree, ...] = ()          # "X or Y" nodes
    compounds: tuple[tuple[str, Tree], ...] = ()  # phrases that stand for one word ("wind_instrument")
    singles: tuple[tuple[str, Tree], ...] = ()    # nouns and verbs without object such phrases may replace
    pairs: tuple[tuple[str, tuple[Leaf, Leaf]], ...] = ()   # determiners of two words ("a few")
    arguments: tuple[Binary, ...] = ()          # nouns with their PP argument ("secrets | about the family")
    complements: tuple[tuple[Tree, Tree], ...] = ()   # (verb phrase, the same without its last complement)
    adjectives: tuple[Tree, ...] = ()           # "X and Y" of adjectives before a noun ("easy and peaceful")
    words: tuple[str, ...] = ()                  # the key's words (treeops.word_key)

    @classmethod
    def of(cls, tree: Tree, polarized: PolarizedNode) -> "Target":
        """`polarized`: the target's polarized tree; only its monotone modifiers (not "not",
        "never") may be inserted."""
        key = lemma_key(tree)
        mods = []
        for _, pn in polarized.walk_paths():
            split = monotone_modifier(pn)
            if split:
                mods.append((pn.node, split[0]))
        disjunctions = tuple(pn.node for _, pn in polarized.walk_paths()
                             if (conj := conjunction(pn.node)) and conj[0] == "or" and coordinable(pn.node, "or"))
        words = tuple(leaves(tree))
        return cls(tree, key, Counter(key), words, tuple(mods), disjunctions,
                   tuple((lemma, node) for lemma, _, node in compounds(tree)),
                   tuple((norm_lemma(leaf), leaf) for leaf in words if one_word(leaf)),
                   pairs_in(tree), tuple(pn.node for pn in polarized.walk() if noun_argument(pn.node)),
                   tuple((pn.node, shorter) for pn in polarized.walk() if (shorter := _shorter(pn.node)) is not None),
                   tuple(pn.node for pn in polarized.walk() if str(pn.category) == "N/N"
                         and (conj := conjunction(pn.node)) and conj[0] == "and" and coordinable(pn.node, "and")),
                   word_key(tree))


def noun_argument(node: Tree) -> TypeGuard[Binary]:
    """A noun applied to its PP argument ("muscle | of his face", "secrets | about our family"): the
    noun alone has that argument unsaid, so the phrase is a special case of it, as with a modifier."""
    return isinstance(node, Binary) and node.rule is Rule.FA and node.category == _N \
        and isinstance(node.left, Leaf) and str(node.left.category) == "N/PP" and str(node.right.category) == "PP" \
        and default_lexicon().match_determiner([node.left.token.word.lower()]) is None   # "all | of the dogs"


def _shorter(node: Tree) -> Tree | None:
    """The verb phrase without its object or last PP complement ("take criticism | from his mother",
    "played | the piano"), None for any other node."""
    if (intransitive := complement(node)) is not None:
        return Leaf(intransitive, cast(Leaf, cast(Binary, node).left).token)
    return without_second_complement(node)


def target_has(target: Target | None, key: tuple[str, ...]) -> bool:
    """The target has every lemma of `key` (so deleting them leads away from it); vacuously true
    for an empty key, whatever the target."""
    return all(target is not None and target.lemmas[lemma] for lemma in key)
