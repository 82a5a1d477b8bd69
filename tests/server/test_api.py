"""The JSON API with the real parser and prover, through FastAPI's TestClient (in process), and the real
`monalog serve` (the `live_server` fixture) for what only a running server shows."""
from __future__ import annotations

import csv
import json
from concurrent.futures import ThreadPoolExecutor
from importlib import resources

import pytest
from fastapi.testclient import TestClient

from monalog.server.app import create_app
from monalog.server.config import Limits, ServerConfig

ENTAILED = ("A man is playing a guitar", "A person is playing an instrument")
NODE_KEYS = {"category", "polarity", "rule", "word", "lemma", "pos", "operator", "children"}
ARROWS = {"↑", "↓", "="}
LOCAL = "http://localhost"          # the server answers the hosts it serves only


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(), base_url=LOCAL) as c:
        yield c


def post(client, path: str, body) -> tuple[int, dict]:
    r = client.post(path, json=body)
    assert r.headers["content-type"].startswith("application/json")
    return r.status_code, r.json()


def nodes(tree: dict):
    yield tree
    for child in tree["children"]:
        yield from nodes(child)


def check_tree(tree: dict, words: list[str], polarized: bool = True) -> None:
    """The node format everywhere: the same keys on every node, words at the leaves only."""
    for node in nodes(tree):
        assert set(node) == NODE_KEYS, node.keys()
        assert (node["polarity"] in ARROWS) if polarized else node["polarity"] is None
        leaf = not node["children"]
        assert (node["word"] is not None) == leaf and (node["rule"] is None) == leaf
    assert [n["word"] for n in nodes(tree) if not n["children"]] == words
    assert tree["category"] == "S[dcl]"


# -- /api/prove: the proof explorer's contract ------------------------------------------------------
def test_prove_contract_on_a_bundled_entailment(client):
    code, d = post(client, "/api/prove", {"premise": ENTAILED[0], "hypothesis": ENTAILED[1]})
    assert code == 200
    assert {"label", "premise", "hypothesis", "note", "depth", "explored", "normalization", "steps",
            "derivations", "graph"} <= set(d)
    assert (d["label"], d["premise"], d["hypothesis"], d["depth"]) == ("ENTAILMENT", *ENTAILED, 3)
    assert isinstance(d["note"], str) and d["explored"] >= 1 and d["normalization"] == []
    assert [s["kind"] for s in d["steps"]] == ["replace", "replace"]
    assert d["steps"][0]["polarity"] == "↑" and d["steps"][0]["facts"][0]["source"] == "WordNet"
    check_tree(d["derivations"]["premise"], ENTAILED[0].split())
    check_tree(d["derivations"]["hypothesis"], ENTAILED[1].split())

    graph = d["graph"]
    ids = {n["id"]: n for n in graph["nodes"]}
    assert all(isinstance(n["id"], int) and isinstance(n["depth"], int) for n in graph["nodes"])
    assert {e["source"] for e in graph["edges"]} | {e["target"] for e in graph["edges"]} <= set(ids)
    path = graph["path"]
    assert ids[path[0]]["text"] == ENTAILED[0] and ids[path[0]]["depth"] == 0
    assert ids[path[-1]]["text"] == ENTAILED[1]
    assert [ids[i]["text"] for i in path[1:]] == [s["result"] for s in d["steps"]]
    edges = {(e["source"], e["target"]) for e in graph["edges"]}
    assert all((a, b) in edges for a, b in zip(path, path[1:]))
    assert [ids[i]["depth"] for i in path] == [0, 1, 2]
    assert not graph["truncated"] and graph["total_nodes"] == len(graph["nodes"])


def test_prove_shows_the_sentences_as_proved_after_normalisation(client):
    code, d = post(client, "/api/prove", {"premise": "A man is playing a guitar",
                                          "hypothesis": "There is no man playing an instrument"})
    assert code == 200 and d["label"] == "CONTRADICTION"
    assert d["normalization"] and d["normalization"][0]["kind"] == "normalize"
    proved = d["normalization"][-1]["after"]
    words = [n["word"] for n in nodes(d["derivations"]["hypothesis"]) if not n["children"]]
    assert " ".join(words) == proved != d["hypothesis"]
    assert d["steps"][-1]["kind"] == "negate"
    texts = {n["id"]: n["text"] for n in d["graph"]["nodes"]}
    assert texts[d["graph"]["path"][0]] == d["premise"]


def test_a_contradiction_found_from_the_hypothesis_starts_its_path_there(client):
    # ("A person is not playing" / "A man is playing" no longer: a person and a man may be two people)
    premise, hypothesis = "The dog is not running", "The dog is running and barking"
    code, d = post(client, "/api/prove", {"premise": premise, "hypothesis": hypothesis})
    assert code == 200 and d["label"] == "CONTRADICTION" and d["steps"][-1]["after"] == premise
    texts = {n["id"]: n["text"] for n in d["graph"]["nodes"]}
    path = d["graph"]["path"]
    assert texts[path[0]] == hypothesis and texts[path[1]] == d["steps"][0]["result"]
    assert (path[0], path[1]) in {(e["source"], e["target"]) for e in d["graph"]["edges"]}


@pytest.mark.parametrize("options, label", [({"depth": 0}, "NEUTRAL"), ({"depth": 1}, "NEUTRAL"),
                                            ({"depth": 2}, "ENTAILMENT")])
def test_prove_depth_option(client, options, label):
    code, d = post(client, "/api/prove", {"premise": ENTAILED[0], "hypothesis": ENTAILED[1], "options": options})
    assert code == 200 and d["label"] == label and d["depth"] == options["depth"]


def test_prove_reading_and_normalisation_options(client):
    pair = {"premise": "A man is playing a guitar", "hypothesis": "There is no man playing an instrument"}
    _, off = post(client, "/api/prove", {**pair, "options": {"normalize": False}})
    assert off["normalization"] == []
    pair = {"premise": "Three dogs are running", "hypothesis": "Two dogs are running"}
    marks = {}
    for numerals in ("at-least", "exact"):
        _, d = post(client, "/api/prove", {**pair, "options": {"numerals": numerals}})
        marks[numerals] = [n["polarity"] for n in nodes(d["derivations"]["premise"]) if n["word"] == "Three"]
    assert marks == {"at-least": ["↑"], "exact": ["="]}


def test_prove_batch_keeps_order_and_puts_errors_in_place(client):
    pairs = [{"premise": ENTAILED[0], "hypothesis": ENTAILED[1], "id": "a"},
             {"premise": "", "hypothesis": "A dog runs", "id": 7},
             {"premise": "No animal is running in the park", "hypothesis": "No dog is running in the park"},
             {"premise": "dog " * 200, "hypothesis": "A dog runs"}]
    code, d = post(client, "/api/prove", {"pairs": pairs})
    assert code == 200 and len(d["results"]) == 4
    first, empty, second, long = d["results"]
    assert first["id"] == "a" and first["label"] == "ENTAILMENT" and "graph" in first
    assert empty == {"error": "empty sentence", "input": "", "id": 7, "premise": "", "hypothesis": "A dog runs"}
    assert second["label"] == "ENTAILMENT" and "id" not in second
    assert long["error"] == "sentence has 800 characters; the limit is 500" and long["hypothesis"] == "A dog runs"
    _, alone = post(client, "/api/prove", {"premise": ENTAILED[0], "hypothesis": ENTAILED[1]})
    assert {k: v for k, v in first.items() if k != "id"} == alone          # a batch answers as singles do


def test_the_same_request_gives_the_same_bytes(client):
    body = {"premise": "No animal is running in the park", "hypothesis": "No dog is running in the park",
            "options": {"depth": 3}}
    answers = {client.post("/api/prove", json=body).content for _ in range(3)}
    assert len(answers) == 1


# -- errors: the command line's messages, clear 4xx -------------------------------------------------------
def test_input_errors_carry_the_command_lines_messages(client, capsys):
    from monalog.cli import main

    code, d = post(client, "/api/prove", {"premise": "   ", "hypothesis": "A dog runs"})
    assert main(["prove", "   ", "A dog runs"]) == 2
    assert code == 400 and capsys.readouterr().err.strip() == f"monalog: error: {d['error']}"
    assert d == {"error": "empty sentence", "input": "   "}


@pytest.mark.parametrize("body, code, message", [
    ({"premise": "", "hypothesis": "A dog runs"}, 400, "empty sentence"),
    ({"premise": "dog " * 1250, "hypothesis": "A dog runs"}, 400, "sentence has 5000 characters; the limit is 500"),
    ({"premise": "a " * 100, "hypothesis": "A dog runs"}, 400, "sentence has 100 tokens; the limit is 80"),
    ({"premise": "?!? ...", "hypothesis": "A dog runs"}, 400, "no words in sentence"),
    ({"premise": 3, "hypothesis": "A dog runs"}, 422, "premise: Input should be a valid string"),
    ({"premise": "A dog runs"}, 422, "give premise and hypothesis, or pairs"),
    ({"premise": "A dog", "hypothesis": "A dog", "pairs": []}, 422, "not both"),
    ({"pairs": []}, 422, "the batch is empty"),
    ({"pairs": [{"premise": "A dog", "hypothesis": "A dog"}] * 33}, 422, "batch has 33 pairs; the limit is 32"),
    ({"premise": "A dog", "hypothesis": "A dog", "options": {"depth": 5}}, 422, "depth 5 is over this server's limit"),
    ({"premise": "A dog", "hypothesis": "A dog", "options": {"depht": 1}}, 422, "options.depht: unknown field"),
    ({"premise": "A dog", "hypothesis": "A dog", "options": {"numerals": "some"}}, 422, "options.numerals"),
    ([1, 2], 422, "the body must be a JSON object"),
])
def test_bad_requests_get_clear_4xx(client, body, code, message):
    got, d = post(client, "/api/prove", body)
    assert got == code and message in d["error"] and set(d) == {"error", "input"}


def test_malformed_json_and_wrong_content(client):
    r = client.post("/api/prove", content=b'{"premise": "A dog', headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"].startswith("the body is not valid JSON")
    r = client.post("/api/prove", content=b'{"premise": "A dog runs", "hypothesis": "A dog"}',
                    headers={"content-type": "text/plain"})
    assert r.status_code == 422 and "Content-Type: application/json" in r.json()["error"]
    r = client.post("/api/prove", content='{"premise": "\\ud800x", "hypothesis": "A dog"}',
                    headers={"content-type": "application/json"})
    assert 400 <= r.status_code < 500 and r.json()["error"]


def test_unknown_paths_and_methods_answer_json(client):
    r = client.get("/api/nothing")
    assert r.status_code == 404 and r.json() == {"error": "no such page or endpoint: /api/nothing",
                                                 "input": "/api/nothing"}
    r = client.get("/api/prove")
    assert r.status_code == 405 and r.json()["error"]


def test_body_and_busy_limits():
    with TestClient(create_app(ServerConfig(limits=Limits(body_bytes=200, pending=0))), base_url=LOCAL) as small:
        r = small.post("/api/prove", json={"premise": "dog " * 100, "hypothesis": "A dog runs"})
        assert r.status_code == 413 and r.json()["error"].endswith("; the limit is 200")
        r = small.post("/api/prove", content=iter([b" " * 150, b" " * 150]),       # streamed, no Content-Length
                       headers={"content-type": "application/json"})
        assert r.status_code == 413 and r.json()["error"] == "request body is too large; the limit is 200"
        r = small.post("/api/prove", json={"premise": "A dog runs", "hypothesis": "A dog runs"})
        assert r.status_code == 503 and r.headers["retry-after"] == "1" and "busy" in r.json()["error"]
        assert small.get("/api/health").status_code == 200        # the engine's queue only


# -- /api/polarize, /api/parse ---------------------------------------------------------------------------
def test_polarize_single_and_batch(client):
    code, d = post(client, "/api/polarize", {"sentence": "Every dog sees some cat"})
    assert code == 200 and d["arrows"] == "Every↑ dog↓ sees↑ some↑ cat↑"
    check_tree(d["tree"], "Every dog sees some cat".split())
    code, d = post(client, "/api/polarize", {"sentences": ["No dog runs", "", "Every cat sleeps"]})
    assert code == 200
    good, bad, third = d["results"]
    assert good["arrows"] == "No↑ dog↓ runs↓" and third["sentence"] == "Every cat sleeps"
    assert bad == {"error": "empty sentence", "input": "", "sentence": ""}


def test_polarize_options_beside_or_in_options(client):
    sentence = "Dogs chase three cats"
    _, default = post(client, "/api/polarize", {"sentence": sentence})
    _, beside = post(client, "/api/polarize", {"sentence": sentence, "numerals": "exact", "bare_plurals": "universal"})
    _, inside = post(client, "/api/polarize", {"sentence": sentence,
                                               "options": {"numerals": "exact", "bare_plurals": "universal"}})
    assert beside == inside != default
    assert beside["arrows"].startswith("Dogs↓") and "three=" in beside["arrows"]
    _, normalized = post(client, "/api/polarize", {"sentence": "There is no man cutting a tomato", "normalize": True})
    assert normalized["original"] == "There is no man cutting a tomato" and normalized["rewrites"]


def test_parse_gives_the_node_format_without_polarity(client):
    code, d = post(client, "/api/parse", {"sentence": "A dog runs"})
    assert code == 200 and d["auto"].startswith("(<T S[dcl]")
    check_tree(d["tree"], ["A", "dog", "runs"], polarized=False)
    assert [t["pos"] for t in d["tokens"]] == ["DT", "NN", "VBZ"]
    code, d = post(client, "/api/parse", {"sentences": ["A dog runs", "x " * 300]})
    assert code == 200 and d["results"][1]["error"].startswith("sentence has 600 characters")
    code, d = post(client, "/api/parse", {"sentences": ["A dog"] * 65})
    assert code == 422 and d["error"] == "batch has 65 sentences; the limit is 64"
    code, d = post(client, "/api/parse", {"sentence": "A dog", "sentences": ["A dog"]})
    assert code == 422 and "either sentence or sentences" in d["error"]


# -- /api/classify ---------------------------------------------------------------------------------------
def test_classify_without_a_model_is_503(client):
    code, d = post(client, "/api/classify", {"premise": ENTAILED[0], "hypothesis": ENTAILED[1]})
    assert code == 503 and "monalog serve --model PATH" in d["error"]


def test_classify_with_a_fallback(tmp_path_factory):
    from tests.tiny_models import bert_classifier

    model = bert_classifier(tmp_path_factory.mktemp("tiny-bert"))
    with TestClient(create_app(ServerConfig(model=str(model), device="cpu")), base_url=LOCAL) as c:
        health = c.get("/api/health").json()
        assert health["models"]["fallback"]["model"] == str(model)
        pairs = [{"premise": ENTAILED[0], "hypothesis": ENTAILED[1]},
                 {"premise": "A dog is running in the snow", "hypothesis": "A cat is sleeping on the sofa", "id": 2},
                 {"premise": "", "hypothesis": "A dog"}]
        code, d = post(c, "/api/classify", {"pairs": pairs, "options": {"threshold": 0.5}})
    assert code == 200
    engine, fallback, bad = d["results"]
    assert (engine["label"], engine["component"], engine["confidence"]) == ("ENTAILMENT", "monalog", 1.0)
    assert engine["proof"]["steps"] and engine["symbolic"] == "ENTAILMENT"
    assert fallback["id"] == 2 and fallback["component"] == "fallback" and fallback["symbolic"] == "NEUTRAL"
    assert set(fallback["fallback"]) == {"ENTAILMENT", "NEUTRAL", "CONTRADICTION"} and fallback["proof"] is None
    assert bad["error"] == "empty sentence"
    with TestClient(create_app(ServerConfig(model=str(model), device="cpu", limits=Limits(work=10))),
                    base_url=LOCAL) as c:         # a pair over the work budget: an error, not the fallback's label
        code, d = post(c, "/api/classify", {"premise": LONG, "hypothesis": "A man is walking on the beach"})
    assert code == 422 and d["error"].startswith("over the work budget")


# -- health, examples, pages, schema ------------------------------------------------------------------------
def test_health_and_examples(client):
    import monalog

    d = client.get("/api/health").json()
    assert d["status"] == "ok" and d["version"] == monalog.__version__
    assert d["models"]["prover"] is True and d["models"]["fallback"] is None and d["limits"]["pairs"] == 32
    text = resources.files("monalog").joinpath("data/demo_pairs.tsv").read_text(encoding="utf-8")
    rows = [{"premise": r["premise"], "hypothesis": r["hypothesis"]}
            for r in csv.DictReader(text.splitlines(), delimiter="\t")]
    assert client.get("/api/examples").json() == {"examples": rows}


def test_bundled_examples_all_prove(client):
    examples = client.get("/api/examples").json()["examples"]
    _, d = post(client, "/api/prove", {"pairs": examples})
    assert all("label" in r for r in d["results"])
    assert d["results"][0]["label"] == "ENTAILMENT"


def test_openapi_and_offline_docs(client):
    schema = client.get("/openapi.json").json()
    assert {"/api/prove", "/api/polarize", "/api/parse", "/api/classify", "/api/health", "/api/examples"} <= set(
        schema["paths"])
    page = client.get("/docs")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "/api/prove" in page.text and "ProveOptions" in page.text and "bare_plurals" in page.text
    assert "<script" not in page.text and "cdn" not in page.text.lower()
    import re

    def marks(model: str) -> dict[str, str]:
        table = re.findall(rf"<h4>{model}</h4>.*?</table>", page.text, re.S)[0]
        return dict(re.findall(r"<tr><td><code>(\w+)</code></td><td>[^<]*</td><td>([^<]*)</td>", table))

    assert marks("ProveRequest")["premise"] == marks("ProveRequest")["pairs"] == "optional"   # one form or the other
    assert marks("Pair")["premise"] == "required"


def test_explorer_page_and_static_files(client):
    page = client.get("/")
    assert page.status_code == 200 and "<title>monalog proof explorer</title>" in page.text
    assert client.get("/static/explorer.js").status_code == 200
    assert client.get("/static/nothing.js").status_code == 404


# -- the real server ---------------------------------------------------------------------------------------
def test_live_server_answers_concurrent_clients_alike(live_server):
    import httpx

    body = {"premise": ENTAILED[0], "hypothesis": ENTAILED[1]}
    assert httpx.get(f"{live_server}/api/health", timeout=10).json()["status"] == "ok"
    with httpx.Client(base_url=live_server, timeout=60) as http:
        alone = http.post("/api/prove", json=body).content

    def ask(_):
        return httpx.post(f"{live_server}/api/prove", json=body, timeout=60).content

    with ThreadPoolExecutor(8) as pool:
        answers = set(pool.map(ask, range(16)))
    assert answers == {alone} and json.loads(alone)["label"] == "ENTAILMENT"


def test_an_unexpected_failure_is_a_json_500():
    from monalog.server.engine import Engine

    class Broken(Engine):
        def parse(self, sentences):
            raise RuntimeError("boom")

    with TestClient(create_app(engine=Broken()), raise_server_exceptions=False, base_url=LOCAL) as c:
        r = c.post("/api/parse", json={"sentence": "A dog runs"})
    assert r.status_code == 500 and r.json() == {"error": "internal error: RuntimeError: boom", "input": None}
    assert r.headers["x-content-type-options"] == "nosniff" and "default-src 'self'" in r.headers[
        "content-security-policy"]


def test_search_graph_keeps_the_path_when_cut_to_its_limit():
    from monalog.inference.proof import Label, Proof, Step, StepKind
    from monalog.server.graph import search_graph

    tree = [("P", f"x{i}", "edit") for i in range(10)] + [("P", "A", "edit"), ("A", "H", "edit")]
    steps = (Step(StepKind.REPLACE, "p", "a", "A"), Step(StepKind.REPLACE, "a", "h", "H"))
    proof = Proof("P", "H", Label.ENTAILMENT, steps, search_tree=tuple(tree))
    full = search_graph(proof, "P", "H")
    assert [n["depth"] for n in full["nodes"]] == [0] + [1] * 11 + [2] and not full["truncated"]
    cut = search_graph(proof, "P", "H", limit=5)
    texts = [n["text"] for n in cut["nodes"]]
    assert texts == ["P", "x0", "x1", "A", "H"] and cut["truncated"] and cut["total_nodes"] == 13
    assert [texts[i] for i in cut["path"]] == ["P", "A", "H"]
    assert all(e["source"] < len(texts) and e["target"] < len(texts) for e in cut["edges"])


def test_engine_processes_answer_as_the_engine_thread_and_replace_a_dead_one(client):
    import os
    import signal
    import time

    body = {"premise": ENTAILED[0], "hypothesis": ENTAILED[1]}
    reference = client.post("/api/prove", json=body).content
    with TestClient(create_app(ServerConfig(workers=2)), base_url=LOCAL) as pool:
        workers = pool.app.state.workers.ready           # /api/health shows no process ids
        assert len({w["pid"] for w in workers}) == 2 and os.getpid() not in {w["pid"] for w in workers}
        assert {pool.post("/api/prove", json=body).content for _ in range(4)} == {reference}
        code, d = post(pool, "/api/polarize", {"sentences": ["Every dog sees some cat", ""]})
        assert d["results"][0]["arrows"] == "Every↑ dog↓ sees↑ some↑ cat↑" and d["results"][1]["error"]
        os.kill(workers[0]["pid"], signal.SIGKILL)
        codes = []
        while 503 not in codes and len(codes) < 50:        # until the pool notices: that request is refused
            codes.append(pool.post("/api/prove", json=body).status_code)
            time.sleep(0.05)
        assert codes[-1] == 503 and set(codes) <= {200, 503}
        again = pool.post("/api/prove", json=body)          # waits for a new process to load its models
        assert again.status_code == 200 and again.content == reference
        deadline = time.monotonic() + 60
        while len(pool.get("/api/health").json()["workers"]) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        fresh = {w["pid"] for w in pool.app.state.workers.ready}
        assert len(fresh) == 2 and workers[0]["pid"] not in fresh


def test_serve_with_an_unusable_model_is_a_one_line_error(tmp_path, capsys):
    from monalog.cli import main

    (tmp_path / "empty").mkdir()
    for workers, model in (("1", tmp_path / "missing"), ("1", tmp_path / "empty"), ("2", tmp_path / "missing")):
        assert main(["serve", "--port", "0", "--workers", workers, "--model", str(model)]) == 2
        err = capsys.readouterr().err
        assert err.startswith("monalog: error:") and str(model) in err and "Traceback" not in err


def test_serve_with_an_unusable_wordnet_is_a_one_line_error():
    import os
    import subprocess
    import sys

    env = {**os.environ, "MONALOG_WORDNET": "bogus"}     # a fresh process: WordNet is loaded once per process
    done = subprocess.run([sys.executable, "-m", "monalog", "serve", "--port", "0"], env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 2 and done.stderr.startswith("monalog: error: MONALOG_WORDNET")
    assert "Traceback" not in done.stderr


def test_a_dead_engine_process_under_concurrent_requests_is_replaced_once(client):
    import os
    import signal
    import time
    from concurrent.futures import ThreadPoolExecutor

    body = {"premise": ENTAILED[0], "hypothesis": ENTAILED[1]}
    reference = client.post("/api/prove", json=body).content
    with TestClient(create_app(ServerConfig(workers=2)), base_url=LOCAL) as pool:
        workers = pool.app.state.workers.ready
        os.kill(workers[0]["pid"], signal.SIGKILL)
        with ThreadPoolExecutor(8) as threads:
            answers = list(threads.map(lambda _: pool.post("/api/prove", json=body), range(16)))
        assert {a.status_code for a in answers} <= {200, 503}
        assert all(a.content == reference for a in answers if a.status_code == 200)
        assert all(a.json()["error"] for a in answers if a.status_code == 503)     # JSON 503s, no 500
        again = pool.post("/api/prove", json=body)
        assert again.status_code == 200 and again.content == reference
        deadline = time.monotonic() + 60
        while len(pool.get("/api/health").json()["workers"]) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len({w["pid"] for w in pool.app.state.workers.ready}) == 2


# -- abuse: bad text anywhere, foreign hosts, what the answers allow a browser ----------------------------
@pytest.mark.parametrize("body, field", [
    ('{"premise": "A dog runs", "hypothesis": "A dog runs", "x\\ud800": 1}', "x\\\\ud800"),
    ('{"premise": "A dog runs", "hypothesis": "A dog runs", "x": "\\ud800"}', "x"),
    ('{"premise": "A dog runs", "hypothesis": "A dog runs", "options": {"numerals": "\\udfff"}}', "options.numerals"),
    ('{"pairs": [{"premise": "A dog runs", "hypothesis": "A dog", "id": "\\ud800"}]}', "pairs.0.id"),
    ('{"premise": "A dog\\u0000 runs", "hypothesis": "A dog runs"}', "premise"),
])
def test_bad_text_anywhere_is_a_400_naming_its_field(client, body, field):
    r = client.post("/api/prove", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 400, r.text
    assert field in r.json()["error"] and "is not text the engine takes" in r.json()["error"]


def test_options_are_strict_and_an_empty_body_is_named(client):
    body = {"premise": "A dog runs", "hypothesis": "A dog runs", "options": {"depth": True}}
    code, d = post(client, "/api/prove", body)
    assert code == 422 and d["error"].startswith("options.depth: Input should be a valid integer")
    r = client.post("/api/prove", headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["error"].startswith("the body is missing")


def test_only_the_hosts_served_are_answered_with_security_headers(client):
    r = client.get("/api/health", headers={"host": "evil.example"})
    assert r.status_code == 403 and "evil.example" in r.json()["error"] and "--allowed-host" in r.json()["error"]
    for host in ("localhost:8000", "127.0.0.1", "[::1]:8000"):
        assert client.get("/api/health", headers={"host": host}).status_code == 200
    health = client.get("/api/health")
    assert "pid" not in health.text and health.headers["x-content-type-options"] == "nosniff"
    csp = client.get("/").headers["content-security-policy"]
    assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp and "unsafe" not in csp
    assert "style-src 'self' 'sha256-" in client.get("/docs").headers["content-security-policy"]
    with TestClient(create_app(ServerConfig(allowed_hosts=("nli.example",))), base_url="http://nli.example") as other:
        assert other.get("/api/examples").status_code == 200
        assert other.get("/api/examples", headers={"host": "evil.example"}).status_code == 403


def test_a_live_server_answers_a_lone_surrogate_with_400_and_keeps_the_connection(live_server):
    import http.client
    from urllib.parse import urlsplit

    where = urlsplit(live_server)
    connection = http.client.HTTPConnection(where.hostname, where.port, timeout=60)
    body = '{"premise": "A dog runs", "hypothesis": "A dog runs", "x\\ud800": 1}'
    connection.request("POST", "/api/prove", body, {"content-type": "application/json"})
    first = connection.getresponse()
    assert first.status == 400 and "x\\\\ud800" in json.loads(first.read())["error"]
    socket = connection.sock
    assert socket is not None
    connection.request("POST", "/api/prove", '{"premise": "A dog runs", "hypothesis": "A dog runs"}',
                       {"content-type": "application/json"})
    second = connection.getresponse()
    assert second.status == 200 and json.loads(second.read())["label"] == "ENTAILMENT"
    assert connection.sock is socket                          # the same connection served both
    connection.request("GET", "/api/health", headers={"host": "evil.example"})
    assert connection.getresponse().status == 403
    connection.close()


# -- work: bounded per pair and per request, taken in turns, abandoned when the client leaves ------------
LONG = ("A man in a red shirt and a woman in a blue dress are slowly walking along the sandy beach near the old "
        "wooden pier while two small children are happily building a big sand castle and a brown dog is running "
        "after a yellow ball that a boy has thrown into the shallow water")


def test_a_pairs_work_and_a_requests_work_are_bounded_with_typed_errors():
    import time

    with TestClient(create_app(ServerConfig(limits=Limits(explored=5, response_graph_nodes=6))),
                    base_url=LOCAL) as c:
        start = time.perf_counter()
        code, d = post(c, "/api/prove", {"premise": LONG, "hypothesis": "A man is walking on the beach",
                                         "options": {"depth": 4}})
        assert code == 422 and d["error"].startswith("over the work budget: this pair's searches passed 272")
        assert time.perf_counter() - start < 20         # 5,000 sentences a search took 5 s without the bound
        pairs = [{"premise": "A man is playing a guitar", "hypothesis": h}
                 for h in ("A woman is dancing", "A man is playing an instrument", "A person is playing a guitar")]
        code, d = post(c, "/api/prove", {"pairs": pairs})
        first, *later = d["results"]
        assert code == 200 and first["explored"] >= 5 and len(first["graph"]["nodes"]) <= 6
        assert all(r["error"].startswith("over the work budget: this request's pairs reached") for r in later)
        assert [r["hypothesis"] for r in later] == [p["hypothesis"] for p in pairs[1:]]
        alone = post(c, "/api/prove", {"pairs": pairs[1:2]})[1]["results"][0]
        assert alone["label"] == "ENTAILMENT"           # refused in the batch, never another label
        over = [{"premise": LONG, "hypothesis": "A man is walking on the beach"}, pairs[1]]
        code, d = post(c, "/api/prove", {"pairs": over, "options": {"depth": 4}})
        assert d["results"][0]["error"].startswith("over the work budget: this pair's")    # its work still counts
        assert d["results"][1]["error"].startswith("over the work budget: this request's pairs reached 2")
    deep = '{"premise": "A dog runs", "hypothesis": "A dog runs", "x": ' + "[" * 900 + "]" * 900 + "}"
    with TestClient(create_app(), base_url=LOCAL) as c:                  # deep JSON: a clean error, no 500
        r = c.post("/api/prove", content=deep, headers={"content-type": "application/json"})
        assert r.status_code in (400, 422) and json.loads(r.text)["error"]


def test_a_short_request_waits_for_one_item_of_a_long_batch_and_a_client_that_left_is_abandoned(live_server):
    """A live server with one engine: a one-pair prove sent while a long batch runs comes back within a
    couple of items' time, and a batch whose client gave up stops after the item it was on."""
    import threading
    import time

    import httpx

    short = {"premise": ENTAILED[0], "hypothesis": ENTAILED[1]}
    batch = {"pairs": [{"premise": LONG, "hypothesis": f"A man is walking on the beach number {i}"}
                       for i in range(10)], "options": {"depth": 4}}
    with httpx.Client(base_url=live_server, timeout=120) as http:
        http.post("/api/prove", json=short)
        start = time.perf_counter()
        http.post("/api/prove", json={"pairs": batch["pairs"][:2], "options": {"depth": 4}})
        item = (time.perf_counter() - start) / 2
        worker = threading.Thread(target=lambda: httpx.post(f"{live_server}/api/prove", json=batch, timeout=300))
        worker.start()
        time.sleep(3 * item)
        start = time.perf_counter()
        assert http.post("/api/prove", json=short).json()["label"] == "ENTAILMENT"
        waited = time.perf_counter() - start
        worker.join()
        assert waited < 2 * item + 1.0, (waited, item)
        with pytest.raises(httpx.ReadTimeout):          # this client gives up early
            httpx.post(f"{live_server}/api/prove", json=batch, timeout=2 * item)
        time.sleep(item)
        start = time.perf_counter()
        assert http.post("/api/prove", json=short).json()["label"] == "ENTAILMENT"
        assert time.perf_counter() - start < 2 * item + 1.0     # not 8 items behind


def test_a_client_that_sends_its_request_too_slowly_is_cut_off(tmp_path):
    """A real server started with --client-timeout 2: a connection that sends half its headers, or
    its headers and half its body, is closed; a whole request on time is answered."""
    import socket
    import time

    from tests.server.conftest import _start, _stop, _wait

    process, url = _start(tmp_path / "serve.log", ["--client-timeout", "2"])
    try:
        assert _wait(process, url, tmp_path / "serve.log")
        port = int(url.rsplit(":", 1)[1])
        body = json.dumps({"premise": ENTAILED[0], "hypothesis": ENTAILED[1]}).encode()
        head = (f"POST /api/prove HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode()
        for partial in (head[:30], head + body[:10]):
            with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
                s.sendall(partial)
                start = time.monotonic()
                assert s.recv(1024) == b""                  # closed by the server
                assert 1.5 < time.monotonic() - start < 15
        with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
            s.sendall(head + body)
            assert s.recv(64).startswith(b"HTTP/1.1 200")
    finally:
        _stop(process)
