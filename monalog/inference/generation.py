"""Edits licensed by polarity and the knowledge base, proposed toward a target sentence.

Each edit keeps the derivation (the edited tree is re-polarized, never re-parsed):
- replace a word in an ↑ position by a word above it, in a ↓ position by one below it;
- drop a modifier (adjective, adverb, prepositional phrase, relative clause) or a conjunct of
  "and" where the modified constituent is ↑ (red car ≤ car);
- add a modifier of the target where the constituent is ↓;
- add a disjunct of the target where ↑ (X ≤ X or Y).
Only edits that bring the sentence closer to the target are proposed (MonaLog's generation,
restricted to the words and modifiers of the pair).
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterator, Sequence, cast

from monalog.ccg.category import Category, Functor, parse_category
from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree, leaves
from monalog.knowledge.base import KnowledgeBase, spaced
from monalog.knowledge.facts import Fact, Relation, Source, Term
from monalog.polarity.lexicon import default_lexicon
from monalog.polarity.marks import Polarity
from monalog.polarity.polarizer import PolarizedNode
from monalog.inference import determiners, phrases
from monalog.inference.proof import Step, StepKind
from monalog.inference.droppable import (complement, droppable_modifier, measured, monotone_modifier, noun_modifier,
                                        operators, without_second_complement)
from monalog.inference.treeops import (ARTICLE, compounds, has_run, head_noun, is_determiner, lemma_key, modifier_split,
                                       node_at, norm_lemma, replace_at, same_category, sentence_text, surface,
                                       walk)

if TYPE_CHECKING:
    from monalog.inference.alignment import Alignment

UP, DOWN, NONE = Polarity.UP, Polarity.DOWN, Polarity.NONE
_NUMBERS = {"a": 1, "an": 1, "one": 1, "some": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10, "twelve": 12, "twenty": 20}


# vague counts: what they guarantee as a premise, and what they claim as a conclusion
_AT_LEAST = {"several": 2, "a few": 2}
_CLAIMS = {"several": 3, "a few": 3}

_A = Token("a", "a", "DT")
_FREE_CHOICE = frozenset({"can", "could", "may", "might", "maybe", "perhaps", "possibly"})


def _number(lemma: str) -> int | None:
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
    na, nb = _number(a), _number(b)
    na, nb = _AT_LEAST.get(a, na), _CLAIMS.get(b, nb)
    if na is not None and nb is not None:
        return (Fact(Term(a), Relation.LEQ, Term(b), Source.FIXED, "numerals read as \"at least\""),) \
            if na >= nb else None
    return None


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
                             if (conj := _conjunction(pn.node)) and conj[0] == "or" and _coordinable(pn.node, "or"))
        words = tuple(leaves(tree))
        return cls(tree, key, Counter(key), words, tuple(mods), disjunctions,
                   tuple((lemma, node) for lemma, _, node in compounds(tree)),
                   tuple((norm_lemma(leaf), leaf) for leaf in words if phrases.one_word(leaf)),
                   determiners.pairs_in(tree))


def _modified_nouns(tree: Tree, path) -> bool:
    """The node at `path` is nouns of "and" after a modifier ("striped | shorts and sunglasses"): whether
    the modifier is about both is a bracketing the parse cannot be trusted with, and keeping one noun
    would move it onto that one ("striped sunglasses")."""
    parent = node_at(tree, path[:-1]) if path else None
    split = modifier_split(parent) if parent is not None else None
    return split == (0, 1) and path[-1] == 1 and str(node_at(tree, path).category) == "N"


def _target_has(target: Target | None, key: tuple[str, ...]) -> bool:
    """The target has every lemma of `key` (so deleting them leads away from it); vacuously true
    for an empty key, whatever the target."""
    return all(target is not None and target.lemmas[lemma] for lemma in key)


def pair_fact(bigger: str, smaller: str, note: str) -> Fact:
    """smaller ≤ bigger, a fact the pair itself licenses (its source: PAIR)."""
    return Fact(Term(smaller), Relation.LEQ, Term(bigger), Source.PAIR, note)


class Generator:
    """Proposes (edited tree, step) pairs from a polarized tree toward a target."""

    def __init__(self, kb: KnowledgeBase, intransitive: Callable[[str], bool] | None = None,
                 alignments: Sequence[Alignment] = (), counting: bool = False, compound_facts: bool = True) -> None:
        """`intransitive`: whether a verb lemma reads well without its object (None: every verb,
        as the prover needs; augmentation keeps only complete verb phrases). `alignments`: phrase
        facts (inference.alignment) that replace whole constituents. `counting`: "a red car and a
        blue car" ≤ "two cars" (sound where bare numerals read "at least"). `compound_facts`: whether the
        pair's facts relate a phrase that stands for one word ("wind_instrument"; False spares the
        search looking for such phrases in every sentence)."""
        self.kb = kb
        self.intransitive = intransitive
        self.alignments = tuple(alignments)
        self.counting = counting
        self.compound_facts = compound_facts
        self._known: dict[tuple[str, str], tuple[Fact, ...] | None] = {}

    def _leq(self, a: str, b: str) -> tuple[Fact, ...] | None:
        """kb_leq, remembered: a search asks the same pairs of words in every sentence it reaches."""
        if (a, b) not in self._known:
            self._known[a, b] = kb_leq(self.kb, a, b)
        return self._known[a, b]

    def edits(self, tree: Tree, pn: PolarizedNode, target: Target) -> Iterator[tuple[Tree, Step]]:
        nodes = list(pn.walk_paths())
        have = Counter(lemma_key(tree))
        missing = {norm_lemma(leaf): leaf.token for leaf in target.leaves
                   if have[norm_lemma(leaf)] < target.lemmas[norm_lemma(leaf)]}
        missing.pop(ARTICLE, None)
        yield from self._replacements(tree, nodes, target, missing)
        yield from determiners.determiner_phrases(tree, nodes, target, self._leq, self.counting)
        yield from determiners.two_word_determiners(tree, nodes, target, self._leq, self.counting)
        if self.compound_facts:
            yield from phrases.compound_replacements(tree, nodes, target, self._leq)
        yield from phrases.aligned_replacements(tree, nodes, self.alignments)
        yield from phrases.place_replacements(tree, nodes, target, have)
        yield from phrases.ground_prepositions(tree, nodes, target, have)
        yield from phrases.clothing_colours(tree, nodes, target)
        yield from phrases.adverb_moves(tree, target)
        yield from phrases.adjective_swaps(tree, target)
        yield from phrases.pp_moves(tree, target)
        yield from self.deletions(tree, nodes, target)
        yield from self._insertions(tree, nodes, target, have)
        if target.disjunctions:                 # the modal scan below is for a target with "or" only
            yield from self._added_disjuncts(tree, nodes, target)

    def _replacements(self, tree, nodes, target, missing) -> Iterator[tuple[Tree, Step]]:
        """Words replaced by words the target has more of. A word the target also has may be
        replaced too: the target's may stand elsewhere ("a black coat" -> "black clothing" when the
        target also mentions "a grey coat"). The "few" of "a few" is no word of its own (determiner_phrases
        replaces the two)."""
        previous = ""
        for path, node in nodes:
            if not isinstance(node.node, Leaf):
                continue
            leaf, p = node.node, node.polarity
            lemma, after = norm_lemma(leaf), previous
            previous = leaf.token.word.lower()
            if lemma == "few" and after == "a":
                continue
            determiner = is_determiner(leaf)
            if lemma == ARTICLE and not determiner:
                continue
            candidates = dict(missing)
            if determiner and lemma != ARTICLE:           # "every dog" -> "a dog": the article is not compared
                candidates[ARTICLE] = _A
            for new_lemma, token in candidates.items():
                facts = phrases.licensed(self._leq, lemma, new_lemma, p)
                if facts is None:
                    continue
                new = Leaf(leaf.category, Token(token.word, token.lemma, token.pos))
                edited = replace_at(tree, path, new)
                yield edited, Step(StepKind.REPLACE, leaf.token.word, token.word, sentence_text(edited), p, facts,
                                   operator=node.operator)

    @staticmethod
    def _swap(tree: Tree, path, node: Binary, target: Target | None) -> Iterator[tuple[Tree, Step]]:
        """"X and Y" -> "Y and X", when the target has the conjuncts in that order."""
        conj_node = cast(Binary, node.right)   # callers checked _conjunction(node): the CONJ node
        swapped = Binary(node.category, node.rule, conj_node.right,
                         Binary(conj_node.category, conj_node.rule, conj_node.left, node.left, conj_node.head_is_left),
                         node.head_is_left)
        if target is None:
            return
        if has_run(target.key, lemma_key(swapped)):
            edited = replace_at(tree, path, swapped)
            yield edited, Step(StepKind.REORDER, surface(node), surface(swapped), sentence_text(edited))

    def deletions(self, tree: Tree, nodes, target: Target | None) -> Iterator[tuple[Tree, Step]]:
        """Monotone modifiers, objects, measures ("a bowl of") and conjuncts dropped where ↑ (unless
        the target has them all); `target` None (undirected generation): every such deletion."""
        for path, node in nodes:
            subtree = node.node
            if node.polarity is not UP:
                conj = _conjunction(subtree)
                if conj and conj[0] in ("and", "or") and node.polarity is DOWN:
                    yield from self._swap(tree, path, subtree, target)
                    if conj[0] == "or":     # not (X or Y) ≤ not X
                        yield from self._drop_conjunct(tree, path, node, conj, target)
                continue
            droppable = droppable_modifier(node)
            if droppable:
                mod, head = droppable
                if _target_has(target, lemma_key(mod)):
                    continue
                edited = replace_at(tree, path, head)
                fact = pair_fact(surface(head), surface(subtree), "a modified phrase is a special case")
                yield edited, Step(StepKind.DELETE, surface(mod), "", sentence_text(edited), UP, (fact,),
                                   operator=node.operator)
            stuff = measured(subtree, gathered=target is not None)
            if stuff is not None and not _target_has(target, lemma_key(subtree)[:-len(lemma_key(stuff))]):
                edited = replace_at(tree, path, stuff)
                fact = pair_fact(surface(stuff), surface(subtree), "a measure of something is some of it")
                yield edited, Step(StepKind.DELETE, surface(subtree)[:-len(surface(stuff))].strip(), "",
                                   sentence_text(edited), UP, (fact,), operator=node.operator)
            obj = None if noun_modifier(tree, path) else complement(subtree)
            verb = subtree.left if obj else None
            if (obj and isinstance(verb, Leaf) and not _target_has(target, lemma_key(subtree.right))
                    and not any(operators(leaves(subtree.right)))      # "drinking no milk" is no drinking
                    and (self.intransitive is None or self.intransitive(verb.token.lemma.lower()))):
                intransitive = Leaf(obj, verb.token)
                edited = replace_at(tree, path, intransitive)
                what = "to an object" if str(subtree.right.category) == "NP" else "with a complement"
                fact = pair_fact(verb.token.word, surface(subtree), f"doing something {what} is doing it")
                yield edited, Step(StepKind.DELETE, surface(subtree.right), "", sentence_text(edited), UP, (fact,),
                                   operator=node.operator)
            shorter = without_second_complement(subtree) if target is not None else None
            if shorter is not None and not _target_has(target, lemma_key(subtree.right)) \
                    and not any(operators(leaves(subtree.right))):
                edited = replace_at(tree, path, shorter)
                fact = pair_fact(surface(shorter), surface(subtree), "doing something with a complement is doing it")
                yield edited, Step(StepKind.DELETE, surface(subtree.right), "", sentence_text(edited), UP, (fact,),
                                   operator=node.operator)
            conj = _conjunction(subtree)
            if conj and conj[0] in ("and", "or"):
                yield from self._swap(tree, path, subtree, target)
            if conj and conj[0] == "and" and not _modified_nouns(tree, path):   # X and Y ≤ X; never "X or Y" ≤ X
                yield from self._drop_conjunct(tree, path, node, conj, target)
                if self.counting and target is not None and target.lemmas["two"]:
                    yield from self._counted(tree, path, node, conj, target)

    @staticmethod
    def _drop_conjunct(tree: Tree, path, node: PolarizedNode, conj: tuple[str, Tree, Tree],
                       target: Target | None) -> Iterator[tuple[Tree, Step]]:
        """Keep one conjunct: "X and Y" ≤ X where ↑, "X or Y" ≥ X where ↓ (the caller checks which)."""
        word, first, second = conj
        subtree = node.node
        if not _coordinable(subtree, word):
            return
        for keep, drop in ((first, second), (second, first)):
            if _target_has(target, lemma_key(drop)):
                continue
            edited = replace_at(tree, path, keep)
            fact = pair_fact(surface(keep), surface(subtree), "\"X and Y\" is a special case of X") if word == "and" \
                else pair_fact(surface(subtree), surface(keep), "X is a special case of \"X or Y\"")
            yield edited, Step(StepKind.DELETE, f"{word} {surface(drop)}" if keep is first else
                               f"{surface(drop)} {word}", "", sentence_text(edited), node.polarity, (fact,),
                               operator=node.operator)

    def _counted(self, tree: Tree, path, node: PolarizedNode, conj: tuple[str, Tree, Tree],
                 target: Target) -> Iterator[tuple[Tree, Step]]:
        """"a red car and a blue car" ≤ "two cars", "a man and a woman" ≤ "two people": two singular
        indefinite noun phrases whose head nouns are, or are below, a plural noun of the target."""
        heads = [_indefinite_head(np) for np in conj[1:]]
        if str(node.node.category) != "NP" or None in heads:
            return
        lemmas = [h.lemma.lower() for h in heads if h is not None]
        plurals = {leaf.token.lemma.lower(): leaf.token for leaf in target.leaves if leaf.token.pos == "NNS"}
        for upper, noun in plurals.items():
            facts = [() if lemma == upper else kb_leq(self.kb, lemma, upper) for lemma in lemmas]
            if any(f is None for f in facts):
                continue
            two = Binary(node.node.category, Rule.FA, Leaf(parse_category("NP/N"), Token("two", "two", "CD")),
                         Leaf(parse_category("N"), Token(noun.word.lower(), noun.lemma, "NNS")), True)
            edited = replace_at(tree, path, two)
            used = tuple(f for found in facts if found for f in found)
            fact = pair_fact(surface(two), surface(node.node), "two things of a kind are two of them")
            yield edited, Step(StepKind.REPLACE, surface(node.node), surface(two), sentence_text(edited), UP,
                               (*used, fact), operator=node.operator)

    def _insertions(self, tree, nodes, target, have) -> Iterator[tuple[Tree, Step]]:
        for mod_node, mod_index in target.modifiers:
            mod = mod_node.children[mod_index]
            head = mod_node.children[1 - mod_index]
            if all(have[lemma] for lemma in lemma_key(mod)):
                continue
            head_key = lemma_key(head)
            for path, node in nodes:
                if node.polarity is not DOWN or not same_category(node.category, head.category):
                    continue
                if lemma_key(node.node) != head_key:
                    continue
                children = (mod, node.node) if mod_index == 0 else (node.node, mod)
                new = Binary(mod_node.category, mod_node.rule, children[0], children[1], mod_node.head_is_left)
                edited = replace_at(tree, path, new)
                fact = pair_fact(surface(node.node), surface(new), "a modified phrase is a special case")
                yield edited, Step(StepKind.INSERT, "", surface(mod), sentence_text(edited), DOWN, (fact,),
                                   operator=node.operator)

    @staticmethod
    def _added_disjuncts(tree, nodes, target: Target) -> Iterator[tuple[Tree, Step]]:
        """"X" -> "X or Y" where ↑ (the converse of dropping a disjunct where ↓), not after a
        possibility modal: "You can take a train or a bus" gives both options (free choice). No
        conjunct is added where ↓: collective verbs ("compare A and B") and misparses make it unsound."""
        modals = [path for path, node in walk(tree) if isinstance(node, Leaf)
                  and node.token.lemma.lower() in _FREE_CHOICE and "S" in str(node.category)]   # not "a can"
        for coordination in target.disjunctions:
            _, first, second = cast(tuple[str, Tree, Tree], _conjunction(coordination))
            for path, node in nodes:
                if node.polarity is not UP or not same_category(node.category, coordination.category) \
                        or any(m < path for m in modals):        # a modal before the phrase
                    continue
                if (added := next((other for conjunct, other in ((first, second), (second, first))
                                   if _same_words(node.node, conjunct)), None)) is None:
                    continue
                edited = replace_at(tree, path, coordination)
                fact = pair_fact(surface(coordination), surface(node.node), "X is a special case of \"X or Y\"")
                after = f"or {surface(added)}" if added is second else f"{surface(added)} or"
                yield edited, Step(StepKind.INSERT, "", after, sentence_text(edited), UP, (fact,),
                                   operator=node.operator)


def _same_words(a: Tree, b: Tree) -> bool:
    """The same lemmas, word for word ("is singing" is not the conjunct "singing")."""
    return len(leaves(a)) == len(leaves(b)) and lemma_key(a) == lemma_key(b)


def _coordinable(node: Tree, word: str) -> bool:
    """Whether one conjunct of `node` stands for the whole (a conjunct dropped or added): not in a
    list with commas ("a light one and a dark one,"), nor a coordination of modifiers with "and"
    ("black and white dog" is no black dog; "a red or blue car" is a car that is red or blue)."""
    return not (word == "and" and _modifier_category(node.category)) \
        and not any(leaf.token.word == "," for leaf in leaves(node))


def _modifier_category(category: Category) -> bool:
    """N/N, NP/NP and the like: a coordination of modifiers ("black and white") is one property."""
    return (isinstance(category, Functor) and category.result == category.argument
            and str(category.result) in ("N", "NP"))


def _indefinite_head(np: Tree) -> Token | None:
    """The head noun of "a/an/one (modifiers) NOUN (...)" when singular, else None."""
    words = leaves(np)
    if len(words) < 2 or words[0].token.lemma.lower() not in ("a", "an", "one"):
        return None
    head = head_noun(words[1:])
    return head if head is not None and head.pos == "NN" else None


def _conjunction(node: Tree) -> tuple[str, Tree, Tree] | None:
    """(conjunction word, first conjunct, second conjunct) for "X and Y" coordinations."""
    if not isinstance(node, Binary) or node.rule is not Rule.BA:
        return None
    right = node.right
    if isinstance(right, Binary) and right.rule is Rule.CONJ and isinstance(right.left, Leaf):
        return right.left.token.lemma.lower(), node.left, right.right
    return None
