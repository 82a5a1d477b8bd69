"""`monalog perturb <generator>`: the biomedical negative generators on the command line.
Registered into the `monalog` command through the `monalog.commands` entry-point group."""
from __future__ import annotations

import argparse
import json
import logging
import sys
from typing import Iterator

from monalog.cli.common import deprecated_alias, one_line, skipped
from monalog.fileio import check_output, json_with, jsonl_with, open_input, write_atomic

log = logging.getLogger("monalog")


def register(sub) -> None:
    """Add `perturb` and its generators to the `monalog` sub-parsers."""
    perturb = sub.add_parser("perturb", help="make hard biomedical negatives").add_subparsers(
        dest="generator", required=True)
    p = perturb.add_parser("bionli", help="BioNLI's seven rule-based negatives for mechanism records")
    p.add_argument("input", help="records: JSONL {id, premise, hypothesis} or BioNLI's CSV")
    p.add_argument("-o", "--output", required=True, help="JSONL of negatives (written atomically)")
    p.add_argument("--strategies", default="SEN,SEP,SRE,SREO,VNeg,SN,LPR")
    p.add_argument("--per-record", type=int, default=1, help="candidates at most per strategy and record (K)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--with-positives", action="store_true", help="also write the originals as ENTAILMENT")
    p.add_argument("--balance", type=int, metavar="N", help="keep at most N negatives per strategy")
    p.add_argument("--vocab", action="append", metavar="FILE",
                   help="typed names for SRE/SREO: OpenBEL .belns or name<TAB>type lists (repeatable)")
    p.add_argument("--abstracts", action="store_true",
                   help="INPUT holds abstracts (JSONL {id, abstract}, MEDLINE text or paragraphs): extract "
                        "conclusion records first")
    p.add_argument("--nl-positives", action="store_true",
                   help="add entailed conclusions from the natural-logic engine: modifiers dropped and "
                        "HPO entities generalised to their parents, in ↑ positions")
    p.add_argument("--matcher", choices=("dict", "spacy"), default="dict",
                   help="dictionary matching: plain longest match, or spaCy's PhraseMatcher")
    p.add_argument("--ner", metavar="MODEL", help="a spaCy/scispacy NER model to find entities (if installed)")
    p.add_argument("--vocab-source", action="append", metavar="SOURCE",
                   help="packaged vocabularies: drugs (DrugBank), hpo (HPO), famplex:PATH/entities.csv")
    p.set_defaults(func=cmd_bionli)
    p = perturb.add_parser("kbin", help="KBIN: negate claims by swapping an entity for a same-type KB sibling")
    p.add_argument("input", help="claims: JSONL with id and claim (SciFact), or one claim a line")
    p.add_argument("-o", "--output", required=True, help="JSONL of negations (written atomically)")
    p.add_argument("--kb-source", action="append", metavar="SPEC", dest="kb_source",
                   help="knowledge sources: drugs, hpo, famplex:PATH, obo:PATH, umls:RRF_FOLDER (repeatable; "
                        "default: drugs, hpo and the packaged FamPlex relations)")
    p.add_argument("--teacher", help="NLI teacher for the contradiction score: monalog (the prover), a `monalog "
                                     "train` folder or any NLI model (default: none, the most fluent variant wins)")
    p.add_argument("--lm", help="a causal LM for fluency (perplexity)")
    p.add_argument("--mlm", help="a masked LM for fluency (pseudo-perplexity) or the mlm baseline")
    p.add_argument("--embeddings", default="minilm", help="sentence embedding model for concept vectors, or none")
    p.add_argument("--cui2vec", help="concept vectors in cui2vec's CSV format (used where a concept has one)")
    p.add_argument("--top-n", type=int, default=20, help="siblings kept by vector cosine (default 20)")
    p.add_argument("--baseline", choices=("random", "mlm"), help="the paper's baselines instead of KBIN")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--limit", type=int, help="only the first N claims")
    p.add_argument("--device", help="cuda or cpu for the models (default: cuda when available)")
    p.add_argument("--report", metavar="JSON", help="also write the yield/score report as JSON")
    p.set_defaults(func=cmd_kbin)

    def llm_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("--llm-base-url", help="OpenAI-compatible endpoint (or MONALOG_LLM_BASE_URL)")
        p.add_argument("--llm-model", help="chat model name (or MONALOG_LLM_MODEL); none: offline")
        p.add_argument("--llm-cache", help="folder for cached chat responses")

    p = perturb.add_parser("evonli", help="EvoNLI: evolve sentence2 toward contradicting sentence1")
    p.add_argument("input", help="JSONL {id, sentence1, sentence2}, or abstracts in the PubMed RCT format")
    p.add_argument("-o", "--output", required=True, help="JSONL of successful contradictions (written atomically)")
    p.add_argument("--teacher", default="monalog",
                   help="CLASSIFY: monalog (the prover), a `monalog train` folder or any NLI model")
    p.add_argument("--n-pop", type=int, default=4)
    p.add_argument("--n-candidates", type=int, default=5)
    p.add_argument("--max-iterations", type=int, default=4)
    p.add_argument("--t-conf", type=float, default=0.4)
    p.add_argument("--t-sim", type=float, default=0.5)
    p.add_argument("--t-claim", type=float, default=0.9)
    p.add_argument("--ablation", action="append", choices=("random", "mlm", "no-similarity", "no-claim"),
                   help="the paper's ablations (repeatable)")
    p.add_argument("--kb-source", action="append", metavar="SPEC", dest="kb_source",
                   help="also mutate entities to siblings in these knowledge sources (as kbin's)")
    p.add_argument("--embeddings", default="minilm", help="SIMSCORE model (offline)")
    p.add_argument("--lm", help="causal LM for the offline claim scorer's fluency")
    p.add_argument("--mlm", help="masked LM (claim scorer fluency, or the mlm ablation)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--limit", type=int)
    p.add_argument("--device")
    p.add_argument("--report", metavar="JSON", help="also write success rate, contradiction ratio, pass rates")
    llm_options(p)
    p.set_defaults(func=cmd_evonli)

    p = perturb.add_parser("gen-nd", help="BioNLI GEN-ND: lexically constrained conclusions from a seq2seq model")
    p.add_argument("input", help="records: JSONL {id, premise, hypothesis} with <re>/<el> markers, or BioNLI's CSV")
    p.add_argument("-o", "--output", required=True)
    p.add_argument("--model", required=True, help="a seq2seq model (folder or name) that writes conclusions")
    p.add_argument("--mode", choices=("swap", "forbid"), default="swap",
                   help="swap: require the entities in other roles (positive constraints); forbid: ban the "
                        "original regulator (negative constraints)")
    p.add_argument("--beams", type=int, default=4)
    p.add_argument("--max-new-tokens", type=int, default=48)
    p.add_argument("--delta", type=float, default=0.95, help="drop outputs at least this similar (paraphrases)")
    p.add_argument("--min-similarity", type=float, default=0.5, help="drop outputs less similar (off topic)")
    p.add_argument("--embeddings", default="minilm")
    p.add_argument("--vocab", action="append", metavar="FILE", help="typed names (.belns or name<TAB>type)")
    p.add_argument("--vocab-source", action="append", metavar="SOURCE", help="drugs, hpo, famplex:PATH")
    p.add_argument("--device")
    p.set_defaults(func=cmd_gennd)

    p = perturb.add_parser("debate", help="WHERE and WHICH: attribution-chosen words rewritten by a debate of agents")
    p.add_argument("input", help="JSONL: {id, premise, hypothesis, label} (the hypothesis is rewritten) or "
                                 "{id, text, context, label[, protected: [[start, end], ...]]}")
    p.add_argument("-o", "--output", required=True, help="JSONL of accepted rewrites with their transcripts")
    p.add_argument("--teacher", default="monalog",
                   help="WHERE's classifier: monalog, a `monalog train` folder or any NLI model")
    p.add_argument("--agents", type=int, default=3)
    p.add_argument("--top-k", type=int, default=2, help="keywords to rewrite")
    p.add_argument("--threshold", type=float, default=0.8, help="accept when the reviewers' mean score reaches it")
    p.add_argument("--max-rounds", type=int, default=3)
    p.add_argument("--embeddings", default="minilm", help="local agents' similarity model")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--device")
    llm_options(p)
    p.set_defaults(func=cmd_debate)

    p = perturb.add_parser("consistency", help="BioNLI's consistency metric over predictions on perturbations")
    p.add_argument("predictions", help="JSONL {source, label, prediction} a line")
    p.add_argument("--png", help="also draw the curve into this PNG")
    p.set_defaults(func=cmd_consistency)

    for name in ("kbin", "evonli"):
        deprecated_alias(perturb.choices[name], "--kb", "--kb-source", "kb_source", append=True, metavar="SPEC")
    deprecated_alias(perturb.choices["debate"], "--classifier", "--teacher", "teacher")


def _typer(args: argparse.Namespace):
    """Entity typing from --vocab files, --vocab-source vocabularies, and --matcher / --ner."""
    from monalog_perturb.bio.entity_typing import DictionaryTyper, NerTyper, SpacyTyper
    from monalog_perturb.bio.vocabularies import load_source

    names = DictionaryTyper.from_files(args.vocab or []).names
    for source in args.vocab_source or []:
        for name, type_ in load_source(source):
            names.setdefault(" ".join(name.lower().split()), type_)
    matcher, ner = getattr(args, "matcher", "dict"), getattr(args, "ner", None)
    typer = NerTyper(ner, names) if ner else SpacyTyper(names) if matcher == "spacy" else DictionaryTyper(names)
    log.info("typing: %s over %d names", type(typer).__name__, len(names))
    return typer


def _records(path: str) -> list:
    from monalog_perturb.bio.records import RecordError, read_records

    records = []
    for item in read_records(path):
        if isinstance(item, RecordError):
            print(f"monalog: skipped: {one_line(item)}", file=sys.stderr)
        else:
            records.append(item)
    return records


def cmd_gennd(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from monalog_perturb.backends.embeddings import Embedder
    from monalog_perturb.bio.bionli import NOT_ENTAILMENT
    from monalog_perturb.gennd import GenND

    check_output(args.output, inputs=[args.input], previous=jsonl_with("source", "premise", "hypothesis", "strategy"))
    records = _records(args.input)
    generator = GenND(args.model, _typer(args), Embedder(args.embeddings, args.device), args.mode, args.beams,
                      args.max_new_tokens, args.delta, args.min_similarity, args.device)
    rows = []
    for record in tqdm(records, desc="gen-nd", unit=" record", file=sys.stderr, disable=None):
        for c in generator(record):
            rows.append({"source": record.id, "premise": record.premise, "hypothesis": c.text, "strategy": "GEN-ND",
                         "label": NOT_ENTAILMENT, "original": c.edit.before, "edit": c.edit.provenance,
                         "scores": dict(c.scores)})
    write_atomic(args.output, "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
    print(f"records {len(records)}, generated {len(rows)} (mode {args.mode}, similarity window "
          f"[{args.min_similarity}, {args.delta}))", file=sys.stderr)
    return 0 if records else 1


def cmd_bionli(args: argparse.Namespace) -> int:
    from monalog_perturb.bio.bionli import STRATEGIES
    from monalog_perturb.bio.runner import perturb

    strategies = [s.strip() for s in args.strategies.split(",") if s.strip()]
    unknown = [s for s in strategies if s not in STRATEGIES]
    if unknown:
        print(f"monalog: error: unknown strategies {', '.join(unknown)} (choose from {', '.join(STRATEGIES)})",
              file=sys.stderr)
        return 2
    from monalog_perturb.bio.conclusions import extract, read_abstracts

    check_output(args.output, inputs=[args.input], previous=jsonl_with("source", "premise", "hypothesis", "strategy"))
    typer = _typer(args)
    if args.abstracts:
        records = []
        for record_id, abstract in read_abstracts(args.input):
            record = extract(record_id, abstract, typer)
            if record is None:
                print(f"monalog: skipped: {args.input}: abstract {record_id}: no conclusion with two typed entities",
                      file=sys.stderr)
            else:
                records.append(record)
    else:
        records = _records(args.input)
    out, stats = perturb(records, strategies, typer, seed=args.seed, per_record=args.per_record,
                         with_positives=args.with_positives, balance=args.balance)
    if args.nl_positives:
        from monalog_perturb.bio.positives import generalisations, positives
        from monalog_perturb.bio.vocabularies import hpo_parents

        out += positives(records)
        out += generalisations(records, hpo_parents, "HPO")
    write_atomic(args.output, "".join(json.dumps(p.as_json(), ensure_ascii=False) + "\n" for p in out))
    print(stats.table(strategies), file=sys.stderr)
    return 0 if records else 1


def cmd_kbin(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from monalog_perturb.backends.fluency import load_fluency
    from monalog_perturb.backends.nli import load_teacher
    from monalog_perturb.knowledge.sources import load_source, read_cui2vec
    from monalog_perturb.kbin import ConceptVectors, EntityLinker, kbin_recipe, mlm_recipe, random_recipe
    from monalog_perturb.kbin_run import Claim, read_claims, run_kbin
    from monalog_perturb.resources import data_path

    check_output(args.output, inputs=[args.input], previous=jsonl_with("source", "claim", "negation"))
    if args.report:
        check_output(args.report, inputs=[args.input, args.output], previous=json_with("claims", "negated"))
    claims = []
    for item in read_claims(args.input):
        if isinstance(item, Claim):
            claims.append(item)
        else:
            skipped(args.input, item[0], item[1])
        if args.limit and len(claims) >= args.limit:
            break
    specs = args.kb_source or ["drugs", "hpo", f"famplex:{data_path('famplex_relations.csv')}"]
    linker = EntityLinker([load_source(spec) for spec in specs])
    fluency = load_fluency(args.lm, args.mlm if args.baseline != "mlm" else None, args.device)
    teacher = load_teacher(args.teacher, args.device)
    if args.baseline == "random":
        recipe = random_recipe(linker, fluency, args.seed)
    elif args.baseline == "mlm":
        if not args.mlm:
            print("monalog: error: --baseline mlm needs --mlm MODEL (a masked LM)", file=sys.stderr)
            return 2
        recipe = mlm_recipe(linker, args.mlm, fluency, teacher)
    else:
        from monalog_perturb.backends.embeddings import Embedder

        embedder = None if args.embeddings == "none" else Embedder(args.embeddings, args.device)
        vectors = ConceptVectors(embedder, read_cui2vec(args.cui2vec) if args.cui2vec else None)
        recipe = kbin_recipe(linker, vectors, fluency, teacher, args.top_n)
    with tqdm(total=len(claims), desc="kbin", unit=" claim", file=sys.stderr, disable=None) as bar:
        rows, report = run_kbin(claims, recipe, fluency.kind, bar.update)
    write_atomic(args.output, "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
    if args.report:
        write_atomic(args.report, json.dumps({**report.as_json(), "recipe": recipe.name, "kb": specs,
                                              "fluency": fluency.kind, "teacher": args.teacher}, indent=2) + "\n")
    print(report.table(), file=sys.stderr)
    return 0 if claims else 1


def _chat_client(args: argparse.Namespace):
    """The chat backend when --llm-model / --llm-base-url (or their environment variables) are set."""
    import os

    if not (args.llm_model or os.environ.get("MONALOG_LLM_MODEL")):
        return None
    from monalog_perturb.backends.chat import ChatClient

    return ChatClient(args.llm_base_url, args.llm_model, cache_dir=args.llm_cache)


def cmd_evonli(args: argparse.Namespace) -> int:
    import random

    from tqdm import tqdm

    from monalog_perturb.backends.embeddings import Embedder
    from monalog_perturb.backends.fluency import load_fluency
    from monalog_perturb.backends.nli import load_teacher
    from monalog_perturb.evonli import (ClaimCheck, EvoNLI, EvoSettings, PairItem, SimilarityCheck, mine_pairs,
                                       offline_mutations, read_rct, run_evonli)
    from monalog_perturb.mutations import ChatReplacement, MaskedReplacement, RandomReplacement

    check_output(args.output, inputs=[args.input], previous=jsonl_with("source", "sentence1", "sentence2"))
    if args.report:
        check_output(args.report, inputs=[args.input, args.output], previous=json_with("pairs", "successes"))
    ablations = set(args.ablation or [])
    settings = EvoSettings(args.n_pop, args.n_candidates, args.max_iterations, args.t_conf, args.t_sim, args.t_claim,
                           "no-similarity" not in ablations, "no-claim" not in ablations, args.seed)
    client = _chat_client(args)
    with open_input(args.input) as handle:
        first = next((line for line in handle if line.strip()), "")
    if first.startswith("###"):
        items = mine_pairs(read_rct(args.input), random.Random(args.seed), client)
    else:
        items, bad = [], 0
        for n, row in enumerate(_jsonl_rows(args.input), 1):
            if isinstance(row, dict) and all(isinstance(row.get(k), str) and row[k].strip()
                                             for k in ("sentence1", "sentence2")):
                items.append(PairItem(str(row.get("id", n)), row["sentence1"].strip(), row["sentence2"].strip()))
            else:
                bad += 1
                skipped(args.input, n, "needs \"sentence1\" and \"sentence2\"")
    if args.limit:
        items = items[:args.limit]
    if "random" in ablations:
        mutate = RandomReplacement(random.Random(args.seed))
    elif "mlm" in ablations:
        if not args.mlm:
            print("monalog: error: the mlm ablation needs --mlm MODEL", file=sys.stderr)
            return 2
        mutate = MaskedReplacement(args.mlm, device=args.device)
    elif client is not None:
        mutate = ChatReplacement(client, args.n_candidates)
    else:
        extra = []
        if args.kb_source:
            from monalog_perturb.knowledge.sources import load_source
            from monalog_perturb.kbin import ConceptVectors, EntityLinker, SiblingReplacement

            extra.append(SiblingReplacement(EntityLinker([load_source(k) for k in args.kb_source]), ConceptVectors(), 5))
        mutate = offline_mutations(extra)
    embedder = Embedder(args.embeddings, args.device) if settings.similarity_check and not client else None
    fluency = load_fluency(args.lm, args.mlm, args.device)
    evo = EvoNLI(mutate, load_teacher(args.teacher, args.device),
                 SimilarityCheck(settings.t_sim, embedder, client), ClaimCheck(settings.t_claim, fluency, client),
                 settings)
    with tqdm(total=len(items), desc="evonli", unit=" pair", file=sys.stderr, disable=None) as bar:
        rows, report = run_evonli(items, evo, client, bar.update)
    write_atomic(args.output, "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
    if args.report:
        write_atomic(args.report, json.dumps({**report.as_json(), "teacher": args.teacher, "ablations": sorted(ablations),
                                              "mutations": mutate.name, "claim_scorer": "llm" if client else fluency.kind},
                                             indent=2) + "\n")
    print(report.table(), file=sys.stderr)
    return 0 if items else 1


def _jsonl_rows(path: str) -> Iterator[dict | None]:
    """Each non-empty line of a JSONL file as an object (None for a line that is not one)."""
    with open_input(path) as handle:
        for line in handle:
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except ValueError:
                row = None
            yield row if isinstance(row, dict) else None


def cmd_debate(args: argparse.Namespace) -> int:
    import random

    from tqdm import tqdm

    from monalog_perturb.backends.nli import load_teacher
    from monalog_perturb.debate import ChatAgent, LocalAgent, attribution, debate, keywords

    check_output(args.output, inputs=[args.input], previous=jsonl_with("source", "original", "rewrite"))
    client = _chat_client(args)
    rng = random.Random(args.seed)
    if client is not None:
        agents = [ChatAgent(f"agent-{i + 1}", client) for i in range(args.agents)]
    else:
        from monalog_perturb.backends.embeddings import Embedder

        embedder = Embedder(args.embeddings, args.device)
        agents = [LocalAgent(f"agent-{i + 1}", embedder, random.Random(f"{args.seed}:{i}")) for i in range(args.agents)]
    teacher = load_teacher(args.teacher, args.device)
    rows, seen, accepted = [], 0, 0
    items = [(n, row) for n, row in enumerate(_jsonl_rows(args.input), 1)]
    for n, row in tqdm(items, desc="debate", unit=" item", file=sys.stderr, disable=None):
        text = row.get("hypothesis", row.get("text")) if row else None
        if not isinstance(text, str) or not text.strip():
            skipped(args.input, n, "needs \"hypothesis\" or \"text\"")
            continue
        seen += 1
        context, label = str(row.get("premise", row.get("context", ""))), str(row.get("label", ""))
        words, method = attribution(teacher, text, context, label.upper() or None)
        keys = keywords(words, args.top_k, [tuple(span) for span in row.get("protected", [])], context)
        if not keys:
            continue
        result = debate(text, keys, agents, rng, context, label, args.threshold, args.max_rounds)
        if result.accepted:
            accepted += 1
            mask = [int(any(k.start == w.start for k in keys)) for w in words]
            rows.append({"source": str(row.get("id", n)), "original": text, "rewrite": result.text, "label": label,
                         "context": context, "keywords": [k.word for k in keys], "attribution_mask": mask,
                         "attribution": method, "rounds": result.rounds, "score": result.score,
                         "transcript": result.transcript})
    write_atomic(args.output, "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
    print(f"items {seen}, rewrites accepted {accepted} (threshold {args.threshold}, at most {args.max_rounds} rounds, "
          f"{len(agents)} {'chat' if client else 'local'} agents)", file=sys.stderr)
    return 0 if seen else 1


def cmd_consistency(args: argparse.Namespace) -> int:
    from monalog_perturb.bio.consistency import consistency, is_plot, plot, read_predictions

    if args.png:
        check_output(args.png, inputs=[args.predictions], previous=is_plot)
    result = consistency(read_predictions(args.predictions))
    print(result.table())
    if args.png:
        plot(result, args.png)
    return 0


