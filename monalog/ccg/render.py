"""Human-readable renderings of derivations: depccg-style ASCII derivations and JSON."""
from __future__ import annotations

from monalog.ccg.tree import Leaf, Rule, Tree, leaves

_SYMBOLS = {Rule.FA: ">", Rule.BA: "<", Rule.FC: ">B", Rule.BX: "<Bx", Rule.GFC: ">B2",
            Rule.GBX: "<Bx2", Rule.CONJ: "<Φ>", Rule.LP: "<rp>", Rule.RP: "<rp>", Rule.LEX: "<un>",
            Rule.TR: "<un>", Rule.OTHER: "<?>"}


def derivation(tree: Tree) -> str:
    """An ASCII derivation: categories over words, then one rule line and result per node."""
    cats, words, lines = "", "", []
    for leaf in leaves(tree):
        cat, word = str(leaf.category), leaf.token.word
        width = 2 + max(len(cat), len(word))
        cats += cat.center(width)
        words += word.center(width)

    def visit(node: Tree, left: int) -> int:
        if isinstance(node, Leaf):
            return left + 2 + max(len(str(node.category)), len(node.token.word))
        right = left
        for child in node.children:
            right = visit(child, right)
        lines.append(" " * left + "-" * (right - left) + _SYMBOLS[node.rule])
        result = str(node.category)
        lines.append(" " * (left + max(0, (right - left - len(result)) // 2)) + result)
        return right

    visit(tree, 0)
    return "\n".join([cats.rstrip(), words.rstrip(), *lines])


def node_fields(tree: Tree) -> dict:
    """One node of the JSON node format, children aside: category, rule (None at a leaf), and word,
    lemma and pos (None above the leaves). monalog.polarity.render adds polarity and operator."""
    if isinstance(tree, Leaf):
        t = tree.token
        return {"category": str(tree.category), "rule": None, "word": t.word, "lemma": t.lemma, "pos": t.pos}
    return {"category": str(tree.category), "rule": tree.rule.value, "word": None, "lemma": None, "pos": None}


def tree_json(tree: Tree) -> dict:
    """The derivation as nested JSON-ready dicts in the node format of polarized trees (every node has
    the same keys; a leaf's children are []), with polarity and operator None: it is not polarized."""
    return {**node_fields(tree), "polarity": None, "operator": None,
            "children": [tree_json(child) for child in tree.children]}
