"""Fixtures of the server's tests: `live_server`, the real `monalog serve` in a child process on a free
127.0.0.1 port (one per test session, its URL yielded once /api/health answers, stopped at the end)."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import pytest

START_SECONDS = 120        # import, parser, WordNet, on a shared and busy machine
STOP_SECONDS = 15


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def die_with_parent() -> None:
    """In the child: SIGTERM when pytest dies, so no server outlives the session (Linux)."""
    try:
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGTERM)      # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _start(log: Path, extra: list[str] | None = None) -> tuple[subprocess.Popen, str]:
    port = free_port()
    command = [sys.executable, "-m", "monalog", "serve", "--host", "127.0.0.1", "--port", str(port), *(extra or [])]
    env = {k: v for k, v in os.environ.items() if k != "MONALOG_SERVE_CONFIG"}
    with open(log, "wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env,
                                   preexec_fn=die_with_parent if sys.platform == "linux" else None)
    return process, f"http://127.0.0.1:{port}"


def _wait(process: subprocess.Popen, url: str, log: Path) -> bool:
    """True once the server answers /api/health; False if it exited (a port taken meanwhile)."""
    import httpx

    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return False
        try:
            if httpx.get(f"{url}/api/health", timeout=2).status_code == 200:
                return True
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    _stop(process)
    pytest.fail(f"`monalog serve` did not answer within {START_SECONDS} s:\n{log.read_text(errors='replace')[-2000:]}")


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(STOP_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory) -> Iterator[str]:
    """The URL (no trailing slash) of a real `monalog serve` (defaults, one worker) on 127.0.0.1."""
    log = tmp_path_factory.mktemp("live_server") / "serve.log"
    for _ in range(3):                       # the free port may be taken before the server binds it
        process, url = _start(log)
        if _wait(process, url, log):
            break
    else:
        pytest.fail(f"`monalog serve` exited:\n{log.read_text(errors='replace')[-2000:]}")
    try:
        yield url
    finally:
        _stop(process)
