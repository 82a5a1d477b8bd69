"""`monalog serve`: the JSON API (prove, polarize, parse, classify, health, examples) and the proof
explorer page, with FastAPI and uvicorn. `create_app` (monalog.server.app) builds the app; the
models load at start-up, and the engine's work runs on one thread of the server's process or in a
pool of engine processes fed request by request (see monalog.server.workers)."""
