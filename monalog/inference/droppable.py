"""What an edit may drop: monotone modifiers where ↑ (red car ≤ car), objects and PP complements
(eating a banana ≤ eating), and the downward operators that block both. One rule for the prover,
augmentation and positives."""
from __future__ import annotations

from typing import Sequence

from monalog.ccg.category import Category, Functor
from monalog.ccg.tree import Binary, Leaf, Rule, Tree, Unary, leaves
from monalog.inference.treeops import modifier_split, node_at
from monalog.polarity.lexicon import default_lexicon
from monalog.polarity.marks import Polarity
from monalog.polarity.polarizer import PolarizedNode
from monalog.text.normalize import default_fragment

UP = Polarity.UP


def monotone_modifier(pn: PolarizedNode) -> tuple[int, int] | None:
    """(modifier index, head index) when `pn` is a head with a modifier that is upward monotone
    and intersective (an adjective, adverb, PP or relative clause; not "not" or "never", nor one
    headed by a word of the lexicon's `keep` list: "if ...", "or ...", "fake", "almost"), else None."""
    split = modifier_split(pn.node)
    if not split or pn.children[split[0]].marks[:1] != (UP,):
        return None
    first = leaves(pn.node.children[split[0]])[0].token.word.lower()
    lexicon = default_lexicon()
    # "at_most two": a quantifier's own words are no modifier
    if first in lexicon.keep or lexicon.starts_determiner(first.split("_")):
        return None
    return split


def droppable_modifier(pn: PolarizedNode) -> tuple[Tree, Tree] | None:
    """(modifier, head) when the modifier may be dropped: the modified constituent is ↑ and the
    modifier monotone (red car ≤ car). The one rule for the prover, augmentation and positives.
    A modifier of a phrase with a downward operator is kept: whether it is inside the operator's
    scope is an attachment the parse cannot be trusted with ("is not a careful cyclist | in heavy
    rain", "refused to fly | at night")."""
    split = monotone_modifier(pn) if pn.polarity is UP else None
    if split is None:
        return None
    head, modifier = pn.node.children[split[1]], pn.node.children[split[0]]
    if any(operators(leaves(head))) or _whose_part(leaves(head), leaves(modifier)):
        return None
    return modifier, head


def _whose_part(head: Sequence[Leaf], modifier: Sequence[Leaf]) -> bool:
    """"of a waterfall" after "the base": the of-phrase says whose part it is, not a property
    (the part nouns are grammars/normalization.tsv's @part_noun, which noun_of_the_noun leaves alone)."""
    return (modifier[0].token.lemma.lower() == "of"
            and default_fragment("part_noun").fullmatch(head[-1].token.word) is not None)


def downward(leaf: Leaf) -> bool:
    """A word that reverses or blocks monotonicity ("not", "refused", "no", "at_most")."""
    lexicon = default_lexicon()
    sig = lexicon.functor(leaf.token.word, leaf.token.lemma, leaf.category)
    if sig is None:
        sig = lexicon.match_determiner(leaf.token.word.lower().split("_"))
    return sig is not None and (sig.restrictor is not UP or any(m is not UP for m in sig.scope))


def operators(words: Sequence[Leaf]) -> list[bool]:
    """Which of `words` are downward operators (`downward`), a reciprocal "each other" aside: it
    names the participants, it quantifies over nothing ("fighting each other" keeps its modifiers
    droppable: "playfully fighting each other" ≤ "fighting each other")."""
    return [downward(leaf) and not (leaf.token.lemma.lower() == "each" and i + 1 < len(words)
                                    and words[i + 1].token.lemma.lower() == "other")
            for i, leaf in enumerate(words)]


# verbs whose PP complement carries what they say ("is in the kitchen", "is made of ice", "consists of")
_PP_NEEDED = frozenset({"be", "make", "consist", "belong", "depend", "rely"})


def complement(node: Tree) -> Category | None:
    """The intransitive category of a verb applied to its object NP or PP complement ("eating a
    banana" -> "eating", "typing on a keyboard" -> "typing"; not the copula's "in the kitchen")."""
    if (isinstance(node, Binary) and node.rule is Rule.FA and isinstance(node.left, Leaf)
            and node.left.token.pos.startswith("VB") and str(node.right.category) in ("NP", "PP")
            and not (str(node.right.category) == "PP" and node.left.token.lemma.lower() in _PP_NEEDED)):
        cat = node.left.category
        if isinstance(cat, Functor) and cat.argument == node.right.category and cat.slash.value == "/":
            return cat.result
    return None


def noun_modifier(tree: Tree, path) -> bool:
    """The phrase at `path` is a participle phrase made a noun's modifier ("the cat perched on the
    table"): without its object or complement it would read "the cat perched is ..."."""
    parent = node_at(tree, path[:-1]) if path else None
    return isinstance(parent, Unary) and parent.rule is Rule.LEX
