"""The generator on premises outside SICK's style (issue 51): pairs per premise, premises with none,
and a random sample of the pairs judged by hand by two readers who do not see each other's verdicts.

    .venv/bin/python -m benchmarks.augment_outside draw --round 69 --seed 119   # 30 HELP premises no earlier round used
    .venv/bin/python -m benchmarks.augment_outside generate --round 7 [--sample 60] [--seed 51] [--tagger ensemble]
    .venv/bin/python -m benchmarks.augment_outside score --round 7

`generate` runs `monalog augment`'s library call with its default settings but the tagger (the
ensemble, as `--tagger` recommends for premises outside SICK's style) on the round's premises in
benchmarks/data/outside_premises.txt (round 1: the development round, whose failures were fixed; round
2: premises read only after the fixes) and writes results/augment_outside_roundN.jsonl (every pair)
and results/augment_outside_roundN_sample.tsv (the sample to judge: premise, hypothesis, label). Each
reader copies the sample to results/augment_outside_roundN_main.tsv or _second.tsv and fills `fluent`
(y/n: a sentence a person would write) and `label_ok` (y/n: the label is right, read as SICK reads a
pair), with a note. `score` counts the readers' verdicts and writes results/augment_outside_roundN.json
and .md.
"""
from __future__ import annotations

import argparse
import csv
import json
import random
import re
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PREMISES = ROOT / "benchmarks" / "data" / "outside_premises.txt"
HELP = [ROOT.parent / "shared" / "data" / "nli" / f"HELP_{part}.tsv" for part in ("conjunction", "disjunction")]
RESULTS = ROOT / "benchmarks" / "results"
COLUMNS = ["id", "premise", "hypothesis", "label"]


def premises(round_: int) -> list[str]:
    """The premises under the file's "# round N" line."""
    return _rounds()[round_]


def _rounds() -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    current = 0
    for line in PREMISES.read_text(encoding="utf-8").splitlines():
        if (marker := re.fullmatch(r"# round (\d+)", line.strip())) is not None:
            current = int(marker[1])
        elif line.strip() and not line.startswith("#"):
            out.setdefault(current, []).append(line.strip())
    return out


def draw(seed: int, round_: int, n: int = 30) -> list[str]:
    """`n` HELP premises for round `round_` (69 on; earlier draws' scripts were not kept): the sorted set of HELP's
    ori_sentence of 5 to 20 tokens ending in " .", detokenised (NLTK's Treebank detokeniser, "~" written as a
    space), without the premises of every earlier round, sampled by random.Random(seed)."""
    from nltk.tokenize.treebank import TreebankWordDetokenizer

    detokenise = TreebankWordDetokenizer().detokenize
    used = {premise for earlier, texts in _rounds().items() if earlier < round_ for premise in texts}
    found = set()
    for path in HELP:
        with path.open(encoding="utf-8") as handle:
            for row in csv.DictReader(handle, delimiter="\t"):
                tokens = row["ori_sentence"].split()
                if row["ori_sentence"].endswith(" .") and 5 <= len(tokens) <= 20:
                    found.add(detokenise(tokens).replace("~", " "))
    return random.Random(seed).sample(sorted(found - used), n)


def _path(round_: int, part: str) -> Path:
    return RESULTS / f"augment_outside_round{round_}{part}"


def generate(round_: int, sample: int, seed: int, tagger: str) -> dict:
    from monalog.augment.generate import AugmentSettings, Augmenter
    from monalog.errors import MonalogError

    texts = premises(round_)
    results = Augmenter(AugmentSettings(tagger=tagger)).load().generate_batch(texts)
    rows, counts, failed = [], [], []
    for premise, result in zip(texts, results):
        if isinstance(result, MonalogError):
            failed.append({"premise": premise, "error": str(result)})
            counts.append(0)
            continue
        counts.append(len(result))
        rows += [{"premise": premise, "hypothesis": g.hypothesis, "label": g.label.value} for g in result]
    lines = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    _path(round_, ".jsonl").write_text(lines, encoding="utf-8")
    picked = sorted(random.Random(seed).sample(range(len(rows)), min(sample, len(rows))))
    with _path(round_, "_sample.tsv").open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, COLUMNS, delimiter="\t", lineterminator="\n")
        writer.writeheader()
        writer.writerows({"id": i, **{k: rows[i][k] for k in COLUMNS[1:]}} for i in picked)
    return {"round": round_, "premises": len(texts), "pairs": len(rows), "pairs_per_premise": len(rows) / len(texts),
            "median_per_premise": statistics.median(counts), "premises_with_none": sum(c == 0 for c in counts),
            "failed": failed, "entailments": sum(r["label"] == "ENTAILMENT" for r in rows),
            "contradictions": sum(r["label"] == "CONTRADICTION" for r in rows), "sample": len(picked), "seed": seed,
            "tagger": tagger}


def _verdicts(path: Path) -> dict[str, dict]:
    if not path.exists():
        return {}
    with path.open(encoding="utf-8") as handle:
        return {r["id"]: r for r in csv.DictReader(handle, delimiter="\t") if r.get("fluent") and r.get("label_ok")}


def score(counts: dict) -> dict:
    readers = {name: _verdicts(_path(counts["round"], f"_{name}.tsv")) for name in ("main", "second")}
    out = {}
    for name, verdicts in readers.items():
        n = len(verdicts)
        both = sum(v["fluent"] == "y" and v["label_ok"] == "y" for v in verdicts.values())
        out[name] = {"judged": n, "fluent": sum(v["fluent"] == "y" for v in verdicts.values()) / n if n else None,
                     "label_ok": sum(v["label_ok"] == "y" for v in verdicts.values()) / n if n else None,
                     "both": both / n if n else None}
    shared = readers["main"].keys() & readers["second"].keys()
    agree = sum((readers["main"][i]["fluent"], readers["main"][i]["label_ok"])
                == (readers["second"][i]["fluent"], readers["second"][i]["label_ok"]) for i in shared)
    return {**counts, "readers": out, "agreement": agree / len(shared) if shared else None}


def _pct(x) -> str:
    return "–" if x is None else f"{x:.0%}"


def markdown(report: dict) -> str:
    r, tagger = report["round"], report.get("tagger", "bilstm")       # rounds 1-6: the bilstm
    md = [f"# The generator on premises outside SICK's style (issue 51), round {r}", "",
          f"Commands: `python -m benchmarks.augment_outside generate --round {r} --tagger {tagger}` then `... score "
          f"--round {r}` (2 CPU cores; `monalog augment`'s settings with `--tagger {tagger}`).", "",
          f"{report['premises']} premises (benchmarks/data/outside_premises.txt, round {r}: {report['premises'] - 15} "
          f"drawn from {'HELP' if r >= 54 else 'MED_dev'}, 15 written by hand; the file's header says how): "
          f"{report['pairs']} pairs ({report['entailments']} entailments, "
          f"{report['contradictions']} contradictions), **{report['pairs_per_premise']:.1f} a premise** (median "
          f"{report['median_per_premise']}), **{report['premises_with_none']} premises with none**"
          f"{', ' + str(len(report['failed'])) + ' refused (misread or unparsed)' if report['failed'] else ''}.", "",
          f"A random sample of {report['sample']} pairs (seed {report['seed']}), judged by hand "
          f"(`augment_outside_round{r}_main.tsv`; `_second.tsv`: a second reader who did not see the first's "
          "verdicts):", "",
          "| reader | judged | fluent | label right | both |", "|---|---|---|---|---|"]
    for name, r in report["readers"].items():
        md.append(f"| {name} | {r['judged']} | {_pct(r['fluent'])} | {_pct(r['label_ok'])} | {_pct(r['both'])} |")
    if report["agreement"] is not None:
        md += ["", f"The readers agree on {_pct(report['agreement'])} of the pairs both judged."]
    return "\n".join(md) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("step", choices=["draw", "generate", "score"])
    ap.add_argument("--round", type=int, default=2, dest="round_")
    ap.add_argument("--sample", type=int, default=60)
    ap.add_argument("--seed", type=int, default=51, help="the sample's seed (draw: the premises')")
    ap.add_argument("--tagger", default="ensemble",
                    help="the parser's tagger (default: ensemble, what `monalog augment --tagger` recommends for "
                         "premises outside SICK's style; rounds 1-6 ran the bilstm)")
    args = ap.parse_args()
    if args.step == "draw":
        sys.stdout.write("".join(line + "\n" for line in draw(args.seed, args.round_)))
        return
    counts_path = _path(args.round_, ".json")
    if args.step == "generate":
        counts = generate(args.round_, args.sample, args.seed, args.tagger)
    else:
        counts = {k: v for k, v in json.loads(counts_path.read_text(encoding="utf-8")).items()
                  if k not in ("readers", "agreement")}
    report = score(counts)
    counts_path.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    _path(args.round_, ".md").write_text(markdown(report), encoding="utf-8")
    sys.stdout.write(markdown(report))


if __name__ == "__main__":
    main()
