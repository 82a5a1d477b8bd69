"""A numeral's bound made weaker or stronger, as its polarity allows and toward the target's bound.
"exactly N" means "at least N" and "at most N" at once (Barwise & Cooper 1981), so where the bound is ↑
"exactly" ("just", "only" before a numeral, which say the same: `_EXACT`) may become
"at least" or "at most" ("Exactly three dogs barked" ⇒ "At least three dogs barked"), where ↓ either of
those may become "exactly" ("It is not true that at least three dogs barked" ⇒ "It is not true that
exactly three dogs barked"). Under the "at least" reading of bare numerals (`counting`, the default)
"at least N" is the numeral itself, so it is added or dropped in any polarity ("Three dogs barked" ≡
"At least three dogs barked"). Only a bound right before the numeral it modifies."""
from __future__ import annotations

from typing import Callable, Iterator

from monalog.ccg.category import parse_category
from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree, leaves
from monalog.inference.edits.context import EditContext, Edits, Nodes
from monalog.inference.proof import Step, StepKind
from monalog.inference.treeops import Path, leaf_positions, replace_at, sentence_text
from monalog.knowledge.facts import Fact, Relation, Source, Term
from monalog.polarity.lexicon import default_lexicon
from monalog.polarity.marks import Polarity
from monalog.polarity.polarizer import PolarizedNode

_EXACT = frozenset({"exactly", "just", "only"})
_AT_LEAST, _AT_MOST, _EXACTLY = "at_least", "at_most", "exactly"
_BOUND = parse_category("(N/N)/(N/N)")
_NUMERAL = parse_category("N/N")


def edits(ctx: EditContext) -> Edits:
    if ctx.target is None:
        return
    for path, node, bound_path, bound_node in _numerals(ctx.tree, ctx.nodes):
        numeral = node.node
        assert isinstance(numeral, Leaf)
        if bound_node is None:
            yield from _added(ctx, path, node, numeral)
            continue
        bound = bound_node.node
        assert isinstance(bound, Leaf)
        yield from _replaced(ctx.tree, bound_path, bound_node, numeral, ctx.missing.get)
        yield from _dropped(ctx, path[:-1], bound_node, bound, numeral)


def weaker_bounds(tree: Tree, nodes: Nodes) -> Edits:
    """Every bound of `tree` replaced as its polarity allows ("exactly" -> "at least", "at most" where ↑):
    the generator's edits, which aim at no target."""
    for _, node, bound_path, bound_node in _numerals(tree, nodes):
        if bound_node is not None:
            assert isinstance(node.node, Leaf)
            yield from _replaced(tree, bound_path, bound_node, node.node, lambda lemma: Token(lemma, lemma, "RB"))


def _numerals(tree: Tree, nodes: Nodes) -> Iterator[tuple[Path, PolarizedNode, Path, PolarizedNode | None]]:
    """(path, node) of each numeral with (path, node) of the bound right before it that modifies it
    ("exactly | three"), or a bare numeral's with (its path, None)."""
    all_leaves = leaves(tree)
    positions = leaf_positions(tree)
    polarity = dict(nodes)
    for path, node in nodes:
        if not isinstance(node.node, Leaf) or not _numeral(node.node):
            continue
        i, bound_path = positions[path], path[:-1] + (0,)
        if not (i and all_leaves[i - 1].category == _BOUND):
            yield path, node, path, None
        elif path[-1] == 1 and positions.get(bound_path) == i - 1 and bound_path in polarity:
            yield path, node, bound_path, polarity[bound_path]


def _added(ctx: EditContext, path: Path, node: PolarizedNode, numeral: Leaf) -> Edits:
    """The target's "at least" (any polarity) or "exactly" (where ↓) before a bare numeral read "at least"."""
    if not ctx.counting:
        return
    for lemma in (_AT_LEAST, _EXACTLY):
        if lemma in ctx.missing and (lemma == _AT_LEAST or node.polarity is Polarity.DOWN):
            lowered = Leaf(numeral.category, Token(numeral.token.word.lower(), numeral.token.lemma, numeral.token.pos))
            bound = _bound(ctx.missing[lemma], numeral)
            new = Binary(_NUMERAL, Rule.FA, bound, lowered, True)
            yield _step(ctx.tree, path, node, new, StepKind.INSERT, "", bound.token.word.lower(), _bare(lemma, numeral))


def _dropped(ctx: EditContext, path: Path, bound_node: PolarizedNode, bound: Leaf, numeral: Leaf) -> Edits:
    """"bound | numeral" at `path` as the bare numeral read "at least", where the target has fewer of the
    bound: "at least" in any polarity, "exactly" where ↑."""
    old = bound.token.lemma.lower()
    assert ctx.target is not None
    if not ctx.counting or ctx.target.lemmas[old] >= ctx.have[old] \
            or not (old == _AT_LEAST or (old in _EXACT and bound_node.polarity is Polarity.UP)):
        return
    yield _step(ctx.tree, path, bound_node, numeral, StepKind.DELETE, bound.token.word.lower(), "",
                _bare(old, numeral))


def _replaced(tree: Tree, path: Path, node: PolarizedNode, numeral: Leaf,
              token_of: Callable[[str], Token | None]) -> Edits:
    """The bound at `path` replaced by a weaker one (where ↑) or a stronger one (where ↓), written as
    `token_of` gives it (None: not wanted)."""
    assert isinstance(node.node, Leaf)
    bound, old = node.node, node.node.token.lemma.lower()
    if node.polarity is Polarity.UP and old in _EXACT:
        news: tuple[str, ...] = (_AT_LEAST, _AT_MOST)
    elif node.polarity is Polarity.DOWN and old in (_AT_LEAST, _AT_MOST):
        news = (_EXACTLY,)
    else:
        return
    word = numeral.token.word.lower()
    for new_lemma in news:
        if (token := token_of(new_lemma)) is None:
            continue
        new = _bound(token, bound)
        exact, weak = (new_lemma, old) if old in (_AT_LEAST, _AT_MOST) else (old, new_lemma)
        fact = Fact(Term(f"{exact} {word}"), Relation.LEQ, Term(f"{weak.replace('_', ' ')} {word}"), Source.FIXED,
                    "\"exactly N\" is \"at least N\" and \"at most N\"")
        yield _step(tree, path, node, new, StepKind.REPLACE, bound.token.word, new.token.word, fact)


def _numeral(leaf: Leaf) -> bool:
    return leaf.category == _NUMERAL and leaf.token.pos == "CD" \
        and default_lexicon().is_numeral(leaf.token.word.lower())


def _bare(bound: str, numeral: Leaf) -> Fact:
    """What a bare numeral is to the bound before it, read "at least": "at least N" itself, more than "exactly N"."""
    word = numeral.token.word.lower()
    return Fact(Term(f"{bound.replace('_', ' ')} {word}"), Relation.EQ if bound == _AT_LEAST else Relation.LEQ,
                Term(word), Source.FIXED, "bare numerals read as \"at least N\"")


def _bound(token: Token, at: Leaf) -> Leaf:
    """The target's bound, capitalised as the word it goes before or replaces."""
    word = token.word.lower()
    return Leaf(_BOUND, Token(word.capitalize() if at.token.word[:1].isupper() else word, token.lemma.lower(), "RB"))


def _step(tree: Tree, path: Path, node: PolarizedNode, new: Tree, kind: StepKind, before: str, after: str,
          fact: Fact) -> tuple[Tree, Step]:
    edited = replace_at(tree, path, new)
    return edited, Step(kind, before, after, sentence_text(edited), node.polarity, (fact,), operator=node.operator)
