"""`monalog serve`: the JSON API and the proof explorer page over HTTP (FastAPI + uvicorn)."""
from __future__ import annotations

import argparse
import os
import sys

from monalog.cli.common import count, fallback_options, positive, threshold
from monalog.hybrid import DEFAULT_THRESHOLD
from monalog.neural.models import load


def port(text: str) -> int:
    value = count(0)(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"{value} is not a port (0 to 65535)")
    return value


def register(sub) -> None:
    p = sub.add_parser("serve", help="serve the JSON API (/api/...) and the proof explorer page (/)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=port, default=8000, help="port (default 8000)")
    p.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                   help="a host name clients reach the server by, beside localhost, 127.0.0.1, [::1] and --host "
                        "(repeatable); requests naming any other host are refused (DNS rebinding)")
    p.add_argument("--workers", type=count(1), default=1,
                   help="engine processes, each with its own models, fed request by request (default 1: a thread of "
                        "the server's process; capped by cores and memory)")
    p.add_argument("--model", metavar="MODEL_DIR",
                   help="the fallback for /api/classify (a `monalog train` folder or an NLI model); without "
                        "one /api/classify answers 503")
    fallback_options(p, f"default {DEFAULT_THRESHOLD}; requests may override")
    p.add_argument("--client-timeout", type=positive, default=20.0, metavar="SECONDS",
                   help="close a connection whose request (headers and body) is not whole within this (default 20)")
    p.add_argument("--access-log", action="store_true", help="log every request to stderr")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    for name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(name, "1")        # one BLAS thread a process (before numpy loads): the engine
                                                # processes are the parallelism
    import uvicorn

    from monalog.inference.prover import Prover
    from monalog.parallel import worker_count
    from monalog.server.app import create_app
    from monalog.server.config import ServerConfig
    from monalog.server.engine import Engine
    from monalog.server.guard import patient_for

    workers = worker_count(args.workers)
    config = ServerConfig(workers=workers, model=args.model, threshold=threshold(args), device=args.device,
                          host=args.host, allowed_hosts=tuple(args.allowed_host))
    host = f"[{args.host}]" if ":" in args.host else args.host
    engines = "an engine thread" if workers == 1 else f"{workers} engine processes"
    # load before serving, so a missing model, tagger or WordNet is a one-line error, not a traceback from
    # the server's start-up: the engine itself with one worker; with N, what each engine process will load
    # (their own loading then happens at start-up, as the server's lifespan starts them)
    if workers == 1:
        engine = Engine(config).load()
    else:
        engine = None
        Prover().load()
        if args.model:
            load("AutoConfig", args.model)
    print(f"monalog: serving on http://{host}:{args.port}/ with {engines} (the API is listed at /docs)",
          file=sys.stderr)
    if args.host in ("0.0.0.0", "::") and not args.allowed_host:
        print("monalog: requests are answered when they name localhost, 127.0.0.1 or [::1]; add the names or "
              "addresses clients use with --allowed-host", file=sys.stderr)
    uvicorn.run(create_app(config, engine), host=args.host, port=args.port, access_log=args.access_log,
                log_level="debug" if args.verbose else "info", timeout_graceful_shutdown=10,
                http=patient_for(args.client_timeout))
    return 0
