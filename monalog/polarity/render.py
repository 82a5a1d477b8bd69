"""JSON rendering of polarized sentences and derivations."""
from __future__ import annotations

from monalog.ccg.tree import Leaf
from monalog.parsing.checks import doubt
from monalog.polarity.polarizer import PolarizedNode, PolarizedSentence


def node_json(pn: PolarizedNode) -> dict:
    """Nested JSON of a polarized derivation: category, polarity, rule, children or word."""
    node = pn.node
    out: dict = {"category": str(node.category), "polarity": pn.polarity.value, "operator": pn.operator or None}
    if isinstance(node, Leaf):
        out.update(word=node.token.word, lemma=node.token.lemma)
    else:
        out["rule"] = node.rule.value
        out["children"] = [node_json(child) for child in pn.children]
    return out


def polarized_json(result: PolarizedSentence) -> dict:
    out: dict = {"sentence": result.sentence, "arrows": result.arrows()}
    reason = doubt(result.parse.tree)
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
