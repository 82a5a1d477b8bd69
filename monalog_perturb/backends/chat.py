"""An OpenAI-compatible chat client (vLLM, Ollama, llama.cpp server, hosted APIs) over httpx:
timeouts, retries with exponential backoff on 429/5xx and network errors, a concurrency limit,
and a response cache on disk keyed by the request, so reruns cost nothing.

Configuration: arguments, else the environment: MONALOG_LLM_BASE_URL (or OPENAI_BASE_URL),
MONALOG_LLM_MODEL, MONALOG_LLM_API_KEY (or OPENAI_API_KEY).
"""
from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Sequence

from monalog.errors import MonalogError, ResourceError
from monalog.fileio import write_atomic
from monalog_perturb.protocols import Message

log = logging.getLogger(__name__)


class ChatError(MonalogError):
    """The chat endpoint failed after its retries, or answered something unusable."""


def redacted(url: str) -> str:
    """The URL without user name and password, for messages and logs."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    if parts.username is None and parts.password is None:
        return url
    host = parts.hostname or ""
    return urlunsplit(parts._replace(netloc=f"***@{host}" + (f":{parts.port}" if parts.port else "")))


class HttpChatClient:
    """An OpenAI-compatible chat endpoint with retries, a concurrency limit and an on-disk cache."""

    def __init__(self, base_url: str | None = None, model: str | None = None, api_key: str | None = None,
                 timeout: float = 60.0, retries: int = 3, backoff: float = 1.0, concurrency: int = 4,
                 cache_dir: str | Path | None = None, temperature: float = 0.0, seed: int | None = 0) -> None:
        import httpx

        self.base_url = (base_url or os.environ.get("MONALOG_LLM_BASE_URL") or os.environ.get("OPENAI_BASE_URL") or "")
        self.model = model or os.environ.get("MONALOG_LLM_MODEL") or ""
        if not self.base_url or not self.model:
            raise ResourceError("the chat backend needs a base URL and a model (--llm-base-url/--llm-model, or "
                                "MONALOG_LLM_BASE_URL and MONALOG_LLM_MODEL)", input=redacted(self.base_url) or None)
        key = api_key or os.environ.get("MONALOG_LLM_API_KEY") or os.environ.get("OPENAI_API_KEY")
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        self.http = httpx.Client(base_url=self.base_url.rstrip("/"), timeout=timeout, headers=headers)
        self.where = redacted(self.base_url)     # what messages and logs show (no credentials)
        logging.getLogger("httpx").setLevel(logging.WARNING)    # httpx logs every URL in full at INFO
        self.retries, self.backoff, self.concurrency = retries, backoff, max(1, concurrency)
        self.temperature, self.seed = temperature, seed
        self.cache_dir = Path(cache_dir) if cache_dir else None
        self._limit = threading.Semaphore(self.concurrency)
        self.calls = 0                           # requests actually sent (cache misses, retries included)

    def _key(self, body: dict) -> str:
        return hashlib.sha256(json.dumps([self.base_url, body], sort_keys=True).encode()).hexdigest()

    def complete(self, messages: Sequence[Message], **params) -> str:
        """The assistant's reply text for one conversation."""
        body = {"model": self.model, "messages": list(messages), "temperature": self.temperature, **params}
        if self.seed is not None:
            body.setdefault("seed", self.seed)
        cached = self.cache_dir / f"{self._key(body)}.json" if self.cache_dir else None
        if cached is not None and cached.exists():
            try:
                return str(json.loads(cached.read_text(encoding="utf-8"))["content"])
            except (OSError, ValueError, KeyError, TypeError):
                log.warning("ignoring a corrupt cache entry %s; asking again", cached)
        content = self._post(body)
        if cached is not None:
            write_atomic(cached, json.dumps({"request": body, "content": content}, ensure_ascii=False))
        return content

    def complete_many(self, conversations: Sequence[Sequence[Message]], **params) -> list[str | ChatError]:
        """Many conversations, at most `concurrency` in flight; a failure is returned in its place."""
        def one(messages):
            try:
                return self.complete(messages, **params)
            except ChatError as exc:
                return exc
        with ThreadPoolExecutor(self.concurrency) as pool:
            return list(pool.map(one, conversations))

    def _post(self, body: dict) -> str:
        import httpx

        last = "no attempt"
        for attempt in range(self.retries + 1):
            if attempt:
                time.sleep(self.backoff * 2 ** (attempt - 1))
            with self._limit:
                self.calls += 1
                try:
                    response = self.http.post("/chat/completions", json=body)
                except httpx.HTTPError as exc:
                    last = f"{type(exc).__name__}: {exc}"
                    continue
            if response.status_code == 429 or response.status_code >= 500:
                last = f"HTTP {response.status_code}"
                continue
            if response.status_code >= 400:
                raise ChatError(f"chat endpoint refused the request: HTTP {response.status_code} "
                                f"{response.text[:200]}", input=self.where)
            try:
                return response.json()["choices"][0]["message"]["content"]
            except (ValueError, KeyError, IndexError, TypeError) as exc:
                raise ChatError(f"chat endpoint answered without choices[0].message.content: {exc}",
                                input=self.where) from exc
        raise ChatError(f"chat endpoint failed after {self.retries + 1} attempts ({last})", input=self.where)

    def close(self) -> None:
        self.http.close()


def parse_json_list(reply: str) -> list:
    """The first JSON list in a model's reply ([] when there is none)."""
    m = re.search(r"\[.*\]", reply, flags=re.DOTALL)
    if not m:
        return []
    try:
        value = json.loads(m.group())
    except ValueError:
        return []
    return value if isinstance(value, list) else []


def parse_number(reply: str, default: float = 0.0) -> float:
    """The first number in a model's reply, clipped to [0, 1] (`default` when there is none)."""
    m = re.search(r"\d+(?:\.\d+)?", reply)
    return min(1.0, max(0.0, float(m.group()))) if m else default
