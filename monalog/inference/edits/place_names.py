"""A place's name replaced by a region it lies in where it is ↑ after "in" ("lives in Berlin" ≤ "lives in
Germany", "a city in Spain" ≤ "a city in Europe"), and by a place in that region where ↓ ("It is not
true that Betty lives in Germany" ≤ "... in Berlin"), when the target names it (WordNet's part
holonyms: monalog.knowledge.regions). Only as the whole object of an "in" making a modifier: "near
Berlin" is not near Germany, "believes in Berlin" not in Germany, "a gift to Lincoln" may be to the
man, "loves Berlin" does not love Germany; and not after a superlative ("the tallest building in
London" need not be the tallest in England)."""
from __future__ import annotations

from functools import lru_cache
from typing import Iterator

from monalog.ccg.category import Functor
from monalog.ccg.tree import Leaf, Token, Tree, leaves
from monalog.inference.edits.context import EditContext, Edits, Nodes
from monalog.inference.proof import Step, StepKind
from monalog.inference.treeops import Path, leaf_positions, replace_at, sentence_text
from monalog.knowledge.facts import Fact, Relation, Source, Term
from monalog.knowledge.regions import larger_places, regions
from monalog.knowledge.superlatives import superlative
from monalog.polarity.marks import Polarity
from monalog.polarity.polarizer import PolarizedNode
from monalog.resources import grammar_lines


def edits(ctx: EditContext) -> Edits:
    if ctx.target is None:
        return
    names = [token for token in ctx.missing.values() if token.pos.startswith("NN")]
    for path, node, leaf in _places(ctx.tree, ctx.nodes) if names else ():
        here = leaf.token.word.lower()
        for token in names:
            there = token.word.lower()
            if node.polarity is Polarity.UP and there in regions(here):
                fact = _lies_in(leaf.token.word, token.word)
            elif node.polarity is Polarity.DOWN and here in regions(there):
                fact = _lies_in(token.word, leaf.token.word)
            else:
                continue
            edited = replace_at(ctx.tree, path, Leaf(leaf.category, token))
            yield edited, Step(StepKind.REPLACE, leaf.token.word, token.word, sentence_text(edited), node.polarity,
                               (fact,), operator=node.operator)


def larger(tree: Tree, nodes: Nodes) -> Edits:
    """The generator's edit: a place's name where ↑ made each region it lies in (regions.larger_places: "lives in
    Berlin" ⇒ "lives in Germany", "... in Europe")."""
    for path, node, leaf in _places(tree, nodes):
        for region in larger_places(leaf.token.word.lower()) if node.polarity is Polarity.UP else ():
            token = Token(region, region.lower(), leaf.token.pos)
            edited = replace_at(tree, path, Leaf(leaf.category, token))
            yield edited, Step(StepKind.REPLACE, leaf.token.word, region, sentence_text(edited), node.polarity,
                               (_lies_in(leaf.token.word, region),), operator=node.operator)


def _places(tree: Tree, nodes: Nodes) -> Iterator[tuple[Path, PolarizedNode, Leaf]]:
    """The (path, polarized node, leaf) of each word that is the whole object of an "in" making a modifier, before no
    noun and after no superlative (module docstring)."""
    words, positions = leaves(tree), leaf_positions(tree)
    for path, node in nodes:
        leaf, i = node.node, positions.get(path)
        if isinstance(leaf, Leaf) and i and _locative(words[i - 1]) and not _own_in(words[:i - 1]) \
                and not (i + 1 < len(words) and words[i + 1].token.pos.startswith(("NN", "POS"))) \
                and not any(w.token.pos in ("JJS", "RBS") or superlative(w.token.word) for w in words[:i]):
            yield path, node, leaf


def _locative(leaf: Leaf) -> bool:
    """"in" making a modifier of a verb phrase or a noun ("lives | in Berlin", "a city | in Spain"), not a
    verb's own argument ("interested in Berlin": PP/NP)."""
    category, made = leaf.category, getattr(leaf.category, "result", None)
    return leaf.token.word.lower() == "in" and isinstance(made, Functor) and isinstance(category, Functor) \
        and str(category.argument) == "NP" and made.result.without_features() == made.argument.without_features()


def _own_in(before: list[Leaf]) -> bool:
    """The word before "in" (past an adverb) takes "in" as its own argument ("believes (firmly) in Berlin":
    grammars/in_verbs.txt)."""
    words = [leaf for leaf in before if leaf.token.pos != "RB"][-1:]
    return bool(words) and words[0].token.lemma.lower() in _in_verbs()


@lru_cache(maxsize=1)
def _in_verbs() -> frozenset[str]:
    return frozenset(grammar_lines("in_verbs.txt"))


def _lies_in(place: str, region: str) -> Fact:
    return Fact(Term(place, "n"), Relation.LEQ, Term(region, "n"), Source.WORDNET,
                f"{place} lies in {region} (WordNet's part holonyms): what is in {place} is in {region}")
