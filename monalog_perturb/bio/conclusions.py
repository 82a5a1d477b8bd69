"""Conclusion extraction (BioNLI section 3.1): the last sentence of an abstract that opens with a
conclusion phrase (kb/bionli_conclusion_phrases.txt), or opens the conclusion section of a structured
abstract ("CONCLUSIONS: ..."), is the hypothesis, the sentences before it the premise; the first two
typed entities of the conclusion are marked as regulator and regulated. Sentences are split by
`bio.sentences` (sentence ends, "###" markers, line breaks, headings: a conclusion never swallows the
next sentence)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Iterator

from monalog.errors import InputError
from monalog.rows import BadRow, read_jsonl, whole_lines
from monalog_perturb.bio.records import MechanismRecord
from monalog_perturb.bio.sentences import Sentence, is_conclusion_section, segment
from monalog_perturb.bio.surface import cased
from monalog_perturb.bio.swaps import generic_class, in_longer_term
from monalog_perturb.bio.entity_typing import DictionaryTyper
from monalog_perturb.resources import data_path

_LEAD = re.compile(r"^(?:thus|overall|therefore|hence|finally)\s*,?\s*", re.IGNORECASE)


@lru_cache(maxsize=1)
def conclusion_phrases() -> tuple[str, ...]:
    lines = data_path("bionli_conclusion_phrases.txt").read_text(encoding="utf-8").splitlines()
    phrases = [line.strip().lower() for line in lines if line.strip() and not line.startswith("#")]
    return tuple(sorted(phrases, key=len, reverse=True))


def conclusion_of(sentence: str) -> str | None:
    """The claim of a conclusion sentence without its opening phrase, or None if it is not one."""
    body = _LEAD.sub("", sentence)
    low = body.lower()
    for phrase in conclusion_phrases():
        if low.startswith(phrase):
            claim = body[len(phrase):].lstrip(" ,:")
            return cased(claim, at_start=True) if claim else None
    return None


def _distinct_mentions(claim: str, typer: DictionaryTyper) -> list:
    out: list = []
    for mention in typer.mentions(claim):
        if in_longer_term(claim, mention.start, mention.end):
            continue                                        # "Retinoic acid receptor"-related orphan receptor
        if "/" in mention.text:
            continue                                        # "insulin/insulin-like growth factor": two names
        if generic_class(mention.text):
            continue                                        # "cytokine receptor": a class, no entity
        if all(mention.key != m.key for m in out):          # an acronym names its long form
            out.append(mention)
    return out


def mark_entities(claim: str, typer: DictionaryTyper) -> str | None:
    """The claim with its first two distinct typed entities marked, or None when there are not two."""
    mentions = _distinct_mentions(claim, typer)
    if len(mentions) < 2:
        return None
    first, second = mentions[:2]
    return (claim[:first.start] + f"<re> {first.text} <er>" + claim[first.end:second.start]
            + f"<el> {second.text} <le>" + claim[second.end:])


# why an abstract gives no record (the reasons counted in the run's report)
NO_TEXT = "empty abstract"
NO_CONCLUSION = "no conclusion sentence"
NO_CLAIM = "conclusion phrase without a claim"
NO_PREMISE = "conclusion is the first sentence (no premise)"
FEW_ENTITIES = "fewer than two typed entities in the conclusion"


@dataclass(frozen=True)
class Skip:
    """Why an abstract gave no record: one of the reasons above, with a detail."""

    reason: str
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.reason} ({self.detail})" if self.detail else self.reason


def extract_or_skip(record_id: str, abstract: str, typer: DictionaryTyper | None = None) -> MechanismRecord | Skip:
    """A mechanism record from an abstract (its last conclusion sentence, the sentences before it as
    premise, headings left out, with a typer the conclusion's first two typed entities marked), or why
    there is none."""
    segments = segment(abstract)
    sentences = [s.text for s in segments]
    if not sentences:
        return Skip(NO_TEXT)
    for i in range(len(sentences) - 1, -1, -1):
        phrased = any(_LEAD.sub("", sentences[i]).lower().startswith(p) for p in conclusion_phrases())
        if not phrased and not _opens_conclusions(segments[i]):
            continue
        claim = conclusion_of(sentences[i]) if phrased else cased(_LEAD.sub("", sentences[i]), at_start=True)
        if not claim:
            return Skip(NO_CLAIM, sentences[i][:60])
        if i == 0:
            return Skip(NO_PREMISE)
        if typer is not None:
            marked = mark_entities(claim, typer)
            if marked is None:
                found = [m.text for m in _distinct_mentions(claim, typer)]
                return Skip(FEW_ENTITIES, f"found {', '.join(found) if found else 'none'}")
            claim = marked
        return MechanismRecord(record_id, " ".join(sentences[:i]), claim)
    return Skip(NO_CONCLUSION)


def _opens_conclusions(sentence: Sentence) -> bool:
    """The first sentence under a conclusion heading ("CONCLUSIONS:", "Interpretation:")."""
    return sentence.opens and is_conclusion_section(sentence.section)


def extract(record_id: str, abstract: str, typer: DictionaryTyper | None = None) -> MechanismRecord | None:
    """A mechanism record from an abstract, or None when it has none (`extract_or_skip` says why)."""
    record = extract_or_skip(record_id, abstract, typer)
    return None if isinstance(record, Skip) else record


def read_abstracts(path) -> list[tuple[str, str] | BadRow]:
    """(id, abstract) pairs from JSONL ({"id" or "pmid", "abstract"}; a bad line is a BadRow), MEDLINE
    text (PMID- / AB  - fields, continuation lines indented), PubMed RCT text (`read_rct`: each sentence
    under its label as a heading, "CONCLUSIONS: ..."), or plain text (one abstract a paragraph)."""
    if Path(path).suffix == ".jsonl":
        return _jsonl_abstracts(path)
    lines = list(whole_lines(path))
    text = "\n".join(line for _, line in lines)
    if "\nAB  - " in "\n" + text or text.startswith("PMID-"):
        return list(_medline(text))
    if text.lstrip().startswith("###"):
        return [(pmid, "\n".join(f"{label}: {sentence}" for label, sentence in rows))
                for pmid, rows in _rct(lines, path)]
    return [(str(i), block) for i, block in enumerate((b.strip() for b in text.split("\n\n")), 1) if block]


def read_rct(path: str | Path) -> Iterator[tuple[str, list[tuple[str, str]]]]:
    """PubMed RCT files: `###PMID` starts an abstract, then `LABEL<TAB>sentence` lines."""
    return _rct(whole_lines(path), path)


def _rct(lines: Iterable[tuple[int, str]], path: str | Path) -> Iterator[tuple[str, list[tuple[str, str]]]]:
    abstract_id: str | None = None
    rows: list[tuple[str, str]] = []
    for n, line in lines:
        if line.startswith("###"):
            if abstract_id is not None:
                yield abstract_id, rows
            abstract_id, rows = line[3:].strip(), []
        elif line.strip():
            label, sep, sentence = line.partition("\t")
            if not sep or abstract_id is None:
                raise InputError(f"{path}:{n}: expected ###PMID or LABEL<TAB>sentence", input=line)
            rows.append((label.strip().upper(), sentence.strip()))
    if abstract_id is not None:
        yield abstract_id, rows


def _jsonl_abstracts(path) -> list[tuple[str, str] | BadRow]:
    out: list[tuple[str, str] | BadRow] = []
    for row in read_jsonl(path):
        if isinstance(row, BadRow):
            out.append(row)
        elif (abstract := row.text("abstract")) is None:
            out.append(BadRow(row.line, "no \"abstract\" string"))
        else:
            out.append((str(row.fields.get("id", row.fields.get("pmid", row.line))), abstract))
    return out


def _medline(text: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    pmid: str | None = None
    field: str | None = None
    abstract: list[str] = []
    for line in text.splitlines() + ["PMID- END"]:
        if line.startswith("PMID-"):
            if pmid is not None:
                out.append((pmid, " ".join(abstract)))
            pmid, abstract, field = line[5:].strip(), [], None
        elif len(line) > 4 and line[4] == "-" and line[:4].strip():
            field = line[:4].strip()
            if field == "AB":
                abstract.append(line[6:].strip())
        elif line.startswith("      ") and field == "AB":
            abstract.append(line.strip())
    return [(p, a) for p, a in out if p != "END"]
