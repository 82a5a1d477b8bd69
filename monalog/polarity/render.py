"""JSON rendering of polarized sentences and derivations."""
from __future__ import annotations

from monalog.ccg.render import node_fields
from monalog.polarity.doubt import doubt
from monalog.polarity.polarizer import PolarizedNode, PolarizedSentence


def node_json(pn: PolarizedNode) -> dict:
    """Nested JSON of a polarized derivation, every node with the same keys: category, polarity, rule
    (None at a leaf), word, lemma and pos (None above the leaves), operator, children ([] at a leaf)."""
    fields = node_fields(pn.node)
    return {"category": fields.pop("category"), "polarity": pn.polarity.value, **fields,
            "operator": pn.operator or None, "children": [node_json(child) for child in pn.children]}


def polarized_json(result: PolarizedSentence) -> dict:
    out: dict = {"sentence": result.sentence, "arrows": result.arrows()}
    reason = doubt(result.parse.tree, result.parse.tag_probabilities)
    if reason:      # the polarities stand, but the prover will not build proofs on them
        out["doubtful"] = reason
    if result.normalized is not None:
        out["original"] = result.normalized.original
        out["rewrites"] = [{"rule": r.rule, "before": r.before, "after": r.after}
                           for r in result.normalized.rewrites]
    out["tokens"] = [{"word": leaf.token.word, "lemma": leaf.token.lemma,
                      "category": str(leaf.category), "polarity": leaf.polarity.value,
                      "operator": leaf.operator or None}
                     for leaf in result.tree.leaves()]
    out["tree"] = node_json(result.tree)
    return out
