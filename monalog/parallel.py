"""Running one batch function over many batches: in this process, in local worker processes, or as
Ray actors (a local Ray instance, or a cluster given its address). Results come back in input order.

`make_worker` is a picklable zero-argument callable (a top-level function or a functools.partial)
that builds the batch function once per worker, so models load once per process.
"""
from __future__ import annotations

import logging
import multiprocessing as mp
import os
import re
import socket
import time
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any, Callable, Iterable, Iterator

from monalog.errors import ResourceError

log = logging.getLogger(__name__)

Batch = list[Any]
WorkerFactory = Callable[[], Callable[[Batch], list[Any]]]
OnReady = Callable[[float], None]       # told each worker's load time (seconds to build it), once per worker
_ONE_THREAD = {name: "1" for name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")}


def quiet_threads() -> None:
    """One thread per worker process (the workers are the parallelism)."""
    import sys

    if "torch" in sys.modules:
        sys.modules["torch"].set_num_threads(1)
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        return
    threadpool_limits(1)


def _build(make_worker: WorkerFactory) -> tuple[Callable[[Batch], list[Any]], float]:
    start = time.perf_counter()
    worker = make_worker()
    return worker, time.perf_counter() - start


WORKER_MEMORY = 1 << 30        # what one worker (tagger, WordNet, KB) needs at most, in bytes


def die_with_parent(parent: int) -> None:
    """Ask Linux to kill this worker when its parent dies (even by kill -9), so no orphan goes on."""
    import ctypes
    import signal

    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)      # PR_SET_PDEATHSIG
    except (OSError, AttributeError):                                   # not Linux: best effort only
        return
    if os.getppid() != parent:                                          # the parent died before prctl
        os._exit(1)


def _available_memory() -> int | None:
    try:
        with open("/proc/meminfo", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        return None
    return None


def worker_count(requested: int) -> int:
    """`requested` workers, capped by the cores and by the memory available (a warning says so)."""
    cores = os.cpu_count() or 1
    memory = _available_memory()
    cap = max(1, min(cores, memory // WORKER_MEMORY if memory else cores))
    if requested > cap:
        log.warning("using %d workers, not %d: %d cores, %s available", cap, requested, cores,
                    f"{memory / 2**30:.1f} GiB" if memory else "unknown memory")
        return cap
    return max(1, requested)


def _picklable(exc: BaseException, what: str) -> Exception:
    """`exc` if the parent can rebuild it from the pipe, else a ResourceError with its text (so a
    worker's failure always reaches the parent as an exception, never as a lost result)."""
    import pickle

    try:
        if isinstance(exc, Exception):
            pickle.loads(pickle.dumps(exc))
            return exc
    except Exception:
        pass
    return ResourceError(f"a worker {what}: {exc!r}", input="worker")


def _raising(error: Exception) -> Callable[[Batch], list[Any]]:
    def run(batch: Batch) -> list[Any]:
        raise error
    return run


def _serve(conn: Connection, make_worker: WorkerFactory, parent: int) -> None:
    """A worker process: build the batch function (a failure is kept and raised for each batch),
    then answer each batch with (ok, (load time or None, results) or error) until None or the pipe
    closes.
    Ctrl-C is the parent's to handle: it kills the workers."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent(parent)
    quiet_threads()
    try:
        run, ready = _build(make_worker)
    except (Exception, SystemExit) as exc:
        run, ready = _raising(_picklable(exc, "could not load its models")), None
    while True:
        try:
            batch = conn.recv()
        except (EOFError, OSError):
            return
        if batch is None:
            return
        try:
            conn.send((True, (ready, run(batch))))     # pickles first: an unpicklable result raises here
            ready = None
        except (Exception, SystemExit) as exc:
            conn.send((False, _picklable(exc, "failed on a batch")))


class _Workers:
    """Spawned worker processes, each with its own duplex pipe and no lock shared with the parent,
    so any of them can be killed at any time without leaving the others blocked (a
    multiprocessing.Pool can hang in terminate(), and waits forever for a worker that died)."""

    def __init__(self, make_worker: WorkerFactory, count: int) -> None:
        context = mp.get_context("spawn")
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        saved = {name: os.environ.get(name) for name in _ONE_THREAD}
        os.environ.update(_ONE_THREAD)          # inherited by the spawned workers as they start
        self.processes: dict[Connection, BaseProcess] = {}
        self.answered: set[Connection] = set()      # workers that have sent something back
        try:
            for _ in range(count):
                mine, theirs = context.Pipe()
                process = context.Process(target=_serve, args=(theirs, make_worker, os.getpid()), daemon=True)
                process.start()
                theirs.close()
                self.processes[mine] = process
        except BaseException:
            self.close(kill=True)
            raise
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value

    def imap(self, batches: Iterable[Batch]) -> Iterator[tuple[float | None, list[Any]]]:
        """Each batch's (load time or None, results), in input order; one batch in flight per worker,
        and at most a few finished ones held back waiting for a slower earlier batch. The first
        batch (in input order) that failed raises its error, whatever the timing: after a failure no
        new batch starts, and the earlier ones are still yielded. A worker's death is seen by its
        process ending (checked every second), not only by its pipe closing: a process it started
        may hold the pipe open."""
        todo = iter(batches)
        idle = list(self.processes)
        busy: dict[Connection, int] = {}
        done: dict[int, tuple[bool, Any]] = {}
        window = 4 * len(self.processes)
        sent = next_out = 0
        stop = False
        while True:
            while next_out in done:
                ok, value = done.pop(next_out)
                if not ok:
                    raise value
                yield value
                next_out += 1
            while idle and not stop and len(busy) + len(done) < window:
                index = sent
                try:
                    batch = next(todo)
                except StopIteration:
                    stop = True
                    break
                except Exception as exc:            # the caller's batches failed: in their place
                    done[index], stop = (False, exc), True
                    break
                sent += 1
                conn = idle.pop()
                try:
                    conn.send(batch)                # pickles first: nothing is written if that fails
                    busy[conn] = index
                except OSError:
                    done[index], stop = (False, self._died(conn, f"before batch {index}")), True
                except Exception as exc:            # a batch that cannot be pickled
                    idle.append(conn)
                    done[index], stop = (False, exc), True
            if not busy:
                if next_out in done:                # a batch that could not be sent
                    continue
                return
            ready = wait(list(busy), timeout=1.0)
            for conn in [c for c in busy if c in ready or not self.processes[c].is_alive()]:
                index = busy.pop(conn)
                done[index] = self._answer(conn, index)
                if done[index][0] or not isinstance(done[index][1], _Died):
                    idle.append(conn)
                stop = stop or not done[index][0]

    def _answer(self, conn: Connection, index: int) -> tuple[bool, Any]:
        """What the worker sent for batch `index`, or why there is nothing to read."""
        if not conn.poll():                         # its process ended without an answer
            return False, self._died(conn, f"running batch {index}")
        try:
            answer = conn.recv()
            self.answered.add(conn)
            return answer
        except (EOFError, OSError):
            return False, self._died(conn, f"running batch {index}")
        except Exception as exc:                    # an answer this process cannot rebuild
            return False, ResourceError(f"the result of batch {index} could not be read: {exc!r}", input="worker")

    def _died(self, conn: Connection, when: str) -> "_Died":
        process = self.processes[conn]
        process.join(5)
        hint = "" if process.exitcode != 1 or conn in self.answered else (     # 1: an uncaught Python error
            " before it answered a batch (its own error is on stderr above; a script that starts workers must do"
            " so under `if __name__ == \"__main__\":`, since each worker imports the script's main module, and"
            " the worker's factory must be importable: not defined in `python -c` or a notebook)")
        return _Died(f"a worker process died (exit code {process.exitcode}) {when}{hint}", input="worker")

    def close(self, kill: bool) -> None:
        """Ask each worker to stop (or kill it at once, after an error), and reap it: a worker still
        loading its models is killed after a short grace."""
        if not kill:
            for conn, process in self.processes.items():
                if process.is_alive():
                    try:
                        conn.send(None)
                    except OSError:
                        pass
        deadline = time.monotonic() + (0 if kill else 2)
        for conn, process in self.processes.items():
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()
                process.join()
            conn.close()


class _Died(ResourceError):
    """A worker process ended without answering (its pipe is no use any more)."""


def _reported(results: Iterable[tuple[float | None, list[Any]]], on_ready: OnReady | None) -> Iterator[list[Any]]:
    for ready, batch_results in results:
        if ready is not None:
            log.info("a worker loaded its models in %.2f s", ready)
            if on_ready:
                on_ready(ready)
        yield batch_results


def run_local(make_worker: WorkerFactory, batches: Iterable[Batch], workers: int = 1,
              on_ready: OnReady | None = None) -> Iterator[list[Any]]:
    """workers <= 1: in this process; else that many spawned processes (capped by `worker_count`),
    each with its own worker, killed if this process dies. Every worker is built before its first
    batch, and `on_ready` is told how long that took, so load time is never counted as work. A worker
    that fails raises its error here; one that dies raises a ResourceError (never a hang)."""
    workers = worker_count(workers)
    if workers <= 1:
        run, ready = _build(make_worker)
        yield from _reported(((ready if i == 0 else None, run(batch)) for i, batch in enumerate(batches)), on_ready)
        return
    pool = _Workers(make_worker, workers)
    finished = False
    try:
        yield from _reported(pool.imap(batches), on_ready)
        finished = True
    finally:
        pool.close(kill=not finished)


def _ray():
    for name, value in (("RAY_AUTH_MODE", "disabled"), ("RAY_USAGE_STATS_ENABLED", "0"),
                        ("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")):
        os.environ.setdefault(name, value)
    try:
        import ray
    except ImportError as exc:
        raise ResourceError("the ray engine needs Ray: pip install 'monalog[ray]'", input="ray") from exc
    return ray


def run_ray(make_worker: WorkerFactory, batches: Iterable[Batch], workers: int = 2, address: str | None = None,
            temp_dir: str | None = None, on_ready: OnReady | None = None) -> Iterator[list[Any]]:
    """The same batches as Ray actor tasks. Without `address` a local Ray instance with `workers` CPUs
    is started (and stopped at the end); with one (e.g. "ray://head:10001" or "auto") the actors run
    on that cluster, whose nodes need monalog installed."""
    import shutil
    import tempfile

    ray = _ray()
    started = False
    own_temp: str | None = None
    if not ray.is_initialized():
        options: dict = {"include_dashboard": False, "logging_level": logging.ERROR, "log_to_driver": False}
        if address:
            _answers(address)
            options["address"] = address
        else:
            # Ray's socket paths must stay under 108 bytes: a short folder of the run's own
            root = temp_dir or tempfile.mkdtemp(prefix="monalog-ray-")
            own_temp = None if temp_dir else root
            options["num_cpus"] = workers
            options["_temp_dir"] = os.path.abspath(root)
        try:
            ray.init(**options)
        except (ValueError, RuntimeError, ConnectionError, TimeoutError) as exc:
            raise ResourceError(f"cannot start Ray{' at ' + address if address else ''}: "
                                f"{' '.join(str(exc).split())[:300]}", input=address or "ray") from exc
        started = True
    try:
        from ray.util import ActorPool

        actor = ray.remote(num_cpus=1)(_RayWorker)
        pool = ActorPool([actor.remote(make_worker) for _ in range(max(1, workers))])
        # ActorPool.map submits every batch before it yields (a list, as its signature asks)
        yield from _reported(pool.map(lambda a, batch: a.run.remote(batch), list(batches)), on_ready)
    finally:
        if started:
            ray.shutdown()
        if own_temp:
            shutil.rmtree(own_temp, ignore_errors=True)


def _answers(address: str, timeout: float = 10.0) -> None:
    """Raise a ResourceError unless something answers at a "[ray://]host:port" address within `timeout`
    seconds: Ray itself retries an unreachable cluster for minutes. "auto" and other forms are Ray's."""
    match = re.fullmatch(r"(?:ray://)?\[?([^\]/]+?)\]?:(\d+)", address)
    if match is None:
        return
    try:
        socket.create_connection((match[1], int(match[2])), timeout=timeout).close()
    except (OSError, OverflowError) as exc:
        raise ResourceError(f"cannot start Ray at {address}: nothing answers at {match[1]}:{match[2]} ({exc})",
                            input=address) from exc


class _RayWorker:
    """A Ray actor holding one worker (its models load once)."""

    def __init__(self, make_worker: WorkerFactory) -> None:
        quiet_threads()
        self.worker, ready = _build(make_worker)
        self.ready: float | None = ready

    def run(self, batch: Batch) -> tuple[float | None, list[Any]]:
        ready, self.ready = self.ready, None
        return ready, self.worker(batch)


def run_batches(make_worker: WorkerFactory, batches: Iterable[Batch], engine: str = "local", workers: int = 1,
                address: str | None = None, temp_dir: str | None = None,
                on_ready: OnReady | None = None) -> Iterator[list[Any]]:
    if engine == "ray":
        return run_ray(make_worker, batches, workers, address, temp_dir, on_ready)
    if engine != "local":
        raise ValueError(f"unknown engine {engine!r} (local or ray)")
    return run_local(make_worker, batches, workers, on_ready)
