""""ever" says nothing the verb phrase it modifies does not ("has ever caught a cold" ≡ "has caught a
cold", "nobody ever goes there" ≡ "nobody goes there": at some time or other), so it is dropped or added,
in any polarity, where the target has one fewer or one more. Only "ever" modifying the verb phrase to
its right or the auxiliary before it ("has | ever been"), never after a word it makes one phrase with
("hardly ever", "almost ever": other meanings). The prover's rule: undirected generation has nothing
to gain from it."""
from __future__ import annotations

from monalog.ccg.tree import Binary, Leaf, Tree, leaves
from monalog.inference.edits.context import EditContext, Edits
from monalog.inference.proof import Step, StepKind
from monalog.inference.treeops import Path, leaf_positions, lemma_key, replace_at, same_category, sentence_text, \
    surface, walk
from monalog.knowledge.facts import Fact, Relation, Source, Term
from monalog.polarity.polarizer import PolarizedNode

_EVER = "ever"
_BOUND = frozenset({"hardly", "scarcely", "barely", "almost", "nearly", "seldom", "rarely"})


def edits(ctx: EditContext) -> Edits:
    target = ctx.target
    if target is None or ctx.have[_EVER] == target.lemmas[_EVER]:
        return
    words = [leaf.token.word.lower() for leaf in leaves(ctx.tree)]
    positions = leaf_positions(ctx.tree)

    def bound(path: Path) -> bool:            # the word before the phrase makes one adverb with "ever"
        while path not in positions:            # down to the phrase's first word
            path = (*path, 0)
        return positions[path] > 0 and words[positions[path] - 1] in _BOUND

    if ctx.have[_EVER] > target.lemmas[_EVER]:
        for path, node in ctx.nodes:
            if (head := _head(node.node)) is not None and not bound(path):
                yield _step(ctx, path, node, node.node.children[head], node.node, head)
        return
    for _, phrase in walk(target.tree):
        if not isinstance(phrase, Binary) or (head := _head(phrase)) is None:
            continue
        for path, node in ctx.nodes:
            if same_category(node.category, phrase.children[head].category) \
                    and lemma_key(node.node) == lemma_key(phrase.children[head]) and not bound(path):
                ever = phrase.children[1 - head]
                children = (ever, node.node) if head == 1 else (node.node, ever)
                new = Binary(phrase.category, phrase.rule, *children, phrase.head_is_left)
                yield _step(ctx, path, node, new, new, head)


def _head(node: Tree) -> int | None:
    """The index of what "ever" modifies in an "ever | verb phrase" node, or a "has | ever" node (the
    parser's other reading: "ever" after the auxiliary it modifies); None for any other node."""
    if not isinstance(node, Binary):
        return None
    if isinstance(node.left, Leaf) and node.left.token.word.lower() == _EVER \
            and str(node.left.category).replace("[X]", "") == "(S\\NP)/(S\\NP)":
        return 1
    if isinstance(node.right, Leaf) and node.right.token.word.lower() == _EVER and isinstance(node.left, Leaf) \
            and node.left.category == node.category:
        return 0
    return None


def _step(ctx: EditContext, path: Path, node: PolarizedNode, new: Tree, with_ever: Tree,
          head: int) -> tuple[Tree, Step]:
    """The edit to `new` ("ever" dropped or added), `with_ever` the phrase with it and `head` the index
    of what "ever" modifies there (the phrase built for an insertion takes the premise's node, whose
    category may differ from the target's in features, so `_head` would not find it again)."""
    edited = replace_at(ctx.tree, path, new)
    fact = Fact(Term(surface(with_ever)), Relation.EQ, Term(surface(with_ever.children[head])), Source.PAIR,
                "\"ever\" adds nothing: at some time or other")
    dropped = new is not with_ever
    step = Step(StepKind.DELETE if dropped else StepKind.INSERT, _EVER if dropped else "", "" if dropped else _EVER,
                sentence_text(edited), node.polarity, (fact,), operator=node.operator)
    return edited, step
