"""The `monalog` command line. Results go to stdout; progress, logs and errors to stderr."""
from __future__ import annotations

import argparse
import json
import logging
import sys
from typing import Iterable, Iterator, Sequence

from monalog.errors import MonalogError
from monalog.fileio import check_output, json_with, jsonl_with, open_input, write_atomic

log = logging.getLogger("monalog")


def _sentences(args: Sequence[str]) -> Iterator[str]:
    """The sentences given on the command line, or one a line from stdin for '-'."""
    if list(args) == ["-"]:
        for line in sys.stdin:
            yield line.rstrip("\n")
    else:
        yield from args


def _chunks(items: Iterable[str], size: int) -> Iterator[list[str]]:
    chunk: list[str] = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _progress(desc: str):
    from tqdm import tqdm

    return tqdm(desc=desc, unit=" sent", file=sys.stderr, disable=None, leave=False)


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())


def _run_batches(args: argparse.Namespace, desc: str, process, render) -> int:
    """Feed sentences to `process` in batches; print `render(sentence, result)` for successes and an
    error line (JSON with --format json, else on stderr) for failures. Non-zero only if all failed."""
    ok = failed = 0
    with _progress(desc) as bar:
        for chunk in _chunks(_sentences(args.sentences), args.batch_size):
            for sentence, result in zip(chunk, process(chunk)):
                if isinstance(result, MonalogError):
                    failed += 1
                    if args.format == "json":
                        print(json.dumps({"sentence": sentence, "error": _one_line(result)}, ensure_ascii=False))
                    else:
                        print(f"monalog: error: {sentence!r}: {_one_line(result)}", file=sys.stderr)
                else:
                    ok += 1
                    print(render(result))
            sys.stdout.flush()
            bar.update(len(chunk))
    if ok + failed == 0:
        print("monalog: error: no input sentences", file=sys.stderr)
        return 2
    return 1 if ok == 0 else 0


def _token_json(leaf) -> dict:
    return {"word": leaf.token.word, "lemma": leaf.token.lemma, "pos": leaf.token.pos,
            "category": str(leaf.category)}


def cmd_parse(args: argparse.Namespace) -> int:
    from monalog.ccg.io import write_auto
    from monalog.ccg.render import derivation
    from monalog.parsing.parser import get_parser

    def render(result) -> str:
        if args.format == "auto":
            return write_auto(result.tree)
        if args.format == "deriv":
            return f"# {result.sentence}\n{derivation(result.tree)}\n"
        return json.dumps({"sentence": result.sentence, "tokens": [_token_json(leaf) for leaf in result.leaves],
                           "tree": write_auto(result.tree)}, ensure_ascii=False)

    return _run_batches(args, "parsing", get_parser(args.backend, args.model).parse_batch, render)


def cmd_polarize(args: argparse.Namespace) -> int:
    from monalog.parsing.parser import get_parser
    from monalog.polarity.polarizer import Polarizer, polarize_batch
    from monalog.polarity.render import polarized_json

    parser, polarizer = get_parser(args.backend, args.model), Polarizer()

    def process(chunk: list[str]):
        return polarize_batch(chunk, parser, polarizer, normalize=args.normalize)

    def render(result) -> str:
        return result.arrows() if args.format == "arrows" else json.dumps(polarized_json(result), ensure_ascii=False)

    return _run_batches(args, "polarizing", process, render)


def _prover_settings(args: argparse.Namespace, **extra):
    from monalog.inference.prover import ProverSettings

    return ProverSettings(depth=args.depth, normalize=not args.no_normalize, exclusions=args.exclusions,
                          kb_files=tuple(args.kb or ()), **extra)


def cmd_prove(args: argparse.Namespace) -> int:
    from monalog.inference.prover import Prover
    from monalog.inference.render import proof_dot, proof_json, proof_text

    prover = Prover(_prover_settings(args, keep_search_tree=args.trace == "dot"))
    proof = prover.prove(args.premise, args.hypothesis)
    print(proof.label.value)
    if args.trace == "json":
        print(json.dumps(proof_json(proof), ensure_ascii=False, indent=2))
    elif args.trace == "dot":
        print(proof_dot(proof))
    else:
        print(proof_text(proof))
    return 0


def _read_pairs(path: str, fmt: str, labels: str, need_label: bool, limit: int | None = None):
    """The usable pairs of a file and its bad rows, each bad row reported on stderr."""
    from monalog.eval.datasets import BadRow, read_pairs

    pairs, bad = [], []
    for item in read_pairs(path, fmt, labels):
        if isinstance(item, BadRow):
            bad.append(item)
        elif need_label and item.label is None:
            bad.append(BadRow(item.line, "no gold label"))
        else:
            pairs.append(item)
        if limit and len(pairs) >= limit:
            break
    for row in bad:
        print(f"monalog: {path}:{row.line}: skipped: {row.reason}", file=sys.stderr)
    return pairs, bad


def _classify(args: argparse.Namespace, pairs) -> list:
    """Hybrid decisions (symbolic only without --hybrid), with a progress bar over the proving."""
    from tqdm import tqdm

    from monalog.hybrid.classifier import HybridClassifier

    fallback = None
    if args.hybrid:
        from monalog.hybrid.fallback import Fallback

        fallback = Fallback(args.hybrid, device=args.device)
    classifier = HybridClassifier(fallback, _prover_settings(args), args.threshold, args.workers)
    with tqdm(total=len(pairs), desc="proving", unit=" pair", file=sys.stderr, disable=None) as bar:
        return classifier.classify([(p.premise, p.hypothesis) for p in pairs], on_chunk=bar.update)


def cmd_eval(args: argparse.Namespace) -> int:
    import time
    from collections import Counter

    from monalog.eval.metrics import evaluate

    if args.json:
        check_output(args.json, inputs=[args.file], previous=json_with("n", "accuracy", "confusion"))
    pairs, bad = _read_pairs(args.file, args.format, args.labels, True, args.limit)
    if not pairs:
        print(f"monalog: error: no usable pairs in {args.file}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    decisions = _classify(args, pairs)
    seconds = time.perf_counter() - start
    errors = [(p, d) for p, d in zip(pairs, decisions) if d.error]
    for pair, decision in errors:
        log.warning("%s:%d: %s", args.file, pair.line, decision.error)
    report = evaluate([p.label for p in pairs], [d.label for d in decisions], len(errors), seconds,
                      two_way=args.format == "med")
    print(report.table())
    components = Counter(d.component.value for d in decisions)
    if args.hybrid:
        print(f"\ndecided by: {', '.join(f'{name} {count}' for name, count in sorted(components.items()))}")
    if args.json:
        data = report.as_json()
        data["skipped_rows"] = [{"line": b.line, "reason": b.reason} for b in bad]
        if args.hybrid:
            data["components"] = dict(components)
            data["hybrid"] = {"model": args.hybrid, "threshold": args.threshold}
        write_atomic(args.json, json.dumps(data, indent=2) + "\n")
    return 0


def cmd_classify(args: argparse.Namespace) -> int:
    if args.output:
        check_output(args.output, inputs=[args.input], previous=jsonl_with("label", "component", "confidence"))
    pairs, _ = _read_pairs(args.input, args.format, args.labels, False)
    if not pairs:
        print(f"monalog: error: no usable pairs in {args.input}", file=sys.stderr)
        return 2
    lines = []
    for pair, d in zip(pairs, _classify(args, pairs)):
        row = {"id": pair.id, "premise": pair.premise, "hypothesis": pair.hypothesis, "label": d.label.value,
               "component": d.component.value, "confidence": round(d.confidence, 6),
               "symbolic": d.symbolic.value if d.symbolic else None,
               "fallback": {k: round(v, 6) for k, v in d.fallback.probabilities.items()} if d.fallback else None}
        if d.error:
            row["error"] = d.error
        if pair.label is not None:
            row["gold"] = pair.label.value
        lines.append(json.dumps(row, ensure_ascii=False) + "\n")
    if args.output:
        write_atomic(args.output, "".join(lines))
    else:
        sys.stdout.writelines(lines)
    return 0


def cmd_train(args: argparse.Namespace) -> int:
    import random

    from tqdm import tqdm

    from monalog.hybrid.fallback import FallbackSettings, is_model_folder, train
    from monalog.inference.proof import Label

    check_output(args.output, inputs=[args.train, *(args.augment or [])], previous=is_model_folder, folder=True)
    sick, _ = _read_pairs(args.train, "auto", args.labels, True)
    if any(p.split for p in sick):
        sick = [p for p in sick if p.split == "TRAIN"]          # TRIAL (and TEST) rows are for evaluation
    extra = []
    for path in args.augment or []:
        rows, _ = _read_pairs(path, "jsonl", args.labels, True)
        extra += [(p.premise, p.hypothesis, p.label) for p in rows]
    if args.fraction < 1.0:
        rng = random.Random(args.seed)
        extra = [e for e in extra if rng.random() < args.fraction]
    if not sick:
        print(f"monalog: error: no TRAIN pairs with labels in {args.train}", file=sys.stderr)
        return 2
    settings = FallbackSettings(model=args.model, epochs=args.epochs, max_steps=args.max_steps,
                                learning_rate=args.lr, batch_size=args.batch_size, seed=args.seed,
                                max_length=args.max_length, device=args.device)
    with tqdm(desc="training", unit=" step", file=sys.stderr, disable=None) as bar:
        def progress(step: int, loss: float) -> None:
            bar.update(1)
            bar.set_postfix(loss=f"{loss:.3f}", refresh=False)
        meta = train([(p.premise, p.hypothesis, p.label) for p in sick if p.label in Label], args.output,
                     settings, extra, progress)
    print(json.dumps({k: meta[k] for k in ("dev_accuracy", "train_pairs", "extra_pairs", "dev_pairs", "steps",
                                           "seconds", "examples_per_second", "device")}))
    return 0


def cmd_augment(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from monalog.augment.generate import AugmentSettings
    from monalog.augment.runner import augment_file

    if not 0 < args.fraction <= 1:
        print("monalog: error: --fraction must be in (0, 1]", file=sys.stderr)
        return 2
    settings = AugmentSettings(depth=args.depth, contradictions=not args.no_contradictions,
                               normalize=not args.no_normalize, verify=not args.no_verify, max_pairs=args.max_pairs)

    def skipped(item) -> None:
        print(f"monalog: {args.file}:{item.line}: skipped: {item.reason}", file=sys.stderr)

    with tqdm(desc="augmenting", unit=" premise", file=sys.stderr, disable=None) as bar:
        report = augment_file(args.file, args.output, settings, fraction=args.fraction, seed=args.seed,
                              workers=args.workers, engine=args.engine, batch_size=args.batch_size,
                              address=args.ray_address, sick_set=args.sick_set, progress=bar, on_skip=skipped,
                              limit=args.limit)
    for source, reason in report.failed:
        print(f"monalog: premise {source} skipped: {reason}", file=sys.stderr)
    print(report.table(), file=sys.stderr)
    return 1 if report.premises and len(report.failed) == report.premises else 0


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
            print(f"monalog: skipped: {_one_line(item)}", file=sys.stderr)
        else:
            records.append(item)
    return records


def cmd_perturb_gennd(args: argparse.Namespace) -> int:
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


def cmd_perturb_bionli(args: argparse.Namespace) -> int:
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


def cmd_perturb_kbin(args: argparse.Namespace) -> int:
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
            print(f"monalog: {args.input}:{item[0]}: skipped: {item[1]}", file=sys.stderr)
        if args.limit and len(claims) >= args.limit:
            break
    specs = args.kb or ["drugs", "hpo", f"famplex:{data_path('famplex_relations.csv')}"]
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


def cmd_perturb_evonli(args: argparse.Namespace) -> int:
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
                print(f"monalog: {args.input}:{n}: skipped: needs \"sentence1\" and \"sentence2\"", file=sys.stderr)
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
        if args.kb:
            from monalog_perturb.knowledge.sources import load_source
            from monalog_perturb.kbin import ConceptVectors, EntityLinker, SiblingReplacement

            extra.append(SiblingReplacement(EntityLinker([load_source(k) for k in args.kb]), ConceptVectors(), 5))
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


def cmd_perturb_debate(args: argparse.Namespace) -> int:
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
    teacher = load_teacher(args.classifier, args.device)
    rows, seen, accepted = [], 0, 0
    items = [(n, row) for n, row in enumerate(_jsonl_rows(args.input), 1)]
    for n, row in tqdm(items, desc="debate", unit=" item", file=sys.stderr, disable=None):
        text = row.get("hypothesis", row.get("text")) if row else None
        if not isinstance(text, str) or not text.strip():
            print(f"monalog: {args.input}:{n}: skipped: needs \"hypothesis\" or \"text\"", file=sys.stderr)
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


def cmd_perturb_consistency(args: argparse.Namespace) -> int:
    from monalog_perturb.bio.consistency import consistency, is_plot, plot, read_predictions

    if args.png:
        check_output(args.png, inputs=[args.predictions], previous=is_plot)
    result = consistency(read_predictions(args.predictions))
    print(result.table())
    if args.png:
        plot(result, args.png)
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    """The main job on the bundled examples: prove SICK-style pairs and print their proofs."""
    import csv
    import io
    from importlib import resources

    from monalog.inference.prover import Prover
    from monalog.inference.render import proof_text

    text = resources.files("monalog").joinpath("data/demo_pairs.tsv").read_text(encoding="utf-8")
    pairs = [(row["premise"], row["hypothesis"]) for row in csv.DictReader(io.StringIO(text), delimiter="\t")]
    for result in Prover().prove_batch(pairs):
        if isinstance(result, MonalogError):
            print(f"monalog: error: {_one_line(result)}", file=sys.stderr)
            continue
        print(result.label.value)
        print(proof_text(result))
        print()
    return 0


def cmd_train_tagger(args: argparse.Namespace) -> int:
    from monalog.parsing.tagger import is_tagger_file
    from monalog.parsing.training import TrainSettings, train_from_file

    check_output(args.output, inputs=[args.data], previous=is_tagger_file)

    def on_epoch(epoch: int, loss: float) -> None:
        log.info("epoch %d/%d loss %.4f", epoch, args.epochs, loss)

    meta = train_from_file(args.data, args.output,
                           TrainSettings(epochs=args.epochs, seed=args.seed),
                           holdout=args.holdout, device=args.device, on_epoch=on_epoch)
    print(json.dumps(meta))
    return 0


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="monalog", description=__doc__)
    ap.add_argument("-v", "--verbose", action="store_true", help="log progress details to stderr")
    sub = ap.add_subparsers(dest="command", required=True)

    p = sub.add_parser("parse", help="parse sentences into CCG derivations")
    p.add_argument("sentences", nargs="+", metavar="SENTENCE", help="sentences, or - to read one a line from stdin")
    p.add_argument("--format", choices=("auto", "deriv", "json"), default="auto")
    p.add_argument("--backend", choices=("monalog", "depccg"), default="monalog",
                   help="monalog: the shipped tagger; depccg: depccg's pretrained model if installed")
    p.add_argument("--model", help="tagger file (monalog backend) or depccg model variant/dir")
    p.add_argument("--batch-size", type=int, default=512)
    p.set_defaults(func=cmd_parse)

    p = sub.add_parser("polarize", help="mark every word and constituent with its polarity (↑ ↓ =)")
    p.add_argument("sentences", nargs="+", metavar="SENTENCE", help="sentences, or - to read one a line from stdin")
    p.add_argument("--format", choices=("arrows", "json"), default="arrows")
    p.add_argument("--normalize", action="store_true",
                   help="apply the syntactic normalisation rules first and print the rewritten sentence")
    p.add_argument("--backend", choices=("monalog", "depccg"), default="monalog")
    p.add_argument("--model", help="tagger file (monalog backend) or depccg model variant/dir")
    p.add_argument("--batch-size", type=int, default=512)
    p.set_defaults(func=cmd_polarize)

    def prover_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("--depth", type=int, default=2, help="most edits in a proof (default 2)")
        p.add_argument("--kb", action="append", metavar="FILE", help="extra facts in the KB language (repeatable)")
        p.add_argument("--exclusions", action="store_true",
                       help="also use kb/exclusions.kb (man | woman, ...) and WordNet antonyms")
        p.add_argument("--no-normalize", action="store_true", help="skip the syntactic normalisation rules")

    p = sub.add_parser("prove", help="prove one premise/hypothesis pair and show the proof")
    p.add_argument("premise")
    p.add_argument("hypothesis")
    p.add_argument("--trace", choices=("text", "json", "dot"), default="text")
    prover_options(p)
    p.set_defaults(func=cmd_prove)

    def hybrid_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("--labels", choices=("original", "corrected"), default="corrected",
                       help="SICK: entailment_label (original) or label_current_paper (corrected)")
        p.add_argument("--workers", type=int, default=1, help="worker processes for the prover")
        p.add_argument("--hybrid", metavar="MODEL_DIR",
                       help="a fallback classifier (a `monalog train` folder or any NLI model) for the pairs the "
                            "engine leaves NEUTRAL or cannot handle")
        p.add_argument("--threshold", type=float, default=None,
                       help="fallback E/C predictions below this probability become NEUTRAL (the paper: 0.95)")
        p.add_argument("--device", help="cuda or cpu for the fallback (default: cuda when available)")
        prover_options(p)

    p = sub.add_parser("eval", help="prove every pair of a file and score against its gold labels")
    p.add_argument("file")
    p.add_argument("--format", choices=("sick", "med", "jsonl", "tsv", "auto"), default="sick")
    p.add_argument("--limit", type=int, help="only the first N pairs")
    p.add_argument("--json", metavar="OUT", help="write the metrics as JSON")
    hybrid_options(p)
    p.set_defaults(func=cmd_eval)

    p = sub.add_parser("classify", help="label pairs (symbolic engine, with --hybrid the fallback for the rest)")
    p.add_argument("input", help="JSONL {premise, hypothesis[, id]} or a tsv (SICK, MED, or premise/hypothesis)")
    p.add_argument("-o", "--output", help="JSONL predictions (default: stdout)")
    p.add_argument("--format", choices=("sick", "med", "jsonl", "tsv", "auto"), default="auto")
    hybrid_options(p)
    p.set_defaults(func=cmd_classify)

    p = sub.add_parser("train", help="fine-tune the fallback classifier on SICK TRAIN rows (+ generated pairs)")
    p.add_argument("--train", required=True, help="SICK tsv (its TRAIN rows; a fixed 10%% of them select the model)")
    p.add_argument("--augment", action="append", metavar="JSONL", help="generated pairs (monalog augment output)")
    p.add_argument("--fraction", type=float, default=1.0, help="use this share of the generated pairs")
    p.add_argument("--labels", choices=("original", "corrected"), default="corrected")
    p.add_argument("--model", default="minilm",
                   help="base model: minilm (packaged MiniLM-L6) or any transformers name or folder")
    p.add_argument("-o", "--output", required=True, help="folder for model, tokenizer, label map, dev metrics")
    p.add_argument("--epochs", type=float, default=3.0)
    p.add_argument("--max-steps", type=int, help="stop after this many steps (overrides --epochs)")
    p.add_argument("--lr", type=float, default=1e-4,
                   help="learning rate (default 1e-4, tuned for the packaged MiniLM; 2e-5 to 5e-5 for BERT-base)")
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--max-length", type=int, default=128)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--device", help="cuda or cpu (default: cuda when available, with mixed precision)")
    p.set_defaults(func=cmd_train)

    p = sub.add_parser("augment", help="generate labelled entailments and contradictions from premises")
    p.add_argument("file", help="one premise a line, a SICK tsv (sentence_A), or JSONL with \"premise\"")
    p.add_argument("-o", "--output", required=True,
                   help="JSONL of pairs; rerunning with the same output resumes (OUT.progress beside it)")
    p.add_argument("--depth", type=int, default=2, help="most edits from the premise (default 2)")
    p.add_argument("--workers", type=int, default=1, help="worker processes (or Ray actors)")
    p.add_argument("--engine", choices=("local", "ray"), default="local")
    p.add_argument("--ray-address", help="a Ray cluster to run on (default: a local Ray instance)")
    p.add_argument("--fraction", type=float, default=1.0, help="keep this share of each premise's pairs")
    p.add_argument("--seed", type=int, default=0, help="seed of the --fraction sample")
    p.add_argument("--sick-set", help="SICK input: only premises of this SemEval_set (TRAIN, TRIAL)")
    p.add_argument("--limit", type=int, help="only the first N premises")
    p.add_argument("--batch-size", type=int, default=32, help="premises per batch (the unit of resuming)")
    p.add_argument("--max-pairs", type=int, default=200, help="pairs at most per premise")
    p.add_argument("--no-contradictions", action="store_true")
    p.add_argument("--no-verify", action="store_true",
                   help="skip re-proving each pair (faster; a pair whose words read differently may then slip in)")
    p.add_argument("--no-normalize", action="store_true", help="skip the syntactic normalisation rules")
    p.set_defaults(func=cmd_augment)

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
    p.set_defaults(func=cmd_perturb_bionli)
    p = perturb.add_parser("kbin", help="KBIN: negate claims by swapping an entity for a same-type KB sibling")
    p.add_argument("input", help="claims: JSONL with id and claim (SciFact), or one claim a line")
    p.add_argument("-o", "--output", required=True, help="JSONL of negations (written atomically)")
    p.add_argument("--kb", action="append", metavar="SOURCE",
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
    p.set_defaults(func=cmd_perturb_kbin)

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
    p.add_argument("--kb", action="append", metavar="SOURCE", help="also mutate entities to KB siblings")
    p.add_argument("--embeddings", default="minilm", help="SIMSCORE model (offline)")
    p.add_argument("--lm", help="causal LM for the offline claim scorer's fluency")
    p.add_argument("--mlm", help="masked LM (claim scorer fluency, or the mlm ablation)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--limit", type=int)
    p.add_argument("--device")
    p.add_argument("--report", metavar="JSON", help="also write success rate, contradiction ratio, pass rates")
    llm_options(p)
    p.set_defaults(func=cmd_perturb_evonli)

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
    p.set_defaults(func=cmd_perturb_gennd)

    p = perturb.add_parser("debate", help="WHERE and WHICH: attribution-chosen words rewritten by a debate of agents")
    p.add_argument("input", help="JSONL: {id, premise, hypothesis, label} (the hypothesis is rewritten) or "
                                 "{id, text, context, label[, protected: [[start, end], ...]]}")
    p.add_argument("-o", "--output", required=True, help="JSONL of accepted rewrites with their transcripts")
    p.add_argument("--classifier", default="monalog",
                   help="WHERE's classifier: monalog, a `monalog train` folder or any NLI model")
    p.add_argument("--agents", type=int, default=3)
    p.add_argument("--top-k", type=int, default=2, help="keywords to rewrite")
    p.add_argument("--threshold", type=float, default=0.8, help="accept when the reviewers' mean score reaches it")
    p.add_argument("--max-rounds", type=int, default=3)
    p.add_argument("--embeddings", default="minilm", help="local agents' similarity model")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--device")
    llm_options(p)
    p.set_defaults(func=cmd_perturb_debate)

    p = perturb.add_parser("consistency", help="BioNLI's consistency metric over predictions on perturbations")
    p.add_argument("predictions", help="JSONL {source, label, prediction} a line")
    p.add_argument("--png", help="also draw the curve into this PNG")
    p.set_defaults(func=cmd_perturb_consistency)

    p = sub.add_parser("demo", help="prove the bundled example pairs and print their proofs")
    p.set_defaults(func=cmd_demo)

    p = sub.add_parser("train-tagger", help="train the supertagger on silver derivations")
    p.add_argument("--data", required=True, help="derivations in brace or AUTO format, ID= lines between")
    p.add_argument("-o", "--output", required=True, help="where to write the model (.pt)")
    p.add_argument("--epochs", type=int, default=30)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--holdout", type=float, default=0.1, help="fraction held out for evaluation")
    p.add_argument("--device", help="cuda or cpu (default: cuda when available)")
    p.set_defaults(func=cmd_train_tagger)
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    try:
        return args.func(args)
    except MonalogError as exc:
        print(f"monalog: error: {_one_line(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("monalog: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
