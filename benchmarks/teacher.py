"""The biomedical teacher's accuracy and calibration on a labelled dev set it never trained on
(`monalog_perturb.recipes.teacher_corpora.dev_set`: the held-out ManCon questions' claim pairs and
labelled sample pairs; SciFact claim pairs citing one abstract, SUPPORT vs REFUTE = CONTRADICTION,
SUPPORT vs SUPPORT = NEUTRAL; and, since those have no ENTAILMENT, the 60 result -> conclusion pairs of
benchmarks/data/evonli_pairs_dev.jsonl, each ENTAILMENT: EvoNLI skips a pair its teacher reads as a
contradiction before any mutation), before (T = 1) and, where `perturb teacher --calibrate` fitted one,
after the temperature fitted on a held-out tenth of its own biomedical pairs (never on this dev set).

    .venv/bin/python -m benchmarks.teacher --teacher DIR [DIR ...]

Several teachers (`perturb teacher --seed N` each) give a row each and their mean and range: one
5-minute training run moves these numbers by several points with the seed alone.

ECE: 15 equal-width bins of the top class's probability, Σ n_b/N · |accuracy_b − confidence_b|.
Writes benchmarks/results/teacher.json, teacher.md and teacher_reliability.png (the first teacher's).
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from monalog.errors import MonalogError
from monalog.hybrid.calibration import BINS, expected_calibration_error, reliability, scaled
from monalog.hybrid.fallback import LABELS, Fallback
from monalog.inference.proof import Label
from monalog_perturb.recipes.teacher_corpora import Example, dev_set

ROOT = Path(__file__).resolve().parents[1]
BIO = ROOT.parent / "shared" / "data" / "bio"
RESULTS = ROOT / "benchmarks" / "results"
EVONLI_DEV = ROOT / "benchmarks" / "data" / "evonli_pairs_dev.jsonl"


def measures(rows: list[list[float]], gold: list[int]) -> dict:
    """Accuracy, per-class precision/recall/support, confusion, ECE and the reliability bins."""
    guesses = [max(range(len(r)), key=r.__getitem__) for r in rows]
    per_class = {}
    for k, lab in enumerate(LABELS):
        predicted = sum(g == k for g in guesses)
        support = sum(t == k for t in gold)
        right = sum(g == t == k for g, t in zip(guesses, gold))
        per_class[lab.value] = {"precision": right / predicted if predicted else None,
                                "recall": right / support if support else None,
                                "predicted": predicted, "support": support}
    confusion = {LABELS[t].value: {LABELS[p].value: sum(g == p and y == t for g, y in zip(guesses, gold))
                                   for p in range(len(LABELS))} for t in range(len(LABELS))}
    c = LABELS.index(Label.CONTRADICTION)           # how KBIN and EvoNLI read the teacher: CONTRADICTION or not
    binary = [[1 - r[c], r[c]] for r in rows]
    binary_gold = [int(t == c) for t in gold]
    return {"n": len(gold), "accuracy": sum(g == t for g, t in zip(guesses, gold)) / len(gold),
            "ece": expected_calibration_error(rows, gold), "mean_confidence": sum(max(r) for r in rows) / len(rows),
            "contradiction_or_not": {"accuracy": sum((b[1] >= 0.5) == bool(t) for b, t in zip(binary, binary_gold))
                                     / len(gold), "ece": expected_calibration_error(binary, binary_gold)},
            "labels": per_class, "confusion": confusion, "reliability": reliability(rows, gold)}


def plot(before: dict, after: dict, temperature: float, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(9, 4), dpi=110, sharey=True)
    for ax, (title, m) in zip(axes, ((f"T = 1 (ECE {before['ece']:.3f})", before),
                                     (f"T = {temperature:g} (ECE {after['ece']:.3f})", after))):
        bins = [b for b in m["reliability"] if b["n"]]
        ax.bar([(b["low"] + b["high"]) / 2 for b in bins], [b["accuracy"] for b in bins], width=1 / BINS,
               edgecolor="black", alpha=0.7, label="accuracy")
        ax.plot([0, 1], [0, 1], "--", color="gray", label="perfect calibration")
        ax.plot([b["confidence"] for b in bins], [b["accuracy"] for b in bins], "o", color="C3", label="bin mean")
        ax.set_xlabel("confidence (top class)")
        ax.set_title(title)
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
    axes[0].set_ylabel("accuracy")
    axes[0].legend(loc="upper left", fontsize=8)
    fig.suptitle(f"Teacher reliability on the biomedical dev set ({before['n']} pairs, {BINS} bins)")
    fig.tight_layout()
    fig.savefig(str(path), metadata={"Software": "monalog benchmarks.teacher"})
    plt.close(fig)


def dev_sets() -> dict[str, list[Example]]:
    """The dev set by source: `teacher_corpora.dev_set`'s and evonli_dev's entailing pairs (read once for every
    teacher)."""
    sets = dev_set(str(BIO / "mancon"), str(BIO / "scifact" / "claims_train.jsonl"))
    with EVONLI_DEV.open(encoding="utf-8") as lines:
        sets["evonli_dev"] = [(row["sentence1"], row["sentence2"], Label.ENTAILMENT) for row in map(json.loads, lines)]
    return sets


def run(teacher: str, sets: dict[str, list[Example]]) -> dict:
    model = Fallback(teacher)
    temperature, model.temperature = model.temperature, 1.0
    start = time.perf_counter()
    result: dict = {"command": "python -m benchmarks.teacher --teacher DIR [DIR ...]", "temperature": temperature,
                    "seed": model.meta.get("settings", {}).get("seed"),
                    "ece_bins": f"{BINS} equal-width bins of the top class's probability",
                    "training": {k: model.meta.get(k) for k in ("steps", "seconds", "dev_accuracy",
                                                                "calibration_pairs")},
                    "training_data": model.meta.get("training_data"), "sources": {}}
    everything: tuple[list, list] = ([], [])
    for name, pairs in sets.items():
        probs = model.probabilities([(p, h) for p, h, _ in pairs])
        rows = [[row[lab.value] for lab in LABELS] for row in probs]
        gold = [LABELS.index(lab) for _, _, lab in pairs]
        everything[0].extend(rows)
        everything[1].extend(gold)
        result["sources"][name] = {"before": measures(rows, gold),
                                   "after": measures([scaled(r, temperature) for r in rows], gold)}
    rows, gold = everything
    result["all"] = {"before": measures(rows, gold), "after": measures([scaled(r, temperature) for r in rows], gold)}
    result["seconds"] = round(time.perf_counter() - start, 1)
    return result


_SUMMARY = (("all", "accuracy"), ("mancon", "accuracy"), ("scifact", "accuracy"), ("evonli_dev", "accuracy"),
            ("all", "ece"), ("all", "contradiction_or_not"))


def _value(result: dict, source: str, measure: str) -> float:
    m = (result["all"] if source == "all" else result["sources"][source])["before"]
    return m[measure]["accuracy"] if measure == "contradiction_or_not" else m[measure]


def summary(results: list[dict]) -> dict:
    """Mean, lowest and highest of the headline measures over the teachers (T = 1)."""
    out = {}
    for source, measure in _SUMMARY:
        values = [_value(r, source, measure) for r in results]
        out[f"{source} {measure}"] = {"mean": sum(values) / len(values), "min": min(values), "max": max(values)}
    return out


def markdown(results: list[dict]) -> str:
    def line(name: str, m: dict) -> str:
        c, n = m["labels"]["CONTRADICTION"], m["labels"]["NEUTRAL"]
        fmt = lambda v: "–" if v is None else f"{v:.1%}"  # noqa: E731
        return (f"| {name} | {m['n']} | {m['accuracy']:.1%} | {fmt(c['precision'])} / {fmt(c['recall'])} | "
                f"{fmt(n['precision'])} / {fmt(n['recall'])} | {m['labels']['ENTAILMENT']['predicted']} | "
                f"{m['mean_confidence']:.3f} | {m['ece']:.3f} | {m['contradiction_or_not']['accuracy']:.1%} | "
                f"{m['contradiction_or_not']['ece']:.3f} |")

    first = results[0]
    out = ["# The biomedical teacher on a dev set it never trained on", "",
           f"Command: `{first['command']}` (models of `monalog perturb teacher` with its defaults and the seed named; "
           "see docs/biomedical.md). Dev set: `teacher_corpora.dev_set` (held-out ManCon questions' claim pairs and "
           "labelled sample pairs; SciFact claims citing one abstract: SUPPORT vs REFUTE = CONTRADICTION, SUPPORT "
           "vs SUPPORT = NEUTRAL, a noisy proxy) and evonli_dev (60 entailing result -> conclusion pairs written for "
           "EvoNLI, all ENTAILMENT: the ENTAILMENT those lack). ECE: "
           f"{first['ece_bins']}. Temperatures: fitted on a held-out tenth of the teacher's own biomedical pairs "
           "(`--calibrate`, never on this dev set), else none. \"C or not\": CONTRADICTION (p ≥ 0.5) against the "
           "rest, and the ECE of p(CONTRADICTION) as a two-class probability (how KBIN and EvoNLI read the teacher).",
           ""]
    if len(results) > 1:
        out += [f"Over {len(results)} seeds (T = 1): mean (lowest – highest).", "",
                "| " + " | ".join(name for name in summary(results)) + " |", "|---" * len(_SUMMARY) + "|",
                "| " + " | ".join(f"{v['mean']:.1%} ({v['min']:.1%} – {v['max']:.1%})" if "ece" not in k
                                  else f"{v['mean']:.3f} ({v['min']:.3f} – {v['max']:.3f})"
                                  for k, v in summary(results).items()) + " |", ""]
    out += ["| teacher | dev set | n | accuracy | CONTRADICTION P / R | NEUTRAL P / R | predicted E | mean confidence "
            "| ECE | C or not: accuracy | C or not: ECE |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    for result in results:
        t, seed = result["temperature"], result["seed"]
        for name, ms in [*result["sources"].items(), ("all", result["all"])]:
            out.append(line(f"seed {seed} | {name}, T = 1", ms["before"]))
            if t != 1:
                out.append(line(f"seed {seed} | {name}, T = {t:g}", ms["after"]))
    out += ["", "Reliability diagram (the first teacher): [teacher_reliability.png](teacher_reliability.png).", ""]
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teacher", required=True, nargs="+", help="`monalog perturb teacher` folders")
    parser.add_argument("--out", default=str(RESULTS), help="folder for teacher.json, teacher.md and the PNG")
    args = parser.parse_args()
    sets = dev_sets()
    try:
        results = [run(teacher, sets) for teacher in args.teacher]
    except MonalogError as err:
        parser.error(str(err))
    out = Path(args.out)
    report = {"teachers": results, "summary": summary(results)}
    (out / "teacher.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    (out / "teacher.md").write_text(markdown(results), encoding="utf-8")
    first = results[0]
    plot(first["all"]["before"], first["all"]["after"], first["temperature"], out / "teacher_reliability.png")
    print(markdown(results))


if __name__ == "__main__":
    main()
