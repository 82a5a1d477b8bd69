"""Determiners replaced toward a target: one of two words read as an article and an adjective
("a few children") replaced as one, and one word replaced by one of two ("three women" ≤ "a few
women"), as polarity and the knowledge base allow."""
from __future__ import annotations

from typing import TYPE_CHECKING

from monalog.ccg.category import parse_category
from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree, Unary
from monalog.inference.phrases import Edits, Leq, Nodes, licensed
from monalog.inference.proof import Step, StepKind
from monalog.inference.treeops import is_determiner, replace_at, sentence_text, walk
from monalog.polarity.lexicon import default_lexicon

if TYPE_CHECKING:
    from monalog.inference.generation import Target

_N, _NP = parse_category("N"), parse_category("NP")
_MODIFIER, _DETERMINER = parse_category("N/N"), parse_category("NP/N")


def determiner_phrases(tree: Tree, nodes: Nodes, target: "Target", leq: Leq, numerals: bool = True) -> Edits:
    """A determiner of two words that the parser reads as an article and an adjective ("a few
    children": A + few children) replaced as one by a determiner the target has, as the polarity of
    its first word and `leq` allow: "a few children" ≤ "some children" ≤ ... (the lexicon's
    multi-word determiners, grammars/monotonicity.tsv). `numerals`: whether numerals read "at least N"
    ("a few" ≤ "two"); under the exact reading no numeral replaces it."""
    wanted = {leaf.token.lemma.lower(): leaf for leaf in target.leaves if is_determiner(leaf)
              and (numerals or not default_lexicon().is_numeral(leaf.token.lemma.lower()))}
    if not wanted:
        return
    polarity = dict(nodes)
    for path, node in nodes:
        if (split := _determiner_pair(node.node)) is None:
            continue
        first_at, pair, rest = split
        words = tuple(leaf.token.word.lower() for leaf in pair)
        first = polarity.get(path + first_at)
        if first is None or words not in default_lexicon().determiners:
            continue
        old = " ".join(words)
        for lemma, leaf in wanted.items():
            facts = licensed(leq, old, lemma, first.polarity)
            if facts is None or lemma in words:
                continue
            word = leaf.token.word.lower()
            word = word.capitalize() if pair[0].token.word[:1].isupper() else word
            new = Binary(_NP, Rule.FA, Leaf(_DETERMINER, Token(word, leaf.token.lemma, leaf.token.pos)), rest, True)
            edited = replace_at(tree, path, new)
            yield edited, Step(StepKind.REPLACE, old, word, sentence_text(edited), first.polarity,
                               facts, operator=node.operator)


def two_word_determiners(tree: Tree, nodes: Nodes, target: "Target", leq: Leq, numerals: bool = True) -> Edits:
    """A determiner of one word replaced by one of two words that the target has (`Target.pairs`), as
    its polarity and `leq` allow: "three women" ≤ "a few women". `numerals`: whether numerals read "at
    least N"; under the exact reading no numeral is replaced."""
    if not target.pairs:
        return
    polarity = dict(nodes)
    for path, node in nodes:
        if (split := _one_word_determiner(node.node)) is None or _known_pair(node.node) is not None:
            continue
        at, leaf, rest = split
        det = polarity.get(path + at)
        old = leaf.token.word.lower()
        if det is None or (not numerals and default_lexicon().is_numeral(old)):
            continue
        for new_words, (first, second) in target.pairs:
            facts = licensed(leq, old, new_words, det.polarity)
            if facts is None:
                continue
            word = first.token.word.lower()
            word = word.capitalize() if leaf.token.word[:1].isupper() else word
            noun = Binary(_N, Rule.FA, Leaf(_MODIFIER, second.token), rest, True)
            new = Binary(_NP, Rule.FA, Leaf(_DETERMINER, Token(word, first.token.lemma, first.token.pos)), noun, True)
            edited = replace_at(tree, path, new)
            yield edited, Step(StepKind.REPLACE, leaf.token.word, f"{word} {second.token.word}", sentence_text(edited),
                               det.polarity, facts, operator=node.operator)


def pairs_in(tree: Tree) -> tuple[tuple[str, tuple[Leaf, Leaf]], ...]:
    """The determiners of two words in `tree` ("a few"), each with its two leaves."""
    return tuple(dict(known for _, node in walk(tree) if (known := _known_pair(node))).items())


def _known_pair(np: Tree) -> tuple[str, tuple[Leaf, Leaf]] | None:
    """The determiner of two words of the lexicon ("a few") that `np` starts with, and its leaves;
    None for an article and an adjective ("a red") or any other NP."""
    split = _determiner_pair(np)
    if split is None:
        return None
    words = tuple(leaf.token.word.lower() for leaf in split[1])
    return (" ".join(words), split[1]) if words in default_lexicon().determiners else None


def _one_word_determiner(np: Tree) -> tuple[tuple[int, ...], Leaf, Tree] | None:
    """An NP of a determiner and a noun ("every (dog)") or of a numeral's bare plural ("(three
    women)"): the path to the determiner, its leaf and the noun after it."""
    if isinstance(np, Binary) and np.category == _NP and isinstance(np.left, Leaf) and is_determiner(np.left) \
            and np.right.category == _N:
        return (0,), np.left, np.right
    if isinstance(np, Unary) and np.category == _NP and isinstance(np.child, Binary) \
            and isinstance(np.child.left, Leaf) and is_determiner(np.child.left) and np.child.right.category == _N:
        return (0, 0), np.child.left, np.child.right
    return None


def _determiner_pair(np: Tree) -> tuple[tuple[int, ...], tuple[Leaf, Leaf], Tree] | None:
    """An NP that starts with two words the parser reads as a determiner and an adjective: the
    path to its first word, the two leaves and the noun after them ("a (few children)" or "(a few)
    children")."""
    if not (isinstance(np, Binary) and np.category == _NP):
        return None
    left, right = np.left, np.right
    if isinstance(left, Leaf) and isinstance(right, Binary) and isinstance(right.left, Leaf) \
            and right.left.category == _MODIFIER:
        return (0,), (left, right.left), right.right
    if isinstance(left, Binary) and isinstance(left.left, Leaf) and isinstance(left.right, Leaf) \
            and left.right.category == _MODIFIER:
        return (0, 0), (left.left, left.right), right
    return None
