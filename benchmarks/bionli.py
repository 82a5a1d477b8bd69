"""BioNLI rule-based negatives at scale with default options: records made from SciFact claims with
entities typed by the default typer (all bundled vocabularies: FamPlex, DrugBank, HPO), repeated to
10,000 records; time and per-strategy coverage.

    .venv/bin/python -m benchmarks.bionli                 # the benchmark
    .venv/bin/python -m benchmarks.bionli sample --seed 1701 --name bionli_sample_typing   # draw a sample
    .venv/bin/python -m benchmarks.bionli score --name bionli_sample_typing                # count its verdicts

Each SciFact claim (../shared/data/bio/scifact) whose first two distinct typed entities can be marked
becomes a record; its premise is the claim's neighbouring claims (a stand-in: no abstracts offline).
Writes benchmarks/results/bionli.json and bionli.md: time, per-strategy coverage, and why each
strategy did not apply (the rules check themselves against the premise and the conclusion).

`sample` runs BioNLI with default options (`monalog perturb bionli RECORDS -o OUT`, seed 0) on the
marked records and draws, with its own seed, up to `--per-strategy` outputs of each strategy that
fired (part "default"), leaving out outputs already in an earlier sample (results/bionli_sample*.tsv).
It writes benchmarks/results/NAME.tsv with empty verdict columns (fluent, valid, definition: y/n,
and a note for every n) and refuses to overwrite a judged file. `score` counts
the verdicts per part and strategy, and the identifier edits (a name's number changed: IL-6 -> IL-4),
into NAME.json. The first sample (bionli_sample.*, seed 17, commit 8d112e8) was drawn before typing
was on by default, with a second part "vocab" typed by the OpenBEL namespaces.

`rules` (issue 50) runs the default rules on real conclusion sentences: the ManCon claims (259, many
in a reporting frame: "These data suggest that ...", "We conclude that ...") with their review's
other claims as premise, and the SciFact records above; and extracts conclusions (`--abstracts`) from
the MedMentions sample's real abstracts (title, then abstract). It uses only what the code at
8a2fcd7 had, so the same file measures before and after:

    PYTHONPATH=BEFORE_TREE python benchmarks/bionli.py rules --tag before
    .venv/bin/python -m benchmarks.bionli rules --tag after --draw 40 --seed 5050   # + bio_rules_sample.tsv

It writes results/bio_rules_TAG.json (per strategy: outputs, reasons not applied; abstracts: yield
and reasons), and with --draw N a seeded sample of N outputs (about N/7 per strategy) to judge in
results/bio_rules_sample.tsv, drawn from the records never read while tuning (odd CRC-32 of the id);
the judged copy is bio_rules_sample_main.tsv (a draw is refused while it exists); `--sheet NAME.tsv`
writes the draw to results/NAME.tsv instead, refused while NAME_main.tsv exists. `rules-score`
counts both readers' verdicts (bio_rules_sample_main.tsv, bio_rules_sample_second.tsv) and their
agreement (Cohen's kappa) into bio_rules_sample.json.
"""
from __future__ import annotations

import argparse
import csv
import json
import random
import re
import sys
import time
import zlib
from collections import Counter, defaultdict
from pathlib import Path

from monalog_perturb.bio.bionli import STRATEGIES
from monalog_perturb.bio.conclusions import mark_entities
from monalog_perturb.bio.quantities import identifier_spans
from monalog_perturb.bio.records import MechanismRecord, strip_markers
from monalog_perturb.bio.entity_typing import DictionaryTyper
from monalog_perturb.recipes.bionli import BioNLIOptions, build, make_typer
from monalog_perturb.runner import collect

ROOT = Path(__file__).resolve().parents[1]
BIO = ROOT.parent / "shared" / "data" / "bio"
RESULTS = ROOT / "benchmarks" / "results"
COLUMNS = ("id", "part", "strategy", "source", "original", "text", "edit", "premise", "fluent", "valid", "definition",
           "note")


def marked_records(typer: DictionaryTyper) -> tuple[list[str], list[MechanismRecord]]:
    """The SciFact claims, and the records made from those with two typed entities."""
    claims = [json.loads(line)["claim"] for line in (BIO / "scifact" / "claims_train.jsonl").open(encoding="utf-8")]
    base = []
    for i, claim in enumerate(claims):
        marked = mark_entities(claim, typer)
        if marked:
            premise = " ".join(claims[max(0, i - 2):i] + claims[i + 1:i + 3])
            base.append(MechanismRecord(f"scifact-{i}", premise, marked))
    return claims, base


def main() -> None:
    start = time.perf_counter()
    typer = make_typer()                        # the default options' typer: all bundled vocabularies
    load = time.perf_counter() - start
    claims, base = marked_records(typer)
    records = [MechanismRecord(f"{r.id}-{k}", r.premise, r.hypothesis) for k in range(10_000 // len(base) + 1)
               for r in base][:10_000]
    start = time.perf_counter()
    collect(base, build(BioNLIOptions(seed=0), typer))     # each distinct record once, nothing cached yet
    once = time.perf_counter() - start
    start = time.perf_counter()
    generator = build(BioNLIOptions(seed=0), typer)       # default options (the typer loaded once, above)
    out, _ = collect(records, generator)
    stats = generator.stats
    seconds = time.perf_counter() - start
    report = {"command": "python -m benchmarks.bionli", "claims": len(claims), "records_from_claims": len(base),
              "records": len(records), "negatives": len(out), "seconds": seconds,
              "records_per_second": len(records) / seconds,
              "distinct_records_uncached_seconds": once, "vocabulary_names": len(typer.names),
              "vocabulary_load_seconds": load, "typing": typer.describe(),
              "applicable": dict(stats.applicable), "produced": dict(stats.produced),
              "not_applied": {name: report["not_applied"] for name, report in
                              stats.as_json(list(STRATEGIES))["strategies"].items()}}
    res = ROOT / "benchmarks" / "results" / "bionli"
    res.with_suffix(".json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    md = ["# BioNLI rule-based negatives", "", f"Command: `{report['command']}` (one process).", "",
          f"{len(base)} of {len(claims)} SciFact claims get two distinct typed entities with default options "
          f"({len(typer.names):,} name keys, loaded in {load:.1f} s; {typer.describe()}); repeated to "
          f"{len(records):,} records.", "",
          f"Perturbed {len(records):,} records in {seconds:.1f} s ({report['records_per_second']:.0f} records/s; "
          f"floor: 10k in under a minute). The typer caches each text's mentions (the rules read a premise "
          f"more than once), so the repeats are cheaper: the {len(base)} distinct records alone, uncached, took "
          f"{once:.1f} s ({len(base) / once:.0f} records/s).", "",
          "Each rule is checked against its definition and the premise (issue 17): SEN/SEP skip a relation that "
          "reads the same both ways and an entity that is an acronym in parentheses; SEP swaps whole entity "
          "phrases and is written only when its text differs from SEN's; SRE/SREO skip a negated predicate and "
          "entities the premise describes as alike or says do the same; VNeg negates the main clause; SN "
          "changes quantities only (never a number inside a name: IL-6, COVID-19, BRCA 1); LPR skips a "
          "negated predicate. Why each strategy did not apply is counted below.", "",
          "```", stats.table(list(STRATEGIES)), "```", ""]
    res.with_suffix(".md").write_text("\n".join(md), encoding="utf-8")
    print("\n".join(md))


def draw(seed: int, name: str, per_strategy: int) -> None:
    """The sample to judge (see the module docstring)."""
    sample = RESULTS / f"{name}.tsv"
    if sample.exists() and any(row["fluent"] for row in csv.DictReader(sample.open(encoding="utf-8"),
                                                                          delimiter="\t")):
        sys.exit(f"{sample} holds verdicts already: move it away to draw again")
    typer = make_typer()
    _, base = marked_records(typer)
    seen = {(row["original"], row["text"]) for old in RESULTS.glob("bionli_sample*.tsv") if old != sample
            for row in csv.DictReader(old.open(encoding="utf-8"), delimiter="\t")}
    rng, picked = random.Random(seed), []
    for part, generator, quota in (("default", build(BioNLIOptions(seed=0), typer),
                                    {s: per_strategy for s in STRATEGIES}),):
        rows, _ = collect(base, generator)
        by_strategy = defaultdict(list)
        for row in rows:
            if (row["original"], row["text"]) in seen:    # judged in an earlier sample: not fresh evidence
                continue
            by_strategy[row["provenance"]["strategy"]].append(row)
        for strategy in STRATEGIES:
            found = by_strategy.get(strategy, [])
            picked += [(part, row) for row in rng.sample(found, min(quota.get(strategy, 0), len(found)))]
    with sample.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, delimiter="\t", lineterminator="\n")
        writer.writerow(COLUMNS)
        for i, (part, row) in enumerate(picked, 1):
            writer.writerow([i, part, row["provenance"]["strategy"], row["source"], row["original"], row["text"],
                             row["provenance"]["description"], row["premise"], "", "", "", ""])
    print(f"{len(picked)} outputs -> {sample}", file=sys.stderr)


def identifier_edits(original: str, text: str) -> list[tuple[str, str]]:
    """Names holding a number that an output changed in place: (before, after), e.g. ("IL-6", "IL-4")."""
    def names(t: str) -> Counter:
        t = strip_markers(t)
        return Counter(t[a:b] for a, b in identifier_spans(t))

    lost, gained = names(original) - names(text), names(text) - names(original)
    shape = re.compile(r"\d+(?:[.,]\d+)*")
    return [(a, b) for a in lost for b in gained
            if shape.sub("#", a) == shape.sub("#", b) or a.startswith(b) or b.startswith(a)]


def score(name: str) -> None:
    """Counts of the verdicts in the judged sample, per part and strategy, into NAME.json."""
    path = RESULTS / f"{name}.tsv"
    if not path.exists():
        sys.exit(f"{path}: no such sample (draw it with: sample --name {name})")
    rows = list(csv.DictReader(path.open(encoding="utf-8"), delimiter="\t"))
    report: dict = {"outputs": len(rows), "parts": {}}
    for part in sorted({r["part"] for r in rows}):
        mine = [r for r in rows if r["part"] == part]
        strategies = {}
        for strategy in [s for s in STRATEGIES if any(r["strategy"] == s for r in mine)] + ["all"]:
            chosen = [r for r in mine if strategy in ("all", r["strategy"])]
            strategies[strategy] = {"n": len(chosen), **{column: sum(r[column] == "y" for r in chosen)
                                                         for column in ("fluent", "valid", "definition")},
                                    "identifier_edits": sum(len(identifier_edits(r["original"], r["text"]))
                                                            for r in chosen)}
        report["parts"][part] = strategies
    unjudged = [r["id"] for r in rows if not all(r[c] in ("y", "n") for c in ("fluent", "valid", "definition"))]
    report["unjudged"] = unjudged
    (RESULTS / f"{name}.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    for part, strategies in report["parts"].items():
        print(f"part {part}")
        print(f"  {'strategy':<9}{'n':>4}{'fluent':>12}{'valid':>12}{'definition':>14}{'id edits':>10}")
        for strategy, c in strategies.items():
            cells = "".join(f"{c[k]:>5} ({c[k] / c['n']:4.0%})" + (" " if k == "definition" else "")
                            for k in ("fluent", "valid", "definition"))
            print(f"  {strategy:<9}{c['n']:>4}  {cells}{c['identifier_edits']:>8}")
    if unjudged:
        print(f"not judged yet: {', '.join(unjudged)}", file=sys.stderr)


def mancon_records(typer: DictionaryTyper) -> list[MechanismRecord]:
    """ManCon claims with two typed entities marked; premise: the other claims of their review."""
    import xml.etree.ElementTree as ET

    out = []
    for review in ET.parse(BIO / "mancon" / "ManConCorpus_claims.xml").getroot():
        claims = [" ".join((c.text or "").split()) for c in review]
        for i, claim in enumerate(claims):
            marked = mark_entities(claim, typer)
            if marked:
                premise = " ".join(claims[max(0, i - 2):i] + claims[i + 1:i + 3])
                out.append(MechanismRecord(f"mancon-{review.get('REVIEW_PMID')}-{i}", premise, marked))
    return out


def pubtator_abstracts() -> list[tuple[str, str]]:
    """(PMID, title + line break + abstract) of the MedMentions sample."""
    parts: dict[str, list[str]] = defaultdict(list)
    for line in (BIO / "scispacy_fixtures" / "med_mentions_sample.pubtator").open(encoding="utf-8"):
        bits = line.rstrip("\n").split("|", 2)
        if len(bits) == 3 and bits[1] in ("t", "a"):
            parts[bits[0]].append(bits[2])
    return [(pmid, "\n".join(texts)) for pmid, texts in parts.items()]


def rules(tag: str, draw_n: int, seed: int, sheet: str = "bio_rules_sample.tsv") -> None:
    """The default rules on ManCon and SciFact records and on real abstracts (see the module docstring)."""
    from monalog_perturb.bio.conclusions import extract_or_skip

    typer = make_typer()
    records = mancon_records(typer) + marked_records(typer)[1]
    generator = build(BioNLIOptions(seed=0), typer)
    rows, _ = collect(records, generator)
    by_strategy = Counter(row["provenance"]["strategy"] for row in rows)
    abstracts = pubtator_abstracts()
    extracted = [extract_or_skip(pmid, text, typer) for pmid, text in abstracts]
    found = [r for r in extracted if isinstance(r, MechanismRecord)]
    report = {"tag": tag, "records": len(records), "mancon_records": sum(r.id.startswith("mancon") for r in records),
              "outputs": len(rows), "by_strategy": dict(sorted(by_strategy.items())),
              "not_applied": {name: r["not_applied"] for name, r in
                              generator.stats.as_json(list(STRATEGIES))["strategies"].items()},
              "abstracts": len(abstracts), "abstract_records": len(found),
              "abstract_conclusions": [r.hypothesis for r in found],
              "abstracts_without_record": [str(r) for r in extracted if not isinstance(r, MechanismRecord)]}
    (RESULTS / f"bio_rules_{tag}.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in report.items() if k != "not_applied"}, indent=2))
    if draw_n:
        _draw_rules(rows, draw_n, seed, sheet)


def _judged_before() -> set[tuple[str, str]]:
    """(original, text) of the outputs judged in earlier draws (their sheets in git history, listed in
    bio_rules_judged.tsv): never drawn again."""
    listed = RESULTS / "bio_rules_judged.tsv"
    if not listed.exists():
        return set()
    return {(r["original"], r["text"]) for r in csv.DictReader(listed.open(encoding="utf-8"), delimiter="\t")}


def _draw_rules(rows: list[dict], n: int, seed: int, sheet: str = "bio_rules_sample.tsv") -> None:
    """A seeded sample of about n outputs (n/7 per strategy, then any) from the records whose id has an
    odd CRC-32: the even half is what the rules were tuned on (issue 50), never judged. The sheet
    (results/SHEET, bio_rules_sample.tsv by default) has empty verdict columns (a blind reader's copy);
    the judged copy is SHEET's stem + _main.tsv, and a draw is refused while that exists."""
    sample = RESULTS / sheet
    judged_copy = sample.with_name(sample.stem + "_main.tsv")
    if judged_copy.exists():
        sys.exit(f"{judged_copy.name} holds verdicts already: move it away or draw to another --sheet")
    rng, by_strategy, judged = random.Random(seed), defaultdict(list), _judged_before()
    for row in rows:
        if zlib.crc32(row["source"].encode()) % 2 and (row["original"], row["text"]) not in judged:
            by_strategy[row["provenance"]["strategy"]].append(row)
    picked: list[dict] = []
    quota = max(1, n // len(STRATEGIES))
    for strategy in STRATEGIES:
        found = by_strategy.get(strategy, [])
        picked += rng.sample(found, min(quota, len(found)))
    rest = [row for found in by_strategy.values() for row in found if row not in picked]
    picked += rng.sample(rest, min(n - len(picked), len(rest)))
    with sample.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, delimiter="\t", lineterminator="\n")
        writer.writerow(("id", "strategy", "source", "original", "text", "edit", "premise", "valid",
                         "entities_real", "note"))
        for i, row in enumerate(picked, 1):
            writer.writerow([i, row["provenance"]["strategy"], row["source"], row["original"], row["text"],
                             row["provenance"]["description"], row["premise"], "", "", ""])
    print(f"{len(picked)} outputs -> {sample}", file=sys.stderr)


def reader_agreement(first: list[dict], second: list[dict], columns: tuple[str, ...]) -> dict:
    """Per verdict column: each reader's y count, rows on which both say y, raw agreement and Cohen's
    kappa (two readers judging the same rows of a sample sheet, in the same order)."""
    out = {}
    for column in columns:
        a = [r[column].lower() == "y" for r in first]
        b = [r[column].lower() == "y" for r in second]
        n, same = len(a), sum(x == y for x, y in zip(a, b))
        pa, pb = sum(a) / n, sum(b) / n
        expected = pa * pb + (1 - pa) * (1 - pb)
        kappa = (same / n - expected) / (1 - expected) if expected < 1 else 1.0
        out[column] = {"first": sum(a), "second": sum(b), "both": sum(x and y for x, y in zip(a, b)),
                       "agree": same, "n": n, "kappa": round(kappa, 2)}
    return out


def rules_score() -> None:
    """Both readers' verdicts on the rules sample (bio_rules_sample_main.tsv, the developer;
    bio_rules_sample_second.tsv, the blind reader) and their agreement, into bio_rules_sample.json's
    "readers" entry."""
    first, second = (list(csv.DictReader((RESULTS / f"bio_rules_sample_{w}.tsv").open(encoding="utf-8"),
                                         delimiter="\t")) for w in ("main", "second"))
    if [r["text"] for r in first] != [r["text"] for r in second]:
        sys.exit("the two sheets do not hold the same outputs in the same order")
    strategies = [s for s in STRATEGIES if any(r["strategy"] == s for r in first)]
    readers = {"agreement": reader_agreement(first, second, ("valid", "entities_real")),
               "by_strategy_valid": {s: {w: sum(r["valid"] == "y" for r in rows if r["strategy"] == s)
                                         for w, rows in (("first", first), ("second", second))}
                                     | {"drawn": sum(r["strategy"] == s for r in first)} for s in strategies},
               "both_valid_rows": [r["id"] for r, q in zip(first, second) if r["valid"] == q["valid"] == "y"],
               "disputed_valid_rows": [r["id"] for r, q in zip(first, second) if r["valid"] != q["valid"]]}
    path = RESULTS / "bio_rules_sample.json"
    report = json.loads(path.read_text(encoding="utf-8"))
    report["readers"] = readers
    path.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(readers, indent=2))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mode", nargs="?", choices=("benchmark", "sample", "score", "rules", "rules-score"),
                        default="benchmark")
    parser.add_argument("--seed", type=int, default=1701, help="the sample's seed (sample)")
    parser.add_argument("--name", default="bionli_sample_typing", help="the sample's file name under results/")
    parser.add_argument("--per-strategy", type=int, default=10, help="outputs drawn per strategy at most (sample)")
    parser.add_argument("--tag", default="after", help="the rules run's name: results/bio_rules_TAG.json (rules)")
    parser.add_argument("--draw", type=int, default=0, help="outputs to draw for judging (rules)")
    parser.add_argument("--sheet", default="bio_rules_sample.tsv",
                        help="the drawn sheet's name under results/; its judged copy is STEM_main.tsv (rules)")
    args = parser.parse_args()
    {"rules": lambda: rules(args.tag, args.draw, args.seed, args.sheet),
     "benchmark": main, "sample": lambda: draw(args.seed, args.name, args.per_strategy),
     "score": lambda: score(args.name), "rules-score": rules_score}[args.mode]()
