"""The labelled biomedical corpora at hand for the teacher, and the fixed split that keeps a dev set
out of its training data (`benchmarks/teacher.py` measures accuracy and calibration on it).

- ManConCorpus (Alamri & Stevenson 2016): claims answering one review question with opposite
  assertions (YS/NO) are CONTRADICTION, with the same assertion NEUTRAL; plus its labelled pairs.
  Held out: the questions of the labelled pairs sample and a fixed fifth of the others (by a hash of
  the question, whatever the seed), so no held-out claim is ever trained on.
- SciFact (Wadden et al. 2020) claims with their evidence labels: two claims citing one abstract, one
  SUPPORTed and one REFUTEd by it, are CONTRADICTION; two SUPPORTed ones NEUTRAL (a proxy: both hold,
  neither is stated by the other). Every claim in such a pair is held out.
"""
from __future__ import annotations

import hashlib
import random
import xml.etree.ElementTree as ElementTree
from collections import defaultdict
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Iterable

from monalog.errors import InputError
from monalog.inference.proof import Label
from monalog.rows import BadRow, read_tsv
from monalog_perturb.claims import Claim, read_claims

Example = tuple[str, str, Label]
MANCON_CLAIMS = "ManConCorpus_claims.xml"
MANCON_PAIRS = "mancon_sentence_pairs_sample.tsv"
DEV_FIFTH = 5           # one question in DEV_FIFTH (by hash) is held out


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


def mancon_sample(folder: str | Path) -> list[Example]:
    """The labelled pairs of the sample file (premise text_b, hypothesis text_a), when it is there."""
    sample, out = Path(folder) / MANCON_PAIRS, []
    if sample.is_file():
        for row in read_tsv(sample, required=("label", "text_a", "text_b")):
            if isinstance(row, BadRow):
                continue
            label, premise, hypothesis = (row.text("label") or "").upper(), row.text("text_b"), row.text("text_a")
            if label in Label.__members__ and premise and hypothesis:
                out.append((" ".join(premise.split()), " ".join(hypothesis.split()), Label[label]))
    return out


def mancon_pairs(folder: str | Path, per_question: int, rng: random.Random,
                 claims: Iterable[tuple[str, str, str]] | None = None, sample: bool = True) -> list[Example]:
    """Claim pairs within each question (CONTRADICTION across assertions, NEUTRAL within one), at most
    `per_question` a question, plus the labelled pairs of the sample file (`sample`). `claims`: the
    claims to pair (default: all of the folder's)."""
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
    return out + (mancon_sample(folder) if sample else [])


def _hashed_fifth(text: str) -> bool:
    return int(hashlib.sha1(text.encode()).hexdigest(), 16) % DEV_FIFTH == 0


def dev_questions(folder: str | Path, claims: Iterable[tuple[str, str, str]]) -> set[str]:
    """The held-out ManCon questions: those of the labelled sample's claims and a fixed fifth of the rest."""
    claims = list(claims)
    sampled = {text for p, h, _ in mancon_sample(folder) for text in (p, h)}
    return {q for q, _, text in claims if text in sampled} | {q for q, _, _ in claims if _hashed_fifth(q)}


@dataclass(frozen=True)
class LabelledClaim:
    claim: str
    labels: frozenset[str]          # SciFact evidence labels (SUPPORT / REFUTE), empty without evidence
    docs: tuple[str, ...]


def scifact_claims(path: str | Path) -> list[LabelledClaim]:
    """The claims of a claims file (`claims.read_claims`, the file whole) whose rows have SciFact's
    "evidence" (and "cited_doc_ids"), with their labels; other lines are left out."""
    out = []
    for claim in read_claims(path, whole=True):
        if not isinstance(claim, Claim) or not isinstance(evidence := claim.fields.get("evidence"), dict):
            continue
        labels = frozenset(str(e["label"]) for ev in evidence.values() if isinstance(ev, list)
                           for e in ev if isinstance(e, dict) and e.get("label") in ("SUPPORT", "REFUTE"))
        out.append(LabelledClaim(claim.text, labels, tuple(str(d) for d in claim.fields.get("cited_doc_ids", ()))))
    return out


def scifact_dev(path: str | Path) -> tuple[list[Example], set[str]]:
    """Labelled pairs of claims citing one abstract (see the module), and every claim citing such an
    abstract (held out of training)."""
    by_doc: dict[str, list[LabelledClaim]] = defaultdict(list)
    for claim in scifact_claims(path):
        for doc in claim.docs:
            by_doc[doc].append(claim)
    pairs: set[Example] = set()
    for doc in sorted(by_doc):
        support = sorted({c.claim for c in by_doc[doc] if c.labels == {"SUPPORT"}})
        refute = sorted({c.claim for c in by_doc[doc] if c.labels == {"REFUTE"}})
        pairs |= {(a, b, Label.CONTRADICTION) for a in support for b in refute}
        pairs |= {(a, b, Label.NEUTRAL) for a, b in combinations(support, 2)}
    return sorted(pairs), {text for p, h, _ in pairs for text in (p, h)}


def dev_set(mancon: str | None, scifact: str | None, per_question: int = 40) -> dict[str, list[Example]]:
    """The teacher's labelled biomedical dev set by source (never in its training data)."""
    out: dict[str, list[Example]] = {}
    if mancon:
        claims = mancon_claims(mancon)
        held = dev_questions(mancon, claims)
        pairs = mancon_pairs(mancon, per_question, random.Random("dev"), [c for c in claims if c[0] in held])
        out["mancon"] = sorted(set(pairs))
    if scifact:
        out["scifact"] = scifact_dev(scifact)[0]
    return out
