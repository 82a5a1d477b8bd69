"""EvoNLI with the prover as teacher (offline mutations, MiniLM SIMSCORE, the heuristic CLAIMSCORE)
with the paper's defaults on (1) result-conclusion and conclusion-conclusion pairs mined from a small
RCT-format sample written for this project (tests/data/rct_sample.txt: 8 abstracts in the PubMed RCT
format), and (2) the first 20 ManConCorpus claim pairs (sentence1 = text_b, sentence2 = text_a, the
claim that is mutated).

    .venv/bin/python benchmarks/evonli.py

Writes benchmarks/results/evonli.json and .md (attack success rate, contradiction ratio, filter
pass rates, mutation types).
"""
from __future__ import annotations

import csv
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from monalog_perturb.recipes.evonli import EvoOptions, build, mine_pairs, read_rct  # noqa: E402
from monalog_perturb.runner import collect  # noqa: E402
from monalog_perturb.searches.evolution import PairItem  # noqa: E402

PAIRS = ROOT.parent / "shared" / "data" / "bio" / "mancon" / "mancon_sentence_pairs_sample.tsv"
RCT = ROOT / "tests" / "data" / "rct_sample.txt"


def main() -> None:
    rows = list(csv.DictReader(PAIRS.open(encoding="utf-8"), delimiter="\t"))
    datasets = {"RCT-format sample (tests/data/rct_sample.txt, mined pairs)":
                mine_pairs(read_rct(RCT), random.Random(0)),
                "ManConCorpus sample (first 20 pairs)":
                [PairItem(r["guid"], r["text_b"], r["text_a"]) for r in rows[:20]]}
    result = {"command": "python benchmarks/evonli.py", "runs": {}}
    for name, items in datasets.items():
        generator = build(EvoOptions())         # the CLI's defaults: the prover, MiniLM, wordfreq
        start = time.perf_counter()
        out, _ = collect(items, generator)
        out = [{"sentence1": r["premise"], "sentence2": r["text"], "original_sentence2": r["original"],
                "scores": r["scores"], **r["provenance"]} for r in out]
        data = generator.report.as_json()
        data["seconds"] = round(time.perf_counter() - start, 1)
        data["pairs"] = len(items)
        data["examples"] = [{k: r[k] for k in ("sentence1", "sentence2", "original_sentence2", "mutation_type",
                                                "iterations", "scores")} for r in out[:5]]
        data["all_within_thresholds"] = all(
            r["scores"]["confidence"] >= r["t_conf"]
            and (r["t_sim"] is None or r["scores"]["similarity"] >= r["t_sim"])
            and (r["t_claim"] is None or r["scores"]["claim"] >= r["t_claim"])
            and r["iterations"] <= r["max_iterations"]
            for r in out)
        result["runs"][name] = data
        print(name, json.dumps({k: v for k, v in data.items() if k != "examples"}), file=sys.stderr)
    out_path = ROOT / "benchmarks" / "results" / "evonli"
    out_path.with_suffix(".json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    fmt = lambda v: "-" if v is None else f"{v:.1%}"  # noqa: E731
    md = ["# EvoNLI with the prover as teacher", "",
          "Command: `python benchmarks/evonli.py` on 2 CPU cores; N_pop 4, N_candidates 5, "
          "MAX_ITERATIONS 4, T_conf 0.4, T_sim 0.5, T_claim 0.9.", "",
          "| pairs | n | attack success rate | contradiction ratio | similarity pass | claim pass | seconds "
          "| mutation types |",
          "|---|---|---|---|---|---|---|---|"]
    for name, d in result["runs"].items():
        md.append(f"| {name} | {d['pairs']} | {d['attack_success_rate']:.1%} ({d['successes']}) | "
                  f"{d['contradiction_ratio']:.1%} | "
                  f"{fmt(d['similarity_pass_rate'])} | {fmt(d['claim_pass_rate'])} | {d['seconds']} | "
                  + ", ".join(f"{k} {v}" for k, v in sorted(d["mutation_types"].items())) + " |")
    md += ["", "Examples:", ""]
    md += [f"- {e['sentence1']} / **{e['sentence2']}** (was: {e['original_sentence2']}; {e['mutation_type']})"
           for run in result["runs"].values() for e in run["examples"][:4]]
    out_path.with_suffix(".md").write_text("\n".join(md) + "\n", encoding="utf-8")
    print("\n".join(md))


if __name__ == "__main__":
    main()
