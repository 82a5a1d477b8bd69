"""Monotone modifiers, objects, second complements, a noun's PP argument (the prover's: "a tear of joy"),
measures ("a bowl of") and conjuncts dropped where ↑ (red car ≤ car, "X and Y" ≤ X), unless the target
has them all; conjuncts reordered toward the target; "X or Y" ≥ X where ↓; "a red car and a blue car" ≤
"two cars" where numerals read "at least". With no target (undirected generation) every such deletion."""
from __future__ import annotations

from typing import cast

from monalog.ccg.category import parse_category
from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree, leaves
from monalog.inference.droppable import (causative_complement, complement, droppable_modifier, measured,
                                        noun_modifier, operators, without_second_complement)
from monalog.inference.collective import collective
from monalog.inference.edits.context import EditContext, Edits
from monalog.inference.proof import Step, StepKind
from monalog.inference.target import Target, conjunction, coordinable, kb_leq, noun_argument, pair_fact, target_has
from monalog.inference.treeops import (Path, has_run, head_noun, lemma_key, modifier_split, node_at, replace_at,
                                       sentence_text, surface)
from monalog.polarity.marks import Polarity
from monalog.polarity.polarizer import PolarizedNode

UP, DOWN = Polarity.UP, Polarity.DOWN


def edits(ctx: EditContext) -> Edits:
    tree, target = ctx.tree, ctx.target
    for path, node in ctx.nodes:
        subtree = node.node
        binary = cast(Binary, subtree)      # where a complement or a conjunction is found below, it is one
        if node.polarity is not UP:
            conj = conjunction(subtree)
            if conj and conj[0] in ("and", "or") and node.polarity is DOWN:
                yield from _swap(tree, path, binary, target)
                if conj[0] == "or" or _summed(tree, path):     # not (X or Y) ≤ not X; every X ≤ every X and Y
                    yield from _drop_conjunct(tree, path, node, conj, target)
            continue
        droppable = droppable_modifier(node)
        if droppable and not causative_complement(tree, path):
            mod, head = droppable
            if target_has(target, lemma_key(mod)):
                continue
            edited = replace_at(tree, path, head)
            fact = pair_fact(surface(head), surface(subtree), "a modified phrase is a special case")
            yield edited, Step(StepKind.DELETE, surface(mod), "", sentence_text(edited), UP, (fact,),
                               operator=node.operator)
        stuff = measured(subtree, gathered=target is not None)
        if stuff is not None and not target_has(target, lemma_key(subtree)[:-len(lemma_key(stuff))]):
            edited = replace_at(tree, path, stuff)
            fact = pair_fact(surface(stuff), surface(subtree), "a measure of something is some of it")
            yield edited, Step(StepKind.DELETE, surface(subtree)[:-len(surface(stuff))].strip(), "",
                               sentence_text(edited), UP, (fact,), operator=node.operator)
        obj = None if noun_modifier(tree, path) else complement(subtree)
        verb = binary.left if obj else None
        if (obj and isinstance(verb, Leaf) and not target_has(target, lemma_key(binary.right))
                and not any(operators(leaves(binary.right)))      # "drinking no milk" is no drinking
                and (ctx.intransitive is None or ctx.intransitive(verb.token.lemma.lower()))):
            intransitive = Leaf(obj, verb.token)
            edited = replace_at(tree, path, intransitive)
            what = "to an object" if str(binary.right.category) == "NP" else "with a complement"
            fact = pair_fact(verb.token.word, surface(subtree), f"doing something {what} is doing it")
            yield edited, Step(StepKind.DELETE, surface(binary.right), "", sentence_text(edited), UP, (fact,),
                               operator=node.operator)
        shorter = without_second_complement(subtree) if target is not None else None
        if shorter is not None and not target_has(target, lemma_key(binary.right)) \
                and not any(operators(leaves(binary.right))):
            edited = replace_at(tree, path, shorter)
            fact = pair_fact(surface(shorter), surface(subtree), "doing something with a complement is doing it")
            yield edited, Step(StepKind.DELETE, surface(binary.right), "", sentence_text(edited), UP, (fact,),
                               operator=node.operator)
        if target is not None and noun_argument(subtree) and not target_has(target, lemma_key(binary.right)) \
                and not any(operators(leaves(binary.right))):
            noun = cast(Leaf, binary.left)
            edited = replace_at(tree, path, Leaf(subtree.category, noun.token))
            fact = pair_fact(noun.token.word, surface(subtree), "a noun's argument makes it a special case")
            yield edited, Step(StepKind.DELETE, surface(binary.right), "", sentence_text(edited), UP, (fact,),
                               operator=node.operator)
        conj = conjunction(subtree)
        if conj and conj[0] in ("and", "or"):
            yield from _swap(tree, path, binary, target)
        if conj and conj[0] == "and" and not _modified_nouns(tree, path) \
                and not _reciprocal(tree, subtree, conj):      # X and Y ≤ X; never "X or Y" ≤ X
            yield from _drop_conjunct(tree, path, node, conj, target)
            if ctx.counting and target is not None and target.lemmas["two"]:
                yield from _counted(ctx, path, node, conj, target)


_SUMMING = frozenset({"every", "all", "each", "no"})


def _reciprocal(tree: Tree, node: Tree, conj: tuple[str, Tree, Tree]) -> bool:
    """Nouns of "and", one of them singular, in a sentence whose main predicate is collective
    (inference/collective.py: "Anna and Tom met in Paris", "... bought a car together": not "Anna met in Paris";
    "the dogs and the cats gathered" ≤ "the dogs gathered")."""
    return str(node.category) in ("NP", "N") \
        and any(leaves(conjunct)[-1].token.pos not in ("NNS", "NNPS") for conjunct in conj[1:]) \
        and collective(tree) is not None


def _summed(tree: Tree, path: Path) -> bool:
    """The node at `path` is plural nouns of "and" right under "every", "all", "each" or "no": their sum
    ("all boys and girls" ≤ "all boys" where the restrictor is ↓; added_conjuncts reads them so too). Not
    singular nouns, which may name one thing ("no gin and tonic was served", "every husband and father")."""
    parent = node_at(tree, path[:-1]) if path else None
    node = node_at(tree, path)
    conj = conjunction(node)
    return isinstance(parent, Binary) and path[-1] == 1 and isinstance(parent.left, Leaf) \
        and str(parent.left.category) == "NP/N" and parent.left.token.lemma.lower() in _SUMMING \
        and str(node.category) == "N" and conj is not None \
        and all(leaves(conjunct)[-1].token.pos == "NNS" for conjunct in conj[1:])


def _modified_nouns(tree: Tree, path: Path) -> bool:
    """The node at `path` is nouns of "and" after a modifier ("striped | shorts and sunglasses"): whether
    the modifier is about both is a bracketing the parse cannot be trusted with, and keeping one noun
    would move it onto that one ("striped sunglasses")."""
    parent = node_at(tree, path[:-1]) if path else None
    split = modifier_split(parent) if parent is not None else None
    return split == (0, 1) and path[-1] == 1 and str(node_at(tree, path).category) == "N"


def _swap(tree: Tree, path: Path, node: Binary, target: Target | None) -> Edits:
    """"X and Y" -> "Y and X", when the target has the conjuncts in that order."""
    conj_node = cast(Binary, node.right)   # callers checked conjunction(node): the CONJ node
    swapped = Binary(node.category, node.rule, conj_node.right,
                     Binary(conj_node.category, conj_node.rule, conj_node.left, node.left, conj_node.head_is_left),
                     node.head_is_left)
    if target is None:
        return
    if has_run(target.key, lemma_key(swapped)):
        edited = replace_at(tree, path, swapped)
        yield edited, Step(StepKind.REORDER, surface(node), surface(swapped), sentence_text(edited))


def _drop_conjunct(tree: Tree, path: Path, node: PolarizedNode, conj: tuple[str, Tree, Tree],
                   target: Target | None) -> Edits:
    """Keep one conjunct: "X and Y" ≤ X where ↑, "X or Y" ≥ X and a determiner's "X and Y" ≥ X where ↓
    (the caller checks which)."""
    word, first, second = conj
    subtree = node.node
    if not coordinable(subtree, word):
        return
    for keep, drop in ((first, second), (second, first)):
        if target_has(target, lemma_key(drop)):
            continue
        edited = replace_at(tree, path, keep)
        if word == "or" or node.polarity is DOWN:     # "X and Y" under a determiner: the sum of the two
            fact = pair_fact(surface(subtree), surface(keep), f"X is a special case of \"X {word} Y\"")
        else:
            fact = pair_fact(surface(keep), surface(subtree), "\"X and Y\" is a special case of X")
        yield edited, Step(StepKind.DELETE, f"{word} {surface(drop)}" if keep is first else
                           f"{surface(drop)} {word}", "", sentence_text(edited), node.polarity, (fact,),
                           operator=node.operator)


def _counted(ctx: EditContext, path: Path, node: PolarizedNode, conj: tuple[str, Tree, Tree],
             target: Target) -> Edits:
    """"a red car and a blue car" ≤ "two cars", "a man and a woman" ≤ "two people": two singular
    indefinite noun phrases whose head nouns are, or are below, a plural noun of the target."""
    heads = [_indefinite_head(np) for np in conj[1:]]
    if str(node.node.category) != "NP" or None in heads:
        return
    lemmas = [h.lemma.lower() for h in heads if h is not None]
    plurals = {leaf.token.lemma.lower(): leaf.token for leaf in target.leaves if leaf.token.pos == "NNS"}
    for upper, noun in plurals.items():
        facts = [() if lemma == upper else kb_leq(ctx.kb, lemma, upper) for lemma in lemmas]
        if any(f is None for f in facts):
            continue
        two = Binary(node.node.category, Rule.FA, Leaf(parse_category("NP/N"), Token("two", "two", "CD")),
                     Leaf(parse_category("N"), Token(noun.word.lower(), noun.lemma, "NNS")), True)
        edited = replace_at(ctx.tree, path, two)
        used = tuple(f for found in facts if found for f in found)
        fact = pair_fact(surface(two), surface(node.node), "two things of a kind are two of them")
        yield edited, Step(StepKind.REPLACE, surface(node.node), surface(two), sentence_text(edited), UP,
                           (*used, fact), operator=node.operator)


def _indefinite_head(np: Tree) -> Token | None:
    """The head noun of "a/an/one (modifiers) NOUN (...)" when singular, else None."""
    words = leaves(np)
    if len(words) < 2 or words[0].token.lemma.lower() not in ("a", "an", "one"):
        return None
    head = head_noun(words[1:])
    return head if head is not None and head.pos == "NN" else None
