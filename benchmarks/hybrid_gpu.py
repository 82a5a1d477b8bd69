"""The hybrid benchmark's training on a GPU (device machine), and whether CUDA training is
reproducible (issue 15, item 6): the same seed trained twice, in two processes, must give the same
weights and the same TRIAL probabilities.

    .venv/bin/python -m benchmarks.hybrid_gpu pack [--configs balanced prior] [--seeds 0 1 2]   # here
    python3 -m benchmarks.hybrid_gpu run --out DIR [--parallel 8] [--only CONFIG:SEED[:EPOCHS[:LR]] ...]  # there
    .venv/bin/python -m benchmarks.hybrid_gpu report RUNS... [--repeats RUNS...] [--name NAME]  # here

`pack` writes what the GPU machine lacks into one folder: the packaged MiniLM with its weights
stored as float16 (the folder that travels is limited to 64 MiB; `run` widens them back to float32
before training, so every run there starts from the same rounded weights, not bit-for-bit the CPU
benchmark's), lark (which monalog imports), SICK TRAIN, TRIAL and the dev share, and the generated
pairs each config adds for each seed, chosen here exactly as hybrid.py chooses them (each pair
stored once, a run's pairs as indices). `run` trains the jobs with hybrid.py's settings (3 epochs,
lr 1e-4, batch 32, the fixed dev share) unless a job names its epochs and learning rate, on CUDA,
`--parallel` runs at a time in their own processes (deterministic kernels: a run's result does not
depend on its neighbours), starts none after --budget seconds, and writes every run's TRIAL and
dev-share probabilities, the SHA-256 of its weights and its META (device, library versions) to
DIR/runs-NAME.json.gz. `report` scores them with hybrid.py's `score` against the engine's answers
computed here, scores each row's seeds also as one ensemble (probabilities averaged), writes
benchmarks/results/NAME.json and .md, and compares runs of the same config and seed.
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import shutil
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACK = ROOT / "benchmarks" / "work" / "gpu"
HAND = "Written by hand."              # the report keeps what follows this in its markdown


# Distillation (configs a GPU run trains after its teachers): the balanced recipe's models for seeds
# 0..teachers-1, as one ensemble, give each pair of the transfer set (TRAIN outside the dev share,
# and the balanced recipe's pairs at TRANSFER_RATIO per TRAIN pair, data seed 0) their averaged
# distribution; a student trains on TRAIN's labels plus the pairs its config names below.
DISTIL = {"distil": "SICK + generated pairs labelled by the balanced ensemble",      # the generated pairs, soft
          "distil_gold": "SICK + generated pairs, half their label, half the ensemble's",
          "distil_sick": "SICK + SICK labelled by the balanced ensemble"}            # TRAIN's pairs again, soft
TRANSFER_RATIO = 3.0


def _key(config: str, seed: int, fold: int = 0) -> str:
    """A pack's name for the generated pairs of a config, seed and dev fold."""
    return f"{config}-seed{seed}" + (f"-fold{fold}" if fold else "")


def write_markdown(path: Path, lines: list[str]) -> None:
    """A results markdown, keeping what a person wrote after HAND in the previous one."""
    previous = path.read_text(encoding="utf-8") if path.exists() else ""
    notes = previous[previous.index(HAND):] if HAND in previous else ""
    path.write_text("\n".join(lines).rstrip("\n") + "\n" + (f"\n{notes}" if notes else ""), encoding="utf-8")


def _is_pack(folder: Path) -> bool:
    """A previous `pack` output: its data file and nothing but what `pack` writes."""
    names = {f.name for f in folder.iterdir()}
    return "data.json.gz" in names and names <= {"data.json.gz", "model", "site"}


def _cast(source: Path, target: Path, dtype) -> None:
    """A safetensors file with its floating-point tensors in `dtype`."""
    from safetensors.torch import load_file, save_file

    save_file({k: v.to(dtype) if v.is_floating_point() else v for k, v in load_file(str(source)).items()},
              str(target))


def pack(args) -> None:
    """Everything `run` needs, under `args.pack` (built aside, then moved into place; an existing
    folder is replaced only when it is a previous pack)."""
    import tempfile

    import lark
    import torch

    from benchmarks import hybrid
    from monalog.fileio import check_output, replace_folder
    from monalog.neural.models import resolve

    if not 1 <= args.folds <= 10:
        raise SystemExit("pack: --folds is 1 to 10 (dev folds of a tenth each)")
    out = check_output(args.pack, folder=True, previous=_is_pack)
    out.absolute().parent.mkdir(parents=True, exist_ok=True)
    built = Path(tempfile.mkdtemp(dir=out.absolute().parent, prefix=f".{out.name}-"))
    model = Path(resolve("minilm"))
    (built / "model").mkdir()
    for f in model.iterdir():
        if f.is_file() and f.name != "model.safetensors" and f.suffix in (".json", ".txt"):
            shutil.copy(f, built / "model" / f.name)
    _cast(model / "model.safetensors", built / "model" / "model.safetensors", torch.float16)
    shutil.copytree(Path(lark.__file__).parent, built / "site" / "lark")
    sick, trial, _ = hybrid.splits(args.data)
    pool: dict[tuple[str, str, str], int] = {}      # each generated pair once; a run's pairs are indices
    extras = {}

    def indices(pairs) -> list[int]:
        return [pool.setdefault((p, h, label.value), len(pool)) for p, h, label in pairs]

    for config in (c for c in args.configs if c not in DISTIL):
        for seed in args.seeds:
            for fold in range(args.folds):          # fold k's pairs drawn without its held-out premises
                extras[_key(config, seed, fold)] = indices(hybrid.extra_pairs(config, args, sick, seed, fold))
    if any(c in DISTIL for c in args.configs):     # the distillation's transfer set and its teachers' pairs
        from monalog.augment.recipe import PairRecipe, select

        rows = [json.loads(line) for line in Path(args.augment).read_text(encoding="utf-8").splitlines()]
        extras["transfer"] = indices(select(rows, sick, PairRecipe(ratio=TRANSFER_RATIO), 0,
                                            held_out=hybrid.dev_share(sick)))
        for seed in range(args.teachers):
            if _key("balanced", seed) not in extras:
                extras[_key("balanced", seed)] = indices(hybrid.extra_pairs("balanced", args, sick, seed))
    data = {"train": [[p, h, label.value] for p, h, label in sick], "teachers": args.teachers,
            "trial": [[p.premise, p.hypothesis] for p in trial],
            "dev": [[p, h] for p, h, _ in hybrid.dev_share(sick)], "pool": list(pool), "extras": extras,
            "seeds": args.seeds, "configs": args.configs, "epochs": args.epochs}
    with gzip.open(built / "data.json.gz", "wt", encoding="utf-8") as fh:
        json.dump(data, fh)
    replace_folder(built, out, _is_pack)
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    print(f"{out}: {size / 2**20:.1f} MiB; {', '.join(f'{k} {len(v)}' for k, v in extras.items())}")


def _job(spec: str, epochs: float) -> tuple[str, int, float, float]:
    """CONFIG:SEED[:EPOCHS[:LR]] -> (config, seed, epochs, learning rate); the pack's epochs and the
    default learning rate where left out."""
    from monalog.hybrid.fallback import FallbackSettings

    parts = spec.split(":")
    if not 2 <= len(parts) <= 4:
        raise SystemExit(f"job {spec!r}: write CONFIG:SEED[:EPOCHS[:LR]]")
    return (parts[0], int(parts[1]), float(parts[2]) if len(parts) > 2 else epochs,
            float(parts[3]) if len(parts) > 3 else FallbackSettings().learning_rate)


def _train_one(pack: str, work: str, name: str, job: tuple[str, int, float, float], max_steps: int | None,
               threads: int, fold: int = 0) -> dict:
    """One run, in a worker process: train (holding out dev fold `fold`), then the TRIAL, dev-share
    and held-out fold's probabilities."""
    import torch

    from monalog.hybrid.fallback import LABELS, Fallback, FallbackSettings, fine_tune, split_dev
    from monalog.inference.proof import Label

    torch.set_num_threads(threads)
    with gzip.open(Path(pack) / "data.json.gz", "rt", encoding="utf-8") as fh:
        data = json.load(fh)
    config, seed, epochs, lr = job
    key = _key(config, seed, fold)
    if config not in ("sick", *DISTIL) and key not in data["extras"]:
        raise ValueError(f"the pack has no pairs for {key}: pack it with --folds")
    rows = [data["pool"][i] for i in data["extras"].get(key, [])]
    extra: list = [(p, h, Label(lab)) for p, h, lab in rows]
    if config in DISTIL:
        with gzip.open(Path(work) / f"soft-{name}.json.gz", "rt", encoding="utf-8") as fh:
            soft = json.load(fh)
        targets = {"distil": soft["generated"], "distil_sick": soft["sick"],
                   "distil_gold": [(p, h, [(a + float(gold == lab.value)) / 2 for a, lab in zip(dist, LABELS)])
                                   for p, h, dist, gold in soft["generated_labelled"]]}[config]
        extra = [(p, h, tuple(dist)) for p, h, dist in targets]
    folder = Path(work) / f"{name}-{config}-seed{seed}-e{epochs:g}-lr{lr:g}-fold{fold}"
    settings = FallbackSettings(model=str(Path(work) / "minilm-fp32"), epochs=epochs, learning_rate=lr, seed=seed,
                                generated_first=config == "curriculum", max_steps=max_steps, dev_fold=fold)
    sick = [(p, h, Label(lab)) for p, h, lab in data["train"]]
    meta = fine_tune(sick, folder, settings, extra)
    fallback = Fallback(str(folder))
    teacher = config == "balanced" and seed < data.get("teachers", 0) and "transfer" in data["extras"] and not fold
    return {"transfer": fallback.probabilities([(p, h) for p, h, _ in _transfer(data)]) if teacher else None,
            "config": config, "seed": seed, "epochs": epochs, "learning_rate": lr, "extra": len(extra),
            "weights_sha256": hashlib.sha256((folder / "model.safetensors").read_bytes()).hexdigest(),
            "trial": fallback.probabilities([tuple(t) for t in data["trial"]]),
            "dev": fallback.probabilities([tuple(t) for t in data["dev"]]), "fold": fold,
            "heldout": fallback.probabilities([(p, h) for p, h, _ in split_dev(sick, settings.dev_fraction, fold)[1]]),
            "meta": {k: v for k, v in meta.items() if k != "files"}}


def _transfer(data: dict) -> list[list[str]]:
    """The distillation's transfer set: TRAIN outside the dev share, then the generated pairs."""
    from monalog.hybrid.fallback import split_dev

    return [list(t) for t in split_dev([tuple(t) for t in data["train"]])[0]] + \
        [data["pool"][i] for i in data["extras"]["transfer"]]


def _soften(data: dict, teachers: list[dict], path: Path) -> None:
    """The teachers' averaged distributions over the transfer set, written for the students."""
    from monalog.hybrid.fallback import LABELS

    probs = _mean(r["transfer"] for r in teachers)
    rows = [(p, h, [d[lab.value] for lab in LABELS], gold) for (p, h, gold), d in zip(_transfer(data), probs)]
    cut = len(rows) - len(data["extras"]["transfer"])
    soft = {"sick": [r[:3] for r in rows[:cut]], "generated": [r[:3] for r in rows[cut:]],
            "generated_labelled": rows[cut:]}
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        json.dump(soft, fh)


def _rounded(runs: dict) -> dict:
    """A runs file's probabilities rounded to 5 decimals, as they are stored (files written before
    were not: they are read rounded, so that runs compare alike)."""
    for r in runs["runs"]:
        for key in ("trial", "dev", "heldout"):
            r[key] = [{label: round(p, 5) for label, p in probs.items()} for probs in r.get(key, [])]
    return runs


def _write_runs(path: Path, runs: dict) -> None:
    """A runs file, gzipped and rounded (a tenth of the size: the folder that travels to the device
    machine is limited to 64 MiB, the committed runs included)."""
    part = path.with_name(path.name + ".part")          # a kill mid-write leaves the last whole file
    with gzip.open(part, "wt", encoding="utf-8") as fh:
        json.dump(_rounded(runs), fh)
    os.replace(part, path)


def _read_runs(path: str) -> dict:
    """A runs file `run` wrote (.json.gz) or an older plain .json one."""
    with (gzip.open(path, "rt", encoding="utf-8") if path.endswith(".gz") else open(path, encoding="utf-8")) as fh:
        return _rounded(json.load(fh))


def run(args) -> None:
    """Train the jobs (`args.only`, else every config and seed of the pack) on this machine's GPU,
    `args.parallel` at a time, each in its own process (a run's result does not depend on its
    neighbours: deterministic kernels, its own seed); start none after `args.budget` seconds. The
    distillation's students train after the other jobs, its teachers among them."""
    import torch

    start = time.perf_counter()
    if not (Path(args.pack) / "data.json.gz").exists():
        raise SystemExit(f"no pack in {args.pack}: run `hybrid_gpu.py pack` first (and carry the folder)")
    with gzip.open(Path(args.pack) / "data.json.gz", "rt", encoding="utf-8") as fh:
        data = json.load(fh)
    model = Path(args.work) / "minilm-fp32"
    if not model.exists():                  # the float16 weights widened back, the same for every run
        shutil.copytree(Path(args.pack) / "model", model)
        _cast(model / "model.safetensors", model / "model.safetensors", torch.float32)
    specs = args.only or [f"{c}:{s}" for s in data["seeds"] for c in dict.fromkeys(["sick"] + data["configs"])]
    jobs = [_job(j, data["epochs"]) for j in specs]
    if args.parallel < 1 or len(set(jobs)) < len(jobs):
        raise SystemExit("run: --parallel must be at least 1 and no job may be named twice")
    students = [j for j in jobs if j[0] in DISTIL]
    teachers = [_job(f"balanced:{t}", data["epochs"]) for t in range(data.get("teachers", 0))] if students else []
    first = [j for j in jobs if j[0] not in DISTIL] + [t for t in teachers if t not in jobs]
    if not 1 <= args.folds <= 10:
        raise SystemExit("run: --folds is 1 to 10 (dev folds of a tenth each)")
    for (config, seed, _, _), fold in ((j, k) for j in first for k in range(args.folds)):
        key = _key(config, seed, fold)
        if config != "sick" and key not in data["extras"]:
            raise SystemExit(f"the pack has no pairs for {key}: pack it with --configs {config} --folds {args.folds}")
    if students and not teachers:
        raise SystemExit("the pack has no teachers: pack it with --configs distil --teachers N")
    out = Path(args.out) / f"runs-{args.name}.json.gz"
    out.parent.mkdir(parents=True, exist_ok=True)
    report: dict = {"device": torch.cuda.get_device_name() if torch.cuda.is_available() else "cpu",
                    "parallel": args.parallel, "runs": []}
    done = _pool([(j, k) for j in first for k in range(args.folds)], args, report, out, start)
    if students:
        taught = [r for r in done if (r["config"], r["seed"], r["epochs"], r["learning_rate"]) in teachers
                  and r["fold"] == 0]
        if len(taught) < len(teachers):
            report["stopped"] = f"{len(teachers) - len(taught)} teacher(s) missing: no student trained"
        else:
            _soften(data, taught, Path(args.work) / f"soft-{args.name}.json.gz")
            _pool([(j, 0) for j in students], args, report, out, start)
    _write_runs(out, report)


def _pool(jobs: list, args, report: dict, out: Path, start: float) -> list[dict]:
    """Train `jobs` ((job, dev fold) pairs) `args.parallel` at a time; each finished run is added to
    the report, which is written after every run (without the teachers' transfer probabilities)."""
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    done: dict[int, dict] = {}
    threads = max(1, (os.cpu_count() or 1) // args.parallel)
    kept = list(report["runs"])
    with ProcessPoolExecutor(args.parallel, mp_context=multiprocessing.get_context("spawn")) as pool:
        waiting, running = list(enumerate(jobs)), {}
        while waiting or running:
            while waiting and len(running) < args.parallel and time.perf_counter() - start <= args.budget:
                i, (job, fold) = waiting.pop(0)
                running[pool.submit(_train_one, args.pack, args.work, args.name, job, args.max_steps, threads,
                                    fold)] = i
            if not running:
                report["stopped"] = f"budget of {args.budget} s spent before {len(waiting)} job(s)"
                break
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                i = running.pop(future)
                try:
                    r = done[i] = future.result()
                except Exception as exc:        # one failed run loses nothing of the others
                    report.setdefault("failed", []).append({"job": list(jobs[i][0]), "fold": jobs[i][1],
                                                            "error": repr(exc)})
                    print(f"{jobs[i]}: failed: {exc!r}", flush=True)
                    continue
                print(f"{r['config']} seed {r['seed']} fold {r['fold']} ({r['epochs']:g} epochs, lr "
                      f"{r['learning_rate']:g}): dev "
                      f"{r['meta']['dev_accuracy']:.4f}, {r['meta']['seconds']} s, {r['weights_sha256'][:12]} "
                      f"[{time.perf_counter() - start:.0f} s]", flush=True)
            report["runs"] = kept + [{k: v for k, v in done[i].items() if k != "transfer"} for i in sorted(done)]
            _write_runs(out, report)
    return [done[i] for i in sorted(done)]


def _label(config: str, run: dict) -> str:
    """A row's name: the config's, with its epochs and learning rate where not the defaults (runs
    written before jobs named them have the defaults)."""
    from monalog.hybrid.fallback import FallbackSettings

    default = FallbackSettings()
    epochs, lr = run.get("epochs", default.epochs), run.get("learning_rate", default.learning_rate)
    if (epochs, lr) == (default.epochs, default.learning_rate):
        return config
    return f"{config}, {epochs:g} epochs, lr {lr:g}"


def _mean(probabilities) -> list[dict[str, float]]:
    """Per pair, the label probabilities averaged over the runs."""
    columns = list(probabilities)
    return [{k: sum(p[k] for p in ps) / len(ps) for k in ps[0]} for ps in zip(*columns)]


def report(args) -> None:
    """Score the runs the GPU wrote (hybrid.score) and compare repeated runs of a config and seed."""
    from benchmarks import hybrid

    s = hybrid.setting(args.data)
    names = {**hybrid.CONFIGS, **DISTIL}
    files = [_read_runs(f) for f in args.runs + args.repeats]
    runs: dict = {}                     # row label -> seed -> run
    for name, file in zip(args.runs, files):
        for r in file["runs"]:
            if r.get("fold"):           # held out another tenth than the dev share: hybrid_folds.py scores those
                continue
            config = _label(names[r["config"]], r)
            label = config if r["seed"] not in runs.get(config, {}) else \
                f"{config} ({Path(name).name.split('.')[0]})"                # another selection of the same config
            runs.setdefault(label, {})[r["seed"]] = {**r, "data": label, "repeats": []}
    for file in files[len(args.runs):]:   # the reproducibility check: the same config and seed again
        for r in file["runs"]:
            first = runs[_label(names[r["config"]], r)][r["seed"]]
            first["repeats"].append({"same_weights": first["weights_sha256"] == r["weights_sha256"],
                                     "same_trial_probabilities": first["trial"] == r["trial"]})
    scored = [{"data": r["data"], "seed": r["seed"], "extra": r["extra"],
               "dev_accuracy": r["meta"]["dev_accuracy"], "train_seconds": r["meta"]["seconds"],
               "repeats": r["repeats"], "environment": r["meta"]["environment"],
               **hybrid.score(s, r["trial"], r["dev"])} for by_seed in runs.values() for r in by_seed.values()]
    for label, by_seed in list(runs.items()):   # a row's seeds as one ensemble: the probabilities averaged
        if len(by_seed) > 1:
            members = list(by_seed.values())
            scored.append({"data": f"{label}: the {len(members)} seeds as one ensemble", "seed": sorted(by_seed),
                           "extra": members[0]["extra"], "dev_accuracy": None,
                           "train_seconds": sum(r["meta"]["seconds"] for r in members), "repeats": [],
                           "environment": members[0]["meta"]["environment"],
                           **hybrid.score(s, _mean(r["trial"] for r in members), _mean(r["dev"] for r in members))})
    devices = {file["device"] for file in files}
    if len(devices) != 1:
        raise SystemExit(f"the runs come from different devices: {sorted(devices)}")
    out = hybrid.RESULTS / args.name
    result = {"command": "python -m benchmarks.hybrid_gpu " + " ".join(sys.argv[1:]), "device": devices.pop(),
              "runs": scored}
    out.with_suffix(".json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    table = ["| training data | seeds | fallback | hybrid | hybrid, learned rule | fallback, original labels | "
             "hybrid, original labels | train s/run (ensemble: all its runs) |", "|---|---|---|---|---|---|---|---|"]
    by: dict = {}
    for r in scored:
        by.setdefault(r["data"], []).append(r)

    def cell(rs, key):
        v = [100 * (r["original_labels"][key[9:]] if key.startswith("original_") else r[key]) for r in rs]
        return f"{statistics.mean(v):.2f} ± {statistics.stdev(v):.2f}" if len(v) > 1 else f"{v[0]:.2f}"

    for data, rs in by.items():
        seeds = len(rs[0]["seed"]) if isinstance(rs[0]["seed"], list) else len(rs)
        table.append(f"| {data} | {seeds} | {cell(rs, 'fallback')} | {cell(rs, 'hybrid')} | "
                     f"{cell(rs, 'hybrid_learned')} | {cell(rs, 'original_fallback')} | {cell(rs, 'original_hybrid')} "
                     f"| {statistics.mean(r['train_seconds'] for r in rs):.0f} |")
    repeats = [f"{r['data']} seed {r['seed']}: " + ", ".join(
        f"weights {'identical' if x['same_weights'] else 'DIFFERENT'}, TRIAL probabilities "
        f"{'identical' if x['same_trial_probabilities'] else 'DIFFERENT'}" for x in r["repeats"])
        for r in scored if r["repeats"]]
    env = scored[0]["environment"]
    md = [f"# Hybrid benchmark on a GPU ({result['device']})", "", f"Command: `{result['command']}` (after `pack` "
          "here and `run` on the device machine). Settings as hybrid.py's (3 epochs, lr 1e-4, batch 32, bf16 "
          "autocast on CUDA), the packaged MiniLM's weights rounded to float16 for transport and widened back. "
          f"Environment: {json.dumps(env)}.", "", *table, "",
          "Reproducibility (the same config and seed trained again in another process): "
          + ("; ".join(repeats) if repeats else "no repeated run.")]
    write_markdown(out.with_suffix(".md"), md)
    print("\n".join(md))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("pack")
    p.add_argument("--pack", default=str(PACK))
    p.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "sick" / "SICK_corrected_train_trial.tsv"))
    p.add_argument("--augment", default=str(ROOT / "benchmarks" / "work" / "augment_train.jsonl"))
    p.add_argument("--augment-hypotheses", default=str(ROOT / "benchmarks" / "work" / "augment_hyp.jsonl"))
    p.add_argument("--configs", nargs="+", default=["transitive", "balanced"])
    p.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    p.add_argument("--epochs", type=float, default=3.0)
    p.add_argument("--teachers", type=int, default=8, help="the distillation's teachers: balanced seeds 0..N-1")
    p.add_argument("--folds", type=int, default=1, help="each config's pairs for `run --folds N` (dev folds 0..N-1)")
    r = sub.add_parser("run")
    r.add_argument("--pack", default=str(PACK))
    r.add_argument("--out", required=True)
    r.add_argument("--work", default="/tmp/monalog-gpu")
    r.add_argument("--name", default="sweep")
    r.add_argument("--only", nargs="+", help="CONFIG:SEED[:EPOCHS[:LR]] jobs instead of every config and seed")
    r.add_argument("--budget", type=float, default=float("inf"), help="start no run after this many seconds")
    r.add_argument("--max-steps", type=int, default=None, help="a smoke test: this many steps per run")
    r.add_argument("--parallel", type=int, default=1, help="runs at a time, each in its own process")
    r.add_argument("--folds", type=int, default=1,
                   help="train each job once per dev fold 0..N-1 (cross-fitting: every TRAIN pair is held out once)")
    q = sub.add_parser("report")
    q.add_argument("runs", nargs="+", help="runs-NAME.json.gz files from `run` (or older plain .json ones)")
    q.add_argument("--repeats", nargs="*", default=[], help="runs of configs and seeds in RUNS trained again")
    q.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "sick" / "SICK_corrected_train_trial.tsv"))
    q.add_argument("--name", default="hybrid_gpu")
    args = ap.parse_args()
    from monalog.errors import MonalogError

    try:
        {"pack": pack, "run": run, "report": report}[args.command](args)
    except MonalogError as exc:
        raise SystemExit(f"hybrid_gpu.py {args.command}: {exc}") from None


if __name__ == "__main__":
    main()
