"""A biomedical NLI teacher that trains offline (issue 17 item 6): the BERT fallback's training on
SICK TRAIN, plus biomedical pairs made from data at hand, so that KBIN and EvoNLI get a teacher with
a signal on biomedical sentences (the prover relates none of them).

The biomedical pairs:
- ManConCorpus (Alamri & Stevenson 2016): claims answering the same review question with opposite
  assertions (YS/NO) are CONTRADICTION; with the same assertion, NEUTRAL (two studies' claims: neither
  states the other); and the corpus's labelled claim pairs.
- BioNLI's rules (Bastan et al. 2022) on claims (SciFact-style JSONL and the ManCon claims): each claim
  against its own perturbation. A reversed polarity (VNeg on every claim, LPR, SN on marked ones)
  is CONTRADICTION; a swapped or replaced entity (SEN, SEP, SRE, SREO) says something else, NEUTRAL;
  each perturbed original is ENTAILMENT (BioNLI's originals), read against a longer premise that
  holds it (the claim and another one), so that neither word overlap nor a premise saying more reads
  as a contradiction: the negative and the original make a minimal pair.
Pairs are deduplicated and sorted by content, then capped per source with a seeded draw, so the
same files give the same pairs in any order.
"""
from __future__ import annotations

import hashlib
import json
import logging
import random
import xml.etree.ElementTree as ElementTree
from collections import Counter, defaultdict
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Iterable

from monalog.errors import InputError
from monalog.inference.proof import Label
from monalog.rows import BadRow, read_tsv
from monalog_perturb.bio.records import MechanismRecord, strip_markers
from monalog_perturb.recipes.kbin import Claim, read_claims as claim_rows

Example = tuple[str, str, Label]
log = logging.getLogger(__name__)

RULE_LABELS = {"VNeg": Label.CONTRADICTION, "LPR": Label.CONTRADICTION, "SN": Label.CONTRADICTION,
               "SEN": Label.NEUTRAL, "SEP": Label.NEUTRAL, "SRE": Label.NEUTRAL, "SREO": Label.NEUTRAL}
MANCON_CLAIMS = "ManConCorpus_claims.xml"
MANCON_PAIRS = "mancon_sentence_pairs_sample.tsv"


@dataclass(frozen=True)
class TeacherData:
    """Where the biomedical pairs come from and how many of each kind at most (seeded draw)."""

    mancon: str | None = None           # a folder with ManConCorpus_claims.xml (and the pairs sample)
    claims: tuple[str, ...] = ()        # JSONL files with a "claim" field, or one claim a line
    per_question: int = 40              # ManCon claim pairs at most per review question
    max_per_source: int = 3000
    seed: int = 0


def mancon_claims(folder: str | Path) -> list[tuple[str, str, str]]:
    """(question, assertion YS/NO, claim text) of every ManConCorpus claim."""
    path = Path(folder) / MANCON_CLAIMS
    try:
        root = ElementTree.parse(path).getroot()
    except (OSError, ElementTree.ParseError) as exc:
        raise InputError(f"{path}: not a readable ManConCorpus claims file ({exc})", input=str(path)) from exc
    out = []
    for claim in root.iter("CLAIM"):
        text, question, assertion = " ".join((claim.text or "").split()), claim.get("QUESTION"), claim.get("ASSERTION")
        if text and question and assertion in ("YS", "NO"):
            out.append((question, assertion, text))
    if not out:
        raise InputError(f"{path}: no CLAIM with QUESTION and ASSERTION YS/NO", input=str(path))
    return out


def mancon_pairs(folder: str | Path, per_question: int, rng: random.Random,
                 claims: Iterable[tuple[str, str, str]] | None = None) -> list[Example]:
    """Claim pairs within each question (CONTRADICTION across assertions, NEUTRAL within one), at most
    `per_question` a question, plus the labelled pairs of the sample file when it is there. `claims`:
    the folder's `mancon_claims`, when the caller has read them already."""
    by_question: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for question, assertion, text in mancon_claims(folder) if claims is None else claims:
        by_question[question].append((assertion, text))
    out: list[Example] = []
    for question in sorted(by_question):
        pairs = [(a, b) for a, b in combinations(sorted(set(by_question[question])), 2) if a[1] != b[1]]
        for (x, first), (y, second) in rng.sample(pairs, min(per_question, len(pairs))):
            if rng.random() < 0.5:
                first, second = second, first
            out.append((first, second, Label.CONTRADICTION if x != y else Label.NEUTRAL))
    sample = Path(folder) / MANCON_PAIRS
    if sample.is_file():
        for row in read_tsv(sample, required=("label", "text_a", "text_b")):
            if isinstance(row, BadRow):
                continue
            label, premise, hypothesis = (row.text("label") or "").upper(), row.text("text_b"), row.text("text_a")
            if label in Label.__members__ and premise and hypothesis:
                out.append((premise, hypothesis, Label[label]))
    return out


def claim_texts(path: str | Path) -> list[str]:
    """The claims of a claims file (`kbin.read_claims`: SciFact JSONL or one claim a line); a bad line
    is logged with its number and skipped."""
    claims = []
    for row in claim_rows(path):
        if isinstance(row, Claim):
            claims.append(row.text)
        else:
            log.warning("%s:%d: skipped: %s", path, row.line, row.reason)
    return claims


def rule_pairs(claims: Iterable[str], seed: int) -> list[Example]:
    """Each claim against its BioNLI perturbations (VNeg on every claim; every rule on claims with two
    typed entities), and the claim as a hypothesis (ENTAILMENT: a minimal pair). Half of the negatives
    and every original are read against a longer premise, the claim after or before another claim
    (seeded), so that a premise saying more than the hypothesis is not taken for a contradiction."""
    from monalog_perturb.bio.conclusions import mark_entities
    from monalog_perturb.recipes.bionli import BioNLIOptions, build, make_typer

    typer = make_typer()
    claims = sorted(set(claims))
    records = [MechanismRecord(f"claim-{i}", claim, mark_entities(claim, typer) or claim)
               for i, claim in enumerate(claims)]
    marked = [r for r in records if "<re>" in r.hypothesis]
    unmarked = [r for r in records if "<re>" not in r.hypothesis]
    rows = []
    for items, options in ((marked, BioNLIOptions(seed=seed)), (unmarked, BioNLIOptions(strategies="VNeg", seed=seed))):
        generator = build(options, typer)
        generator.prepare(items)
        rows += [row for record in items for row in generator(record)]
    rng = random.Random(f"{seed}:context")
    out: list[Example] = []
    originals: set[str] = set()
    for row in rows:
        label = RULE_LABELS.get(row["provenance"].get("strategy", ""))
        if label is None:
            continue
        original = strip_markers(row["original"])
        other = rng.choice([c for c in claims if c != original] or [original])
        longer = f"{other} {original}" if rng.random() < 0.5 else f"{original} {other}"
        out.append((longer if rng.random() < 0.5 else original, strip_markers(row["text"]), label))
        if original not in originals:
            originals.add(original)
            out.append((longer, original, Label.ENTAILMENT))
    return out


def teacher_pairs(data: TeacherData) -> tuple[list[Example], dict]:
    """The biomedical training pairs, and a description of them (counts by source and label, digest)."""
    rng = random.Random(data.seed)
    sources: dict[str, list[Example]] = {}
    claims: list[str] = []
    if data.mancon:
        corpus = mancon_claims(data.mancon)
        sources["mancon"] = mancon_pairs(data.mancon, data.per_question, rng, corpus)
        claims += [text for _, _, text in corpus]
    for path in data.claims:
        if not (read := claim_texts(path)):
            raise InputError(f"no claims in {path} (JSONL with a \"claim\" field, or one claim a line)", input=path)
        claims += read
    if claims:
        sources["bionli_rules"] = rule_pairs(claims, data.seed)
    if not sources:
        raise InputError("no biomedical pairs: give --mancon FOLDER and/or --claims FILE", input="")
    out: list[Example] = []
    for name in sorted(sources):
        unique = sorted(set(sources[name]))
        sources[name] = rng.sample(unique, data.max_per_source) if len(unique) > data.max_per_source else unique
        out += sources[name]
    digest = hashlib.sha1(json.dumps([[p, h, lab.value] for p, h, lab in out]).encode()).hexdigest()
    describe = {"sources": {name: dict(sorted(Counter(lab.value for _, _, lab in pairs).items()))
                            for name, pairs in sources.items()},
                "pairs": len(out), "sha1": digest, "settings": {"mancon": data.mancon, "claims": list(data.claims),
                                                               "per_question": data.per_question,
                                                               "max_per_source": data.max_per_source,
                                                               "seed": data.seed}}
    return out, describe
