"""Cold start: how long a fresh process takes to answer, measured as the median of N fresh processes
per configuration, the configurations interleaved (round-robin) so that load on the machine falls
on all of them alike.

    .venv/bin/python -m benchmarks.startup [--runs 5]

Configurations:
- `monalog prove P H` (the console script, wall clock of the whole process), with the compiled
  WordNet index (the default) and with nltk's reader (MONALOG_WORDNET=nltk, the old path);
- `Prover().load()` after `import monalog` (parser, polarizer, WordNet ready), in-process timer;
- `import monalog` alone.
Writes benchmarks/results/startup.{json,md}.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAIR = ("A man is playing a guitar", "A person is playing an instrument")
MONALOG = str(ROOT / ".venv" / "bin" / "monalog")
READY = ("import time; start = time.perf_counter(); import monalog; imported = time.perf_counter(); "
         "monalog.Prover().load(); print(imported - start, time.perf_counter() - imported)")


def wall(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    out = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    seconds = time.perf_counter() - start
    if out.returncode != 0:
        raise RuntimeError(f"{command} failed: {out.stderr[-500:]}")
    return seconds


def inner(env: dict[str, str]) -> tuple[float, float]:
    out = subprocess.run([sys.executable, "-c", READY], env=env, capture_output=True, text=True, timeout=300,
                         check=True)
    imported, ready = map(float, out.stdout.split())
    return imported, ready


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    base = {k: v for k, v in os.environ.items() if k != "MONALOG_WORDNET"}
    nltk_env = {**base, "MONALOG_WORDNET": "nltk"}
    wall(["true"], base)
    subprocess.run([MONALOG, "prove", *PAIR], env=base, capture_output=True, timeout=300)   # builds caches once
    samples: dict[str, list[float]] = {"prove (compiled WordNet index)": [], "prove (nltk WordNet reader)": [],
                                       "import monalog": [], "Prover().load() after import": []}
    for _ in range(args.runs):
        samples["prove (compiled WordNet index)"].append(wall([MONALOG, "prove", *PAIR], base))
        samples["prove (nltk WordNet reader)"].append(wall([MONALOG, "prove", *PAIR], nltk_env))
        imported, ready = inner(base)
        samples["import monalog"].append(imported)
        samples["Prover().load() after import"].append(ready)
    medians = {name: statistics.median(values) for name, values in samples.items()}
    result = {"runs": args.runs, "pair": PAIR, "median_seconds": medians,
              "samples": samples, "load_average": os.getloadavg(), "cpus": os.cpu_count(),
              "python": platform.python_version(), "machine": platform.machine(),
              "targets": {"prove (compiled WordNet index)": 2.0, "Prover().load() after import": 1.0}}
    out = ROOT / "benchmarks" / "results"
    (out / "startup.json").write_text(json.dumps(result, indent=2) + "\n")
    lines = ["# Cold start", "",
             f"`.venv/bin/python -m benchmarks.startup --runs {args.runs}`: median of {args.runs} fresh processes "
             f"per row, rows interleaved; {os.cpu_count()} cores, load average at the end "
             f"{', '.join(f'{x:.2f}' for x in os.getloadavg())}.", "",
             f"Pair: `{PAIR[0]}` / `{PAIR[1]}`.", "",
             "| what | median s | min s | max s | target |", "|---|---|---|---|---|"]
    for name, values in samples.items():
        target = result["targets"].get(name)
        lines.append(f"| {name} | {medians[name]:.2f} | {min(values):.2f} | {max(values):.2f} | "
                     f"{'≤ ' + str(target) if target else ''} |")
    (out / "startup.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
