"""The prover's search tree as JSON: every sentence reached (a node, with its distance in edits from
where the search started) and every edit (an edge), with the proof's path through them.

The prover records (from sentence, to sentence, edit) for each search it runs (toward the
hypothesis, then toward its contradictories, then from the hypothesis toward the premise's
contradictories), keyed by sentence text; a sentence reached by several searches is one node.
"""
from __future__ import annotations

from collections import deque

from monalog.inference.proof import Label, Proof, StepKind


def _start(proof: Proof, premise: str, hypothesis: str) -> str:
    """Where the proof's chain of edits starts: the premise, except for a contradiction the prover found
    from the hypothesis side (its closing step then contradicts the premise: see Prover._prove)."""
    last = proof.steps[-1] if proof.steps else None
    if (proof.label is Label.CONTRADICTION and last is not None and last.kind is StepKind.NEGATE
            and last.after == proof.premise and proof.premise != proof.hypothesis):
        return hypothesis
    return premise


def proof_path(proof: Proof, premise: str, hypothesis: str) -> list[str]:
    """The sentences of the proof in order: its start, then each edit's result (the closing step of a
    contradiction relates the last sentence to the other side; it reaches no new sentence)."""
    path = [_start(proof, premise, hypothesis)]
    for step in proof.steps:
        if step.kind is not StepKind.NEGATE and step.result != path[-1]:
            path.append(step.result)
    return path


def _depths(roots: list[str], edges: dict[tuple[str, str], str]) -> dict[str, int]:
    """Edits from the first root that reaches each sentence (breadth first, roots in order: the
    premise's searches before the hypothesis's)."""
    children: dict[str, list[str]] = {}
    for source, target in edges:
        children.setdefault(source, []).append(target)
    depth: dict[str, int] = {}
    for root in roots:
        if root in depth or (depth and root not in children):
            continue
        depth[root] = 0
        queue = deque([root])
        while queue:
            node = queue.popleft()
            for child in children.get(node, ()):
                if child not in depth:
                    depth[child] = depth[node] + 1
                    queue.append(child)
    return depth


def search_graph(proof: Proof, premise: str, hypothesis: str, limit: int | None = None) -> dict:
    """{"nodes": [{"id", "text", "depth"}], "edges": [{"source", "target", "text"}], "path": [ids],
    "total_nodes", "truncated"}. `premise` and `hypothesis` are the sentences as proved (after
    normalisation), the roots of the searches. Nodes come nearest first; past `limit` nodes the
    farthest are left out (never those of the path) with their edges."""
    edges: dict[tuple[str, str], str] = {}
    for source, target, text in proof.search_tree:
        edges.setdefault((source, target), text)
    path = proof_path(proof, premise, hypothesis)
    depth = _depths([premise, hypothesis], edges)
    order = {text: i for i, text in enumerate(dict.fromkeys([premise, *(t for pair in edges for t in pair)]))}
    for text in path:                      # always drawn, even if no recorded edge reaches it
        order.setdefault(text, len(order))
        depth.setdefault(text, path.index(text))
    texts = sorted(order, key=lambda t: (depth.get(t, len(order)), order[t]))
    if limit is not None and len(texts) > limit:
        on_path = set(path)
        kept = [t for t in texts if t in on_path]
        kept += [t for t in texts if t not in on_path][:max(0, limit - len(kept))]
        kept_set = set(kept)
        texts = [t for t in texts if t in kept_set]
    ids = {text: i for i, text in enumerate(texts)}
    return {"nodes": [{"id": ids[t], "text": t, "depth": depth.get(t, 0)} for t in texts],
            "edges": [{"source": ids[s], "target": ids[t], "text": text} for (s, t), text in edges.items()
                      if s in ids and t in ids],
            "path": [ids[t] for t in path], "total_nodes": len(order), "truncated": len(texts) < len(order)}
