"""Worker processes: order kept, workers capped by cores and memory, failures raised (never a hang),
and no orphan after a kill -9."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from monalog import parallel
from monalog.errors import ResourceError

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def uncapped(monkeypatch):
    """Two workers even on a machine with one core or little memory (where `worker_count` would run
    the batches in this process, and a batch that ends its process would end pytest)."""
    monkeypatch.setattr(parallel, "worker_count", lambda requested: max(1, requested))


def make_doubler():
    return lambda batch: [2 * x for x in batch]


def make_sleeper():
    def run(batch):
        time.sleep(60)
        return batch
    return run


def make_uneven():
    def run(batch):
        time.sleep(0.05 if batch[0] % 7 == 0 else 0.001)     # some batches much slower than the rest
        return [2 * x for x in batch]
    return run


def test_results_in_input_order_with_workers(uncapped):
    batches = [[i, i + 1] for i in range(0, 20, 2)]
    assert list(parallel.run_local(make_doubler, batches, workers=2)) == [[2 * x for x in b] for b in batches]
    batches = [[i] for i in range(60)]
    assert list(parallel.run_local(make_uneven, iter(batches), workers=2)) == [[2 * i] for i in range(60)]


class TwoArgumentError(Exception):
    def __init__(self, path, reason):       # the parent cannot rebuild it from its args
        super().__init__(f"{path}: {reason}")


def make_broken_loader():
    raise OSError("model file missing")


def make_unpicklable_failure():
    raise TwoArgumentError("model.npz", "truncated")


def make_exiting_loader():
    raise SystemExit(3)


def _outcome(make_worker) -> BaseException | None:
    """What running three batches with two workers raised, within 60 s (a hang fails the test)."""
    caught: list = []

    def run():
        try:
            list(parallel.run_local(make_worker, [[1], [2], [3]], workers=2))
        except BaseException as exc:                 # noqa: BLE001  (SystemExit included)
            caught.append(exc)
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(60)
    assert not thread.is_alive(), "the pool hung"
    return caught[0] if caught else None


def test_a_worker_that_cannot_load_raises_instead_of_hanging(uncapped):
    for _ in range(5):              # a multiprocessing.Pool hung here about once in 40 runs on a loaded machine
        assert isinstance(_outcome(make_broken_loader), OSError)
        unpicklable = _outcome(make_unpicklable_failure)
        assert isinstance(unpicklable, ResourceError) and "model.npz: truncated" in str(unpicklable)
        assert isinstance(_outcome(make_exiting_loader), ResourceError)


def test_a_script_without_a_main_guard_is_told_why_its_workers_died(tmp_path):
    script = tmp_path / "unguarded.py"
    script.write_text("from monalog import parallel\n"
                      "parallel.worker_count = lambda requested: requested\n"      # two workers on any machine
                      "def make():\n    return lambda batch: batch\n"
                      "print(list(parallel.run_local(make, [[1], [2]], workers=2)))\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode != 0 and "exit code 1" in done.stderr and '__name__ == "__main__"' in done.stderr


def make_dying_on_two():
    def run(batch):
        if batch == [2]:
            os._exit(9)             # killed mid-batch, as by the kernel's out-of-memory killer
        if batch == [3]:
            raise ValueError("bad batch 3")
        if batch == [4]:
            return [lambda: None]   # a result the pipe cannot carry
        if batch == [6]:
            time.sleep(0.5)
            raise ValueError("bad batch 6")
        if batch == [7]:
            return [TwoArgumentError("result", "unreadable")]  # pickles here, cannot be rebuilt in the parent
        if batch == [8]:
            if os.fork() == 0:      # a child of the worker keeps the worker's end of the pipe open
                time.sleep(15)
                os._exit(0)
            os._exit(9)
        return batch
    return run


def test_a_worker_that_dies_or_fails_on_a_batch_raises_instead_of_hanging(uncapped):
    died = _outcome(make_dying_on_two)
    assert isinstance(died, ResourceError) and "exit code 9" in str(died) and "batch 1" in str(died)

    def outcome(batches):
        try:
            return list(parallel.run_local(make_dying_on_two, batches, workers=2))
        except Exception as exc:            # noqa: BLE001
            return exc
    assert isinstance(outcome([[1], [3], [5]]), ValueError)
    unpicklable = outcome([[1], [4]])
    assert isinstance(unpicklable, Exception) and "pickle" in str(unpicklable)
    assert outcome([[i] for i in range(9, 30)]) == [[i] for i in range(9, 30)]
    # the first failing batch in input order raises, though a later one failed first
    assert isinstance(outcome([[6], [7]]), ValueError)
    unreadable = outcome([[5], [7], [9]])
    assert isinstance(unreadable, ResourceError) and "batch 1 could not be read" in str(unreadable)
    # a death is seen by the process ending, not by its pipe closing
    start = time.perf_counter()
    assert isinstance(outcome([[8]]), ResourceError) and time.perf_counter() - start < 10


def test_bad_batches_raise_in_their_place(uncapped):
    got: list = []

    def batches():
        yield [1]
        yield [2]
        raise OSError("input file vanished")

    with pytest.raises(OSError, match="vanished"):
        for result in parallel.run_local(make_doubler, batches(), workers=2):
            got.append(result)
    assert got == [[2], [4]]
    got.clear()
    with pytest.raises(Exception, match="pickle"):
        for result in parallel.run_local(make_doubler, [[1], [2], [lambda: 0]], workers=2):
            got.append(result)
    assert got == [[2], [4]]


def test_workers_killed_while_idle_raise_instead_of_hanging():
    pool = parallel._Workers(make_doubler, 2)
    try:
        for process in pool.processes.values():
            process.kill()
            process.join(10)
        with pytest.raises(ResourceError, match="died"):
            list(pool.imap([[1], [2], [3]]))
    finally:
        pool.close(kill=True)


def make_slow_loader():
    time.sleep(0.3)                 # loading models
    return lambda batch: [os.environ.get("OPENBLAS_NUM_THREADS") for _ in batch]


def test_load_time_is_reported_once_per_worker_and_not_counted_as_work(monkeypatch, uncapped):
    monkeypatch.delenv("OPENBLAS_NUM_THREADS", raising=False)
    loads: list[float] = []
    results = list(parallel.run_local(make_slow_loader, [[1]] * 6, workers=1, on_ready=loads.append))
    assert len(loads) == 1 and loads[0] >= 0.3 and results == [[None]] * 6
    loads.clear()
    results = list(parallel.run_local(make_slow_loader, [[1]] * 40, workers=2, on_ready=loads.append))
    assert 1 <= len(loads) <= 2 and all(load >= 0.3 for load in loads)
    assert results == [["1"]] * 40                      # one BLAS thread in each worker process
    assert "OPENBLAS_NUM_THREADS" not in os.environ     # the parent's environment is left as it was


def test_workers_are_capped_by_cores_and_memory(monkeypatch, caplog):
    monkeypatch.setattr(os, "cpu_count", lambda: 4)
    monkeypatch.setattr(parallel, "_available_memory", lambda: 3 * parallel.WORKER_MEMORY)
    assert parallel.worker_count(64) == 3 and "using 3 workers, not 64" in caplog.text
    assert parallel.worker_count(2) == 2 and parallel.worker_count(0) == 1


def _children(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    return [int(x) for x in out.split()]


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
            return handle.read().split()[2] != "Z"
    except OSError:
        return False


def test_workers_die_with_their_parent():
    code = ("from monalog.parallel import run_local; from tests.test_parallel import make_sleeper; "
            "list(run_local(make_sleeper, [[1], [2]], workers=2))")
    parent = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT)
    deadline = time.time() + 60
    workers: list[int] = []
    while time.time() < deadline and len(workers) < 2:
        workers = [c for c in _children(parent.pid) if "spawn_main" in Path(f"/proc/{c}/cmdline").read_text()
                   .replace("\0", " ")] if _alive(parent.pid) else []
        time.sleep(0.2)
    assert len(workers) == 2
    os.kill(parent.pid, signal.SIGKILL)
    parent.wait()
    deadline = time.time() + 10
    while time.time() < deadline and any(_alive(w) for w in workers):
        time.sleep(0.2)
    assert not any(_alive(w) for w in workers)
