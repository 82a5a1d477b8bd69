""""a girl in a blue leotard" ≤ "a girl in blue", "wearing a blue leotard" ≤ "wearing blue", where the
phrase is ↑ and the target has a phrase of its category with the same colours alone: one dressed in
blue clothing is in blue (the noun's dominant WordNet sense is clothing, not a hat, a wig or a tie:
wordnet_facts.worn; "in a blue car", "in a dark suit" are not)."""
from __future__ import annotations

from functools import lru_cache

from monalog.ccg.tree import Binary, Leaf, Tree, leaves
from monalog.inference.edits.context import EditContext, Edits
from monalog.inference.proof import Step, StepKind
from monalog.inference.treeops import replace_at, sentence_text, surface, walk
from monalog.knowledge.facts import Fact, Relation, Source, Term
from monalog.knowledge.wordnet_facts import worn
from monalog.polarity.marks import Polarity
from monalog.text.normalize import default_fragment


def edits(ctx: EditContext) -> Edits:
    if ctx.target is None:
        return
    wanted = _colour_phrases(ctx.target.tree)
    if not wanted:
        return
    for path, node in ctx.nodes:
        colours = _colours_in(node.node)
        new = wanted.get(colours)
        if node.polarity is not Polarity.UP or new is None or node.category != new.category \
                or (sense := worn(leaves(node.node)[-1].token.lemma.lower())) is None:
            continue
        edited = replace_at(ctx.tree, path, new)
        colour = " and ".join(colours)
        fact = Fact(Term(surface(node.node)), Relation.LEQ, Term(surface(new)), Source.WORDNET,
                    f"{sense} is clothing: one in {colour} clothing is in {colour}")
        yield edited, Step(StepKind.REPLACE, surface(node.node), surface(new), sentence_text(edited), Polarity.UP,
                           (fact,), operator=node.operator)


@lru_cache(maxsize=256)
def _colour_phrases(tree: Tree) -> dict[tuple[str, ...], Tree]:
    """A target's "in" phrases of colours alone ("in blue and white"), by their colours: read once per
    target, not in every search state."""
    return {colours: node for _, node in walk(tree)       # "in", the colours and the "and"s only
            if (colours := _colours_in(node)) and len(leaves(node)) == 2 * len(colours)}


def _colours_in(node: Tree) -> tuple[str, ...]:
    """The colour words of an "in" or "wearing" phrase ("in a blue and white shirt", "wearing blue and
    white": blue, white), () for any other phrase or one with other words than an article or
    possessive, colours, "and" and a last noun ("in torn blue jeans")."""
    if not (isinstance(node, Binary) and isinstance(node.left, Leaf)
            and node.left.token.lemma.lower() in ("in", "wear")):
        return ()
    words = [leaf.token.word.lower() for leaf in leaves(node.right)]
    colour = default_fragment("colour")
    colours = tuple(w for w in words if colour.fullmatch(w))
    others = [w for w in words if not colour.fullmatch(w) and w != "and"]
    determiner = words[0] in ("a", "an", "the", "his", "her", "their")
    return colours if others in ([], [words[-1]]) or (determiner and others == [words[0], words[-1]]) else ()
