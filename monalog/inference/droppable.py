"""What an edit may drop: monotone modifiers where ↑ (red car ≤ car), objects and PP complements
(eating a banana ≤ eating), and the downward operators that block both. One rule for the prover,
augmentation and positives."""
from __future__ import annotations

from functools import lru_cache
from typing import Sequence, cast

from monalog.ccg.category import Atom, Category, Functor
from monalog.ccg.tree import Binary, Leaf, Rule, Tree, Unary, first_leaves, leaves
from monalog.inference.treeops import modifier_split, node_at, spelt
from monalog.polarity.lexicon import before_mass, default_lexicon
from monalog.polarity.marks import Polarity
from monalog.polarity.polarizer import PolarizedNode
from monalog.text.morphology import is_participle
from monalog.text.normalize import default_fragment

UP = Polarity.UP
_RELATIVE = frozenset({"that", "which", "who", "whom"})
_NP, _PP = Atom("NP"), Atom("PP")


def monotone_modifier(pn: PolarizedNode) -> tuple[int, int] | None:
    """(modifier index, head index) when `pn` is a head with a modifier that is upward monotone
    and intersective (an adjective, adverb, PP or relative clause; not "not" or "never", nor one
    headed by a word of the lexicon's `keep` list: "if ...", "or ...", "fake", "almost", nor "by" with a
    downward operator: "won by no person" is no "won"; one headed by a `veridical` word goes whole though it
    is no monotone: "arrived late | because his van broke down"), else None."""
    split = _modifier(pn.node)
    if split is None:
        return None
    modifier = pn.children[split[0]]
    return split if modifier.marks[:1] == (UP,) or _veridical(modifier.node) else None


@lru_cache(maxsize=1 << 15)
def _veridical(modifier: Tree) -> bool:
    return first_leaves(modifier, 1)[0].token.word.lower() in default_lexicon().veridical


@lru_cache(maxsize=1 << 15)
def _modifier(node: Tree) -> tuple[int, int] | None:
    """monotone_modifier's checks that read the node alone, remembered: edited sentences share most
    of their nodes, and a search asks about every node of every sentence it reaches."""
    split = modifier_split(node)
    if not split:
        return None
    words = spelt(leaves(node.children[split[0]]))
    if split[0] == 0:           # "very" of "very few": read with the words it modifies
        words += spelt(first_leaves(node.children[1], 2))
    lexicon = default_lexicon()
    # "at_most two", "very few": a quantifier's own words are no modifier; "that" of a relative clause
    # after its noun is no determiner ("a fly | that is buzzing around")
    if words[0] in lexicon.keep or (lexicon.match_determiner(words) is not None
                                    and not (split[0] == 1 and words[0] in _RELATIVE)):
        return None
    if words[0] == "by" and any(operators(leaves(node.children[split[0]])[1:])):
        return None             # "was won | by no person" (an agent), "by no means": a denial, no restriction
    return split


def droppable_modifier(pn: PolarizedNode) -> tuple[Tree, Tree] | None:
    """(modifier, head) when the modifier may be dropped: the modified constituent is ↑ and the
    modifier monotone (red car ≤ car). The one rule for the prover, augmentation and positives.
    A modifier of a phrase with a downward operator is kept: whether it is inside the operator's
    scope is an attachment the parse cannot be trusted with ("is not a careful cyclist | in heavy
    rain", "refused to fly | at night")."""
    split = monotone_modifier(pn) if pn.polarity is UP else None
    if split is None or _kept(pn.node):
        return None
    return pn.node.children[split[0]], pn.node.children[split[1]]


@lru_cache(maxsize=1 << 15)
def _kept(node: Tree) -> bool:
    """The head of a modified node (`_modifier`) has a downward operator, the modifier says whose
    part the head is, the head is a lone number the modifier makes a name of ("year | six", "gate | 4"), or the
    modifier is a stranded preposition ("were looked | after": no "were looked")."""
    split = cast(tuple[int, int], _modifier(node))
    head, modifier = leaves(node.children[split[1]]), leaves(node.children[split[0]])
    return any(operators(head)) or _whose_part(head, modifier) \
        or (len(head) == 1 and default_lexicon().is_numeral(head[0].token.word.lower())) \
        or (len(modifier) == 1 and modifier[0].token.word.lower() in _STRANDED and is_participle(head[-1].token.word))


def _whose_part(head: Sequence[Leaf], modifier: Sequence[Leaf]) -> bool:
    """"of a waterfall" after "the base": the of-phrase says whose part it is, not a property
    (the part nouns are grammars/normalization.tsv's @part_noun, which noun_of_the_noun leaves alone)."""
    return (modifier[0].token.lemma.lower() == "of"
            and default_fragment("part_noun").fullmatch(head[-1].token.word) is not None)


@lru_cache(maxsize=1 << 15)
def downward(leaf: Leaf, mass: bool = False) -> bool:
    """A word that reverses or blocks monotonicity ("not", "refused", "no", "at_most"; `mass`: where a
    `mass` row holds, "little")."""
    return default_lexicon().downward(leaf.token.word, leaf.token.lemma, leaf.category, mass)


_BEFORE_ADJECTIVE = frozenset({"DT", "PRP$", "POS", "CD", "WP$"})    # "a | little girl": "little" an adjective


def operators(words: Sequence[Leaf]) -> list[bool]:
    """Which of `words` are downward operators (`downward`; also as a noun phrase's determiner where no
    determiner is before it: "little interest", "knew little", not "a little girl"), a reciprocal "each
    other" aside: it names the participants, it quantifies over nothing ("fighting each other" keeps its
    modifiers droppable: "playfully fighting each other" ≤ "fighting each other")."""
    return [downward(leaf, before_mass(words[i:i + 2]) and (i == 0 or words[i - 1].token.pos not in _BEFORE_ADJECTIVE))
            and not (leaf.token.lemma.lower() == "each" and i + 1 < len(words)
                     and words[i + 1].token.lemma.lower() == "other")
            for i, leaf in enumerate(words)]


# verbs whose PP complement carries what they say ("is in the kitchen", "is made of ice", "consists of",
# "making the dough into a ball", "mistaking a cat for a dog")
_PP_NEEDED = frozenset({"be", "make", "consist", "belong", "depend", "rely", "turn", "mistake", "change",
                        "transform", "convert", "form"})

# prepositions that stand alone only stranded, their object elsewhere ("was paid for", "was looked after")
_STRANDED = frozenset({"for", "of", "to", "with", "at", "from", "about", "by", "into", "upon", "after"})


def complement(node: Tree) -> Category | None:
    """The intransitive category of a verb applied to its object NP or PP complement ("eating a
    banana" -> "eating", "typing on a keyboard" -> "typing"; not the copula's "in the kitchen", nor a
    passive's stranded preposition: "was paid for" is no "was paid")."""
    if (isinstance(node, Binary) and node.rule is Rule.FA and isinstance(node.left, Leaf)
            and node.left.token.pos.startswith("VB") and str(node.right.category) in ("NP", "PP")
            and not (str(node.right.category) == "PP" and node.left.token.lemma.lower() in _PP_NEEDED)
            and not (isinstance(node.right, Leaf) and node.right.token.word.lower() in _STRANDED)):
        cat = node.left.category
        if isinstance(cat, Functor) and cat.argument == node.right.category and cat.slash.value == "/":
            return cat.result
    return None


def noun_modifier(tree: Tree, path) -> bool:
    """The phrase at `path` is a participle phrase made a noun's modifier ("the cat perched on the
    table"): without its object or complement it would read "the cat perched is ..."."""
    parent = node_at(tree, path[:-1]) if path else None
    return isinstance(parent, Unary) and parent.rule is Rule.LEX


# verbs whose object may be followed by what is done to it or what it does ("got their findings printed",
# "had the car washed", "made him leave"): the participle is the verb's complement, not the noun's modifier
_CAUSATIVES = frozenset({"get", "have", "make", "let", "keep", "want", "need", "see", "hear", "watch", "find",
                         "leave", "like"})


def causative_complement(tree: Tree, path) -> bool:
    """The noun at `path` is modified by a participle or verb phrase ("findings | printed in journals")
    inside the object of a causative verb ("got"): that phrase says what was done, so dropping it says
    something else ("got their findings")."""
    node = node_at(tree, path)
    split = modifier_split(node)
    if split is None:
        return False
    modifier = node.children[split[0]]
    if not (isinstance(modifier, Unary) and modifier.rule is Rule.LEX and str(modifier.child.category).startswith("S")):
        return False
    for i in range(len(path) - 1, -1, -1):
        parent = node_at(tree, path[:i])
        if isinstance(parent, Binary) and parent.rule is Rule.FA and isinstance(parent.left, Leaf) \
                and str(parent.right.category) == "NP":
            return parent.left.token.lemma.lower() in _CAUSATIVES
    return False


@lru_cache(maxsize=1 << 15)
def measured(node: Tree, gathered: bool = False) -> Tree | None:
    """What a measure phrase measures out: "bread" of "a slice of bread", "butter" of "pieces of
    butter" (the noun is grammars/normalization.tsv's @portion_noun), and with `gathered` "cereal" of
    "a bowl of cereal", "sheep" of "a herd of sheep" (@gathering_noun); None for any other node, and
    under a downward determiner ("no slice of bread"). Where the phrase is ↑, dropping the measure is
    sound: eating a slice of bread is eating bread."""
    if not isinstance(node, (Unary, Binary)) or node.category != _NP:
        return None
    if isinstance(node, Unary):
        noun = node.child
    elif isinstance(node, Binary) and node.rule is Rule.FA and isinstance(node.left, Leaf) \
            and str(node.left.category) == "NP/N" and node.left.token.pos == "DT" and not downward(node.left):
        noun = node.right
    else:
        return None
    if not (isinstance(noun, Binary) and noun.rule is Rule.FA and isinstance(noun.left, Leaf)
            and isinstance(noun.right, Binary) and isinstance(noun.right.left, Leaf)
            and noun.right.left.token.lemma.lower() == "of" and str(noun.right.right.category) == "NP"):
        return None
    word = noun.left.token.word.lower()
    if default_fragment("portion_noun").fullmatch(word) is None \
            and not (gathered and default_fragment("gathering_noun").fullmatch(word) is not None):
        return None
    return noun.right.right


def without_second_complement(node: Tree) -> Tree | None:
    """The verb phrase without the PP complement after its object: "slicing a potato into pieces" ->
    "slicing a potato" (the verb's category ((S\\NP)/PP)/NP becomes (S\\NP)/NP); None for any other
    node. Sound, but "putting a book" may read incomplete: the prover uses it, augmentation does not."""
    if not (isinstance(node, Binary) and node.rule is Rule.FA and isinstance(node.left, Binary)
            and node.left.rule is Rule.FA and isinstance(node.left.left, Leaf)
            and node.left.left.token.pos.startswith("VB") and node.right.category == _PP
            and node.left.right.category == _NP):
        return None
    verb, obj = node.left.left, node.left.right
    if verb.token.lemma.lower() in _PP_NEEDED or any(operators(leaves(obj))):   # "gave no money | to the poor"
        return None
    cat = verb.category
    if not (isinstance(cat, Functor) and cat.argument == obj.category and isinstance(cat.result, Functor)
            and cat.result.argument == node.right.category and cat.result.result == node.category):
        return None
    return Binary(node.category, Rule.FA, Leaf(Functor(node.category, cat.result.slash, obj.category), verb.token),
                  obj, node.left.head_is_left)
