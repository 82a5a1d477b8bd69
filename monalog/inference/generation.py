"""Edits licensed by polarity and the knowledge base, proposed toward a target sentence.

Each edit keeps the derivation (the edited tree is re-polarized, never re-parsed):
- replace a word in an ↑ position by a word above it, in a ↓ position by one below it;
- drop a modifier (adjective, adverb, prepositional phrase, relative clause) or a conjunct of
  "and" where the modified constituent is ↑ (red car ≤ car);
- add a modifier of the target where the constituent is ↓;
- add a disjunct of the target where ↑ (X ≤ X or Y);
- and the phrase edits of monalog.inference.edits (its registry, `RULES`, gives the order).
Only edits that bring the sentence closer to the target are proposed (MonaLog's generation,
restricted to the words and modifiers of the pair).
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Callable, Sequence

from monalog.ccg.tree import Tree
from monalog.inference.edits import RULES, EditContext, Edits, Nodes, deletions
from monalog.inference.target import Target, kb_leq
from monalog.inference.treeops import ARTICLE, lemma_key, norm_lemma
from monalog.knowledge.base import KnowledgeBase
from monalog.knowledge.facts import Fact
from monalog.polarity.polarizer import PolarizedNode

if TYPE_CHECKING:
    from monalog.inference.alignment import Alignment


class Generator:
    """Proposes (edited tree, step) pairs from a polarized tree toward a target, rule by rule."""

    def __init__(self, kb: KnowledgeBase, intransitive: Callable[[str], bool] | None = None,
                 alignments: Sequence["Alignment"] = (), counting: bool = False, compound_facts: bool = True) -> None:
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

    def _context(self, tree: Tree, nodes: Nodes, target: Target | None, have: Counter | None = None,
                 missing: dict | None = None) -> EditContext:
        return EditContext(tree, nodes, target, self._leq, self.kb, have or Counter(), missing or {}, self.counting,
                           self.intransitive, self.alignments, self.compound_facts)

    def edits(self, tree: Tree, pn: PolarizedNode, target: Target) -> Edits:
        """Every rule's edits of `tree` (polarized as `pn`) toward `target`, in the registry's order."""
        nodes = list(pn.walk_paths())
        have = Counter(lemma_key(tree))
        missing = {norm_lemma(leaf): leaf.token for leaf in target.leaves
                   if have[norm_lemma(leaf)] < target.lemmas[norm_lemma(leaf)]}
        missing.pop(ARTICLE, None)
        ctx = self._context(tree, nodes, target, have, missing)
        for rule in RULES:
            yield from rule(ctx)

    def deletions(self, tree: Tree, nodes: Nodes, target: Target | None) -> Edits:
        """The deletions alone (monalog.inference.edits.deletions); `target` None: every one."""
        return deletions.edits(self._context(tree, nodes, target))
