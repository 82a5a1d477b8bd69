"""The API's answers as JSON-ready dicts: proofs with their derivations and search graph, polarized
and parsed sentences, hybrid decisions, and errors with the command line's messages."""
from __future__ import annotations

import json
from typing import Any

from monalog.ccg.io import write_auto
from monalog.ccg.render import tree_json
from monalog.errors import InputError, MonalogError, ResourceError
from monalog.fileio import readable
from monalog.inference.proof import Proof
from monalog.inference.render import proof_json
from monalog.inference.treeops import sentence_text
from monalog.parsing.parser import Parse
from monalog.polarity.polarizer import PolarizedSentence
from monalog.polarity.render import node_json, polarized_json
from monalog.server.graph import search_graph

INPUT_CHARS = 200       # an input echoed in an error is cut to this length


def encode(data: Any) -> bytes:
    """The server's JSON bytes: UTF-8, compact, non-ASCII kept as it is (as escapes where the data holds
    text that UTF-8 cannot carry, so that no answer fails to encode)."""
    try:
        return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(data, separators=(",", ":")).encode("ascii")


def message(exc: BaseException) -> str:
    """The error's message on one line, as the command line prints it after "monalog: error: "."""
    return " ".join(str(exc).split())


def echo(value: object) -> object:
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    if isinstance(value, str):
        value = readable(value)
        return value if len(value) <= INPUT_CHARS else value[:INPUT_CHARS] + "…"
    if value is None or isinstance(value, (bool, int, float)):
        return value
    return echo(str(value))


def error_json(exc: BaseException, input: object = None) -> dict:
    """{"error": message, "input": what failed}: the error's own input when it names one."""
    named = getattr(exc, "input", None)
    return {"error": message(exc), "input": echo(named if named is not None else input)}


def status(exc: BaseException) -> int:
    """The HTTP status of an item's error when it is the whole answer: unusable input 400, a sentence
    that cannot be parsed or a search past its budget 422, a missing model or resource 503."""
    if isinstance(exc, InputError):
        return 400
    if isinstance(exc, ResourceError):
        return 503
    if isinstance(exc, MonalogError):
        return 422
    return 500


def prove_json(proof: Proof, premise: PolarizedSentence, hypothesis: PolarizedSentence,
               graph_limit: int | None = None) -> dict:
    """The proof explorer's contract: `Proof.as_json()` plus the polarized derivations of both sentences
    as proved (after normalisation) and the search graph with the proof's path."""
    out = proof_json(proof)
    out["derivations"] = {"premise": node_json(premise.tree), "hypothesis": node_json(hypothesis.tree)}
    out["graph"] = search_graph(proof, sentence_text(premise.parse.tree), sentence_text(hypothesis.parse.tree),
                                graph_limit)
    return out


def polarize_json(result: PolarizedSentence) -> dict:
    """As `monalog polarize --format json` writes it (the tree in the node format)."""
    return polarized_json(result)


def parse_json(result: Parse) -> dict:
    """The derivation in the node format (polarity and operator null), its tokens and its AUTO string."""
    return {"sentence": result.sentence,
            "tokens": [{"word": leaf.token.word, "lemma": leaf.token.lemma, "pos": leaf.token.pos,
                        "category": str(leaf.category)} for leaf in result.leaves],
            "tree": tree_json(result.tree), "auto": write_auto(result.tree)}


def decision_json(decision) -> dict:
    """One hybrid decision, as `monalog classify` writes it, with the engine's proof when it decided."""
    d = decision
    row = {"label": d.label.value, "component": d.component.value, "confidence": round(d.confidence, 6),
           "symbolic": d.symbolic.value if d.symbolic else None,
           "fallback": {k: round(v, 6) for k, v in d.fallback.probabilities.items()} if d.fallback else None,
           "proof": proof_json(d.proof) if d.proof is not None and d.component.value == "monalog" else None}
    if d.error:
        row["error"] = d.error
    return row
