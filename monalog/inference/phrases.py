"""Edits of whole phrases toward a target: phrases that stand for one word ("a flute" ≤ "a wind
instrument", "making a sketch" ≤ "drawing"), aligned phrases (monalog.inference.alignment), place
phrases ("in a field" ≤ "outdoors", "on the grass" ≡ "in the grass"), clothing's colours ("in a blue
leotard" ≤ "in blue"), a manner adverb moved along its verb phrase ("quickly running" ≡ "running
quickly") and a place phrase moved between the subject and its verb phrase (determiners:
monalog.inference.determiners)."""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Iterator, Sequence, cast

from monalog.ccg.category import Functor, Slash, parse_category
from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree, leaves
from monalog.inference import places
from monalog.inference.droppable import downward, operators
from monalog.inference.proof import Step, StepKind
from monalog.inference.treeops import (compounds, has_run, lemma_key, node_at, norm_lemma, replace_at,
                                       same_category, sentence_text, surface, walk)
from monalog.knowledge.facts import Fact, Relation, Source, Term
from monalog.knowledge.wordnet_facts import worn
from monalog.polarity.lexicon import default_lexicon
from monalog.polarity.marks import Polarity
from monalog.polarity.polarizer import PolarizedNode
from monalog.text.normalize import default_fragment

if TYPE_CHECKING:
    from monalog.inference.alignment import Alignment
    from monalog.inference.generation import Target

UP, DOWN = Polarity.UP, Polarity.DOWN
_N, _NP, _VP, _PP = parse_category("N"), parse_category("NP"), parse_category("S\\NP"), parse_category("PP")
Edits = Iterator[tuple[Tree, Step]]
Nodes = Sequence[tuple[tuple[int, ...], PolarizedNode]]
Leq = Callable[[str, str], "tuple[Fact, ...] | None"]


def licensed(leq: Leq, old: str, new: str, polarity: Polarity) -> "tuple[Fact, ...] | None":
    """The facts that let `new` replace `old` at `polarity`: old ≤ new where ↑, new ≤ old where ↓,
    both where = (None when they do not)."""
    if polarity is UP:
        return leq(old, new)
    if polarity is DOWN:
        return leq(new, old)
    up, down = leq(old, new), leq(new, old)
    return up + down if up is not None and down is not None else None


def one_word(leaf: Leaf) -> bool:
    """A noun, or a verb without object, that a phrase standing for one word may replace."""
    return (leaf.category == _N and leaf.token.pos.startswith("NN")) or \
        (leaf.token.pos.startswith("VB") and _verb_phrase(leaf))


def compound_replacements(tree: Tree, nodes: Nodes, target: "Target", leq: Leq) -> Edits:
    """A word replaced by a phrase of the target that stands for one word, or such a phrase by any
    word of the target, as the polarity and `leq` (the knowledge base) allow ("a flute" ≤ "a wind
    instrument", "panda bears" ≡ "pandas", "making a sketch" ≤ "drawing")."""
    mine = compounds(tree)
    if not target.compounds and not mine:
        return
    present = {key for key, _, _ in mine}
    wanted = [(key, node) for key, node in target.compounds if key not in present]
    sources = [(path, key) for key, path, _ in mine]
    if wanted:
        sources += [(path, norm_lemma(pn.node)) for path, pn in nodes
                    if isinstance(pn.node, Leaf) and one_word(pn.node)]
    polarized = dict(nodes)
    for path, key in sources:
        node = polarized[path]
        here = node.node
        for new_key, new in wanted + (list(target.singles) if not isinstance(here, Leaf) else []):
            if new_key == key or not same_category(here.category, new.category):
                continue
            facts = licensed(leq, key, new_key, node.polarity)
            if facts is None:
                continue
            edited = replace_at(tree, path, new)
            yield edited, Step(StepKind.REPLACE, surface(here), surface(new), sentence_text(edited),
                               node.polarity, facts, operator=node.operator)


def aligned_replacements(tree: Tree, nodes: Nodes, alignments: Sequence["Alignment"]) -> Edits:
    """A constituent replaced by its aligned phrase of the same category, features included, in ↑
    positions only: an embedding score says that two phrases are alike, not which is the more general,
    so it is never trusted where a wrong direction reverses the inference ("Every dog barks" ⊭ "Every
    animal barks")."""
    if not alignments:
        return
    ups = [(path, node, lemma_key(node.node)) for path, node in nodes if node.polarity is UP]
    for alignment in alignments:
        for path, node, key in ups:
            if key != alignment.source or node.category != alignment.target.category:
                continue        # features too: "is putting down a helmet" has the key of "putting down a helmet"
            edited = replace_at(tree, path, alignment.target)
            yield edited, Step(StepKind.REPLACE, surface(node.node), surface(alignment.target),
                               sentence_text(edited), node.polarity, (alignment.fact,), operator=node.operator)


def place_replacements(tree: Tree, nodes: Nodes, target: "Target", have: Counter) -> Edits:
    """A place phrase replaced by where it is, when the target says where and the phrase is ↑:
    "running in a field" ≤ "running outdoors"; "cooking in the kitchen" ≤ "cooking inside", which
    excludes the target's "outside" (monalog.inference.places)."""
    for leaf in target.leaves:
        if places.said(leaf) is None or have[norm_lemma(leaf)] >= target.lemmas[norm_lemma(leaf)]:
            continue
        for path, node in nodes:
            if node.polarity is not UP or not same_category(node.category, leaf.category) \
                    or (new := places.placed(node.node, leaf)) is None:
                continue
            edited = replace_at(tree, path, new)
            noun = leaves(node.node)[-1].token.word
            fact = Fact(Term(surface(node.node)), Relation.LEQ, Term(new.token.word), Source.FIXED,
                        f"\"{noun}\" names a place {places.where(node.node)} (kb/places.tsv)")
            yield edited, Step(StepKind.REPLACE, surface(node.node), new.token.word, sentence_text(edited),
                               UP, (fact,), operator=node.operator)


def ground_prepositions(tree: Tree, nodes: Nodes, target: "Target", have: Counter) -> Edits:
    """The preposition of a verb's place phrase on the ground replaced by one the target has more of,
    where the phrase is ↑: "playing on the grass" ≡ "playing in the grass", "running through the field"
    ≤ "running in (on) the field" (never back: "in the park" is not "through the park"; the ground nouns
    of kb/places.tsv)."""
    wanted = [leaf for leaf in target.leaves if norm_lemma(leaf) in places.GROUND_PREPOSITIONS
              and have[norm_lemma(leaf)] < target.lemmas[norm_lemma(leaf)]]
    if not wanted:
        return
    for path, node in nodes:
        if node.polarity is not UP or (noun := places.ground(node.node)) is None:
            continue
        pp = cast(Binary, node.node)
        old = cast(Leaf, pp.left)
        for leaf in wanted:
            if norm_lemma(leaf) in (norm_lemma(old), "through"):
                continue
            new = Leaf(old.category, Token(leaf.token.word.lower(), leaf.token.lemma, old.token.pos))
            edited = replace_at(tree, path + (0,), new)
            through = norm_lemma(old) == "through"
            note = f"going through the {noun} is being {new.token.word} it" if through \
                else f"\"{noun}\" is ground one acts in or on alike"
            fact = Fact(Term(old.token.word.lower()), Relation.LEQ if through else Relation.EQ, Term(new.token.word),
                        Source.FIXED, note + " (kb/places.tsv)")
            yield edited, Step(StepKind.REPLACE, old.token.word, new.token.word, sentence_text(edited), UP,
                               (fact,), operator=node.operator)


def clothing_colours(tree: Tree, nodes: Nodes, target: "Target") -> Edits:
    """"a girl in a blue leotard" ≤ "a girl in blue", "wearing a blue leotard" ≤ "wearing blue", where the
    phrase is ↑ and the target has a phrase of its category with the same colours alone: one dressed in
    blue clothing is in blue (the noun's dominant WordNet sense is clothing, not a hat, a wig or a tie:
    wordnet_facts.worn; "in a blue car", "in a dark suit" are not)."""
    wanted = _colour_phrases(target.tree)
    if not wanted:
        return
    for path, node in nodes:
        colours = _colours_in(node.node)
        new = wanted.get(colours)
        if node.polarity is not UP or new is None or node.category != new.category \
                or (sense := worn(leaves(node.node)[-1].token.lemma.lower())) is None:
            continue
        edited = replace_at(tree, path, new)
        colour = " and ".join(colours)
        fact = Fact(Term(surface(node.node)), Relation.LEQ, Term(surface(new)), Source.WORDNET,
                    f"{sense} is clothing: one in {colour} clothing is in {colour}")
        yield edited, Step(StepKind.REPLACE, surface(node.node), surface(new), sentence_text(edited), UP, (fact,),
                           operator=node.operator)


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


_BEFORE, _AFTER = parse_category("(S\\NP)/(S\\NP)"), parse_category("(S\\NP)\\(S\\NP)")
_AUXILIARIES = frozenset({"be", "have", "do", "will", "would", "can", "could", "may", "might", "shall", "should",
                          "must"})


def _verb_phrase(node: Tree) -> bool:
    return node.category.without_features() == _VP


def _spine(path: tuple[int, ...], node: Tree) -> Iterator[tuple[tuple[int, ...], Tree]]:
    """The verb phrases that stand for `node` itself: it, the head a modifier modifies ("running" of
    "running behind its prey") and the verb phrase of an auxiliary ("is running"); never the complement
    of a lexical verb ("learning to swim") nor a phrase inside a modifier ("while singing")."""
    while isinstance(node, Binary) and _verb_phrase(node) and not _coordination(node):
        yield path, node
        if node.rule is Rule.BA and _verb_phrase(node.left):
            path, node = path + (0,), node.left
        elif node.rule is Rule.FA and isinstance(node.left, Leaf) and norm_lemma(node.left) in _AUXILIARIES:
            path, node = path + (1,), node.right
        else:
            return
    if isinstance(node, Leaf) and _verb_phrase(node):
        yield path, node


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
                and (_verb_phrase(node) if rule is not Rule.BX else _lexical_verb(node.left))
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


def _coordination(node: Tree) -> bool:
    return isinstance(node, Binary) and (node.rule is Rule.CONJ or (isinstance(node.right, Binary)
                                                                   and node.right.rule is Rule.CONJ))


def adverb_moves(tree: Tree, target: "Target") -> Edits:
    """A manner adverb the target has, moved along its verb phrase's spine (`_spine`) to stand where
    the target's does: "is quickly running behind its prey" ≡ "is running quickly behind its prey".
    It never leaves a conjunct, nor moves onto a phrase with a downward operator ("not")."""
    if not any(leaf.token.pos == "RB" and target.lemmas[norm_lemma(leaf)] for leaf in leaves(tree)):
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
        while top and _verb_phrase(node_at(bare, top[:-1])) and not _coordination(node_at(bare, top[:-1])):
            top = top[:-1]
        before = lemma_key(tree)
        for sub_path, sub in _spine(top, node_at(bare, top)):
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


def _ends_in_verb_phrase(node: Tree) -> bool:
    """A verb phrase whose last words are another verb phrase ("learning to swim"): an adverb after it
    would read as the last verb's ("learning to swim slowly")."""
    while isinstance(node, Binary):
        node = node.right
        if _verb_phrase(node):
            return True
    return False


def _adverb_spot(key: tuple[str, ...], before: tuple[str, ...], adverb: str) -> int:
    """Where the moved adverb stands in the padded `key`: the first place it differs from `before`,
    or the one after (the adverb moved rightwards leaves its old neighbour there)."""
    at = next((i for i in range(1, len(key) - 1) if i - 1 >= len(before) or key[i] != before[i - 1]), 1)
    return at if key[at] == adverb else key.index(adverb, at)


# determiners for which the two are equivalent (norm_lemma reads the/an/some as "a"): "every hiker on top
# of the mountain" restricts the "every"
_EXISTENTIAL = frozenset({"a", "no", "one", "two", "three", "four", "five", "several"})
_VP_PP, _N_PP = parse_category("((S\\NP)\\(S\\NP))/NP"), parse_category("(N\\N)/NP")
_VP_MOD, _N_MOD = parse_category("(S\\NP)\\(S\\NP)"), parse_category("N\\N")
_N_POST = parse_category("N\\N")
_ADJECTIVE = parse_category("N/N")


def _place_phrase(node: Tree, preposition_category) -> tuple[Leaf, Tree] | None:
    """(preposition, object) of a place phrase "in a pool" whose preposition has the category given and
    says where something is (normalization.tsv's @place_preposition): where the subject is and where it
    acts are alike, "a hiker on top of the mountain is dancing" / "a hiker is dancing on top of the
    mountain", in SICK's one situation."""
    if isinstance(node, Binary) and node.rule is Rule.FA and isinstance(node.left, Leaf) \
            and node.left.category == preposition_category \
            and default_fragment("place_preposition").fullmatch(node.left.token.lemma.lower()):
        return node.left, node.right
    return None


def adjective_swaps(tree: Tree, target: "Target") -> Edits:
    """Two adjectives of a noun in the other order, where the target has them so: "a big green ball" ≡
    "a green big ball" (each says its own thing of the noun; never a non-intersective one, the
    lexicon's `keep` list, an ordinal or "other": "a fake big gun" is no "big fake gun", "the first red
    car" no "red first car"; nor a comparative or superlative)."""
    if sum(leaf.token.pos == "JJ" for leaf in target.leaves) < 2:
        return
    keep = default_lexicon().keep | _NOT_INTERSECTIVE
    for path, node in walk(tree):
        inner = node.right if isinstance(node, Binary) else None
        if not (isinstance(node, Binary) and isinstance(inner, Binary)
                and _adjective_on(node) and _adjective_on(inner)):
            continue
        first, second = cast(Leaf, node.left), cast(Leaf, inner.left)
        if {first.token.word.lower(), second.token.word.lower()} & keep:
            continue
        swapped = Binary(node.category, node.rule, second,
                         Binary(inner.category, inner.rule, first, inner.right, inner.head_is_left), node.head_is_left)
        if has_run(target.key, lemma_key(swapped)):
            edited = replace_at(tree, path, swapped)
            yield edited, Step(StepKind.REORDER, surface(node), surface(swapped), sentence_text(edited),
                               note="two adjectives of a noun in the other order")


def _adjective_on(node: Tree) -> bool:
    """An adjective applied to a noun ("green ball")."""
    return isinstance(node, Binary) and node.rule is Rule.FA and isinstance(node.left, Leaf) \
        and node.left.token.pos == "JJ" and node.left.category == _ADJECTIVE


_NOT_INTERSECTIVE = frozenset({"first", "second", "third", "last", "next", "other", "only", "same", "main"})


def pp_moves(tree: Tree, target: "Target") -> Edits:
    """A place phrase moved between the subject and the end of the verb phrase, where the target has
    it: "Two kids in a pool are pushing a float" ≡ "Two kids are pushing a float in a pool". Only for
    a subject with an existential or negative determiner (not "every"), whose noun the phrase ends or
    follows, in a verb phrase without a downward operator ("never") and along its spine (not into
    "trying to sleep")."""
    if not (isinstance(tree, Binary) and tree.rule is Rule.BA and tree.left.category == _NP
            and _verb_phrase(tree.right)):
        return
    subject, vp = tree.left, tree.right
    words = leaves(subject)
    if norm_lemma(words[0]) not in _EXISTENTIAL or any(operators(leaves(vp))):
        return
    note = "a place phrase moved between the subject and its verb phrase"
    for path, node in walk(subject):              # out of the subject, onto the verb phrase
        if isinstance(node, Binary) and node.rule is Rule.BA and node.right.category == _N_POST \
                and leaves(node.right)[-1] is words[-1] and (found := _place_phrase(node.right, _N_PP)):
            moved = Binary(_VP_MOD, Rule.FA, Leaf(_VP_PP, found[0].token), found[1], True)
            edited = Binary(tree.category, Rule.BA, replace_at(subject, path, node.left),
                            Binary(vp.category, Rule.BA, vp, moved, True), tree.head_is_left)
            if target.key[-len(lemma_key(moved)):] == lemma_key(moved):
                yield edited, Step(StepKind.REORDER, sentence_text(tree), sentence_text(edited),
                                   sentence_text(edited), note=note)
    if any(leaf.category == _N_POST or "\\" in str(leaf.category) for leaf in words):
        return                                     # the subject's last noun is not its head ("a man with a hat")
    noun = next(p for p, n in walk(subject) if n is words[-1])
    for path, node in _spine((), vp):              # off the end of the verb phrase, onto the subject's noun
        if isinstance(node, Binary) and node.rule is Rule.BA and words[-1].category == _N \
                and (found := _place_phrase(node.right, _VP_PP)):
            moved = Binary(_N_MOD, Rule.FA, Leaf(_N_PP, found[0].token), found[1], True)
            new_subject = replace_at(subject, noun, Binary(words[-1].category, Rule.BA, words[-1], moved, True))
            edited = Binary(tree.category, Rule.BA, new_subject, replace_at(vp, path, node.left), tree.head_is_left)
            if target.key[:len(lemma_key(new_subject))] == lemma_key(new_subject):
                yield edited, Step(StepKind.REORDER, sentence_text(tree), sentence_text(edited),
                                   sentence_text(edited), note=note)
