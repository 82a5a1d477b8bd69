"""The compiled WordNet index against nltk's reader, side by side in one run:

- build: compiling the index from the WordNet files (median of --builds builds, into a temp folder);
- first answer: a fresh process that imports monalog's WordNet module and answers its first
  `relate` (the prover's first WordNet lookup), median of --runs processes per reader, the readers
  interleaved so that load from other jobs falls on both alike; in-process time and whole process;
- `relate` lookups per second on SICK word pairs (same-POS word pairs of each premise/hypothesis, as
  `pair_facts` forms them), in a fresh process per reader: the first pass (caches cold) and a second
  pass (monalog's own lru caches warm); the facts found are checked equal;
- labels: `monalog eval` on the first --pairs SICK pairs with each reader (--workers 2), and a
  per-pair comparison of labels and proofs written to benchmarks/results/wordnet_index.pairs.tsv.

    .venv/bin/python -m benchmarks.wordnet_index [--runs 5] [--builds 3] [--pairs 1000]

Writes benchmarks/results/wordnet_index.{json,md}. Other jobs share the machine's cores: medians.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SICK = Path(os.environ.get("MONALOG_SHARED_DATA", ROOT.parent / "shared" / "data")) / "sick" / \
    "SICK_corrected_train_trial.tsv"
RESULTS = ROOT / "benchmarks" / "results"
MONALOG = str(ROOT / ".venv" / "bin" / "monalog")
READERS = {"index": "compiled index", "nltk": "nltk reader"}
CHILD = ["-m", "benchmarks.wordnet_index"]      # this module in a child process (found as the parent found it)
FIRST = ("import time; start = time.perf_counter(); "
         "from monalog.knowledge.wordnet_facts import relate; fact = relate('dog', 'animal', 'n'); "
         "seconds = time.perf_counter() - start; "           # VmHWM: ru_maxrss would count the forking parent
         "peak = [l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')][0]; "
         "print(seconds, fact.relation.name, int(peak) / 1024)")


def env_for(reader: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "MONALOG_WORDNET"}
    if reader == "nltk":
        env["MONALOG_WORDNET"] = "nltk"
    return env


def python(args: list[str], reader: str, timeout: int = 900) -> subprocess.CompletedProcess:
    out = subprocess.run([sys.executable, *args], env=env_for(reader), capture_output=True, text=True,
                         timeout=timeout)
    if out.returncode != 0:
        raise RuntimeError(f"{args[:3]} ({reader}) failed: {out.stderr[-2000:]}")
    return out


# --- parts run in a child process -----------------------------------------------------------------


def child_relate(triples_path: str) -> None:
    """Time `relate` over the triples twice (cold, then warm caches); print times and a digest of the facts."""
    import hashlib

    from monalog.knowledge.wordnet import wordnet
    from monalog.knowledge.wordnet_facts import relate

    triples = json.loads(Path(triples_path).read_text())
    start = time.perf_counter()
    wordnet()
    load = time.perf_counter() - start
    passes, facts = [], []
    for _ in range(2):
        start = time.perf_counter()
        facts = [relate(a, b, pos) for a, b, pos in triples]
        passes.append(time.perf_counter() - start)
    text = "\n".join("" if f is None else f"{f.left} {f.relation.name} {f.right} {f.note}" for f in facts)
    print(json.dumps({"load": load, "cold": passes[0], "warm": passes[1], "found": sum(f is not None for f in facts),
                      "digest": hashlib.sha256(text.encode()).hexdigest()}))


def child_labels(limit: str, out_path: str) -> None:
    """The eval command's decisions on the first `limit` pairs (its own parser and code path), one JSON a line."""
    from monalog.cli import build_parser
    from monalog.cli.common import decide, read_pairs

    args = build_parser().parse_args(["eval", str(SICK), "--labels", "corrected", "--workers", "2",
                                      "--limit", limit])
    pairs, _ = read_pairs(args.file, args.input_format, args.labels, True, args.limit)
    decisions = decide(args, pairs)
    with open(out_path, "w", encoding="utf-8") as out:
        for pair, d in zip(pairs, decisions):
            proof = d.proof.explain() if d.proof is not None else ""
            explored = d.proof.explored if d.proof is not None else None
            out.write(json.dumps({"line": pair.line, "gold": pair.label.value, "label": d.label.value,
                                  "error": d.error, "explored": explored, "proof": proof}) + "\n")


# --- measurements ---------------------------------------------------------------------------------


def measure_build(builds: int) -> dict:
    from monalog.knowledge.wordnet.compile import build, find_source

    source = find_source()
    seconds = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(builds):
            path = Path(tmp) / f"wn{i}.sqlite"
            start = time.perf_counter()
            build(source, path)
            seconds.append(time.perf_counter() - start)
            size = path.stat().st_size
    return {"source": str(source), "seconds": seconds, "median_seconds": statistics.median(seconds),
            "size_mb": round(size / 1e6, 1)}


def measure_first_answer(runs: int) -> dict:
    python(["-c", FIRST], "index")                   # the index exists before timing (built once)
    samples: dict[str, dict[str, list[float]]] = {r: {"in_process": [], "process": [], "peak_mb": []} for r in READERS}
    for _ in range(runs):
        for reader in READERS:
            start = time.perf_counter()
            out = python(["-c", FIRST], reader)
            samples[reader]["process"].append(time.perf_counter() - start)
            seconds, relation, peak = out.stdout.split()
            assert relation == "LEQ", relation
            samples[reader]["in_process"].append(float(seconds))
            samples[reader]["peak_mb"].append(float(peak))
    return {r: {k: {"median": statistics.median(v), "min": min(v), "max": max(v), "samples": v}
                for k, v in s.items()} for r, s in samples.items()}


def sick_triples() -> list[tuple[str, str, str]]:
    """(lemma, lemma, pos) for the same-POS content words of each SICK pair: words reduced by morphy
    (n v a r in turn, as the word's first POS WordNet has), premise word x hypothesis word."""
    from monalog.knowledge.wordnet import wordnet

    wn = wordnet()
    cache: dict[str, tuple[str, str] | None] = {}

    def content(sentence: str) -> set[tuple[str, str]]:
        out = set()
        for word in re.findall(r"[a-z]+", sentence.lower()):
            if word not in cache:
                cache[word] = next(((base, pos) for pos in "nvar" if (base := wn.morphy(word, pos))), None)
            if cache[word] and len(word) > 2:
                out.add(cache[word])
        return out

    triples = []
    with open(SICK, encoding="utf-8") as stream:
        header = stream.readline().rstrip("\n").split("\t")
        a, b = header.index("sentence_A"), header.index("sentence_B")
        for line in stream:
            row = line.rstrip("\n").split("\t")
            for (x, px) in sorted(content(row[a])):
                for (y, py) in sorted(content(row[b])):
                    if px == py and x != y:
                        triples.append((x, y, px))
    return triples


def measure_relate(runs: int) -> dict:
    triples = sick_triples()
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as tmp:
        json.dump(triples, tmp)
    samples: dict[str, list[dict]] = {r: [] for r in READERS}
    try:
        for _ in range(runs):                        # interleaved, a fresh process each
            for r in READERS:
                samples[r].append(json.loads(python([*CHILD, "--child-relate", tmp.name], r).stdout))
    finally:
        os.unlink(tmp.name)
    result: dict = {}
    for r in READERS:
        result[r] = {key: statistics.median(x[key] for x in samples[r]) for key in ("load", "cold", "warm")}
        result[r]["cold_per_second"] = len(triples) / result[r]["cold"]
        result[r]["warm_per_second"] = len(triples) / result[r]["warm"]
        result[r]["found"] = samples[r][0]["found"]
        result[r]["samples"] = samples[r]
    result["runs"] = runs
    result["lookups"] = len(triples)
    result["distinct"] = len(set(triples))
    digests = {x["digest"] for r in READERS for x in samples[r]}
    result["same_facts"] = len(digests) == 1
    return result


def measure_labels(pairs: int, runs: int) -> dict:
    tables: dict[str, list[dict]] = {r: [] for r in READERS}
    decisions = {}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(runs):                        # interleaved
            for reader in READERS:
                out = subprocess.run([MONALOG, "eval", str(SICK), "--labels", "corrected", "--workers", "2",
                                      "--limit", str(pairs), "--json", f"{tmp}/eval.json"], env=env_for(reader),
                                     capture_output=True, text=True, timeout=1800)
                if out.returncode != 0:
                    raise RuntimeError(out.stderr[-2000:])
                tables[reader].append(json.loads(Path(f"{tmp}/eval.json").read_text()))
                os.unlink(f"{tmp}/eval.json")
        for reader in READERS:
            python([*CHILD, "--child-labels", str(pairs), f"{tmp}/pairs.jsonl"], reader, timeout=1800)
            with open(f"{tmp}/pairs.jsonl", encoding="utf-8") as stream:
                decisions[reader] = [json.loads(line) for line in stream]
    index, nltk = decisions["index"], decisions["nltk"]
    rows = ["line\tgold\tindex\tnltk\tsame_label\tsame_proof\tsame_explored"]
    for a, b in zip(index, nltk):
        assert a["line"] == b["line"]
        rows.append(f"{a['line']}\t{a['gold']}\t{a['label']}\t{b['label']}\t{a['label'] == b['label']}\t"
                    f"{a['proof'] == b['proof']}\t{a['explored'] == b['explored']}")
    (RESULTS / "wordnet_index.pairs.tsv").write_text("\n".join(rows) + "\n")
    return {"pairs": len(index),
            "same_labels": sum(a["label"] == b["label"] for a, b in zip(index, nltk)),
            "same_proofs": sum(a["proof"] == b["proof"] for a, b in zip(index, nltk)),
            "same_explored": sum(a["explored"] == b["explored"] for a, b in zip(index, nltk)),
            "errors": {r: sum(bool(d["error"]) for d in decisions[r]) for r in READERS},
            "eval": {r: {"accuracy": tables[r][0]["accuracy"], "errors": tables[r][0]["errors"],
                         "pairs_per_second": statistics.median(t["pairs_per_second"] for t in tables[r]),
                         "load_seconds": statistics.median(t["load_seconds"] for t in tables[r]),
                         "runs": [{k: t[k] for k in ("n", "accuracy", "errors", "seconds", "load_seconds",
                                                     "pairs_per_second")} for t in tables[r]]} for r in READERS},
            "same_eval_metrics": all(t[k] == tables["index"][0][k] for r in READERS for t in tables[r]
                                     for k in ("n", "accuracy", "confusion"))}


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child-relate":
        return child_relate(sys.argv[2])
    if len(sys.argv) > 1 and sys.argv[1] == "--child-labels":
        return child_labels(sys.argv[2], sys.argv[3])
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--builds", type=int, default=3)
    ap.add_argument("--pairs", type=int, default=1000)
    ap.add_argument("--eval-runs", type=int, default=3)
    args = ap.parse_args()
    command = f".venv/bin/python -m benchmarks.wordnet_index --runs {args.runs} --builds {args.builds} " \
              f"--pairs {args.pairs} --eval-runs {args.eval_runs}"
    result = {"command": command, "cpus": os.cpu_count(), "python": platform.python_version(),
              "load_average_start": os.getloadavg()}
    result["build"] = measure_build(args.builds)
    result["first_answer"] = measure_first_answer(args.runs)
    result["relate"] = measure_relate(args.runs)
    result["labels"] = measure_labels(args.pairs, args.eval_runs)
    result["load_average_end"] = os.getloadavg()
    (RESULTS / "wordnet_index.json").write_text(json.dumps(result, indent=2) + "\n")
    md = report(result, args)
    (RESULTS / "wordnet_index.md").write_text(md)
    print(md)


def report(r: dict, args: argparse.Namespace) -> str:
    first, rel, lab, build = r["first_answer"], r["relate"], r["labels"], r["build"]
    load = ", ".join(f"{x:.2f}" for x in r["load_average_start"]) + " at the start, " + \
        ", ".join(f"{x:.2f}" for x in r["load_average_end"]) + " at the end"
    lines = ["# Compiled WordNet index vs nltk's reader", "",
             f"Command: `{r['command']}` ({r['cpus']} cores shared with other jobs; load average {load}). "
             "Both readers measured side by side in one run.", "",
             f"**Build** (compiling {build['source']}, {build['size_mb']} MB file): median "
             f"{build['median_seconds']:.1f} s of {len(build['seconds'])} builds.", "",
             f"## First answer in a fresh process (median of {args.runs} processes, readers interleaved)", "",
             "`relate('dog', 'animal', 'n')` after importing monalog's WordNet module; in-process time from "
             "the start of the import, the whole process (Python start-up included), and its peak memory.", "",
             "| reader | in process, median s | min | max | whole process, median s | peak memory MB |",
             "|---|---|---|---|---|---|"]
    for reader, name in READERS.items():
        f = first[reader]
        lines.append(f"| {name} | {f['in_process']['median']:.3f} | {f['in_process']['min']:.3f} | "
                     f"{f['in_process']['max']:.3f} | {f['process']['median']:.3f} | {f['peak_mb']['median']:.0f} |")
    lines += ["", f"## `relate` on SICK word pairs ({rel['lookups']:,} lookups, {rel['distinct']:,} distinct)", "",
              "Same-POS lemma pairs of each SICK train+trial pair, premise word x hypothesis word; medians of "
              f"{rel['runs']} fresh processes per reader, interleaved; load excluded. Cold: the first pass "
              "(every cache empty); warm: the same lookups again (monalog's lru caches answer).", "",
              "| reader | load s | cold lookups/s | warm lookups/s | facts found |", "|---|---|---|---|---|"]
    for reader, name in READERS.items():
        x = rel[reader]
        lines.append(f"| {name} | {x['load']:.3f} | {x['cold_per_second']:,.0f} | {x['warm_per_second']:,.0f} | "
                     f"{x['found']:,} |")
    lines += ["", f"Same facts from both readers: {'yes' if rel['same_facts'] else 'NO'}.", "",
              f"## Labels: the first {lab['pairs']:,} SICK pairs", "",
              f"`monalog eval {SICK} "
              f"--labels corrected --workers 2 --limit {lab['pairs']}` with and without `MONALOG_WORDNET=nltk`, "
              "and the same command's decisions pair by pair (benchmarks/results/wordnet_index.pairs.tsv). "
              f"Medians of {args.eval_runs} runs per reader, interleaved; on this shared machine pairs/s moves by "
              "±30% between identical runs (the `relate` table compares lookup speed).", "",
              "| reader | accuracy | errors | pairs/s, median | models loaded in s, median |", "|---|---|---|---|---|"]
    for reader, name in READERS.items():
        e = lab["eval"][reader]
        lines.append(f"| {name} | {e['accuracy']:.2%} | {e['errors']} | {e['pairs_per_second']:.1f} | "
                     f"{e['load_seconds']:.1f} |")
    lines += ["", f"Per pair: {lab['same_labels']:,} / {lab['pairs']:,} labels the same, {lab['same_proofs']:,} "
              f"proofs the same, {lab['same_explored']:,} search sizes the same; same metrics and confusion "
              f"matrix: {'yes' if lab['same_eval_metrics'] else 'NO'}.", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
