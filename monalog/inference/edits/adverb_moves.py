"""A manner adverb the target has, moved along its verb phrase's spine (treeops.spine) to stand where
the target's does: "is quickly running behind its prey" ≡ "is running quickly behind its prey",
"curiously looking at" ≡ "looking curiously at". It never leaves a conjunct, nor moves onto a phrase
with a downward operator ("not"), nor into a verb's complement ("learning to swim")."""
from __future__ import annotations

from monalog.ccg.category import Functor, Slash, parse_category
from monalog.ccg.tree import Binary, Leaf, Rule, Tree, leaves
from monalog.inference.droppable import downward, operators
from monalog.inference.edits.context import EditContext, Edits
from monalog.inference.proof import Step, StepKind
from monalog.inference.treeops import (coordination, lemma_key, node_at, norm_lemma, replace_at, sentence_text,
                                       spine, surface, verb_phrase, walk)
from monalog.polarity.lexicon import default_lexicon

_BEFORE, _AFTER = parse_category("(S\\NP)/(S\\NP)"), parse_category("(S\\NP)\\(S\\NP)")
_VP, _NP, _PP = parse_category("S\\NP"), parse_category("NP"), parse_category("PP")


def edits(ctx: EditContext) -> Edits:
    target, tree = ctx.target, ctx.tree
    if target is None or not any(leaf.token.pos == "RB" and target.lemmas[norm_lemma(leaf)] for leaf in leaves(tree)):
        return
    padded = ("",) + target.key + ("",)             # an adverb may end the sentence
    wanted = {padded[i:i + 3] for i in range(len(padded) - 2)}
    for path, node in walk(tree):
        found = _manner_adverb(node)
        if found is None or not target.lemmas[norm_lemma(found[1])]:
            continue
        index, adverb = found
        bare = replace_at(tree, path, node.children[1 - index])
        top = path                       # up through the verb phrases the adverb's phrase heads
        while top and verb_phrase(node_at(bare, top[:-1])) and not coordination(node_at(bare, top[:-1])):
            top = top[:-1]
        before = lemma_key(tree)
        for sub_path, sub in spine(top, node_at(bare, top)):
            if any(operators(leaves(sub))):
                continue
            after: tuple[Binary, ...] = () if _ends_in_verb_phrase(sub) else \
                (Binary(sub.category, Rule.BA, sub, Leaf(_AFTER, adverb.token), True),)
            if isinstance(sub, Binary) and sub.rule is Rule.FA and _lexical_verb(sub.left):
                verb = Binary(sub.left.category, Rule.BX, sub.left, Leaf(_AFTER, adverb.token), True)
                after += (Binary(sub.category, Rule.FA, verb, sub.right, True),)    # "looking curiously at"
            for moved in (Binary(sub.category, Rule.FA, Leaf(_BEFORE, adverb.token), sub, False),) + after:
                edited = replace_at(bare, sub_path, moved)
                key = ("",) + lemma_key(edited) + ("",)
                if key[1:-1] == before:
                    continue
                spot = _adverb_spot(key, before, norm_lemma(adverb))
                if key[spot - 1:spot + 2] in wanted:
                    yield edited, Step(StepKind.REORDER, surface(node_at(tree, top)), surface(node_at(edited, top)),
                                       sentence_text(edited), note="a manner adverb moved along its verb phrase")


def _manner_adverb(node: Tree) -> tuple[int, Leaf] | None:
    """(its index, the adverb) when `node` is a verb phrase with a manner adverb ("-ly") before or
    after it ("quickly running", "running quickly"), or a verb with one after it before its complement
    ("looking curiously" of "looking curiously at a man"); not a word of the lexicon's `keep` list nor
    a downward one ("only", "hardly")."""
    if not isinstance(node, Binary):
        return None
    for index, child, rule in ((0, node.left, Rule.FA), (1, node.right, Rule.BA), (1, node.right, Rule.BX)):
        if (node.rule is rule and isinstance(child, Leaf) and child.token.pos == "RB"
                and child.token.word.lower().endswith("ly") and child.category in (_BEFORE, _AFTER)
                and (verb_phrase(node) if rule is not Rule.BX else _lexical_verb(node.left))
                and child.token.word.lower() not in default_lexicon().keep and not downward(child)):
            return index, child
    return None


def _lexical_verb(node: Tree) -> bool:
    """A verb that takes its complement on the right ("looking" of "looking at a man"); an adverb after
    it composes with it before the complement ("looking curiously at a man")."""
    category = node.category
    return isinstance(node, Leaf) and node.token.pos.startswith("VB") and isinstance(category, Functor) \
        and category.slash is Slash.FORWARD and category.result.without_features() == _VP \
        and category.argument.without_features() in (_NP, _PP)       # not an auxiliary's verb phrase


def _ends_in_verb_phrase(node: Tree) -> bool:
    """A verb phrase whose last words are another verb phrase ("learning to swim"): an adverb after it
    would read as the last verb's ("learning to swim slowly")."""
    while isinstance(node, Binary):
        node = node.right
        if verb_phrase(node):
            return True
    return False


def _adverb_spot(key: tuple[str, ...], before: tuple[str, ...], adverb: str) -> int:
    """Where the moved adverb stands in the padded `key`: the first place it differs from `before`,
    or the one after (the adverb moved rightwards leaves its old neighbour there)."""
    at = next((i for i in range(1, len(key) - 1) if i - 1 >= len(before) or key[i] != before[i - 1]), 1)
    return at if key[at] == adverb else key.index(adverb, at)
