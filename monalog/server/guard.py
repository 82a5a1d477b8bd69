"""Who may reach the server and what its answers allow a browser: requests whose Host header names
none of the hosts it serves are refused (a page elsewhere cannot reach a local server through DNS
rebinding), every answer carries the usual security headers (no framing, no sniffing, scripts and
styles from the server alone), and a client that sends its request (headers and body) too slowly is
cut off instead of holding a connection open."""
from __future__ import annotations

import asyncio
import base64
import hashlib
import logging

import h11
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

from monalog.fileio import readable
from monalog.server.docs import STYLE
from monalog.server.limits import send_json

log = logging.getLogger(__name__)

LOCAL = ("localhost", "127.0.0.1", "::1")
_DOCS_STYLE = "'sha256-" + base64.b64encode(hashlib.sha256(STYLE.encode("utf-8")).digest()).decode("ascii") + "'"
HEADERS = [(b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY"),
           (b"referrer-policy", b"no-referrer"), (b"cross-origin-opener-policy", b"same-origin")]


def policy(path: str) -> bytes:
    """The Content-Security-Policy of an answer: the server's own files only (the /docs page's inline
    style by its hash)."""
    style = f"; style-src 'self' {_DOCS_STYLE}" if path == "/docs" else ""
    return f"default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'{style}".encode()


def security_headers(path: str) -> dict[str, str]:
    """The headers every answer carries, for one built outside the middleware (an unexpected error's 500)."""
    return {**{k.decode(): v.decode() for k, v in HEADERS}, "content-security-policy": policy(path).decode()}


def served_hosts(host: str, allowed: tuple[str, ...] = ()) -> frozenset[str]:
    """This machine's loopback names, the address listened on (unless it is every address) and `allowed`."""
    names = {*LOCAL, *allowed} | ({host} if host not in ("", "0.0.0.0", "::") else set())
    return frozenset(name.strip("[]").lower() for name in names)


def host_name(header: bytes) -> str:
    """The host of a Host header, without its port: "[::1]:8000" -> "::1"."""
    text = header.decode("latin-1").strip().lower()
    if text.startswith("["):
        return text[1:text.find("]")] if "]" in text else text
    return text.rsplit(":", 1)[0] if text.count(":") == 1 else text


class Guard:
    """ASGI middleware: 403 for a Host the server does not serve; security headers on every answer."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str]) -> None:
        self.app, self.hosts = app, hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        header = dict(scope["headers"]).get(b"host")
        extra = [*HEADERS, (b"content-security-policy", policy(scope.get("path", "")))]

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        if header is not None and host_name(header) not in self.hosts:
            name = readable(header.decode("latin-1"))[:100]
            await send_json(secured, 403, {"error": f"host {name!r} is not served here (DNS rebinding?); a server "
                                           f"reached by that name is started with --allowed-host", "input": name})
            return
        await self.app(scope, receive, secured)


def patient_for(seconds: float) -> type[H11Protocol]:
    """uvicorn's HTTP/1.1 protocol, closing a connection whose request (from its first byte, or from
    the connection's start) is not whole within `seconds`: uvicorn itself waits for headers forever."""

    class Patient(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            self._arm()

        def data_received(self, data: bytes) -> None:
            if self._deadline is None and (self.cycle is None or self.cycle.response_complete):
                self._arm()                                 # a new request begins
            super().data_received(data)
            if self.conn.their_state is not h11.SEND_BODY and self.conn.their_state is not h11.IDLE:
                self._disarm()                              # headers and body are in (or the peer closed)

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _arm(self) -> None:
            self._deadline = self.loop.call_later(seconds, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            if not self.transport.is_closing():
                log.info("monalog serve: a client sent its request too slowly (over %s s); connection closed", seconds)
                self.transport.close()

    return Patient
