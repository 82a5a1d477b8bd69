"""A monotone modifier of the target added where the constituent it modifies is ↓ (a car ≥ a red car
under "no"), and so is a noun's PP argument (a muscle ≥ a muscle of his face)."""
from __future__ import annotations

from typing import cast

from monalog.ccg.tree import Binary, Leaf, Tree, leaves
from monalog.inference.droppable import operators
from monalog.inference.edits.context import EditContext, Edits
from monalog.inference.proof import Step, StepKind
from monalog.inference.target import pair_fact
from monalog.inference.treeops import lemma_key, replace_at, same_category, sentence_text, surface, unmodified
from monalog.knowledge.wordnet_facts import another_kind
from monalog.polarity.marks import Polarity


def edits(ctx: EditContext) -> Edits:
    if ctx.target is None:
        return
    for mod_node, mod_index in ctx.target.modifiers:
        mod = mod_node.children[mod_index]
        head = mod_node.children[1 - mod_index]
        if all(ctx.have[lemma] for lemma in lemma_key(mod)):
            continue
        head_keys = {lemma_key(head), lemma_key(unmodified(head))} if mod_index == 0 else {lemma_key(head)}
        for path, node in ctx.nodes:
            if node.polarity is not Polarity.DOWN or not same_category(node.category, head.category):
                continue
            if lemma_key(node.node) not in head_keys or (mod_index == 0 and _another_kind(mod, node.node)):
                continue
            children = (mod, node.node) if mod_index == 0 else (node.node, mod)
            shape = cast(Binary, mod_node)      # a modifier and its head
            new = Binary(shape.category, shape.rule, children[0], children[1], shape.head_is_left)
            edited = replace_at(ctx.tree, path, new)
            fact = pair_fact(surface(node.node), surface(new), "a modified phrase is a special case")
            yield edited, Step(StepKind.INSERT, "", surface(mod), sentence_text(edited), Polarity.DOWN, (fact,),
                               operator=node.operator)
    yield from _arguments(ctx)


def _another_kind(modifier: Tree, noun: Tree) -> bool:
    """A one-word premodifier that makes with a one-word noun a compound of another kind ("sea | lion")."""
    return isinstance(modifier, Leaf) and isinstance(noun, Leaf) and another_kind(modifier.token.lemma,
                                                                                   noun.token.lemma)


def _arguments(ctx: EditContext) -> Edits:
    """The target's "noun | PP argument" phrases put where the premise has the noun alone, ↓."""
    assert ctx.target is not None
    for phrase in ctx.target.arguments:
        noun, argument = cast(Leaf, phrase.left), phrase.right
        if all(ctx.have[lemma] for lemma in lemma_key(argument)) or any(operators(leaves(argument))):
            continue
        for path, node in ctx.nodes:
            if node.polarity is Polarity.DOWN and isinstance(node.node, Leaf) and node.category == phrase.category \
                    and node.node.token.word.lower() == noun.token.word.lower():
                edited = replace_at(ctx.tree, path, phrase)
                fact = pair_fact(surface(node.node), surface(phrase), "a noun's argument makes it a special case")
                yield edited, Step(StepKind.INSERT, "", surface(argument), sentence_text(edited), Polarity.DOWN,
                                   (fact,), operator=node.operator)
