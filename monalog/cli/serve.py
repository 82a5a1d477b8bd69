"""`monalog serve`: the JSON API and the proof explorer page over HTTP (FastAPI + uvicorn)."""
from __future__ import annotations

import argparse
import os
import sys

from monalog.cli.common import count, fallback_options


def port(text: str) -> int:
    value = count(0)(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"{value} is not a port (0 to 65535)")
    return value


def register(sub) -> None:
    p = sub.add_parser("serve", help="serve the JSON API (/api/...) and the proof explorer page (/)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=port, default=8000, help="port (default 8000)")
    p.add_argument("--workers", type=count(1), default=1,
                   help="engine processes, each with its own models, fed request by request (default 1: a thread of "
                        "the server's process; capped by cores and memory)")
    p.add_argument("--model", metavar="MODEL_DIR",
                   help="the fallback for /api/classify (a `monalog train` folder or an NLI model); without "
                        "one /api/classify answers 503")
    fallback_options(p, "requests may override")
    p.add_argument("--access-log", action="store_true", help="log every request to stderr")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from monalog.parallel import worker_count
    from monalog.server.app import create_app
    from monalog.server.config import ServerConfig

    if args.model:      # a one-line error now, not a traceback from the server's start-up
        from monalog.hybrid.models import load

        load("AutoConfig", args.model)
    workers = worker_count(args.workers)
    for name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(name, "1")        # one BLAS thread a process: the engine processes are the parallelism
    config = ServerConfig(workers=workers, model=args.model, threshold=args.threshold, device=args.device)
    host = f"[{args.host}]" if ":" in args.host else args.host
    engines = "an engine thread" if workers == 1 else f"{workers} engine processes"
    print(f"monalog: serving on http://{host}:{args.port}/ with {engines} (the API is listed at /docs); "
          "loading the models first", file=sys.stderr)
    uvicorn.run(create_app(config), host=args.host, port=args.port, access_log=args.access_log,
                log_level="debug" if args.verbose else "info", timeout_graceful_shutdown=10)
    return 0
