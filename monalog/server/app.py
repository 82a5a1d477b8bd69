"""The FastAPI app: the JSON API (/api/...), the proof explorer page (/ and /static) and an offline
API listing (/docs; the schema at /openapi.json).

One uvicorn process takes the HTTP requests, validates them and queues their work for the engine:
on one thread of its own (`workers` 1) or in a pool of engine processes (see monalog.server.workers
for why). The models load at start-up, before the first request is taken. Answers never depend on the
load: every budget counts work (sentences, tokens, search states), never seconds. Past
`Limits.pending` waiting requests the server answers 503 at once rather than queueing without end.
Only requests naming a host it serves are taken (monalog.server.guard).
"""
from __future__ import annotations

import logging
from contextlib import asynccontextmanager
from dataclasses import asdict
from importlib import resources
from pathlib import Path
from typing import Any, Mapping, Sequence

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from monalog import __version__
from monalog.errors import MonalogError
from monalog.server.config import ServerConfig
from monalog.server.docs import docs_page
from monalog.server.engine import NO_FALLBACK, Engine, bundled_examples
from monalog.server.guard import Guard, security_headers, served_hosts
from monalog.server.limits import BodyLimit, validation_error
from monalog.server.results import echo, encode, error_json
from monalog.server.workers import Busy, Call, Gone, InProcesses, InThread, Workers
from monalog.server.schemas import ClassifyRequest, ParseRequest, PolarizeRequest, ProveRequest

log = logging.getLogger(__name__)

STATIC = Path(str(resources.files("monalog.server").joinpath("static")))
EXAMPLES = bundled_examples()
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
    return Response(encode(data), code, headers, media_type="application/json")


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
        workers: Workers = InProcesses(config, config.workers) if config.workers > 1 else InThread(config, engine)
        try:
            await workers.start()
        except MonalogError as exc:
            log.error("monalog serve: cannot start: %s", " ".join(str(exc).split()))
            workers.close()
            raise
        app.state.workers = workers
        yield
        workers.close()

    app = FastAPI(title="monalog", version=__version__, lifespan=lifespan, docs_url=None, redoc_url=None,
                  description="Natural-logic inference over polarized CCG parses: prove, polarize, parse, "
                              "classify. Errors are {\"error\": message, \"input\": what failed}.")
    app.add_middleware(BodyLimit, limit=config.limits.body_bytes)
    app.add_middleware(Guard, hosts=served_hosts(config.host, config.allowed_hosts))     # outermost
    _handlers(app)
    _pages(app)
    _api(app, config)
    return app


def _handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> Response:
        return _json(exc.body, exc.code, exc.headers)

    @app.exception_handler(Busy)
    async def busy(request: Request, exc: Busy) -> Response:
        return _json({"error": str(exc), "input": None}, 503, {"Retry-After": "1"})

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        code, body = validation_error(exc.errors())
        return _json(body, code)

    @app.exception_handler(Exception)
    async def failure(request: Request, exc: Exception) -> Response:      # a bug: say so in the API's form
        log.exception("monalog serve: %s failed", request.url.path)
        return _json({"error": f"internal error: {type(exc).__name__}: {' '.join(str(exc).split())}"[:500],
                      "input": None}, 500, security_headers(request.url.path))    # sent past the middleware

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

    async def run(call: Call, request: Request) -> Response:
        try:
            code, body = await app.state.workers.run(call, request.is_disconnected)
        except Gone:                            # nobody is there to read it
            return _json({"error": "the client went away; the request was abandoned", "input": None}, 499)
        return Response(body, code, media_type="application/json")

    @app.get("/api/health", summary="status, version, the models loaded and the engine's workers")
    async def health() -> Response:
        workers = app.state.workers
        ready = [{"load_seconds": w["load_seconds"]} for w in workers.ready]       # no process ids
        return _json({"status": "ok", "version": __version__, "models": workers.models, "workers": ready,
                      "pending": workers.pending, "limits": asdict(limits)})

    @app.get("/api/examples", summary="the bundled example pairs (monalog/data/demo_pairs.tsv)")
    async def examples() -> Response:
        return _json({"examples": EXAMPLES})

    @app.post("/api/prove", summary="prove pairs: label, proof, derivations and search graph", description=PROVE)
    async def prove(body: ProveRequest, request: Request) -> Response:
        items = body.items()
        _check_batch(items, "pairs", limits.pairs)
        _check_depth(body.options.depth, limits.depth)
        return await run(Call("prove", items, body.options, body.pairs is None), request)

    @app.post("/api/classify", summary="the hybrid: the engine's E/C, else the fallback model", description=CLASSIFY)
    async def classify(body: ClassifyRequest, request: Request) -> Response:
        items = body.items()
        _check_batch(items, "pairs", limits.pairs)
        _check_depth(body.options.depth, limits.depth)
        if not config.model:
            raise ApiError(503, error_json(NO_FALLBACK))
        return await run(Call("classify", items, body.options, body.pairs is None), request)

    @app.post("/api/polarize", summary="polarity marks (↑ ↓ =) of every word and constituent", description=POLARIZE)
    async def polarize(body: PolarizeRequest, request: Request) -> Response:
        items = body.items()
        _check_batch(items, "sentences", limits.sentences)
        return await run(Call("polarize", items, body.effective_options(), body.sentences is None), request)

    @app.post("/api/parse", summary="CCG derivations", description=PARSE)
    async def parse(body: ParseRequest, request: Request) -> Response:
        items = body.items()
        _check_batch(items, "sentences", limits.sentences)
        return await run(Call("parse", items, None, body.sentences is None), request)
