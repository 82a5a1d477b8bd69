"""The FastAPI app: the JSON API (/api/...), the proof explorer page (/ and /static) and an offline
API listing (/docs; the schema at /openapi.json).

Concurrency: the prover and the parser are CPU-bound pure Python (the GIL lets one thread run at a
time) and keep per-instance caches that were not written for concurrent use. So each server process
runs all engine work on one dedicated thread, one request after another, while its event loop keeps
answering (health, static files, validation, queueing); parallelism comes from processes
(`monalog serve --workers N`: uvicorn's worker processes, each loading its own models once at start-up,
the kernel spreading connections among them). Threads would add no speed and risk the caches;
a process pool behind one HTTP process would add a pickling round trip per request and leave HTTP
parsing and JSON encoding on one core. Answers never depend on the load: every budget counts work
(sentences, tokens, search states), not seconds. Past `Limits.pending` waiting requests a process
answers 503 at once rather than queueing without end.
"""
from __future__ import annotations

import asyncio
import json
import logging
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import asdict
from functools import partial
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from monalog import __version__
from monalog.errors import MonalogError
from monalog.server.config import ServerConfig
from monalog.server.docs import docs_page
from monalog.server.engine import NO_FALLBACK, Engine
from monalog.server.limits import BodyLimit, validation_error
from monalog.server.results import echo, error_json, status
from monalog.server.schemas import ClassifyRequest, ParseRequest, PolarizeRequest, ProveRequest

log = logging.getLogger(__name__)

STATIC = Path(str(resources.files("monalog.server").joinpath("static")))
PLACEHOLDER = ("<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><title>monalog</title>"
               "<h1>monalog</h1><p>The proof explorer page is not installed. The JSON API is listed at "
               "<a href=\"/docs\">/docs</a>.</p></html>")

NODE = ('node = {"category", "polarity": "↑" | "↓" | "=", "rule" (null at a leaf), "word", "lemma", "pos" '
        '(null above the leaves), "operator", "children": [node...]}')
PROVE = ('One pair ({"premise", "hypothesis"}) answers {"label", "premise", "hypothesis", "note", "depth", '
         '"explored", "normalization": [step], "steps": [step], "derivations": {"premise": node, "hypothesis": '
         'node}, "graph": {"nodes": [{"id", "text", "depth"}], "edges": [{"source", "target", "text"}], "path": '
         '[node ids], "total_nodes", "truncated"}}; a batch ({"pairs": [...]}) answers {"results": [...]}, a '
         'failed pair as {"error", "input", "premise", "hypothesis"} in its place. ' + NODE)
CLASSIFY = ('{"label", "component": "monalog" | "fallback", "confidence", "symbolic", "fallback": {label: '
            'probability}, "proof"} per pair; 503 when the server was started without --model.')
POLARIZE = ('As `monalog polarize --format json`: {"sentence", "arrows", "tokens", "tree": node, and "original", '
            '"rewrites" when normalised}. ' + NODE)
PARSE = '{"sentence", "tokens": [{"word", "lemma", "pos", "category"}], "tree": node (polarity null), "auto"}. ' + NODE


class ApiError(Exception):
    """An answer other than 200 with {"error", "input"}."""

    def __init__(self, code: int, body: dict, headers: dict[str, str] | None = None) -> None:
        super().__init__(body.get("error"))
        self.code, self.body, self.headers = code, body, headers


def _json(data: Any, code: int = 200, headers: Mapping[str, str] | None = None) -> Response:
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return Response(body, code, headers, media_type="application/json")


class Worker:
    """The one engine thread of this process and the count of requests waiting for it."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="monalog-engine")
        self.pending = 0

    async def run(self, job: Callable[[], Response]) -> Response:
        limit = self.engine.limits.pending
        if self.pending >= limit:
            raise ApiError(503, {"error": f"the server is busy: {self.pending} requests are waiting (the limit is "
                                          f"{limit}); try again", "input": None}, {"Retry-After": "1"})
        self.pending += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self.pool, job)
        finally:
            self.pending -= 1


def _batch(work: Callable[[Sequence], list], items: Sequence, fields: Callable[[Any], dict], single: bool) -> Response:
    """Run `work` on the items (on the engine thread) and answer: one item's result, or its error with
    its status; a batch's results in place, each error as {"error", "input", ...the item}."""
    try:
        results = work(items)
    except MonalogError as exc:
        return _json(error_json(exc), status(exc))
    if single:
        result = results[0]
        return _json(error_json(result), status(result)) if isinstance(result, MonalogError) else _json(result)
    return _json({"results": [{**error_json(r), **fields(item)} if isinstance(r, MonalogError) else r
                              for r, item in zip(results, items)]})


def _pair_fields(pair) -> dict:
    out = {"premise": echo(pair.premise), "hypothesis": echo(pair.hypothesis)}
    return out if pair.id is None else {"id": pair.id, **out}


def _sentence_fields(sentence: str) -> dict:
    return {"sentence": echo(sentence)}


def _check_batch(items: Sequence, what: str, limit: int) -> None:
    if not items:
        raise ApiError(422, {"error": f"the batch is empty: give at least one {what[:-1]}", "input": []})
    if len(items) > limit:
        raise ApiError(422, {"error": f"batch has {len(items)} {what}; the limit is {limit}", "input": len(items)})


def _check_depth(depth: int, limit: int) -> None:
    if depth > limit:
        raise ApiError(422, {"error": f"depth {depth} is over this server's limit of {limit}", "input": depth})


def create_app(config: ServerConfig | None = None, engine: Engine | None = None) -> FastAPI:
    """The app; its models load at start-up (the lifespan), before the first request is taken."""
    config = engine.config if engine is not None else config or ServerConfig()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        worker = Worker(engine or Engine(config))
        try:
            await asyncio.get_running_loop().run_in_executor(worker.pool, worker.engine.load)
        except MonalogError as exc:
            log.error("monalog serve: cannot start: %s", " ".join(str(exc).split()))
            raise
        app.state.worker = worker
        yield
        worker.pool.shutdown(wait=False, cancel_futures=True)

    app = FastAPI(title="monalog", version=__version__, lifespan=lifespan, docs_url=None, redoc_url=None,
                  description="Natural-logic inference over polarized CCG parses: prove, polarize, parse, "
                              "classify. Errors are {\"error\": message, \"input\": what failed}.")
    app.add_middleware(BodyLimit, limit=config.limits.body_bytes)
    _handlers(app)
    _pages(app)
    _api(app, config)
    return app


def _handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> Response:
        return _json(exc.body, exc.code, exc.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        code, body = validation_error(exc.errors())
        return _json(body, code)

    @app.exception_handler(Exception)
    async def failure(request: Request, exc: Exception) -> Response:      # a bug: say so in the API's form
        log.exception("monalog serve: %s failed", request.url.path)
        return _json({"error": f"internal error: {type(exc).__name__}: {' '.join(str(exc).split())}"[:500],
                      "input": None}, 500)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        text = exc.detail if isinstance(exc.detail, str) else "request refused"
        if exc.status_code == 404:
            text = f"no such page or endpoint: {request.url.path}"
        return _json({"error": text, "input": echo(request.url.path)}, exc.status_code, exc.headers)


def _pages(app: FastAPI) -> None:
    @app.get("/", include_in_schema=False)
    async def index() -> Response:
        page = STATIC / "index.html"
        return FileResponse(page) if page.is_file() else HTMLResponse(PLACEHOLDER)

    @app.get("/docs", include_in_schema=False)
    async def docs() -> Response:
        return HTMLResponse(docs_page(app.openapi()))

    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")


def _api(app: FastAPI, config: ServerConfig) -> None:
    limits = config.limits

    def worker() -> "Worker":
        return app.state.worker

    @app.get("/api/health", summary="status, version and the models loaded")
    async def health() -> Response:
        return _json({**worker().engine.health(), "limits": asdict(limits)})

    @app.get("/api/examples", summary="the bundled example pairs (monalog/data/demo_pairs.tsv)")
    async def examples() -> Response:
        return _json({"examples": worker().engine.examples})

    @app.post("/api/prove", summary="prove pairs: label, proof, derivations and search graph", description=PROVE)
    async def prove(body: ProveRequest) -> Response:
        items = body.items()
        _check_batch(items, "pairs", limits.pairs)
        _check_depth(body.options.depth, limits.depth)
        work = partial(worker().engine.prove, options=body.options)
        return await worker().run(partial(_batch, work, items, _pair_fields, body.pairs is None))

    @app.post("/api/classify", summary="the hybrid: the engine's E/C, else the fallback model", description=CLASSIFY)
    async def classify(body: ClassifyRequest) -> Response:
        items = body.items()
        _check_batch(items, "pairs", limits.pairs)
        _check_depth(body.options.depth, limits.depth)
        if worker().engine.fallback is None:
            raise ApiError(503, error_json(NO_FALLBACK))
        work = partial(worker().engine.classify, options=body.options)
        return await worker().run(partial(_batch, work, items, _pair_fields, body.pairs is None))

    @app.post("/api/polarize", summary="polarity marks (↑ ↓ =) of every word and constituent", description=POLARIZE)
    async def polarize(body: PolarizeRequest) -> Response:
        items = body.items()
        _check_batch(items, "sentences", limits.sentences)
        work = partial(worker().engine.polarize, options=body.effective_options())
        return await worker().run(partial(_batch, work, items, _sentence_fields, body.sentences is None))

    @app.post("/api/parse", summary="CCG derivations", description=PARSE)
    async def parse(body: ParseRequest) -> Response:
        items = body.items()
        _check_batch(items, "sentences", limits.sentences)
        return await worker().run(partial(_batch, worker().engine.parse, items, _sentence_fields,
                                          body.sentences is None))


def app_from_env() -> FastAPI:
    """The app `monalog serve` runs in each uvicorn worker (configured through the environment)."""
    return create_app(ServerConfig.from_env())
