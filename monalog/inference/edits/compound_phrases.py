"""A word replaced by a phrase of the target that stands for one word, or such a phrase by any word
of the target, as the polarity and the knowledge base allow ("a flute" ≤ "a wind instrument", "panda
bears" ≡ "pandas", "making a sketch" ≤ "drawing")."""
from __future__ import annotations

from monalog.ccg.tree import Leaf
from monalog.inference.edits.context import EditContext, Edits
from monalog.inference.proof import Step, StepKind
from monalog.inference.target import licensed, one_word
from monalog.inference.treeops import compounds, norm_lemma, replace_at, same_category, sentence_text, surface


def edits(ctx: EditContext) -> Edits:
    """Only when the pair's facts relate such a phrase (`compound_facts`)."""
    target, tree = ctx.target, ctx.tree
    if target is None or not ctx.compound_facts:
        return
    mine = compounds(tree)
    if not target.compounds and not mine:
        return
    present = {key for key, _, _ in mine}
    wanted = [(key, node) for key, node in target.compounds if key not in present]
    sources = [(path, key) for key, path, _ in mine]
    if wanted:
        sources += [(path, norm_lemma(pn.node)) for path, pn in ctx.nodes
                    if isinstance(pn.node, Leaf) and one_word(pn.node)]
    polarized = dict(ctx.nodes)
    for path, key in sources:
        node = polarized[path]
        here = node.node
        for new_key, new in wanted + (list(target.singles) if not isinstance(here, Leaf) else []):
            if new_key == key or not same_category(here.category, new.category):
                continue
            facts = licensed(ctx.leq, key, new_key, node.polarity)
            if facts is None:
                continue
            edited = replace_at(tree, path, new)
            yield edited, Step(StepKind.REPLACE, surface(here), surface(new), sentence_text(edited),
                               node.polarity, facts, operator=node.operator)
