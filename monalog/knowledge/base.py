"""The knowledge base: a networkx graph of ≤ edges (≡ as both directions) plus exclusions,
every edge carrying the Fact (with its source) that put it there."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Iterable, cast

import networkx as nx

from monalog.knowledge.facts import Exclusion, Fact, Relation, Source, Term, read_facts
from monalog.resources import kb_path


class KnowledgeBase:
    """≤ as a directed graph (u -> v: u ≤ v), ⊥ as sets of mutually exclusive words. A per-pair KB
    is an overlay on a shared one (`extended`): its own few facts on top, nothing copied."""

    def __init__(self, facts: Iterable[Fact | Exclusion] = (), base: "KnowledgeBase | None" = None) -> None:
        self.base = base
        self.layers: tuple[KnowledgeBase, ...] = (base.layers if base else ()) + (self,)   # shared base first
        self.graph = nx.DiGraph()                       # this layer's ≤ edges
        self._sets: list[Exclusion] = []                # this layer's exclusion sets
        self._member: dict[str, list[int]] = {}        # word -> indices into _sets
        for fact in facts:
            self.add(fact)

    def add(self, fact: Fact | Exclusion) -> None:
        if isinstance(fact, Exclusion) or fact.relation is Relation.EXCL:
            group = fact if isinstance(fact, Exclusion) else Exclusion((fact.left, fact.right), fact.source, fact.note)
            for term in group.terms:
                self._member.setdefault(term.text, []).append(len(self._sets))
            self._sets.append(group)
            return
        left, right = fact.left.text, fact.right.text
        if fact.relation in (Relation.LEQ, Relation.EQ) and self._edge(left, right) is None:
            self.graph.add_edge(left, right, fact=fact)
        if fact.relation in (Relation.GEQ, Relation.EQ) and self._edge(right, left) is None:
            self.graph.add_edge(right, left, fact=fact)

    def extended(self, facts: Iterable[Fact | Exclusion]) -> "KnowledgeBase":
        """The per-pair KB: these facts over this one (which is left as it is, and not copied)."""
        return KnowledgeBase(facts, base=self)

    def _edge(self, u: str, v: str) -> Fact | None:
        for layer in self.layers:
            if layer.graph.has_edge(u, v):
                return layer.graph.edges[u, v]["fact"]
        return None

    def _successors(self, word: str) -> list[str]:
        return list(dict.fromkeys(v for layer in self.layers if word in layer.graph
                                  for v in layer.graph.successors(word)))

    def _above_all(self, word: str, stop: str | None = None) -> dict[str, tuple[Fact, ...]]:
        """Every word ≥ `word` (itself included) with a shortest chain of facts, breadth first
        (up to `stop` when it is reached)."""
        chains: dict[str, tuple[Fact, ...]] = {word: ()}
        frontier = [word]
        while frontier and stop not in chains:
            nxt = []
            for u in frontier:
                for v in self._successors(u):
                    if v not in chains:
                        chains[v] = chains[u] + (cast(Fact, self._edge(u, v)),)
                        nxt.append(v)
            frontier = nxt
        return chains

    def leq(self, a: str, b: str) -> tuple[Fact, ...] | None:
        """The chain of facts showing a ≤ b (empty when a == b), or None."""
        if a == b:
            return ()
        if not (self.knows(a) and self.knows(b)):
            return None
        return self._above_all(a, stop=b).get(b)

    def knows(self, word: str) -> bool:
        """Whether a ≤ fact names `word`."""
        return any(word in layer.graph for layer in self.layers)

    def above(self, word: str) -> list[str]:
        """The words directly above `word` (word ≤ them), sorted: generation's upward candidates."""
        return sorted(self._successors(word))

    def below(self, word: str) -> list[str]:
        """The words directly below `word` (them ≤ word), sorted: generation's downward candidates."""
        return sorted({u for layer in self.layers if word in layer.graph for u in layer.graph.predecessors(word)})

    def _sets_of(self, word: str) -> list[Exclusion]:
        return [layer._sets[i] for layer in self.layers for i in layer._member.get(word, ())]

    def exclusive(self, word: str, pos: str | None = None) -> list[str]:
        """The words of `word`'s exclusion sets ("woman" for "man"), sorted; with `pos`, only the
        sets where `word` has that part of speech (or none): no "woman" for the verb "man"."""
        return sorted({t.text for group in self._sets_of(word)
                       if pos is None or any(m.text == word and m.pos in (None, pos) for m in group.terms)
                       for t in group.terms} - {word})

    def excludes(self, a: str, b: str) -> tuple[Fact, ...] | None:
        """Facts showing a ⊥ b: a direct exclusion, or a ≤ x, b ≤ y with x ⊥ y."""
        for group in self._sets_of(a):
            if a != b and any(t.text == b for t in group.terms):
                return (group.fact(a, b),)
        if not any(layer._sets for layer in self.layers):
            return None
        for x, chain_x in self._above_all(a).items():
            for group in self._sets_of(x):
                for term in group.terms:
                    chain_y = self.leq(b, term.text) if term.text != x else None
                    if chain_y is not None:
                        return chain_x + chain_y + (group.fact(x, term.text),)
        return None

    def __len__(self) -> int:
        return sum(layer.graph.number_of_edges() + len(layer._sets) for layer in self.layers)


@lru_cache(maxsize=1)
def fixed_facts() -> tuple[Fact | Exclusion, ...]:
    """kb/fixed.kb (quantifiers, particles) and kb/domain.kb (hand-authored generic facts)."""
    return tuple(read_facts(kb_path("fixed.kb"), Source.FIXED) + read_facts(kb_path("domain.kb"), Source.FIXED))


def load_kb(user_files: Iterable[str | Path] = (), exclusions: bool = False) -> KnowledgeBase:
    """Fixed facts, the optional man ⊥ woman style exclusions (kb/exclusions.kb), and user files."""
    facts: list[Fact | Exclusion] = list(fixed_facts())
    if exclusions:
        facts += read_facts(kb_path("exclusions.kb"), Source.FIXED)
    for path in user_files:
        facts += read_facts(path, Source.USER)
    return KnowledgeBase(facts)


def spaced(key: str) -> str:
    """A phrase's key as fact files write it: "ice_cream" -> "ice cream"."""
    return key.replace("_", " ")


def term(text: str, pos: str | None = None) -> Term:
    return Term(text.lower(), pos)
