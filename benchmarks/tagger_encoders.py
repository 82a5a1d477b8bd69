"""Supertagger encoders (issue 13): the shipped BiLSTM against MiniLM taggers under the same heads
(monalog/parsing/contextual.py), in domain, out of domain, and for speed.

    .venv/bin/python -m benchmarks.tagger_encoders [--epochs 3] [--reuse] [--train-only]

Scale (reduced, CPU): each MiniLM tagger is fine-tuned for `--epochs` epochs (default 3, against
the BiLSTM's 30) on the 4,919 training trees of the fixed split, with the BiLSTM's augmentation and
losses, on ONE thread (the other core is left to other work). Variants: MiniLM's first 6 (all), 3
or 2 layers with the char CNN, each also scored with int8 dynamic quantization (no retraining), and
3 layers without the char CNN.
Trained models go to benchmarks/work/tagger_encoders/ (never monalog/models/); `--reuse` loads them
instead of training again when their settings match.

Measures (accuracy on 1 thread; speed as stated):
  (a) in domain: 1-best supertag accuracy on the fixed 10% held-out split (seed 0), and supertag
      accuracy / labelled-span F1 after depccg decoding (score_parses);
  (b) out of domain: token polarity accuracy on tests/data/polarity_gold_operators.tsv (and, for
      reference, tests/data/polarity_gold.tsv), and the share of the monotonicity suite's distinct
      premises and hypotheses (normalised, as the prover reads them) that checks.misparsed flags;
  (c) speed: 1,000 SICK sentences parsed in one batch (median of 3, fresh parser), wall time on 2
      threads and CPU time on 1 thread, the scorer's share of each, the models interleaved; model +
      grammar load in a fresh process (median of 3). The script first waits (--quiet-wait, at most)
      for the machine's load to drop; on a shared machine compare speeds within one run only.
Writes benchmarks/results/tagger_encoders.json and .md.
"""
from __future__ import annotations

import argparse
import csv
import hashlib
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from dataclasses import asdict
from pathlib import Path
from typing import Any, Callable, Sequence

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import torch  # noqa: E402

from monalog.ccg.tree import Tree, leaves
from monalog.errors import MonalogError
from monalog.eval.polarity_gold import read_gold
from monalog.parsing.checks import misparsed
from monalog.parsing.contextual import (ContextualConfig, ContextualScorer, ContextualTaggerModel,
                                        ContextualTrainSettings, load_contextual, quantized, save_contextual,
                                        train_contextual)
from monalog.parsing.parser import Parser
from monalog.parsing.scorers import TaggerScorer
from monalog.parsing.tagger import TaggerModel, encode_batch
from monalog.parsing.tokens import tokenize
from monalog.parsing.training import load_split, score_parses
from monalog.pipeline import Pipeline

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"
DATA = ROOT / "tests" / "data"
WORK = ROOT / "benchmarks" / "work" / "tagger_encoders"
OUT = ROOT / "benchmarks" / "results" / "tagger_encoders"
VARIANTS = {"minilm6+chars": ContextualConfig(layers=6, chars=True),
            "minilm3+chars": ContextualConfig(layers=3, chars=True),
            "minilm2+chars": ContextualConfig(layers=2, chars=True),
            "minilm3": ContextualConfig(layers=3, chars=False)}      # the char CNN's share
INT8 = ("minilm6+chars", "minilm3+chars", "minilm2+chars")
EVAL_THREADS = 2


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def augmentation_state() -> dict[str, str]:
    """Hashes of the augmentation's data and code (another engineer may be editing them)."""
    return {"tagger_augmentation.json": sha(ROOT / "monalog" / "grammars" / "tagger_augmentation.json"),
            "tagger_augmentation.py": sha(ROOT / "monalog" / "parsing" / "tagger_augmentation.py")}


AUGMENTATION_AT_IMPORT = augmentation_state()["tagger_augmentation.py"]


def code_state() -> str:
    """One hash over the package's code and data, tagger files excluded (what the measures depend on)."""
    digest = hashlib.sha256()
    for path in sorted((ROOT / "monalog").rglob("*")):
        if path.is_file() and path.suffix in (".py", ".tsv", ".json", ".txt", ".kb", ".lark"):
            digest.update(str(path.relative_to(ROOT)).encode() + path.read_bytes())
    return digest.hexdigest()[:16]


class Cache:
    """Stage results on disk, valid for the same code state and the same model files."""

    def __init__(self, path: Path, code: str, models: dict[str, str]) -> None:
        self.path, self.code, self.models = path, code, models
        self.data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}

    def get(self, key: str, names: list[str], compute: Callable[[], Any]) -> Any:
        tag = {"code": self.code, "models": {n: self.models[n] for n in names}}
        hit = self.data.get(key)
        if hit and hit["tag"] == tag:
            print(f"({key}: from {self.path.name})", flush=True)
            return hit["value"]
        value = compute()
        self.data[key] = {"tag": tag, "value": value}
        self.path.write_text(json.dumps(self.data, ensure_ascii=False) + "\n", encoding="utf-8")
        return value


def load_avg() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


# ---------------------------------------------------------------- training


def trained(name: str, config: ContextualConfig, settings: ContextualTrainSettings, train: Sequence[Tree],
            reuse: bool) -> ContextualTaggerModel:
    path = WORK / f"{name}.pt"
    want = {"config": asdict(config), "settings": asdict(settings), "train_trees": len(train)}
    if reuse and path.exists():
        model = load_contextual(path)
        if all(model.meta.get(k) == v for k, v in want.items()):
            print(f"[{name}] reusing {path.relative_to(ROOT)}", flush=True)
            return model
    print(f"[{name}] training {settings.epochs} epochs on {len(train)} trees, 1 thread", flush=True)
    augmentation = augmentation_state()         # the data file is read now, the module was imported at start
    start = time.perf_counter()
    model = train_contextual(train, config, settings,
                             on_epoch=lambda e, loss: print(f"[{name}] epoch {e}: loss {loss:.4f} "
                                                            f"({time.perf_counter() - start:.0f} s)", flush=True))
    meta = {**want, "train_seconds": round(time.perf_counter() - start, 1), "threads": 1, "device": "cpu",
            "augmentation": augmentation, "augmentation_code_at_import": AUGMENTATION_AT_IMPORT}
    if augmentation_state() != augmentation:
        print(f"[{name}] warning: the augmentation files changed while it trained", flush=True)
    WORK.mkdir(parents=True, exist_ok=True)
    save_contextual(model, path, meta)
    model.meta = meta
    return model


# ---------------------------------------------------------------- measures


def model_of(scorer: Any) -> TaggerModel | ContextualTaggerModel:
    return scorer.model


@torch.inference_mode()
def tagger_accuracy(scorer: Any, trees: Sequence[Tree]) -> float:
    """1-best supertag accuracy of the tagger alone, before decoding."""
    model, correct, total = model_of(scorer), 0, 0
    for b in range(0, len(trees), 256):
        batch = trees[b:b + 256]
        sents = [[leaf.token.word for leaf in leaves(t)] for t in batch]
        inputs = model.encode(sents) if isinstance(model, ContextualTaggerModel) else encode_batch(model.vocab, sents)
        tags, _, _ = model(*inputs)
        for row, tree in zip(tags.argmax(-1).tolist(), batch):
            gold = [str(leaf.category) for leaf in leaves(tree)]
            correct += sum(model.vocab.tags[i] == g for i, g in zip(row, gold))
            total += len(gold)
    return correct / total


def in_domain(scorer: Any, held: Sequence[Tree]) -> dict:
    sents = [" ".join(leaf.token.word for leaf in leaves(t)) for t in held]
    start = time.perf_counter()
    results = Parser(scorer).parse_batch(sents)
    scores = score_parses(held, [getattr(r, "tree", None) for r in results], time.perf_counter() - start)
    return {**scores.as_dict(), "tagger_1best_accuracy": tagger_accuracy(scorer, held)}


def polarity(parser: Parser, path: Path) -> dict:
    """score_gold's comparison (chunk_polarities against the gold arrows) with this parser."""
    gold = read_gold(path)
    pipeline = Pipeline(parser)
    per: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])     # tokens, correct, sentences, exact
    failed, mismatches = 0, []
    for flag in (False, True):
        items = [g for g in gold if g.normalize is flag]
        for g, result in zip(items, pipeline.run([g.text for g in items], normalize=flag)):
            cell = per[g.group or "all"]
            cell[0] += len(g.expected)
            cell[2] += 1
            want = " ".join(w + p.value for w, p in g.expected)
            if isinstance(result, MonalogError):
                failed += 1
                mismatches.append([want, f"error: {result}"])
                continue
            got = result.chunk_polarities()
            hits = sum(a == b for a, b in zip(got, g.expected)) if len(got) == len(g.expected) else 0
            cell[1] += hits
            if hits == len(g.expected):
                cell[3] += 1
            else:
                mismatches.append([want, result.arrows()])
    tokens = sum(c[0] for c in per.values())
    correct = sum(c[1] for c in per.values())
    return {"sentences": len(gold), "tokens": tokens, "correct": correct, "accuracy": correct / tokens,
            "exact": sum(c[3] for c in per.values()), "failed": failed,
            "groups": {k: {"tokens": c[0], "accuracy": c[1] / c[0], "sentences": c[2], "exact": c[3]}
                       for k, c in per.items()},
            "mismatches": mismatches}


def suite_sentences() -> list[str]:
    with (DATA / "monotonicity_suite.tsv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    return list(dict.fromkeys(s for row in rows for s in (row["premise"], row["hypothesis"])))


def suite_checks(parser: Parser, sentences: Sequence[str]) -> dict:
    """Share of the suite's distinct sentences (normalised, as the prover reads them) whose parse
    checks.misparsed flags; failures counted apart."""
    norms = Pipeline.normalize(sentences, True)
    texts = [n.text if n else s for n, s in zip(norms, sentences)]
    parses = Pipeline(parser).parse(texts)
    flagged, failed = [], 0
    for text, parse in zip(texts, parses):
        if isinstance(parse, MonalogError):
            failed += 1
            continue
        leaf = misparsed(parse.tree)
        if leaf is not None:
            flagged.append([text, f"{leaf.token.word} := {leaf.category}"])
    return {"sentences": len(texts), "misparsed": len(flagged), "failed": failed,
            "misparsed_fraction": len(flagged) / len(texts), "flagged": flagged}


def sick_sentences(n: int) -> list[str]:
    path = SHARED / "sick" / "SICK_corrected_train_trial.tsv"
    seen: dict[str, None] = {}
    with path.open(encoding="utf-8") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            seen.setdefault(row["sentence_A"], None)
            seen.setdefault(row["sentence_B"], None)
    return list(seen)[:n]


def wait_for_quiet(limit: float) -> float:
    """Wait (at most `limit` seconds) until the 1-minute load average is under 1.5, i.e. other jobs
    leave this benchmark most of the machine; returns the seconds waited."""
    start = time.perf_counter()
    while os.getloadavg()[0] >= 1.5 and time.perf_counter() - start < limit:
        time.sleep(10)
    return time.perf_counter() - start


def speeds(scorers: dict[str, Any], batch: Sequence[str], quiet_wait: float) -> dict[str, dict]:
    """1,000 SICK sentences in one batch per model, the models interleaved (so all see the same load):
    wall time on 2 threads (fresh parser, median of 3 rounds) and the scorer's share; then CPU
    time (process_time) on 1 thread, which other jobs on the machine disturb far less."""
    waited = wait_for_quiet(quiet_wait)
    words = [tokenize(s).words for s in batch]
    runs: dict[str, dict[str, list[float]]] = {n: defaultdict(list) for n in scorers}
    failed: dict[str, int] = {}
    loads = []
    for threads, clock in ((EVAL_THREADS, time.perf_counter), (1, time.process_time)):
        torch.set_num_threads(threads)
        parsers = {n: Parser(sc) for n, sc in scorers.items()}      # fresh: the first round has cold rule caches
        for _ in range(3):
            loads.append(load_avg()[0])
            for name, scorer in scorers.items():
                start = clock()
                parsed = parsers[name].parse_batch(batch)
                runs[name][f"parse_{threads}"].append(clock() - start)
                failed[name] = sum(not hasattr(r, "tree") for r in parsed)
                start = clock()
                scorer.score(words)
                runs[name][f"score_{threads}"].append(clock() - start)
    torch.set_num_threads(1)
    out: dict[str, dict] = {}
    for name, r in runs.items():
        wall, cpu = statistics.median(r[f"parse_{EVAL_THREADS}"]), statistics.median(r["parse_1"])
        out[name] = {"sentences": len(batch), "median_seconds": wall, "sentences_per_second": len(batch) / wall,
                     "runs_seconds": r[f"parse_{EVAL_THREADS}"],
                     "scorer_median_seconds": statistics.median(r[f"score_{EVAL_THREADS}"]),
                     "cpu_1_thread_median_seconds": cpu, "cpu_1_thread_sentences_per_second": len(batch) / cpu,
                     "cpu_1_thread_scorer_median_seconds": statistics.median(r["score_1"]),
                     "failed": failed[name], "load_average_1min": loads, "waited_for_quiet_seconds": waited}
    return out


def load_once(kind: str, path: Path) -> float:
    """Import monalog, load the model and the grammar in a fresh process (int8: quantizing included)."""
    if kind == "bilstm":
        build = ("from monalog.parsing.scorers import TaggerScorer; "
                 f"Parser(TaggerScorer({str(path)!r}))")
    else:
        build = ("from monalog.parsing.contextual import ContextualScorer, load_contextual, quantized; "
                 f"m = load_contextual({str(path)!r}); "
                 f"Parser(ContextualScorer({'quantized(m)' if kind == 'int8' else 'm'}))")
    code = (f"import time; t = time.perf_counter(); import torch; torch.set_num_threads({EVAL_THREADS}); "
            f"from monalog.parsing.parser import Parser; {build}; print(time.perf_counter() - t)")
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    out = subprocess.check_output([sys.executable, "-W", "ignore", "-c", code], cwd=ROOT, text=True, env=env)
    return float(out.strip().splitlines()[-1])


def load_seconds(entries: dict[str, tuple[str, Path]]) -> dict[str, float]:
    """Median of 3 fresh-process loads per model, the models interleaved."""
    runs: dict[str, list[float]] = defaultdict(list)
    for _ in range(3):
        for name, (kind, path) in entries.items():
            runs[name].append(load_once(kind, path))
    return {name: statistics.median(r) for name, r in runs.items()}


def evaluate(name: str, scorer: Any, held: Sequence[Tree], suite: Sequence[str]) -> dict:
    """Accuracy in and out of domain (1 thread: these do not depend on speed)."""
    print(f"[{name}] evaluating", flush=True)
    torch.set_num_threads(1)
    parser = Parser(scorer)
    return {
        "in_domain": in_domain(scorer, held),
        "polarity_operators": polarity(parser, DATA / "polarity_gold_operators.tsv"),
        "polarity_gold": polarity(parser, DATA / "polarity_gold.tsv"),
        "suite": suite_checks(parser, suite),
        "parameters": sum(p.numel() for p in model_of(scorer).parameters()),
    }


def summary_line(r: dict) -> str:
    return (f"held-out 1-best {r['in_domain']['tagger_1best_accuracy']:.2%}, decoded "
            f"{r['in_domain']['tag_accuracy']:.2%} / F1 {r['in_domain']['span_f1']:.2%}; operators polarity "
            f"{r['polarity_operators']['accuracy']:.2%}; gold polarity {r['polarity_gold']['accuracy']:.2%}; "
            f"suite misparsed {r['suite']['misparsed_fraction']:.2%}")


# ---------------------------------------------------------------- report


def _pct(x: float) -> str:
    return f"{x:.2%}"


ROWS = [
    ("held-out 1-best supertag accuracy (546 trees)", lambda r: _pct(r["in_domain"]["tagger_1best_accuracy"])),
    ("held-out supertag accuracy after decoding", lambda r: _pct(r["in_domain"]["tag_accuracy"])),
    ("held-out labelled-span F1", lambda r: _pct(r["in_domain"]["span_f1"])),
    ("held-out failed parses", lambda r: str(r["in_domain"]["failed"])),
    ("**OOD: operator polarity token accuracy** (polarity_gold_operators.tsv)",
     lambda r: f"**{_pct(r['polarity_operators']['accuracy'])}** "
               f"({r['polarity_operators']['correct']}/{r['polarity_operators']['tokens']})"),
    ("OOD: operator sentences fully correct",
     lambda r: f"{r['polarity_operators']['exact']}/{r['polarity_operators']['sentences']}"),
    ("polarity_gold.tsv token accuracy", lambda r: _pct(r["polarity_gold"]["accuracy"])),
    ("**OOD: suite sentences flagged by checks.misparsed**",
     lambda r: f"**{_pct(r['suite']['misparsed_fraction'])}** ({r['suite']['misparsed']}/{r['suite']['sentences']}"
               f", {r['suite']['failed']} failed)"),
    ("**parse 1,000 SICK sentences, 2 threads, wall (median of 3)**",
     lambda r: f"**{r['speed']['sentences_per_second']:.0f} sent/s**"),
    ("of which scoring (the tagger alone), 2 threads", lambda r: f"{r['speed']['scorer_median_seconds']:.2f} s"),
    ("parse 1,000 SICK sentences, 1 thread, CPU time (median of 3)",
     lambda r: f"{r['speed']['cpu_1_thread_sentences_per_second']:.0f} sent/s"),
    ("of which scoring, 1 thread CPU time", lambda r: f"{r['speed']['cpu_1_thread_scorer_median_seconds']:.2f} s"),
    ("load in a fresh process (median of 3)", lambda r: f"{r['load_seconds_fresh_process']:.2f} s"),
    ("parameters / file", lambda r: f"{r['parameters'] / 1e6:.1f} M / {r['file_bytes'] / 2**20:.1f} MiB"),
    ("training", lambda r: r["training"]),
]


def markdown(report: dict) -> str:
    models = report["models"]
    names = list(models)
    md = ["# Supertagger encoders: BiLSTM vs MiniLM (issue 13)", "",
          f"Command: `{report['command']}`", "", report["scale"], ""]
    for name, ref in report["bilstm"].items():
        md.append(f"- {name}: `{ref['source']}` (sha256 {ref['sha256']}), meta `{json.dumps(ref['meta'])}`")
    md += ["", "| metric | " + " | ".join(names) + " |", "|---" * (len(names) + 1) + "|"]
    for label, cell in ROWS:
        md.append(f"| {label} | " + " | ".join(cell(models[n]) for n in names) + " |")
    groups = sorted({g for n in names for g in models[n]["polarity_operators"]["groups"]})
    md += ["", "Operator polarity token accuracy per section of polarity_gold_operators.tsv:", "",
           "| operator | " + " | ".join(names) + " |", "|---" * (len(names) + 1) + "|"]
    for g in groups:
        md.append(f"| {g} | " + " | ".join(_pct(models[n]["polarity_operators"]["groups"][g]["accuracy"])
                                           for n in names) + " |")
    speed = models[names[0]]["speed"]
    md += ["", f"Machine: {report['machine']['cpus']} cores, {report['machine']['note']} 1-minute load average at "
           f"the start of each speed round: {speed['load_average_1min']} (waited "
           f"{speed['waited_for_quiet_seconds']:.0f} s for a quieter machine first).", "",
           "## Conclusion", "", report["conclusion"], ""]
    return "\n".join(md)


def conclusion(models: dict, reference: str, floor: float = 500) -> str:
    """A plain reading of the numbers against the reference BiLSTM."""
    b = models[reference]
    contextual = [n for n in models if not n.startswith("bilstm")]
    best = max(contextual, key=lambda n: (models[n]["polarity_operators"]["accuracy"],
                                          -models[n]["suite"]["misparsed_fraction"]))
    m = models[best]
    better = (m["polarity_operators"]["accuracy"] > b["polarity_operators"]["accuracy"]
              and m["suite"]["misparsed_fraction"] <= b["suite"]["misparsed_fraction"])
    fast = [n for n in models if models[n]["speed"]["sentences_per_second"] >= floor]
    return (f"Best MiniLM variant out of domain: {best}: operator polarity {_pct(m['polarity_operators']['accuracy'])} "
            f"against {reference}'s {_pct(b['polarity_operators']['accuracy'])}, suite misparsed "
            f"{_pct(m['suite']['misparsed_fraction'])} against {_pct(b['suite']['misparsed_fraction'])}; it parses "
            f"{m['speed']['sentences_per_second']:.0f} sent/s against {b['speed']['sentences_per_second']:.0f} "
            f"(floor {floor:.0f}) and loads in {m['load_seconds_fresh_process']:.2f} s against "
            f"{b['load_seconds_fresh_process']:.2f} s. "
            + ("It is better out of domain on both measures. " if better else
               "It is not better out of domain on both measures. ")
            + f"Models at or over {floor:.0f} sent/s here: {', '.join(fast) or 'none'}.")


def committed_tagger(rev: str, dest: Path) -> str | None:
    """The tagger file as committed at `rev` (None if git has none): tagger.npz, or tagger.pt before
    the numpy format."""
    try:
        try:
            blob = subprocess.check_output(["git", "show", f"{rev}:monalog/models/tagger.npz"], cwd=ROOT,
                                           stderr=subprocess.DEVNULL)
        except subprocess.CalledProcessError:
            blob = subprocess.check_output(["git", "show", f"{rev}:monalog/models/tagger.pt"], cwd=ROOT)
        commit = subprocess.check_output(["git", "rev-parse", "--short", rev], cwd=ROOT, text=True).strip()
    except (subprocess.CalledProcessError, OSError):
        return None
    dest.write_bytes(blob)
    return commit


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bilstm", default=str(ROOT / "monalog" / "models" / "tagger.npz"))
    ap.add_argument("--committed", default="HEAD",
                    help="also compare the tagger committed at this revision when it differs ('' for no)")
    ap.add_argument("--data", default=str(SHARED / "ccg" / "sick_train_trial.depccg.txt"))
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--reuse", action="store_true", help="load trained variants from benchmarks/work/")
    ap.add_argument("--train-only", action="store_true")
    ap.add_argument("--quiet-wait", type=float, default=300, help="seconds to wait for a quieter machine")
    ap.add_argument("--conclusion", help="a conclusion to write instead of the generated one")
    ap.add_argument("--report-only", action="store_true",
                    help="rewrite the .md (and the conclusion) from the existing .json; runs nothing")
    args = ap.parse_args()
    if args.report_only:
        report = json.loads(OUT.with_suffix(".json").read_text(encoding="utf-8"))
        report["conclusion"] = args.conclusion or report["conclusion"]
        OUT.with_suffix(".json").write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        OUT.with_suffix(".md").write_text(markdown(report), encoding="utf-8")
        return
    torch.set_num_threads(1)

    # the shipped file may be replaced while this runs: compare against a snapshot of it
    WORK.mkdir(parents=True, exist_ok=True)
    refs: dict[str, tuple[Path, str]] = {}
    snapshot = WORK / "bilstm_snapshot.npz"
    shutil.copyfile(args.bilstm, snapshot)
    source = str(Path(args.bilstm).resolve().relative_to(ROOT))
    committed = WORK / "bilstm_committed.npz"
    commit = committed_tagger(args.committed, committed) if args.committed else None
    if commit and sha(committed) != sha(snapshot):
        refs["bilstm (working tree)"] = (snapshot, f"{source} as found in the working tree")
        refs[f"bilstm ({commit})"] = (committed, f"{source} as committed in {commit}")
    else:
        refs["bilstm (shipped)"] = (snapshot, source)

    train, held = load_split(args.data)
    settings = ContextualTrainSettings(epochs=args.epochs, threads=1)
    contextual = {name: trained(name, config, settings, train, args.reuse) for name, config in VARIANTS.items()}
    if args.train_only:
        return

    scorers: dict[str, Any] = {}
    files: dict[str, tuple[str, Path]] = {}
    training: dict[str, str] = {}
    bilstm_meta: dict[str, dict] = {}
    for name, (path, _) in refs.items():
        scorers[name] = TaggerScorer(path, "cpu")
        files[name] = ("bilstm", path)
        meta = bilstm_meta[name] = getattr(scorers[name].model, "meta", {})
        training[name] = f"{meta.get('epochs')} epochs, {meta.get('threads')} threads, {meta.get('train_seconds')} s"
    for name, model in contextual.items():
        path = WORK / f"{name}.pt"
        scorers[name], files[name] = ContextualScorer(model), ("fp32", path)
        training[name] = f"{model.meta['settings']['epochs']} epochs, 1 thread, {model.meta['train_seconds']} s"
        if name in INT8:
            scorers[f"{name} int8"], files[f"{name} int8"] = ContextualScorer(quantized(model)), ("int8", path)
            training[f"{name} int8"] = f"{name}'s weights, quantized at load"

    # each stage's results are kept in benchmarks/work/ (keyed by the models and the code they ran
    # with), so an interrupted run resumes where it stopped
    cache = Cache(WORK / "results_cache.json", code_state(), {n: sha(f[1]) + f[0] for n, f in files.items()})
    suite = suite_sentences()
    models: dict[str, dict] = {}
    for name, scorer in scorers.items():
        models[name] = cache.get(f"accuracy {name}", [name], lambda: evaluate(name, scorer, held, suite))
        print(f"[{name}] {summary_line(models[name])}", flush=True)
    print("speed ...", flush=True)
    timed = cache.get("speed", list(files), lambda: speeds(scorers, sick_sentences(1000), args.quiet_wait))
    print("load times ...", flush=True)
    loads = cache.get("load", list(files), lambda: load_seconds(files))
    for name in models:
        models[name]["speed"] = timed[name]
        models[name]["load_seconds_fresh_process"] = loads[name]
    for name in models:
        models[name]["file_bytes"] = files[name][1].stat().st_size
        models[name]["training"] = training[name]
        if name in contextual:
            models[name]["meta"] = contextual[name].meta
            if name in INT8:    # packed int8 weights are not Parameters
                models[f"{name} int8"]["parameters"] = models[name]["parameters"]

    scale = (f"Scale (reduced, CPU): each MiniLM variant fine-tuned {args.epochs} epochs with 1 thread (the BiLSTM: "
             f"30 epochs, 2 threads), batch 32, Adam (MiniLM lr {settings.encoder_lr}, heads and char CNN "
             f"{settings.lr}, one-cycle), the BiLSTM's augmentation (TreeAugmenter rate {settings.augment_rate}, "
             f"conditional/that-clause joins, sentence-final periods {settings.period_rate}) and losses, MiniLM's "
             f"subword embedding table frozen, seed {settings.seed}; {len(train)} training trees, {len(held)} held "
             "out (fixed 10% split, seed 0). minilmN = MiniLM's first N of 6 layers, first-subword pooling; "
             "+chars = concatenated with a char CNN; int8 = PyTorch dynamic quantization of every nn.Linear at load "
             "(no retraining). Accuracy measured on 1 thread, speed as stated.")
    report = {
        "command": "python -m benchmarks.tagger_encoders" + (f" --epochs {args.epochs}" if args.epochs != 3 else ""),
        "scale": scale,
        "bilstm": {name: {"source": src, "sha256": sha(path), "meta": bilstm_meta[name]}
                   for name, (path, src) in refs.items()},
        "models": models,
        "machine": {"cpus": os.cpu_count(), "eval_threads": EVAL_THREADS, "python": platform.python_version(),
                    "torch": torch.__version__,
                    "note": "shared with other jobs while this ran, so speeds compare only within this run."},
    }
    report["conclusion"] = args.conclusion or conclusion(models, next(iter(refs)))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.with_suffix(".json").write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    OUT.with_suffix(".md").write_text(markdown(report), encoding="utf-8")
    print(markdown(report))


if __name__ == "__main__":
    main()
