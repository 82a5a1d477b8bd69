"""EvoNLI offline (offline mutations, MiniLM SIMSCORE, the heuristic CLAIMSCORE with its grammar
checks) with the paper's defaults, on:
  (1) result-conclusion and conclusion-conclusion pairs mined from a small RCT-format sample written
      for this project (tests/data/rct_sample.txt: 8 abstracts in the PubMed RCT format);
  (2) the first 20 ManConCorpus claim pairs (sentence1 = text_b, sentence2 = text_a, the claim that is
      mutated; a trained teacher has seen ManCon's claims, so this row is not held out for it);
  (3) the project's own entailing pairs (benchmarks/data/evonli_pairs_{dev,test}.jsonl: biomedical
      result -> conclusion pairs written by hand before any tuning, by a writer who never ran the
      engine; dev for development, test reported).

    .venv/bin/python -m benchmarks.evonli                          # the prover as teacher
    .venv/bin/python -m benchmarks.evonli --teacher DIR            # a trained teacher (`monalog perturb teacher`)
    .venv/bin/python -m benchmarks.evonli sample N SEED [--dataset test]  # draw N successes to judge

Writes benchmarks/results/evonli[_teacher].json and .md (attack success rate, contradiction ratio,
filter pass rates, mutation types, the teacher's abstentions) and, with a teacher, the successes as
evonli_teacher_outputs.jsonl; `sample` writes evonli_sample.tsv with empty verdict columns.
"""
from __future__ import annotations

import argparse
import csv
import json
import random
import sys
import time
from pathlib import Path

from monalog_perturb.bio.conclusions import read_rct
from monalog_perturb.recipes.evonli import EvoOptions, build, mine_pairs, read_items
from monalog_perturb.runner import collect
from monalog_perturb.searches.evolution import PairItem

ROOT = Path(__file__).resolve().parents[1]
PAIRS = ROOT.parent / "shared" / "data" / "bio" / "mancon" / "mancon_sentence_pairs_sample.tsv"
RCT = ROOT / "tests" / "data" / "rct_sample.txt"
OWN = ROOT / "benchmarks" / "data"
RESULTS = ROOT / "benchmarks" / "results"
VERDICTS = ("fluent", "contradicts", "note")


def datasets() -> dict[str, list[PairItem]]:
    rows = list(csv.DictReader(PAIRS.open(encoding="utf-8"), delimiter="\t"))
    own = {split: [i for i in read_items(OWN / f"evonli_pairs_{split}.jsonl") if isinstance(i, PairItem)]
           for split in ("dev", "test")}
    return {"RCT-format sample (tests/data/rct_sample.txt, mined pairs)": mine_pairs(read_rct(RCT), random.Random(0)),
            "ManConCorpus sample (first 20 pairs)": [PairItem(r["guid"], r["text_b"], r["text_a"]) for r in rows[:20]],
            "own entailing pairs, dev (benchmarks/data/evonli_pairs_dev.jsonl)": own["dev"],
            "own entailing pairs, test (benchmarks/data/evonli_pairs_test.jsonl)": own["test"]}


def run(teacher: str) -> tuple[dict, list[dict]]:
    result: dict = {"command": "python -m benchmarks.evonli" + ("" if teacher == "monalog" else " --teacher DIR"),
                    "teacher": teacher, "runs": {}}
    successes = []
    for name, items in datasets().items():
        generator = build(EvoOptions(teacher=teacher))     # the CLI's defaults otherwise: MiniLM, wordfreq
        before = generator.evo.teacher.inner.scores([(i.sentence1, i.sentence2) for i in items])
        start = time.perf_counter()
        out, _ = collect(items, generator)
        rows = [{"id": r["source"], "dataset": name, "sentence1": r["premise"], "sentence2": r["text"],
                 "original_sentence2": r["original"], "scores": r["scores"], **r["provenance"]} for r in out]
        successes += rows
        data = generator.report.as_json()
        data.update(generator.evo.teacher.summary())
        data["seconds"] = round(time.perf_counter() - start, 1)
        data["pairs"] = len(items)
        t_conf = generator.evo.settings.t_conf
        data["originals_read_as_contradiction"] = sum(bool(b) and b["CONTRADICTION"] >= t_conf for b in before)
        data["originals_read_as_entailment"] = sum(bool(b) and max(b, key=b.get) == "ENTAILMENT" for b in before)
        data["examples"] = [{k: r[k] for k in ("sentence1", "sentence2", "original_sentence2", "mutation_type",
                                                "iterations", "scores")} for r in rows[:5]]
        data["all_within_thresholds"] = all(
            r["scores"]["confidence"] >= r["t_conf"]
            and (r["t_sim"] is None or r["scores"]["similarity"] >= r["t_sim"])
            and (r["t_claim"] is None or r["scores"]["claim"] >= r["t_claim"])
            and r["iterations"] <= r["max_iterations"]
            for r in rows)
        result["runs"][name] = data
        print(name, json.dumps({k: v for k, v in data.items() if k != "examples"}), file=sys.stderr)
    return result, successes


def write(result: dict, successes: list[dict], teacher: str) -> None:
    stem = RESULTS / ("evonli" if teacher == "monalog" else "evonli_teacher")
    stem.with_suffix(".json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    if teacher != "monalog":
        (RESULTS / "evonli_teacher_outputs.jsonl").write_text(
            "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in successes), encoding="utf-8")
    fmt = lambda v: "-" if v is None else f"{v:.1%}"  # noqa: E731
    who = "the prover" if teacher == "monalog" else "a teacher trained by `monalog perturb teacher`"
    md = [f"# EvoNLI with {who} as teacher", "",
          f"Command: `{result['command']}` on 2 CPU cores; N_pop 4, N_candidates 5, "
          "MAX_ITERATIONS 4, T_conf 0.4, T_sim 0.5, T_claim 0.9.", "",
          "| pairs | n | originals read as E / as C (≥ T_conf) | attack success rate | contradiction ratio "
          "| similarity pass | claim pass | teacher abstained | seconds | mutation types |",
          "|---|---|---|---|---|---|---|---|---|---|"]
    for name, d in result["runs"].items():
        md.append(f"| {name} | {d['pairs']} | {d['originals_read_as_entailment']} / "
                  f"{d['originals_read_as_contradiction']} | {d['attack_success_rate']:.1%} ({d['successes']}) | "
                  f"{d['contradiction_ratio']:.1%} | "
                  f"{fmt(d['similarity_pass_rate'])} | {fmt(d['claim_pass_rate'])} | "
                  f"{d['teacher_abstained']}/{d['teacher_asked']} | {d['seconds']} | "
                  + ", ".join(f"{k} {v}" for k, v in sorted(d["mutation_types"].items())) + " |")
    md += ["", "Examples:", ""]
    md += [f"- {e['sentence1']} / **{e['sentence2']}** (was: {e['original_sentence2']}; {e['mutation_type']})"
           for run in result["runs"].values() for e in run["examples"][:3]]
    stem.with_suffix(".md").write_text("\n".join(md) + "\n", encoding="utf-8")
    print("\n".join(md))


def sample(n: int, seed: int, dataset: str = "") -> None:
    """Draw `n` successes of the last teacher run (of the datasets whose name holds `dataset`) into
    evonli_sample.tsv to judge."""
    out = RESULTS / "evonli_sample.tsv"
    if out.exists() and any(row["fluent"] for row in csv.DictReader(out.open(encoding="utf-8"), delimiter="\t")):
        sys.exit(f"{out} holds verdicts already: move it away to draw again")
    rows = [json.loads(line) for line in (RESULTS / "evonli_teacher_outputs.jsonl").open(encoding="utf-8")]
    rows = [r for r in rows if dataset in r["dataset"]]
    picked = random.Random(seed).sample(rows, min(n, len(rows)))
    columns = ("id", "dataset", "mutation_type", "sentence1", "original_sentence2", "sentence2", *VERDICTS)
    with out.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, columns, delimiter="\t", extrasaction="ignore")
        writer.writeheader()
        for row in picked:
            writer.writerow({**row, **{v: "" for v in VERDICTS}})
    print(f"{len(picked)} of {len(rows)} successes drawn into {out}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("step", nargs="*", help="nothing: run; 'sample N SEED': draw successes to judge")
    parser.add_argument("--teacher", default="monalog", help="monalog (the prover) or a trained teacher folder")
    parser.add_argument("--dataset", default="", help="sample: only datasets whose name holds this (e.g. test)")
    args = parser.parse_args()
    if args.step[:1] == ["sample"]:
        sample(int(args.step[1]), int(args.step[2]), args.dataset)
        return
    result, successes = run(args.teacher)
    write(result, successes, args.teacher)


if __name__ == "__main__":
    main()
