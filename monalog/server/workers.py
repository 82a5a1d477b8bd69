"""Where the engine's work runs: one thread of the server's own process (`--workers 1`), or a pool of
engine processes (`--workers N`), fed one item (a pair, a sentence) at a time.

The prover and the parser are CPU-bound pure Python: threads of one process take turns under the GIL,
so they add no speed (and the engine's caches were not written for concurrent use). So the engine
runs on one thread per process, and parallelism comes from processes; each loads its models once, at
start-up, before the server takes requests. Requests take turns item by item (a first-come queue for
the engines, rejoined after each item), so a short request waits for one item of a long batch, never
for the whole batch; a request's items run one after another, so what it has spent (sentences its
searches reached, graph nodes sent) is counted alike on every run, and a client that went away has
its remaining items abandoned.
"""
from __future__ import annotations

import asyncio
import dataclasses
import logging
import multiprocessing as mp
import os
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Sequence

from pydantic import BaseModel

from monalog.errors import MonalogError, ResourceError
from monalog.inference.search import WorkBudgetError
from monalog.parallel import die_with_parent
from monalog.server.config import ServerConfig
from monalog.server.engine import Engine
from monalog.server.results import echo, encode, error_json, status
from monalog.server.schemas import Pair

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Call:
    """One request's work: an Engine method, its items, its options, and whether one item was asked
    (its result or error is then the whole answer) or a batch."""

    method: str                     # prove, classify, polarize, parse
    items: Sequence[Any]
    options: BaseModel | None = None
    single: bool = True
    graph_nodes: int | None = None  # prove: the most graph nodes left for this call's answer


class Busy(Exception):
    """No capacity for another request now (the queue is full, or a worker process died)."""


class Gone(Exception):
    """The client went away before its request was done: its remaining items were abandoned."""


def _fields(item: Any) -> dict:
    if isinstance(item, Pair):
        out = {"premise": echo(item.premise), "hypothesis": echo(item.hypothesis)}
        return out if item.id is None else {"id": item.id, **out}
    return {"sentence": echo(item)}


def answer(engine: Engine, call: Call) -> tuple[int, Any, int]:
    """(status, JSON-ready result or error, sentences its searches reached) of a call of one item."""
    try:
        if call.method == "prove":
            results = engine.prove(call.items, call.options, call.graph_nodes)      # type: ignore[arg-type]
        else:
            method = getattr(engine, call.method)
            results = method(call.items) if call.options is None else method(call.items, call.options)
    except MonalogError as exc:
        return status(exc), error_json(exc), 0
    result = results[0]
    if isinstance(result, MonalogError):
        return status(result), error_json(result), engine.explored
    return 200, result, engine.explored


class Workers:
    """The engine's executor, the count of requests waiting for it, and each worker's pid and load time."""

    def __init__(self, config: ServerConfig, engines: int = 1) -> None:
        self.config = config
        self.pending = 0
        self.ready: list[dict] = []
        self.models: dict = {}
        self._turns = asyncio.Semaphore(engines)      # first come, first served, item by item

    async def run(self, call: Call, gone: Callable[[], Awaitable[bool]] | None = None) -> tuple[int, bytes]:
        """(status, JSON body): one item's result, or its error with its status; a batch's results in
        place, each error as {"error", "input", ...the item}. `gone` tells whether the client left."""
        if self.pending >= self.config.limits.pending:
            raise Busy(f"the server is busy: {self.pending} requests are waiting (the limit is "
                       f"{self.config.limits.pending}); try again")
        self.pending += 1
        try:
            answers = await self._items(call, gone)
        finally:
            self.pending -= 1
        if call.single:
            return answers[0][0], encode(answers[0][1])
        return 200, encode({"results": [result if code == 200 else {**result, **_fields(item)}
                                        for (code, result), item in zip(answers, call.items)]})

    async def _items(self, call: Call, gone: Callable[[], Awaitable[bool]] | None) -> list[tuple[int, Any]]:
        limits = self.config.limits
        explored = nodes = 0
        answers: list[tuple[int, Any]] = []
        for k, item in enumerate(call.items):
            if gone is not None and await gone():
                log.info("monalog serve: the client left; %s abandoned after %d of %d", call.method, k, len(call.items))
                raise Gone()
            if explored >= limits.explored:
                exc = WorkBudgetError(f"over the work budget: this request's pairs reached {explored} sentences "
                                      f"before this one; the limit is {limits.explored}", input=explored)
                answers.append((status(exc), error_json(exc)))
                continue
            one = dataclasses.replace(call, items=[item], graph_nodes=max(limits.response_graph_nodes - nodes, 0))
            async with self._turns:
                code, result, spent = await self._run(one)
            explored += spent
            nodes += len(result["graph"]["nodes"]) if code == 200 and call.method == "prove" else 0
            answers.append((code, result))
        return answers

    async def start(self) -> None:
        raise NotImplementedError

    async def _run(self, call: Call) -> tuple[int, Any, int]:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError


class InThread(Workers):
    """One engine on one thread of this process (`--workers 1`, and the tests' apps)."""

    def __init__(self, config: ServerConfig, engine: Engine | None = None) -> None:
        super().__init__(config, 1)
        self.engine = engine or Engine(config)
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="monalog-engine")

    async def start(self) -> None:
        await asyncio.get_running_loop().run_in_executor(self.pool, self.engine.load)
        health = self.engine.health()
        self.models, self.ready = health["models"], [{"pid": os.getpid(), "load_seconds": health["load_seconds"]}]

    async def _run(self, call: Call) -> tuple[int, Any, int]:
        return await asyncio.get_running_loop().run_in_executor(self.pool, answer, self.engine, call)

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


# -- the pool of engine processes -----------------------------------------------------------------------------
_ENGINE: dict[str, Any] = {}


def _init(config: ServerConfig, parent: int) -> None:
    """In each engine process, before its first request: its models (an error is kept and reported)."""
    die_with_parent(parent)
    try:
        _ENGINE["engine"] = Engine(config).load()
    except MonalogError as exc:
        _ENGINE["error"] = " ".join(str(exc).split())


def _ready(wait: float) -> dict:
    """This process's health once its models are loaded (`wait`: hold the process a moment, so that the
    next start-up call goes to another one)."""
    time.sleep(wait)
    if "error" in _ENGINE:
        return {"pid": os.getpid(), "error": _ENGINE["error"]}
    return {"pid": os.getpid(), **_ENGINE["engine"].health()}


def _answer(call: Call) -> tuple[int, Any, int]:
    return answer(_ENGINE["engine"], call)


class InProcesses(Workers):
    """`count` engine processes (spawned, each loading its own models), fed one request at a time."""

    def __init__(self, config: ServerConfig, count: int) -> None:
        super().__init__(config, count)
        self.count = count
        self.pool = self._pool()
        self._restarting: asyncio.Future | None = None

    def _pool(self) -> Executor:
        return ProcessPoolExecutor(self.count, mp.get_context("spawn"), initializer=_init,
                                   initargs=(self.config, os.getpid()))

    async def start(self) -> None:
        """Every process loaded before the server takes requests (calls go out until each has answered)."""
        loop = asyncio.get_running_loop()
        pool = self.pool                    # the pool to start: a restart may replace it meanwhile
        seen: dict[int, dict] = {}
        for _ in range(50):
            try:
                answers = await asyncio.gather(*(loop.run_in_executor(pool, _ready, 0.2)
                                                 for _ in range(self.count)))
            except (BrokenProcessPool, RuntimeError):
                if pool is not self.pool:   # replaced by a newer pool, which starts on its own
                    return
                raise ResourceError("an engine process exited while starting (see its error above)") from None
            for health in answers:
                if "error" in health:
                    raise ResourceError(health["error"])
                seen[health["pid"]] = health
            if len(seen) == self.count:
                break
        if len(seen) < self.count:
            log.warning("monalog serve: %d of %d engine processes answered at start-up", len(seen), self.count)
        self.ready = [{"pid": pid, "load_seconds": h["load_seconds"]} for pid, h in sorted(seen.items())]
        self.models = next(iter(seen.values()))["models"]

    async def _run(self, call: Call) -> tuple[int, Any, int]:
        pool = self.pool
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, _answer, call)
        except asyncio.CancelledError:
            if pool is self.pool:           # this request itself was cancelled (its client went away)
                raise
            raise Busy("an engine process died and is being replaced; try again") from None
        except (BrokenProcessPool, RuntimeError):
            # a process died (killed, out of memory), or this request was queued on a pool replaced since:
            # the first request to see a broken pool replaces it, the others only answer 503
            if pool is self.pool:
                self._restart()
            raise Busy("an engine process died and is being replaced; try again") from None

    def _restart(self) -> None:
        """A new pool in place of a broken one (the requests it held were answered 503), loading its
        models in the background; requests meanwhile wait for them."""
        log.error("monalog serve: an engine process died; starting new ones")
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.pool, self.ready = self._pool(), []
        self._restarting = asyncio.ensure_future(self.start())
        self._restarting.add_done_callback(_log_failure)

    def close(self) -> None:
        if self._restarting is not None:
            self._restarting.cancel()
        self.pool.shutdown(wait=False, cancel_futures=True)


def _log_failure(task: asyncio.Future) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("monalog serve: the new engine processes did not start: %s", task.exception())
