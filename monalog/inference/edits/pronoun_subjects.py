"""A personal pronoun that names people, or a given name, made general where ↑: "She said three words"
≤ "Some person said three words" (the normalised "Someone said ..."), "We have a choice" ≤ "Some people
have a choice", "Tom left" ≤ "Some person left", and as objects: "She loves him" ≤ "She loves some person".
Not "you" (often anyone: "You shouldn't read useless books"), "they", "them" or "it", which name things as
well as people. The generator uses the same edit (`generalised`)."""
from __future__ import annotations

from typing import Iterator

from monalog.ccg.category import parse_category
from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree, Unary
from monalog.inference.edits.context import EditContext, Edits, Nodes
from monalog.inference.proof import Step, StepKind
from monalog.inference.target import pair_fact
from monalog.inference.treeops import Path, replace_at, same_category, sentence_text
from monalog.polarity.marks import Polarity
from monalog.text.names import given_name

PEOPLE = {"i": "person", "he": "person", "she": "person", "we": "people",
          "me": "person", "him": "person", "her": "person", "us": "people"}
_NP, _DET, _N = parse_category("NP"), parse_category("NP/N"), parse_category("N")


def edits(ctx: EditContext) -> Edits:
    target = ctx.target
    if target is not None and (target.lemmas["person"] or target.lemmas["people"]):
        for path, pronoun, _ in generalised(ctx.nodes):
            yield step(ctx.tree, path, pronoun)


def generalised(nodes: Nodes) -> Iterator[tuple[Path, Leaf, str]]:
    """(path, pronoun or name, its noun) for each pronoun of `PEOPLE` or given name
    (grammars/first_names.txt, a noun phrase of its own) where ↑."""
    for path, pn in nodes:
        node = pn.node
        leaf = node.child if isinstance(node, Unary) and node.category == _NP else node
        if pn.polarity is not Polarity.UP or not isinstance(leaf, Leaf) or not same_category(node.category, _NP):
            continue
        if leaf.token.word.lower() in PEOPLE and leaf is node:
            yield path, leaf, PEOPLE[leaf.token.word.lower()]
        elif given_name(leaf.token.word):
            yield path, leaf, "person"


def step(tree: Tree, path: Path, pronoun: Leaf) -> tuple[Tree, Step]:
    """`tree` with the pronoun or name at `path` replaced by "some person" / "some people", and the step."""
    noun = PEOPLE.get(pronoun.token.word.lower(), "person")
    phrase = Binary(_NP, Rule.FA, Leaf(_DET, Token("some", "some", "DT")),
                    Leaf(_N, Token(noun, noun, "NNS" if noun == "people" else "NN")))
    edited = replace_at(tree, path, phrase)
    fact = pair_fact(f"some {noun}", pronoun.token.word.lower(), f"\"{pronoun.token.word}\" names {noun}")
    return edited, Step(StepKind.REPLACE, pronoun.token.word, f"some {noun}", sentence_text(edited), Polarity.UP,
                        (fact,))
