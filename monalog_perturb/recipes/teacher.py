"""A biomedical NLI teacher that trains offline (issue 17 item 6, issue 50 item 5): the BERT
fallback's training on SICK TRAIN, plus biomedical pairs made from data at hand, so that KBIN and
EvoNLI get a teacher with a signal on biomedical sentences (the prover relates none of them).

The biomedical pairs:
- ManConCorpus (Alamri & Stevenson 2016): claims answering the same review question with opposite
  assertions (YS/NO) are CONTRADICTION; with the same assertion, NEUTRAL (two studies' claims: neither
  states the other); and the corpus's labelled claim pairs (`teacher_corpora`).
- BioNLI's rules (Bastan et al. 2022) on claims (SciFact-style JSONL and the ManCon claims): each claim
  against its own perturbation, and each perturbed original as ENTAILMENT (BioNLI's originals), read
  against a longer premise that holds it (the claim and another one), so that neither word overlap nor
  a premise saying more reads as a contradiction: the negative and the original make a minimal pair.
  Every perturbation is CONTRADICTION, the entity swaps (SEN, SEP, SRE, SREO) as much as the
  reversed polarities (VNeg, LPR, SN). BioNLI itself treats all its perturbations alike, as negatives
  that contradict the original conclusion, and KBIN and EvoNLI read the teacher's CONTRADICTION the
  same way (a claim the original rules out); labelling the swaps NEUTRAL (before issue 50) taught the
  teacher that a swapped entity says nothing against the claim, so it scored every KBIN swap low.
The dev set of `teacher_corpora` (held-out ManCon questions, SciFact claims with their labels) is kept
out of the training pairs unless `hold_out` is off. Pairs are deduplicated and sorted by content, then
capped per source with a seeded draw, so the same files give the same pairs in any order.
"""
from __future__ import annotations

import hashlib
import json
import logging
import random
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from monalog.errors import InputError
from monalog.inference.proof import Label
from monalog_perturb.bio.conclusions import mark_entities
from monalog_perturb.bio.records import MechanismRecord, strip_markers
from monalog_perturb.claims import Claim, read_claims
from monalog_perturb.recipes.bionli import BioNLIOptions, build, make_typer
from monalog_perturb.recipes.teacher_corpora import (MANCON_CLAIMS, MANCON_PAIRS, Example, dev_questions,
                                                     mancon_claims, mancon_pairs, mancon_sample, scifact_dev)

log = logging.getLogger(__name__)

RULE_LABELS = {rule: Label.CONTRADICTION for rule in ("VNeg", "LPR", "SN", "SEN", "SEP", "SRE", "SREO")}
Progress = Callable[[int, int], None]           # (done, total) claims perturbed
__all__ = ["MANCON_CLAIMS", "MANCON_PAIRS", "RULE_LABELS", "TeacherData", "claim_texts", "mancon_claims",
           "mancon_pairs", "rule_pairs", "teacher_pairs"]


@dataclass(frozen=True)
class TeacherData:
    """Where the biomedical pairs come from and how many of each kind at most (seeded draw)."""

    mancon: str | None = None           # a folder with ManConCorpus_claims.xml (and the pairs sample)
    claims: tuple[str, ...] = ()        # JSONL files with a "claim" field, or one claim a line
    per_question: int = 400             # ManCon claim pairs at most per review question (400: all of them)
    max_per_source: int = 3000
    seed: int = 0
    hold_out: bool = True               # keep `teacher_corpora`'s dev set out


def claim_texts(path: str | Path) -> list[str]:
    """The claims of a claims file (`claims.read_claims`: SciFact JSONL or one claim a line); a bad line
    is logged with its number and skipped."""
    claims = []
    for row in read_claims(path):
        if isinstance(row, Claim):
            claims.append(row.text)
        else:
            log.warning("%s:%d: skipped: %s", path, row.line, row.reason)
    return claims


def rule_pairs(claims: Iterable[str], seed: int, progress: Progress | None = None) -> list[Example]:
    """Each claim against its BioNLI perturbations (VNeg on every claim; every rule on claims with two
    typed entities), and the claim as a hypothesis (ENTAILMENT: a minimal pair). Half of the negatives
    and every original are read against a longer premise, the claim after or before another claim
    (seeded), so that a premise saying more than the hypothesis is not taken for a contradiction."""
    typer = make_typer()
    claims = sorted(set(claims))
    records = [MechanismRecord(f"claim-{i}", claim, mark_entities(claim, typer) or claim)
               for i, claim in enumerate(claims)]
    marked = [r for r in records if "<re>" in r.hypothesis]
    unmarked = [r for r in records if "<re>" not in r.hypothesis]
    rows: list[dict] = []
    for items, options in ((marked, BioNLIOptions(seed=seed)), (unmarked, BioNLIOptions(strategies="VNeg", seed=seed))):
        generator = build(options, typer)
        generator.prepare(items)
        for record in items:
            rows += generator(record)
            if progress:
                progress(1, len(records))
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


def teacher_pairs(data: TeacherData, progress: Progress | None = None) -> tuple[list[Example], dict]:
    """The biomedical training pairs, and a description of them (counts by source and label, what was
    held out, digest); `progress` is told of each claim perturbed."""
    rng = random.Random(data.seed)
    sources: dict[str, list[Example]] = {}
    claims: list[str] = []
    held_questions: set[str] = set()
    held_claims: set[str] = set()
    if data.mancon:
        corpus = mancon_claims(data.mancon)
        if data.hold_out:
            held_questions = dev_questions(data.mancon, corpus)
            held_texts = {text for q, _, text in corpus if q in held_questions}     # a claim may answer two
            corpus = [c for c in corpus if c[0] not in held_questions and c[2] not in held_texts]
        sources["mancon"] = mancon_pairs(data.mancon, data.per_question, rng, corpus, sample=not data.hold_out)
        claims += [text for _, _, text in corpus]
    for path in data.claims:
        if not (read := claim_texts(path)):
            raise InputError(f"no claims in {path} (JSONL with a \"claim\" field, or one claim a line)", input=path)
        held = scifact_dev(path)[1] if data.hold_out else set()
        held_claims |= held
        claims += [c for c in read if c not in held]
    if claims:
        sources["bionli_rules"] = rule_pairs(claims, data.seed, progress)
    if not sources:
        raise InputError("no biomedical pairs: give --mancon FOLDER and/or --claims FILE", input="")
    out: list[Example] = []
    for name in sorted(sources):
        unique = sorted(set(sources[name]))
        sources[name] = rng.sample(unique, data.max_per_source) if len(unique) > data.max_per_source else unique
        out += sources[name]
    digest = hashlib.sha1(json.dumps([[p, h, lab.value] for p, h, lab in out]).encode()).hexdigest()
    held_out = {"mancon_questions": len(held_questions), "mancon_sample_pairs": len(mancon_sample(data.mancon))
                if data.mancon and data.hold_out else 0, "scifact_claims": len(held_claims)}
    describe = {"sources": {name: dict(sorted(Counter(lab.value for _, _, lab in pairs).items()))
                            for name, pairs in sources.items()},
                "pairs": len(out), "sha1": digest, "held_out": held_out,
                "settings": {"mancon": data.mancon, "claims": list(data.claims), "per_question": data.per_question,
                             "max_per_source": data.max_per_source, "seed": data.seed, "hold_out": data.hold_out}}
    return out, describe
