"""Depth-limited breadth-first search over edited derivations, toward a target sentence."""
from __future__ import annotations

import time
from dataclasses import dataclass

from monalog.ccg.tree import Tree
from monalog.errors import MonalogError
from monalog.inference.generation import Generator, Target
from monalog.polarity.polarizer import PolarizedNode, Polarizer
from monalog.inference.proof import Step
from monalog.inference.treeops import lemma_key, sentence_text


class SearchBudgetError(MonalogError):
    """The search for one pair ran past its step or time budget."""


@dataclass(frozen=True)
class State:
    """A sentence reached by the search, linked to its parent by the step that made it
    (the chain of parents is the proof)."""

    tree: Tree
    polarized: PolarizedNode
    parent: "State | None" = None
    step: Step | None = None
    depth: int = 0

    def steps(self) -> tuple[Step, ...]:
        out, state = [], self
        while state.step is not None:
            out.append(state.step)
            state = state.parent
        return tuple(reversed(out))


@dataclass(frozen=True)
class SearchResult:
    found: State | None
    states: tuple[State, ...]
    edges: tuple[tuple[str, str, str], ...]    # (from sentence, to sentence, edit), for the DOT view


def search(start: Tree, target: Target, generator: Generator, polarizer: Polarizer, depth: int,
           max_states: int = 5000, deadline: float | None = None) -> SearchResult:
    """Breadth-first up to `depth` edits; no state is visited twice; stops at the first match."""
    root = State(start, polarizer.polarize(start))
    states, edges = [root], []
    if lemma_key(start) == target.key:
        return SearchResult(root, (root,), ())
    seen = {lemma_key(start)}
    frontier = [root]
    for level in range(1, depth + 1):
        next_frontier = []
        for state in frontier:
            for tree, step in generator.edits(state.tree, state.polarized, target):
                key = lemma_key(tree)
                if key in seen:
                    continue
                seen.add(key)
                new = State(tree, polarizer.polarize(tree), state, step, level)
                states.append(new)
                edges.append((sentence_text(state.tree), sentence_text(tree), step.describe()))
                if key == target.key:
                    return SearchResult(new, tuple(states), tuple(edges))
                if len(states) > max_states:
                    raise SearchBudgetError(f"search explored more than {max_states} sentences",
                                            input=sentence_text(start))
                if deadline is not None and time.perf_counter() > deadline:
                    raise SearchBudgetError("search ran out of time", input=sentence_text(start))
                next_frontier.append(new)
        frontier = next_frontier
    return SearchResult(None, tuple(states), tuple(edges))
