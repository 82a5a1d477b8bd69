"""The knowledge base: a networkx graph of ≤ edges (≡ as both directions) plus exclusions,
every edge carrying the Fact (with its source) that put it there."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Iterable

import networkx as nx

from monalog.knowledge.facts import Fact, Relation, Source, Term, read_facts
from monalog.resources import kb_path


class KnowledgeBase:
    """≤ as a directed graph (u -> v: u ≤ v), ⊥ as a set of unordered pairs."""

    def __init__(self, facts: Iterable[Fact] = ()) -> None:
        self.graph = nx.DiGraph()
        self.exclusions: dict[frozenset[str], Fact] = {}
        for fact in facts:
            self.add(fact)

    def add(self, fact: Fact) -> None:
        left, right = fact.left.text, fact.right.text
        if fact.relation is Relation.EXCL:
            self.exclusions.setdefault(frozenset((left, right)), fact)
            return
        if fact.relation in (Relation.LEQ, Relation.EQ) and not self.graph.has_edge(left, right):
            self.graph.add_edge(left, right, fact=fact)
        if fact.relation in (Relation.GEQ, Relation.EQ) and not self.graph.has_edge(right, left):
            self.graph.add_edge(right, left, fact=fact)

    def extended(self, facts: Iterable[Fact]) -> "KnowledgeBase":
        """A copy with more facts (the per-pair KB); the original is left as it is."""
        kb = KnowledgeBase()
        kb.graph = self.graph.copy()
        kb.exclusions = dict(self.exclusions)
        for fact in facts:
            kb.add(fact)
        return kb

    def leq(self, a: str, b: str) -> tuple[Fact, ...] | None:
        """The chain of facts showing a ≤ b (empty when a == b), or None."""
        if a == b:
            return ()
        if a not in self.graph or b not in self.graph:
            return None
        try:
            path = nx.shortest_path(self.graph, a, b)
        except nx.NetworkXNoPath:
            return None
        return tuple(self.graph.edges[u, v]["fact"] for u, v in zip(path, path[1:]))

    def above(self, word: str) -> list[str]:
        """The words directly above `word` (word ≤ them), sorted: generation's upward candidates."""
        return sorted(self.graph.successors(word)) if word in self.graph else []

    def below(self, word: str) -> list[str]:
        """The words directly below `word` (them ≤ word), sorted: generation's downward candidates."""
        return sorted(self.graph.predecessors(word)) if word in self.graph else []

    def excludes(self, a: str, b: str) -> tuple[Fact, ...] | None:
        """Facts showing a ⊥ b: a direct exclusion, or a ≤ x, b ≤ y with x ⊥ y."""
        direct = self.exclusions.get(frozenset((a, b)))
        if direct:
            return (direct,)
        for pair, fact in self.exclusions.items():
            if len(pair) != 2:
                continue
            x, y = tuple(pair)
            for u, v in ((x, y), (y, x)):
                up_a, up_b = self.leq(a, u), self.leq(b, v)
                if up_a is not None and up_b is not None:
                    return up_a + up_b + (fact,)
        return None

    def __len__(self) -> int:
        return self.graph.number_of_edges() + len(self.exclusions)


@lru_cache(maxsize=1)
def fixed_facts() -> tuple[Fact, ...]:
    """kb/fixed.kb (quantifiers, particles) and kb/domain.kb (hand-authored generic facts)."""
    return tuple(read_facts(kb_path("fixed.kb"), Source.FIXED) + read_facts(kb_path("domain.kb"), Source.FIXED))


def load_kb(user_files: Iterable[str | Path] = (), exclusions: bool = False) -> KnowledgeBase:
    """Fixed facts, the optional man ⊥ woman style exclusions (kb/exclusions.kb), and user files."""
    facts = list(fixed_facts())
    if exclusions:
        facts += read_facts(kb_path("exclusions.kb"), Source.FIXED)
    for path in user_files:
        facts += read_facts(path, Source.USER)
    return KnowledgeBase(facts)


def term(text: str, pos: str | None = None) -> Term:
    return Term(text.lower(), pos)
