"""`monalog perturb <generator>`: the biomedical generators on the command line (flags only: each
handler in commands.py builds the recipe and runs it through monalog_perturb.runner). Registered into the `monalog`
command through the `monalog.commands` entry-point group."""
from __future__ import annotations

import argparse
import logging

from monalog.argtypes import count, deprecated_alias, device_name, finite, input_path, probability
from monalog.hybrid.options import model_options
from monalog_perturb.cli.commands import (cmd_bionli, cmd_consistency, cmd_debate, cmd_evonli, cmd_gennd,
                                          cmd_kbin, cmd_teacher)

log = logging.getLogger("monalog")


def register(sub) -> None:
    """Add `perturb` and its generators to the `monalog` sub-parsers."""
    perturb = sub.add_parser("perturb", help="make hard biomedical negatives").add_subparsers(
        dest="generator", required=True)
    _bionli_parser(perturb)
    _kbin_parser(perturb)
    _evonli_parser(perturb)
    _gennd_parser(perturb)
    _debate_parser(perturb)
    _consistency_parser(perturb)
    _teacher_parser(perturb)
    for name in ("kbin", "evonli"):
        deprecated_alias(perturb.choices[name], "--kb", "--kb-source", "kb_source", append=True, metavar="SPEC")
    deprecated_alias(perturb.choices["debate"], "--classifier", "--teacher", "teacher")


def llm_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--llm-base-url", help="OpenAI-compatible endpoint (or MONALOG_LLM_BASE_URL)")
    p.add_argument("--llm-model", help="chat model name (or MONALOG_LLM_MODEL); none: offline")
    p.add_argument("--llm-cache", help="folder for cached chat responses")


def _bionli_parser(perturb) -> None:
    p = perturb.add_parser("bionli", help="BioNLI's seven rule-based negatives for mechanism records")
    p.add_argument("input", type=input_path, help="records: JSONL {id, premise, hypothesis} or BioNLI's CSV")
    p.add_argument("-o", "--output", required=True, help="JSONL of negatives (written atomically)")
    p.add_argument("--strategies", default="SEN,SEP,SRE,SREO,VNeg,SN,LPR")
    p.add_argument("--per-record", type=count(1), default=1, help="candidates at most per strategy and record (K)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--with-positives", action="store_true", help="also write the originals as ENTAILMENT")
    p.add_argument("--balance", type=count(1), metavar="N", help="keep at most N negatives per strategy")
    p.add_argument("--vocab", action="append", metavar="FILE", type=input_path,
                   help="more typed names (before the bundled ones): OpenBEL .belns (HGNC, ChEBI, GO, MeSH, ...) or "
                        "name<TAB>type[<TAB>unambiguous] lists (repeatable)")
    p.add_argument("--abstracts", action="store_true",
                   help="INPUT holds abstracts (JSONL {id, abstract}, MEDLINE text or paragraphs): extract "
                        "conclusion records first")
    p.add_argument("--nl-positives", action="store_true",
                   help="add entailed conclusions from the natural-logic engine: ↑ adverbs, adjectives and "
                        "place/time PPs dropped (never a subject, verb, conjunct, number or entity; nothing "
                        "from a negated, hedged or doubtfully parsed conclusion), HPO entities generalised")
    p.add_argument("--nl-candidates", type=count(1), default=4, metavar="N",
                   help="with --nl-positives: candidate drops re-parsed per record (the work budget; default 4)")
    p.add_argument("--any-type-swaps", action="store_true",
                   help="SEN/SEP also swap two entities of different types, as the paper's rules do (by default "
                        "only a gene with a gene, a drug with a drug: \"depletion of vasospasm\" is no negative "
                        "a curator keeps)")
    p.add_argument("--matcher", choices=("dict", "spacy"), default="dict",
                   help="dictionary matching: plain longest match, or spaCy's PhraseMatcher")
    p.add_argument("--ner", metavar="MODEL", help="a spaCy/scispacy NER model to find entities (if installed)")
    p.add_argument("--vocab-source", action="append", metavar="SOURCE",
                   help="bundled vocabularies (repeatable; default: all of famplex, drugs and hpo; 'none': only "
                        "--vocab): famplex[:PATH] (FamPlex), drugs (DrugBank), hpo (HPO)")
    p.add_argument("--report", metavar="JSON",
                   help="also write the per-strategy counts, why each strategy did not apply, and why inputs "
                        "gave no record, as JSON")
    p.set_defaults(func=cmd_bionli)


def _kbin_parser(perturb) -> None:
    p = perturb.add_parser("kbin", help="KBIN: negate claims by swapping an entity for a same-type KB sibling")
    p.add_argument("input", type=input_path, help="claims: JSONL with id and claim (SciFact), or one claim a line")
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
    p.add_argument("--top-n", type=count(1), default=20, help="siblings kept by vector cosine (default 20)")
    p.add_argument("--baseline", choices=("random", "mlm"), help="the paper's baselines instead of KBIN")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--limit", type=count(1), help="only the first N claims")
    p.add_argument("--device", type=device_name, help="cuda or cpu for the models (default: cuda when available)")
    p.add_argument("--report", metavar="JSON", help="also write the yield/score report as JSON")
    p.set_defaults(func=cmd_kbin)


def _evonli_parser(perturb) -> None:
    p = perturb.add_parser("evonli", help="EvoNLI: evolve sentence2 toward contradicting sentence1")
    p.add_argument("input", type=input_path,
                   help="JSONL {id, sentence1, sentence2}, or abstracts in the PubMed RCT format")
    p.add_argument("-o", "--output", required=True, help="JSONL of successful contradictions (written atomically)")
    p.add_argument("--teacher", default="monalog",
                   help="CLASSIFY: monalog (the prover), a `monalog train` folder or any NLI model")
    p.add_argument("--n-pop", type=count(1), default=4)
    p.add_argument("--n-candidates", type=count(1), default=5)
    p.add_argument("--max-iterations", type=count(1), default=4)
    p.add_argument("--t-conf", type=probability, default=0.4)
    p.add_argument("--t-sim", type=probability, default=0.5)
    p.add_argument("--t-claim", type=probability, default=0.9)
    p.add_argument("--ablation", action="append",
                   choices=("random", "mlm", "no-similarity", "no-claim", "no-rule-check", "no-skip"),
                   help="the paper's ablations (repeatable); no-rule-check: the teacher alone admits a child; "
                        "no-skip: mutate pairs the teacher already reads as CONTRADICTION too")
    p.add_argument("--kb-source", action="append", metavar="SPEC", dest="kb_source",
                   help="also mutate entities to siblings in these knowledge sources (as kbin's)")
    p.add_argument("--embeddings", default="minilm", help="SIMSCORE model (offline)")
    p.add_argument("--lm", help="causal LM for the offline claim scorer's fluency")
    p.add_argument("--mlm", help="masked LM (claim scorer fluency, or the mlm ablation)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--limit", type=count(1))
    p.add_argument("--device", type=device_name)
    p.add_argument("--report", metavar="JSON", help="also write success rate, contradiction ratio, pass rates")
    llm_options(p)
    p.set_defaults(func=cmd_evonli)


def _gennd_parser(perturb) -> None:
    p = perturb.add_parser("gen-nd", help="BioNLI GEN-ND: lexically constrained conclusions from a seq2seq model")
    p.add_argument("input", type=input_path,
                   help="records: JSONL {id, premise, hypothesis} with <re>/<el> markers, or BioNLI's CSV")
    p.add_argument("-o", "--output", required=True)
    p.add_argument("--model", required=True, help="a seq2seq model (folder or name) that writes conclusions")
    p.add_argument("--mode", choices=("swap", "forbid"), default="swap",
                   help="swap: require the entities in other roles (positive constraints); forbid: ban the "
                        "original regulator (negative constraints)")
    p.add_argument("--beams", type=count(1), default=4)
    p.add_argument("--max-new-tokens", type=count(1), default=48)
    p.add_argument("--delta", type=finite, default=0.95, help="drop outputs at least this similar (paraphrases)")
    p.add_argument("--min-similarity", type=finite, default=0.5, help="drop outputs less similar (off topic)")
    p.add_argument("--embeddings", default="minilm")
    p.add_argument("--vocab", action="append", metavar="FILE", type=input_path,
                   help="typed names (.belns or name<TAB>type)")
    p.add_argument("--vocab-source", action="append", metavar="SOURCE", help="drugs, hpo, famplex:PATH")
    p.add_argument("--device", type=device_name)
    p.set_defaults(func=cmd_gennd)


def _debate_parser(perturb) -> None:
    p = perturb.add_parser("debate", help="WHERE and WHICH: attribution-chosen words rewritten by a debate of agents")
    p.add_argument("input", type=input_path,
                   help="JSONL: {id, premise, hypothesis, label} (the hypothesis is rewritten) or "
                                 "{id, text, context, label[, protected: [[start, end], ...]]}")
    p.add_argument("-o", "--output", required=True, help="JSONL of accepted rewrites with their transcripts")
    p.add_argument("--teacher", default="monalog",
                   help="WHERE's classifier: monalog, a `monalog train` folder or any NLI model")
    p.add_argument("--agents", type=count(1), default=3)
    p.add_argument("--top-k", type=count(1), default=2, help="keywords to rewrite")
    p.add_argument("--threshold", type=probability, default=0.8,
                   help="accept when the reviewers' mean score reaches it")
    p.add_argument("--max-rounds", type=count(1), default=3)
    p.add_argument("--embeddings", default="minilm", help="local agents' similarity model")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--device", type=device_name)
    llm_options(p)
    p.set_defaults(func=cmd_debate)


def _consistency_parser(perturb) -> None:
    p = perturb.add_parser("consistency", help="BioNLI's consistency metric over predictions on perturbations")
    p.add_argument("predictions", type=input_path, help="JSONL {source, label, prediction} a line")
    p.add_argument("--png", help="also draw the curve into this PNG")
    p.set_defaults(func=cmd_consistency)


def _teacher_parser(perturb) -> None:
    p = perturb.add_parser("teacher", help="train a biomedical NLI teacher offline (for kbin/evonli --teacher)")
    p.add_argument("--train", required=True, help="SICK tsv (its TRAIN rows; a fixed 10%% of them select the model)")
    p.add_argument("--mancon", metavar="FOLDER",
                   help="ManConCorpus folder: ManConCorpus_claims.xml (+ mancon_sentence_pairs_sample.tsv)")
    p.add_argument("--claims", action="append", metavar="FILE",
                   help="claims for BioNLI rule pairs: JSONL with a claim field (SciFact) or one a line (repeatable)")
    p.add_argument("--per-question", type=count(1), default=400,
                   help="ManCon claim pairs at most per question (default: all of them; 40 read ManCon worse)")
    p.add_argument("--max-per-source", type=count(1), default=3000, help="biomedical pairs at most per source")
    p.add_argument("--labels", choices=("original", "corrected"), default="corrected")
    p.add_argument("--no-hold-out", dest="hold_out", action="store_false",
                   help="train on the dev set too (held-out ManCon questions and labelled SciFact claims)")
    p.add_argument("--calibrate", action="store_true",
                   help="fit a temperature on a held-out tenth of the biomedical pairs and scale every prediction "
                        "by it (off by default: on the dev set of other topics it raised the ECE, 0.171 -> 0.207)")
    model_options(p)
    p.set_defaults(func=cmd_teacher, epochs=1.0, group_by_length=True)
