"""The one depth-limited breadth-first search over edited derivations, in two modes: directed
(toward a target hypothesis, stopping at it: the prover) and undirected (every sentence within the
depth: augmentation)."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable, Iterable

from monalog.ccg.tree import Tree
from monalog.errors import MonalogError
from monalog.inference.generation import Generator
from monalog.inference.target import Target
from monalog.polarity.polarizer import PolarizedNode, Polarizer
from monalog.inference.proof import Step
from monalog.inference.treeops import lemma_key, sentence_text, word_key


class SearchBudgetError(MonalogError):
    """The search for one pair ran past its step or time budget; `explored`: the sentences its searches
    reached (set by the prover)."""

    explored: int = 0


class WorkBudgetError(SearchBudgetError):
    """One pair's searches together passed `ProverSettings.max_work` (a server's bound on a pair's work)."""


class SearchTimeout(SearchBudgetError):
    """The search passed the opt-in wall-clock limit (`--timeout`, `ProverSettings.seconds`). Whether
    that happens depends on the machine's load, so such a pair has no answer, not a NEUTRAL one."""


@dataclass(frozen=True)
class State:
    """A sentence reached by the search, linked to its parent by the step that made it
    (the chain of parents is the proof)."""

    tree: Tree
    polarizer: Polarizer = field(repr=False, compare=False)
    parent: "State | None" = None
    step: Step | None = None
    depth: int = 0

    @cached_property
    def polarized(self) -> PolarizedNode:
        """The tree's polarities, computed when first asked for: a search's last level is mostly
        compared with the goal, never edited."""
        return self.polarizer.polarize(self.tree)

    def steps(self) -> tuple[Step, ...]:
        out: list[Step] = []
        state: State | None = self
        while state is not None and state.step is not None:
            out.append(state.step)
            state = state.parent
        return tuple(reversed(out))


@dataclass(frozen=True)
class SearchResult:
    """The state that matched the goal (directed mode), every state reached, and the edges."""

    found: State | None
    states: tuple[State, ...]
    edges: tuple[tuple[str, str, str], ...]    # (from sentence, to sentence, edit), for the DOT view


Edits = Callable[[Tree, PolarizedNode], Iterable[tuple[Tree, Step]]]


@dataclass(frozen=True)
class Budget:
    """Limits of one directed search: sentences reached and a perf_counter deadline (None: no limit)."""

    max_states: int | None = None
    deadline: float | None = None

    def check(self, states: int, start: Tree) -> None:
        if self.max_states is not None and states > self.max_states:
            raise SearchBudgetError(f"search explored more than {self.max_states} sentences",
                                    input=sentence_text(start))
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise SearchTimeout("search passed its wall-clock limit (--timeout): no answer",
                                input=sentence_text(start))


def breadth_first(start: Tree, edits: Edits, polarizer: Polarizer, depth: int,
                  goal: tuple[str, ...] | None = None, budget: Budget = Budget(),
                  record_edges: bool = True, goal_words: tuple[str, ...] = ()) -> SearchResult:
    """The one search. Breadth-first up to `depth` edits, no sentence (lemma key) visited twice.
    Directed (`goal` a lemma key): stops at the first state whose every word matches the goal's on its lemma or
    on its spelling (`goal_words`, treeops.word_key: a parse may lemmatise a word oddly), within `budget`.
    Undirected (`goal` None): every sentence within `depth`, in the order reached."""
    def reached(tree: Tree, key: tuple[str, ...]) -> bool:
        if key == goal:
            return True
        return goal is not None and len(key) == len(goal) == len(goal_words) and all(
            lemma == goal_lemma or word == goal_word        # word by word: the lemma or the spelling
            for lemma, word, goal_lemma, goal_word in zip(key, word_key(tree), goal, goal_words))

    root = State(start, polarizer)
    states: list[State] = [root]
    edges: list[tuple[str, str, str]] = []
    if goal is not None and reached(start, lemma_key(start)):
        return SearchResult(root, (root,), ())
    seen = {lemma_key(start)}
    frontier = [root]
    for level in range(1, depth + 1):
        next_frontier = []
        for state in frontier:
            for tree, step in edits(state.tree, state.polarized):
                key = lemma_key(tree)
                if key in seen:
                    continue
                seen.add(key)
                new = State(tree, polarizer, state, step, level)
                states.append(new)
                if record_edges:
                    edges.append((sentence_text(state.tree), sentence_text(tree), step.describe()))
                if goal is not None:
                    if reached(tree, key):
                        return SearchResult(new, tuple(states), tuple(edges))
                    budget.check(len(states), start)
                next_frontier.append(new)
        frontier = next_frontier
        if not frontier:                    # nothing new at this level: deeper levels add nothing either
            break
    return SearchResult(None, tuple(states), tuple(edges))


def search(start: Tree, target: Target, generator: Generator, polarizer: Polarizer, depth: int,
           max_states: int = 5000, deadline: float | None = None, record_edges: bool = False) -> SearchResult:
    """Directed mode (the prover): toward `target` with the generator's target-aware edits;
    stops at the first match; SearchBudgetError past `max_states` sentences or the deadline.
    `record_edges`: keep the edge to each sentence reached, for the search-tree view."""
    def edits(tree: Tree, pn: PolarizedNode) -> Iterable[tuple[Tree, Step]]:
        return generator.edits(tree, pn, target)

    return breadth_first(start, edits, polarizer, depth, target.key, Budget(max_states, deadline), record_edges,
                         target.words)


def explore(start: Tree, edits: Edits, polarizer: Polarizer, depth: int) -> SearchResult:
    """Undirected mode (augmentation): every sentence the edits reach within `depth`, no budget;
    `found` is None and no edges are recorded."""
    return breadth_first(start, edits, polarizer, depth, None, record_edges=False)
