"""A constituent replaced by its aligned phrase of the same category, features included
(monalog.inference.alignment), in ↑ positions only: an embedding score says that two phrases are
alike, not which is the more general, so it is never trusted where a wrong direction reverses the
inference ("Every dog barks" ⊭ "Every animal barks")."""
from __future__ import annotations

from monalog.inference.edits.context import EditContext, Edits
from monalog.inference.proof import Step, StepKind
from monalog.inference.treeops import lemma_key, replace_at, sentence_text, surface
from monalog.polarity.marks import Polarity


def edits(ctx: EditContext) -> Edits:
    if not ctx.alignments:
        return
    ups = [(path, node, lemma_key(node.node)) for path, node in ctx.nodes if node.polarity is Polarity.UP]
    for alignment in ctx.alignments:
        for path, node, key in ups:
            if key != alignment.source or node.category != alignment.target.category:
                continue        # features too: "is putting down a helmet" has the key of "putting down a helmet"
            edited = replace_at(ctx.tree, path, alignment.target)
            yield edited, Step(StepKind.REPLACE, surface(node.node), surface(alignment.target),
                               sentence_text(edited), node.polarity, (alignment.fact,), operator=node.operator)
