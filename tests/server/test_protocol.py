"""TCP_NODELAY on every connection, also when uvicorn's --workers bind the listening socket with protocol
number 0 (asyncio then leaves Nagle's algorithm on, and each two-part response waited 40 ms for the
client's delayed ACK)."""
from __future__ import annotations

import socket
import statistics
import threading
import time

import httpx
import uvicorn

from monalog.server.protocol import NoDelayH11Protocol


async def two_writes(scope, receive, send):
    """Headers and body in separate writes, as FastAPI's responses are sent."""
    if scope["type"] != "http":
        return
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
    await send({"type": "http.response.body", "body": b"ok"})


def test_connections_get_tcp_nodelay_on_a_socket_bound_as_uvicorns_workers_bind_it():
    sock = socket.socket(family=socket.AF_INET)            # proto 0, as uvicorn.Config.bind_socket makes it
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(two_writes, http=NoDelayH11Protocol, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 10
        while not server.started and time.monotonic() < deadline:
            time.sleep(0.01)
        times = []
        with httpx.Client(base_url=f"http://127.0.0.1:{port}") as client:
            for _ in range(15):
                start = time.perf_counter()
                assert client.get("/").text == "ok"
                times.append(time.perf_counter() - start)
        assert statistics.median(times[5:]) < 0.02, times      # with Nagle's algorithm on: about 0.04 s each
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()
