"""Proof renderings: text for people and JSON for programs (monalog.inference.proof, where `Proof`'s
methods use them), and Graphviz DOT of the search tree."""
from __future__ import annotations

import json

from monalog.inference.proof import Proof, proof_json, proof_text, step_json

__all__ = ["proof_dot", "proof_json", "proof_text", "step_json"]


def _quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def proof_dot(proof: Proof) -> str:
    """The search tree (every sentence explored, edges labelled with edits), proof path in bold."""
    on_path: set[tuple[str | None, str]] = set()
    current: str | None = None
    for step in proof.steps:
        on_path.add((current, step.result))
        current = step.result
    lines = ["digraph proof {", "  rankdir=LR;", "  node [shape=box, fontname=Helvetica];",
             f"  label={_quote(f'{proof.label.value}: {proof.premise} => {proof.hypothesis}')};"]
    nodes: dict[str, str] = {}

    def node(text: str) -> str:
        if text not in nodes:
            nodes[text] = f"n{len(nodes)}"
            lines.append(f"  {nodes[text]} [label={_quote(text)}];")
        return nodes[text]

    node(proof.premise)
    for source, target, edit in proof.search_tree:
        bold = ", penwidth=2.5, color=blue" if any(t == target for _, t in on_path) else ""
        lines.append(f"  {node(source)} -> {node(target)} [label={_quote(edit[:60])}{bold}];")
    if not proof.search_tree:
        previous = proof.premise
        for step in proof.steps:
            label = _quote(step.describe()[:60])
            lines.append(f"  {node(previous)} -> {node(step.result)} [label={label}, penwidth=2.5];")
            previous = step.result
    lines.append("}")
    return "\n".join(lines)
