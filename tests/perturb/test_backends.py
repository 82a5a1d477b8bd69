"""Model backends (tiny random models built from configs; the packaged MiniLM once), the chat client
against a stub server on 127.0.0.1, and the knowledge sources on real vocabularies and fixtures."""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import numpy as np
import pytest

from monalog_perturb.resources import data_path
from monalog_perturb.bio.semtypes import SemType
from monalog_perturb.backends.chat import HttpChatClient, ChatError, redacted
from monalog_perturb.backends.fluency import CausalLMFluency, MaskedLMFluency, UnigramFluency, load_fluency
from monalog_perturb.backends.nli import ClassifierTeacher, SymbolicTeacher, load_teacher
from monalog_perturb.knowledge.registry import knowledge_source
from monalog_perturb.knowledge.sources import (DrugSource, FamPlexSource, HPOSource, OboSource, UMLSSource,
                                               read_cui2vec)
from monalog.errors import ResourceError
from tests.tiny_models import bert_classifier, bert_mlm, gpt2_lm

DATA = Path(__file__).parents[1] / "data"


# -- NLI teachers -------------------------------------------------------------------------------------

def test_symbolic_teacher_abstains_on_neutral(parser):
    from monalog.inference.prover import Prover

    teacher = SymbolicTeacher(Prover(parser=parser))
    proved, neutral = teacher.scores([("A man is playing a guitar", "A man is not playing a guitar"),
                                      ("A man is playing a guitar", "A cat is sleeping")])
    assert proved == {"ENTAILMENT": 0.0, "CONTRADICTION": 1.0, "NEUTRAL": 0.0} and neutral is None


def test_classifier_teacher_maps_model_labels(tmp_path):
    teacher = ClassifierTeacher(str(bert_classifier(tmp_path)))
    (scores,) = teacher.scores([("a man is playing", "a man is not playing")])
    assert set(scores) == {"ENTAILMENT", "NEUTRAL", "CONTRADICTION"} and abs(sum(scores.values()) - 1) < 1e-4
    assert load_teacher(None) is None and load_teacher("monalog").name == "monalog"


# -- embeddings ---------------------------------------------------------------------------------------

def test_minilm_embeddings_rank_related_concepts_first():
    from monalog_perturb.backends.embeddings import Embedder, cosine

    embedder = Embedder()                       # the packaged MiniLM
    vectors = embedder.encode(["aspirin", "ibuprofen", "kidney failure"])
    assert vectors.shape == (3, 384) and np.allclose(np.linalg.norm(vectors, axis=1), 1, atol=1e-5)
    sims = cosine(vectors[0], vectors[1:])
    assert sims[0] > sims[1]
    assert embedder.similarity([("a dog runs", "a dog is running")])[0] > 0.7


# -- fluency ------------------------------------------------------------------------------------------

def test_unigram_fluency_prefers_common_words():
    fluency = UnigramFluency()
    common, rare = fluency.score(["the drug reduces the risk", "zyxomatic quibblefrux"])
    assert common > rare and "wordfreq" in fluency.kind
    assert isinstance(load_fluency(), UnigramFluency)


def test_masked_and_causal_lm_fluency(tmp_path):
    mlm = MaskedLMFluency(str(bert_mlm(tmp_path / "mlm")))
    lm = CausalLMFluency(str(gpt2_lm(tmp_path / "lm")))
    for scorer, kind in ((mlm, "pseudo-perplexity"), (lm, "causal-LM")):
        scores = scorer.score(["the drug reduces the risk of seizure", "a"])
        assert len(scores) == 2 and all(np.isfinite(scores)) and scores[0] < 0 and kind in scorer.kind
    assert isinstance(load_fluency(lm=str(tmp_path / "lm")), CausalLMFluency)
    assert isinstance(load_fluency(mlm=str(tmp_path / "mlm")), MaskedLMFluency)


# -- chat client --------------------------------------------------------------------------------------

class _Stub(BaseHTTPRequestHandler):
    """An OpenAI-compatible /chat/completions: echoes the last user message; "flaky" fails once with
    503; "refuse" is a 400; "garbled" answers without choices."""

    requests: list[dict] = []
    failed: set[str] = set()

    def do_POST(self):  # noqa: N802
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).requests.append({"path": self.path, "body": body, "auth": self.headers.get("Authorization")})
        text = body["messages"][-1]["content"]
        if text == "flaky" and text not in self.failed:
            self.failed.add(text)
            return self._send(503, {"error": "busy"})
        if text == "refuse":
            return self._send(400, {"error": "bad request"})
        if text == "garbled":
            return self._send(200, {"nothing": True})
        return self._send(200, {"choices": [{"message": {"role": "assistant", "content": self._answer(text)}}]})

    @staticmethod
    def _answer(text: str) -> str:
        """Scripted answers to the project's prompt templates (so the generators can be tested end to
        end); anything else is echoed."""
        import re

        if "Answer with a JSON list" in text:                      # EvoNLI REPLACEWORDS
            claim = re.search(r"Claim: (.*)", text).group(1)
            return json.dumps([claim.replace(" reduced ", " did not reduce "), claim.replace("risk", "chance")])
        if "Answer with JSON only" in text:                        # debate review
            return '{"definition": 0.9, "similarity": 0.95, "syntax": 1, "usage": 0.9, "comment": "good"}'
        if "rewritten sentence only" in text or "revised sentence only" in text:
            return "A person plays music"
        if "Answer with one number" in text:
            return "0.9"
        if "category name only" in text:
            return "negation/polarity"
        return f"echo: {text}"

    def _send(self, status, payload):
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


@pytest.fixture()
def stub_server():
    _Stub.requests, _Stub.failed = [], set()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Stub)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()


def test_chat_client_round_trip_retry_and_cache(stub_server, tmp_path):
    client = HttpChatClient(stub_server, "stub-model", api_key="k", backoff=0.01, cache_dir=tmp_path / "cache")
    assert client.complete([{"role": "user", "content": "hello"}]) == "echo: hello"
    request = _Stub.requests[-1]
    assert request["path"] == "/v1/chat/completions" and request["body"]["model"] == "stub-model"
    assert request["auth"] == "Bearer k" and request["body"]["temperature"] == 0.0
    assert client.complete([{"role": "user", "content": "flaky"}]) == "echo: flaky"     # 503, then retried
    sent = len(_Stub.requests)
    again = HttpChatClient(stub_server, "stub-model", cache_dir=tmp_path / "cache")
    assert again.complete([{"role": "user", "content": "hello"}]) == "echo: hello"
    assert len(_Stub.requests) == sent and again.calls == 0                             # served from the cache


def test_chat_client_errors_and_concurrency(stub_server, monkeypatch):
    client = HttpChatClient(stub_server, "m", retries=1, backoff=0.01, concurrency=3)
    with pytest.raises(ChatError, match="HTTP 400"):
        client.complete([{"role": "user", "content": "refuse"}])
    with pytest.raises(ChatError, match="choices"):
        client.complete([{"role": "user", "content": "garbled"}])
    answers = client.complete_many([[{"role": "user", "content": str(i)}] for i in range(8)] +
                                   [[{"role": "user", "content": "refuse"}]])
    assert answers[:8] == [f"echo: {i}" for i in range(8)] and isinstance(answers[8], ChatError)
    down = HttpChatClient("http://127.0.0.1:9/v1", "m", retries=1, backoff=0.01, timeout=2)
    with pytest.raises(ChatError, match="2 attempts"):
        down.complete([{"role": "user", "content": "x"}])
    monkeypatch.delenv("MONALOG_LLM_BASE_URL", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    with pytest.raises(ResourceError):
        HttpChatClient(model="m")
    monkeypatch.setenv("MONALOG_LLM_BASE_URL", stub_server)
    monkeypatch.setenv("MONALOG_LLM_MODEL", "env-model")
    assert HttpChatClient().complete([{"role": "user", "content": "env"}]) == "echo: env"


# -- knowledge sources -------------------------------------------------------------------------------

def _names(concepts):
    return {c.name.lower() for c in concepts}


def test_hpo_siblings_share_a_parent():
    hpo = HPOSource()
    seizure = hpo.lookup("seizure")
    assert seizure.type == SemType.DISEASE and seizure.id.startswith("HP:")
    siblings = hpo.siblings(seizure)
    parents = {p.id for p in hpo.parents(seizure)}
    assert siblings and all(parents & {p.id for p in hpo.parents(s)} for s in siblings)


def test_drug_siblings_by_mesh_tree():
    drugs = DrugSource()
    assert _names(drugs.siblings(drugs.lookup("metformin"))) & {"buformin", "phenformin"}
    assert drugs.lookup("Aspirin").type == SemType.CHEMICAL
    assert drugs.lookup("calpain").type == SemType.GENE_PROTEIN           # an enzyme (MeSH D08.811)


def test_famplex_family_members():
    famplex = knowledge_source(f"famplex:{data_path('famplex_relations.csv')}")
    assert isinstance(famplex, FamPlexSource)
    assert {"hras", "nras"} <= _names(famplex.siblings(famplex.lookup("KRAS")))


def test_obo_source(tmp_path):
    obo = OboSource(DATA / "tiny.obo", "phenotype")
    seizure = obo.lookup("convulsion")                  # a synonym
    assert seizure.name == "seizure" and _names(obo.siblings(seizure)) == {"tremor", "ataxia"}
    assert [p.name for p in obo.parents(seizure)] == ["neurological sign"]


def test_umls_rrf_source():
    umls = UMLSSource(DATA / "umls")
    aspirin = umls.lookup("acetylsalicylic acid")
    assert aspirin.id == "C0004057" and aspirin.name == "Aspirin" and aspirin.type == SemType.CHEMICAL
    assert _names(umls.siblings(aspirin)) == {"ibuprofen", "naproxen"}        # PAR and CHD links, same type
    assert umls.lookup("Convulsions (fr)") is None                          # English names only
    assert _names(umls.siblings(umls.lookup("seizures"))) == {"headache"}  # no parent: same semantic type


def test_cui2vec_reader(tmp_path):
    vectors = read_cui2vec(DATA / "cui2vec_fixture.csv")
    assert set(vectors) >= {"C0004057", "C0020740"} and vectors["C0004057"].shape == (3,)
    bad = tmp_path / "bad.csv"
    bad.write_text('"",V1\nC0000001,abc\n')
    with pytest.raises(ResourceError, match="bad.csv:2"):
        read_cui2vec(bad)


def test_unknown_source():
    with pytest.raises(ResourceError):
        knowledge_source("mesh")
    with pytest.raises(ResourceError):
        UMLSSource("/nonexistent").lookup("x")


def test_chat_cache_corruption_and_credentials(stub_server, tmp_path):
    cache = tmp_path / "cache"
    client = HttpChatClient(stub_server, "m", cache_dir=cache)
    assert client.complete([{"role": "user", "content": "hi"}]) == "echo: hi"
    entry = next(cache.iterdir())
    entry.write_text("{torn")                                               # a corrupt entry is asked again
    assert client.complete([{"role": "user", "content": "hi"}]) == "echo: hi" and client.calls == 2
    assert json.loads(entry.read_text())["content"] == "echo: hi"
    secret = stub_server.replace("http://", "http://alice:s3cret@")
    with pytest.raises(ChatError) as exc:
        HttpChatClient(secret, "m", retries=0).complete([{"role": "user", "content": "refuse"}])
    assert "s3cret" not in str(exc.value) and "s3cret" not in str(exc.value.input)
    assert redacted("https://u:p@host:8000/v1") == "https://***@host:8000/v1"
