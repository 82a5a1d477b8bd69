"""Refusing what the API will not read: bodies over the size limit (413, before they are read, whether
announced by Content-Length or streamed), and bodies that are not the JSON an endpoint takes (400 for
malformed JSON, 422 for the wrong shape), each as {"error": message, "input": what failed}."""
from __future__ import annotations

from typing import Any, Sequence

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from monalog.fileio import readable
from monalog.server.results import echo, encode
from monalog.server.schemas import BAD_TEXT


class BodyLimit:
    """ASGI middleware: 413 for a request body over `limit` bytes."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    def _message(self, size: int | None) -> str:
        return f"request body {'has ' + str(size) + ' bytes' if size else 'is too large'}; the limit is {self.limit}"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and length.isdigit() and int(length) > self.limit:
            await send_json(send, 413, {"error": self._message(int(length)), "input": None})
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:         # FastAPI passes HTTPExceptions from reading the body through
                    raise HTTPException(413, self._message(None))
            return message

        await self.app(scope, counted, send)


async def send_json(send: Send, code: int, body: dict) -> None:
    data = encode(body)
    await send({"type": "http.response.start", "status": code,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]})
    await send({"type": "http.response.body", "body": data})


def _where(loc: Sequence[Any]) -> str:
    parts = [readable(str(p)) for p in loc if p != "body"]
    return ".".join(parts)


def validation_error(errors: Sequence[dict]) -> tuple[int, dict]:
    """(status, body) for FastAPI's validation errors: malformed JSON is 400, the wrong shape 422; the
    message names each problem's place ("pairs.0.premise: Field required")."""
    if any(e.get("type") == "json_invalid" for e in errors):
        first = errors[0]
        detail = (first.get("ctx") or {}).get("error", "")
        return 400, {"error": f"the body is not valid JSON{': ' + str(detail) if detail else ''}", "input": None}
    problems = []
    for e in errors[:5]:
        text = readable(str(e.get("msg", "invalid")).removeprefix("Value error, "))
        where = _where(e.get("loc", ()))
        if e.get("type") == "extra_forbidden":
            text = "unknown field"
        elif not where and e.get("type") in ("model_attributes_type", "dict_type", "model_type"):
            text = "the body must be a JSON object, sent with Content-Type: application/json"
        elif not where and e.get("type") == "missing":
            text = "the body is missing: send a JSON object, with Content-Type: application/json"
        problems.append(f"{where}: {text}" if where else text)
    if len(errors) > 5:
        problems.append(f"and {len(errors) - 5} more")
    first_input = errors[0].get("input") if errors else None
    shown = first_input if isinstance(first_input, (str, int, float, bool)) or first_input is None else None
    code = 400 if any(BAD_TEXT in str(e.get("msg", "")) for e in errors) else 422
    return code, {"error": "; ".join(problems), "input": echo(shown)}
