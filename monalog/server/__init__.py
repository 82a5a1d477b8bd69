"""`monalog serve`: the JSON API (prove, polarize, parse, classify, health, examples) and the proof
explorer page, with FastAPI and uvicorn. `create_app` (monalog.server.app) builds the app; the
models load once per process at start-up, and the engine's work runs on one thread per process
(parallelism by worker processes: see monalog.server.app)."""
