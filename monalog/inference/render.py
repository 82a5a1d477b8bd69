"""Proof renderings: text for people, JSON for programs, Graphviz DOT of the search tree."""
from __future__ import annotations

import json

from monalog.inference.proof import Label, Proof, Step


def step_json(step: Step) -> dict:
    return {"kind": step.kind.value, "before": step.before, "after": step.after, "result": step.result,
            "polarity": step.polarity.value if step.polarity else None, "operator": step.operator or None,
            "facts": [{"left": f.left.text, "relation": f.relation.value, "right": f.right.text,
                       "source": f.source.value, "note": f.note} for f in step.facts],
            "note": step.note, "text": step.describe()}


def proof_json(proof: Proof) -> dict:
    return {"premise": proof.premise, "hypothesis": proof.hypothesis, "label": proof.label.value,
            "normalization": [step_json(s) for s in proof.normalization],
            "steps": [step_json(s) for s in proof.steps], "depth": proof.depth,
            "explored": proof.explored, "note": proof.note}


def proof_text(proof: Proof) -> str:
    lines = [f"premise:    {proof.premise}", f"hypothesis: {proof.hypothesis}"]
    for step in proof.normalization:
        lines.append(f"  normalised: {step.describe()}")
    if proof.label is Label.NEUTRAL:
        lines.append(f"no proof: {proof.note or 'nothing licensed reaches the hypothesis'} "
                     f"({proof.explored} sentences explored)")
        return "\n".join(lines)
    for number, step in enumerate(proof.steps, 1):
        lines.append(f"  {number}. {step.describe()}")
        if step.kind.value != "negate":
            lines.append(f"     -> {step.result}")
    if proof.label is Label.ENTAILMENT:
        lines.append("  = the hypothesis (compared word by word on lemmas; a/an/the/some and 'be' not compared)")
    return "\n".join(lines)


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
