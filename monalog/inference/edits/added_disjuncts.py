""""X" -> "X or Y" where ↑ (the converse of dropping a disjunct where ↓), not after a possibility
modal: "You can take a train or a bus" gives both options (free choice); its converse for "and" is
added_conjuncts. Nor is a disjunct added after a phrase with a downward operator: "took no notice of me
or my sister" reads the disjunct inside "no"'s restrictor, whatever the parse says."""
from __future__ import annotations

from monalog.ccg.tree import Leaf
from monalog.inference.edits.context import EditContext, Edits
from monalog.inference.edits.coordination import add_conjunct
from monalog.inference.treeops import walk
from monalog.polarity.marks import Polarity

_FREE_CHOICE = frozenset({"can", "could", "may", "might", "maybe", "perhaps", "possibly"})


def edits(ctx: EditContext) -> Edits:
    target = ctx.target
    if target is None or not target.disjunctions:     # the modal scan below is for a target with "or" only
        return
    modals = [path for path, node in walk(ctx.tree) if isinstance(node, Leaf)
              and node.token.lemma.lower() in _FREE_CHOICE and "S" in str(node.category)]   # not "a can"
    for coordination in target.disjunctions:     # after a modal: free choice, both options
        yield from add_conjunct(ctx, coordination, Polarity.UP, lambda path: any(m < path for m in modals))
