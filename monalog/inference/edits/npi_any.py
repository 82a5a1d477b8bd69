"""Where a noun phrase is ↓, "any N" means what "a N" or a bare "N" means ("didn't make sense" ≡
"didn't make any sense", "without food" ≡ "without any food"): the NPI's existential reading, the
only one it has there (grammars/monotonicity.tsv's "any" row). So it is where the noun phrase is ↑ inside
a ↓ phrase: a second downward operator turned it back, the first still licenses the NPI ("every alien
who did not read any magazines" ≡ "... read magazines"). Where nothing above it is ↓, "any" may be
free choice ("ate any cake")."""
from __future__ import annotations

from functools import lru_cache
from typing import cast

from monalog.ccg.tree import Binary, Leaf, Rule, Tree, Unary
from monalog.inference.edits.context import EditContext, Edits
from monalog.inference.proof import Step, StepKind
from monalog.inference.treeops import replace_at, sentence_text, surface, unmodified, walk
from monalog.knowledge.facts import Fact, Relation, Source, Term
from monalog.polarity.marks import Polarity

_ARTICLES = frozenset({"a", "an"})


def edits(ctx: EditContext) -> Edits:
    target = ctx.target
    if target is None:
        return
    phrases = _phrases(target.tree)
    down = {path for path, node in ctx.nodes if node.polarity is Polarity.DOWN}
    for path, node in ctx.nodes:
        if (noun := _noun(node.node)) is None or not (
                path in down or (node.polarity is Polarity.UP and any(path[:i] in down for i in range(len(path))))):
            continue
        other = phrases.get((surface(noun), not _any(node.node)))
        if other is not None:
            if surface(cast(Tree, _noun(other))) != surface(noun):         # the target's noun has a modifier after it
                other = _with_noun(other, noun)
            edited = replace_at(ctx.tree, path, other)
            fact = Fact(Term(surface(node.node)), Relation.EQ, Term(surface(other)), Source.PAIR,
                        "\"any\" is existential under a downward operator")
            yield edited, Step(StepKind.REPLACE, surface(node.node), surface(other), sentence_text(edited),
                               node.polarity, (fact,), operator=node.operator)


@lru_cache(maxsize=256)
def _phrases(tree: Tree) -> dict[tuple[str, bool], Tree]:
    """The tree's "any N", "a N" and bare noun phrases by their noun's words and whether "any" is theirs."""
    phrases: dict[tuple[str, bool], Tree] = {}
    for _, node in walk(tree):
        if (noun := _noun(node)) is not None:
            phrases.setdefault((surface(noun), _any(node)), node)
            # "any food | for days" where the premise's parse has "without food" and "for days" apart
            phrases.setdefault((surface(unmodified(noun)), _any(node)), node)
    return phrases


def _with_noun(np: Tree, noun: Tree) -> Tree:
    """The noun phrase `np` ("any N", "a N" or bare) with `noun` for its noun."""
    if isinstance(np, Binary):
        return Binary(np.category, np.rule, np.left, noun, np.head_is_left)
    return Unary(np.category, Rule.LEX, noun)


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
