"""A place phrase replaced by where it is, when the target says where and the phrase is ↑: "running in
a field" ≤ "running outdoors"; "cooking in the kitchen" ≤ "cooking inside", which excludes the
target's "outside" (monalog.inference.places)."""
from __future__ import annotations

from monalog.ccg.tree import leaves
from monalog.inference import places
from monalog.inference.edits.context import EditContext, Edits
from monalog.inference.proof import Step, StepKind
from monalog.inference.treeops import norm_lemma, replace_at, same_category, sentence_text, surface
from monalog.knowledge.facts import Fact, Relation, Source, Term
from monalog.polarity.marks import Polarity


def edits(ctx: EditContext) -> Edits:
    target = ctx.target
    if target is None:
        return
    for leaf in target.leaves:
        if places.said(leaf) is None or ctx.have[norm_lemma(leaf)] >= target.lemmas[norm_lemma(leaf)]:
            continue
        for path, node in ctx.nodes:
            if node.polarity is not Polarity.UP or not same_category(node.category, leaf.category) \
                    or (new := places.placed(node.node, leaf)) is None:
                continue
            edited = replace_at(ctx.tree, path, new)
            noun = leaves(node.node)[-1].token.word
            fact = Fact(Term(surface(node.node)), Relation.LEQ, Term(new.token.word), Source.FIXED,
                        f"\"{noun}\" names a place {places.where(node.node)} (kb/places.tsv)")
            yield edited, Step(StepKind.REPLACE, surface(node.node), new.token.word, sentence_text(edited),
                               Polarity.UP, (fact,), operator=node.operator)
