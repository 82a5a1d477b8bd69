"""Where a noun phrase is ↓, "any N" means what "a N" or a bare "N" means ("didn't make sense" ≡
"didn't make any sense", "without food" ≡ "without any food"): the NPI's existential reading, the
only one it has there (grammars/monotonicity.tsv's "any" row)."""
from __future__ import annotations

from functools import lru_cache

from monalog.ccg.tree import Binary, Leaf, Rule, Tree, Unary
from monalog.inference.edits.context import EditContext, Edits
from monalog.inference.proof import Step, StepKind
from monalog.inference.target import pair_fact
from monalog.inference.treeops import replace_at, sentence_text, surface, walk
from monalog.polarity.marks import Polarity

_ARTICLES = frozenset({"a", "an"})


def edits(ctx: EditContext) -> Edits:
    target = ctx.target
    if target is None:
        return
    phrases = _phrases(target.tree)
    for path, node in ctx.nodes:
        if node.polarity is not Polarity.DOWN or (noun := _noun(node.node)) is None:
            continue
        other = phrases.get((surface(noun), not _any(node.node)))
        if other is not None:
            edited = replace_at(ctx.tree, path, other)
            fact = pair_fact(surface(node.node), surface(other), "\"any\" is existential where ↓")
            yield edited, Step(StepKind.REPLACE, surface(node.node), surface(other), sentence_text(edited),
                               Polarity.DOWN, (fact,), operator=node.operator)


@lru_cache(maxsize=256)
def _phrases(tree: Tree) -> dict[tuple[str, bool], Tree]:
    """The tree's "any N", "a N" and bare noun phrases by their noun's words and whether "any" is theirs."""
    phrases: dict[tuple[str, bool], Tree] = {}
    for _, node in walk(tree):
        if (noun := _noun(node)) is not None:
            phrases.setdefault((surface(noun), _any(node)), node)
    return phrases


def _any(np: Tree) -> bool:
    return isinstance(np, Binary) and isinstance(np.left, Leaf) and np.left.token.lemma.lower() == "any"


def _noun(np: Tree) -> Tree | None:
    """The noun of "any N", "a N" or a bare "N" noun phrase, None for any other node."""
    if str(np.category) != "NP":
        return None
    if isinstance(np, Binary) and np.rule is Rule.FA and isinstance(np.left, Leaf) and str(np.left.category) == "NP/N" \
            and np.left.token.lemma.lower() in _ARTICLES | {"any"}:
        return np.right
    if isinstance(np, Unary) and np.rule is Rule.LEX and str(np.child.category) == "N":
        return np.child
    return None
