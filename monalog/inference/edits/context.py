"""What every edit rule is given (`EditContext`) and what it yields (`Edits`)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterator, Sequence

from monalog.ccg.tree import Token, Tree
from monalog.inference.proof import Step
from monalog.inference.target import Leq, Target
from monalog.inference.treeops import Path
from monalog.knowledge.base import KnowledgeBase
from monalog.polarity.polarizer import PolarizedNode

if TYPE_CHECKING:
    from monalog.inference.alignment import Alignment

Edits = Iterator[tuple[Tree, Step]]
Nodes = Sequence[tuple[Path, PolarizedNode]]


@dataclass(frozen=True)
class EditContext:
    """One sentence of a search and what its edits may use: the tree and its polarized nodes (in walk
    order, with their paths), the target (None: undirected generation), the words the target has more
    of than the tree (`have`, `missing`), `leq` (the knowledge base, remembered per search) and the
    generator's settings (see monalog.inference.generation.Generator)."""

    tree: Tree
    nodes: Nodes
    target: Target | None
    leq: Leq
    kb: KnowledgeBase
    have: Counter = field(default_factory=Counter)
    missing: dict[str, Token] = field(default_factory=dict)
    counting: bool = False
    intransitive: Callable[[str], bool] | None = None
    alignments: tuple["Alignment", ...] = ()
    compound_facts: bool = True


Rule = Callable[[EditContext], Edits]
