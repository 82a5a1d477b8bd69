"""The preposition of a verb's place phrase on the ground replaced by one the target has more of, where
the phrase is ↑: "playing on the grass" ≡ "playing in the grass", "running through the field" ≤
"running in (on) the field" (never back: "in the park" is not "through the park"; the ground nouns of
kb/places.tsv)."""
from __future__ import annotations

from typing import cast

from monalog.ccg.tree import Binary, Leaf, Token
from monalog.inference import places
from monalog.inference.edits.context import EditContext, Edits
from monalog.inference.proof import Step, StepKind
from monalog.inference.treeops import norm_lemma, replace_at, sentence_text
from monalog.knowledge.facts import Fact, Relation, Source, Term
from monalog.polarity.marks import Polarity


def edits(ctx: EditContext) -> Edits:
    target = ctx.target
    if target is None:
        return
    wanted = [leaf for leaf in target.leaves if norm_lemma(leaf) in places.GROUND_PREPOSITIONS
              and ctx.have[norm_lemma(leaf)] < target.lemmas[norm_lemma(leaf)]]
    if not wanted:
        return
    for path, node in ctx.nodes:
        if node.polarity is not Polarity.UP or (noun := places.ground(node.node)) is None:
            continue
        pp = cast(Binary, node.node)
        old = cast(Leaf, pp.left)
        for leaf in wanted:
            if norm_lemma(leaf) in (norm_lemma(old), "through"):
                continue
            new = Leaf(old.category, Token(leaf.token.word.lower(), leaf.token.lemma, old.token.pos))
            edited = replace_at(ctx.tree, path + (0,), new)
            through = norm_lemma(old) == "through"
            note = f"going through the {noun} is being {new.token.word} it" if through \
                else f"\"{noun}\" is ground one acts in or on alike"
            fact = Fact(Term(old.token.word.lower()), Relation.LEQ if through else Relation.EQ, Term(new.token.word),
                        Source.FIXED, note + " (kb/places.tsv)")
            yield edited, Step(StepKind.REPLACE, old.token.word, new.token.word, sentence_text(edited), Polarity.UP,
                               (fact,), operator=node.operator)
