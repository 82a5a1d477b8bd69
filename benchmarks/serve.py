"""Load benchmark of `monalog serve`: the real server on 127.0.0.1 (a free port), driven by a load
generator written for it (httpx; bounded in requests and in time).

    .venv/bin/python -m benchmarks.serve [--workers 1 2] [--requests 300] [--pairs 256] [--clients 16]

For each server configuration (`monalog serve --workers N`: the engine on a thread of the server's
process for 1, N engine processes fed request by request otherwise; one fresh server each):
1. warm latency: one SICK pair (the first of the file) posted to /api/prove `--requests` times one
   after another on one keep-alive connection, after `--warmup` requests (median, p90, p99);
2. a sequential pass over a fixed set of `--pairs` SICK pairs (every k-th pair of the file), whose
   answers are the reference;
3. `--clients` concurrent clients (asyncio, one connection each) posting the same set `--passes` times
   (each client takes the next pair from a shared queue): throughput, latency under load, and
   whether every answer equals the reference byte for byte (the server is deterministic under load).
Each phase stops early at `--seconds`. The load generator runs on the same machine as the server (it
takes CPU too), and other jobs may share the cores: the load average is recorded before and after.
Writes benchmarks/results/serve.json and serve.md.
"""
from __future__ import annotations

import argparse
import asyncio
import csv
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
SICK = ROOT.parent / "shared" / "data" / "sick" / "SICK_corrected_train_trial.tsv"
OUT = ROOT / "benchmarks" / "results" / "serve"
START_SECONDS = 180


def sick_pairs(path: Path) -> list[dict]:
    with open(path, encoding="utf-8", newline="") as handle:
        rows = csv.DictReader(handle, delimiter="\t")
        return [{"premise": r["sentence_A"], "hypothesis": r["sentence_B"], "id": r["pair_ID"]} for r in rows]


def fixed_set(pairs: list[dict], n: int) -> list[dict]:
    step = max(1, len(pairs) // n)
    return pairs[::step][:n]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(workers: int) -> tuple[subprocess.Popen, str, float]:
    port = free_port()
    command = [sys.executable, "-m", "monalog", "serve", "--port", str(port), "--workers", str(workers)]
    env = {k: v for k, v in os.environ.items() if k != "MONALOG_SERVE_CONFIG"}
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    url = f"http://127.0.0.1:{port}"
    while time.perf_counter() - started < START_SECONDS:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited: {process.stderr.read().decode()[-2000:] if process.stderr else ''}")
        try:
            if httpx.get(f"{url}/api/health", timeout=2).status_code == 200:
                return process, url, time.perf_counter() - started
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"the server did not answer within {START_SECONDS} s")


def stop_server(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def process_cpu(pid: int) -> dict[int, float]:
    """CPU seconds so far of the server's process and of its engine processes, from /proc (Linux; empty
    elsewhere): shows how the work was spread."""
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        pids = [pid] + [int(c) for c in children if b"resource_tracker" not in Path(f"/proc/{c}/cmdline").read_bytes()]
        out = {}
        for p in pids:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            out[p] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return out
    except (OSError, ValueError):
        return {}


def summary(seconds: list[float]) -> dict:
    ms = sorted(s * 1000 for s in seconds)

    def pct(q: float) -> float:
        return round(ms[min(len(ms) - 1, int(q * len(ms)))], 2)

    return {"n": len(ms), "median_ms": round(statistics.median(ms), 2), "p90_ms": pct(0.9), "p99_ms": pct(0.99),
            "mean_ms": round(statistics.fmean(ms), 2), "min_ms": round(ms[0], 2), "max_ms": round(ms[-1], 2)}


def body(pair: dict) -> dict:
    return {"premise": pair["premise"], "hypothesis": pair["hypothesis"]}


def sequential(url: str, pairs: list[dict], seconds: float) -> tuple[list[float], list[bytes], float]:
    """Each pair once, in order, on one connection: (latencies, answers, wall seconds)."""
    times, answers = [], []
    start = time.perf_counter()
    with httpx.Client(base_url=url, timeout=120) as client:
        for pair in pairs:
            t = time.perf_counter()
            r = client.post("/api/prove", json=body(pair))
            times.append(time.perf_counter() - t)
            answers.append(r.content if r.status_code == 200 else b"")
            if time.perf_counter() - start > seconds:
                break
    return times, answers, time.perf_counter() - start


async def concurrent(url: str, pairs: list[dict], reference: list[bytes], clients: int, passes: int,
                     seconds: float) -> dict:
    queue: asyncio.Queue[int] = asyncio.Queue()
    for _ in range(passes):
        for i in range(len(reference)):
            queue.put_nowait(i)
    times: list[float] = []
    failed = differ = 0
    deadline = time.perf_counter() + seconds

    async def client() -> None:
        nonlocal failed, differ
        async with httpx.AsyncClient(base_url=url, timeout=120,
                                     limits=httpx.Limits(max_connections=1, max_keepalive_connections=1)) as http:
            while not queue.empty() and time.perf_counter() < deadline:
                i = queue.get_nowait()
                t = time.perf_counter()
                r = await http.post("/api/prove", json=body(pairs[i]))
                times.append(time.perf_counter() - t)
                if r.status_code != 200:
                    failed += 1
                elif r.content != reference[i]:
                    differ += 1

    start = time.perf_counter()
    await asyncio.gather(*(client() for _ in range(clients)))
    wall = time.perf_counter() - start
    return {"clients": clients, "requests": len(times), "seconds": round(wall, 2),
            "requests_per_second": round(len(times) / wall, 1), "latency": summary(times),
            "failed": failed, "answers_differing_from_sequential": differ}


def run(workers: int, args: argparse.Namespace, pairs: list[dict], one: dict) -> dict:
    load_before = os.getloadavg()
    process, url, ready = start_server(workers)
    try:
        sequential(url, [one] * args.warmup, args.seconds)
        warm, _, _ = sequential(url, [one] * args.requests, args.seconds)
        times, reference, wall = sequential(url, pairs, args.seconds)
        if len(reference) < len(pairs):
            raise RuntimeError(f"the sequential pass stopped at {args.seconds} s after {len(reference)} pairs")
        before = process_cpu(process.pid)
        under_load = asyncio.run(concurrent(url, pairs, reference, args.clients, args.passes, args.seconds))
        after = process_cpu(process.pid)
        # the server's own process first, then its engine processes
        under_load["cpu_seconds_per_process"] = [round(after[p] - before.get(p, 0), 2) for p in after]
    finally:
        stop_server(process)
    labels: dict[str, int] = {}
    for answer in reference:
        label = json.loads(answer)["label"] if answer else "error"
        labels[label] = labels.get(label, 0) + 1
    return {"workers": workers, "ready_seconds": round(ready, 2),
            "warm_one_pair": summary(warm),
            "sequential_set": {"requests": len(times), "requests_per_second": round(len(times) / wall, 1),
                               "latency": summary(times), "labels": labels},
            "concurrent": under_load,
            "load_average_before": [round(x, 2) for x in load_before],
            "load_average_after": [round(x, 2) for x in os.getloadavg()]}


def in_process(one: dict, warmup: int, requests: int) -> dict:
    """The same work without HTTP: the server's engine in this process (models loaded the same way),
    its answer encoded as the server does; the difference to the warm latency is what HTTP costs."""
    from monalog.server.engine import Engine
    from monalog.server.results import encode
    from monalog.server.schemas import Pair, ProveOptions

    engine, options = Engine().load(), ProveOptions()
    pair = [Pair(premise=one["premise"], hypothesis=one["hypothesis"])]
    times = []
    for i in range(warmup + requests):
        t = time.perf_counter()
        encode(engine.prove(pair, options)[0])
        if i >= warmup:
            times.append(time.perf_counter() - t)
    return {**summary(times), "load_average_after": [round(x, 2) for x in os.getloadavg()]}


def markdown(report: dict) -> str:
    one = report["warm_pair"]
    md = ["# Server load benchmark (`monalog serve`, /api/prove)", "",
          f"Command: `{report['command']}`. {report['cpu_count']} CPU cores shared with other jobs "
          f"(load average per configuration below); the load generator (httpx) runs on the same cores. "
          f"Python {report['python']}, {report['date']}.", "",
          f"Warm latency: the pair \"{one['premise']}\" / \"{one['hypothesis']}\" (SICK {one['id']}), "
          f"{report['requests']} sequential requests on one connection after {report['warmup']} warm-up requests. "
          f"Load: {report['clients']} concurrent clients (one connection each) over a fixed set of "
          f"{report['pairs']} SICK pairs (every k-th pair of SICK train + trial), {report['passes']} passes; "
          "every answer under load is compared byte for byte with the sequential answer to the same pair. "
          "Ready: seconds from starting `monalog serve` to its first /api/health answer.", "",
          "| --workers | ready (s) | warm median (ms) | warm p90 (ms) | sequential set req/s | "
          "sequential median / p90 (ms) | concurrent req/s | concurrent median / p90 / p99 (ms) | "
          "CPU s under load: server process + engine processes | failed | answers differing | "
          "load avg before → after (1 min) |",
          "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in report["runs"]:
        w, s, c = r["warm_one_pair"], r["sequential_set"], r["concurrent"]
        md.append(f"| {r['workers']} | {r['ready_seconds']} | {w['median_ms']} | {w['p90_ms']} | "
                  f"{s['requests_per_second']} | {s['latency']['median_ms']} / {s['latency']['p90_ms']} | "
                  f"{c['requests_per_second']} | {c['latency']['median_ms']} / {c['latency']['p90_ms']} / "
                  f"{c['latency']['p99_ms']} | {' + '.join(map(str, c['cpu_seconds_per_process']))} | "
                  f"{c['failed']} | {c['answers_differing_from_sequential']} | "
                  f"{r['load_average_before'][0]} → {r['load_average_after'][0]} |")
    labels = report["runs"][0]["sequential_set"]["labels"]
    engine = report["engine_without_http"]
    md += ["", f"Labels of the fixed set: {', '.join(f'{k} {v}' for k, v in sorted(labels.items()))}.", "",
           f"The same warm pair without HTTP (the server's engine in the benchmark's process, answer encoded as "
           f"the server does, right after the runs): median {engine['median_ms']} ms, p90 {engine['p90_ms']} ms "
           f"(load average {engine['load_average_after'][0]}).", "",
           "Target: warm median ≤ 30 ms on 2 cores. The warm pair is a long one (17 and 16 words) that the "
           "prover answers NEUTRAL, so every search runs (toward the hypothesis and toward the contradictories of "
           "both sentences); the sequential column over the set shows a typical pair. The CPU column shows the "
           "engine processes sharing the work evenly, request by request, and the server's own process (HTTP, "
           "validation) taking little; the load generator runs on the same cores, so two workers cannot double "
           "the throughput here."]
    return "\n".join(md) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", default=str(SICK))
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2], help="server configurations to run")
    ap.add_argument("--requests", type=int, default=300, help="sequential requests of the one warm pair")
    ap.add_argument("--warmup", type=int, default=20)
    ap.add_argument("--pairs", type=int, default=256, help="the fixed set of SICK pairs")
    ap.add_argument("--clients", type=int, default=16)
    ap.add_argument("--passes", type=int, default=2, help="passes of the concurrent clients over the set")
    ap.add_argument("--seconds", type=float, default=300, help="time bound of each phase")
    args = ap.parse_args()
    every = sick_pairs(Path(args.data))
    pairs, one = fixed_set(every, args.pairs), every[0]
    command = "python -m benchmarks.serve " + " ".join(sys.argv[1:]) if sys.argv[1:] else "python -m benchmarks.serve"
    report = {"command": command.strip(), "cpu_count": os.cpu_count(), "python": platform.python_version(),
              "date": time.strftime("%Y-%m-%d"), "warm_pair": one, "requests": args.requests,
              "warmup": args.warmup, "pairs": len(pairs), "clients": args.clients, "passes": args.passes,
              "runs": []}
    for workers in args.workers:
        report["runs"].append(run(workers, args, pairs, one))
        print(json.dumps(report["runs"][-1]), file=sys.stderr)
    report["engine_without_http"] = in_process(one, args.warmup, args.requests)
    OUT.with_suffix(".json").write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    OUT.with_suffix(".md").write_text(markdown(report), encoding="utf-8")
    print(markdown(report))


if __name__ == "__main__":
    main()
