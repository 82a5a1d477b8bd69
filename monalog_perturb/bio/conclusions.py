"""Conclusion extraction (BioNLI section 3.1): the last sentence of an abstract that opens with a
conclusion phrase (kb/bionli_conclusion_phrases.txt) is the hypothesis, the sentences before it the
premise; the first two typed entities of the conclusion are marked as regulator and regulated."""
from __future__ import annotations

import re
from functools import lru_cache

from monalog.rows import BadRow, read_jsonl, whole_lines
from monalog_perturb.bio.records import MechanismRecord
from monalog_perturb.bio.entity_typing import DictionaryTyper
from monalog_perturb.resources import data_path

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9(])")
_LEAD = re.compile(r"^(?:thus|overall|therefore|hence|finally)\s*,?\s*", re.IGNORECASE)


@lru_cache(maxsize=1)
def conclusion_phrases() -> tuple[str, ...]:
    lines = data_path("bionli_conclusion_phrases.txt").read_text(encoding="utf-8").splitlines()
    phrases = [line.strip().lower() for line in lines if line.strip() and not line.startswith("#")]
    return tuple(sorted(phrases, key=len, reverse=True))


def split_sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(" ".join(text.split())) if s.strip()]


def conclusion_of(sentence: str) -> str | None:
    """The claim of a conclusion sentence without its opening phrase, or None if it is not one."""
    body = _LEAD.sub("", sentence)
    low = body.lower()
    for phrase in conclusion_phrases():
        if low.startswith(phrase):
            claim = body[len(phrase):].lstrip(" ,:")
            return claim[:1].upper() + claim[1:] if claim else None
    return None


def mark_entities(claim: str, typer: DictionaryTyper) -> str | None:
    """The claim with its first two distinct typed entities marked, or None when there are not two."""
    mentions = typer.mentions(claim)
    if not mentions:
        return None
    first = mentions[0]
    second = next((m for m in mentions[1:] if m.text.lower() != first.text.lower()), None)
    if second is None:
        return None
    return (claim[:first.start] + f"<re> {first.text} <er>" + claim[first.end:second.start]
            + f"<el> {second.text} <le>" + claim[second.end:])


def extract(record_id: str, abstract: str, typer: DictionaryTyper | None = None) -> MechanismRecord | None:
    """A mechanism record from an abstract, or None when it has no conclusion sentence (or, with a
    typer, when the conclusion has fewer than two entities)."""
    sentences = split_sentences(abstract)
    for i in range(len(sentences) - 1, 0, -1):
        claim = conclusion_of(sentences[i])
        if claim:
            if typer is not None:
                claim = mark_entities(claim, typer)
                if claim is None:
                    return None
            return MechanismRecord(record_id, " ".join(sentences[:i]), claim)
    return None


def read_abstracts(path) -> list[tuple[str, str] | BadRow]:
    """(id, abstract) pairs from JSONL ({"id" or "pmid", "abstract"}; a bad line is a BadRow), MEDLINE
    text (PMID- / AB  - fields, continuation lines indented), or plain text (one abstract a paragraph)."""
    from pathlib import Path

    if Path(path).suffix == ".jsonl":
        return _jsonl_abstracts(path)
    text = "\n".join(line for _, line in whole_lines(path))
    if "\nAB  - " in "\n" + text or text.startswith("PMID-"):
        return list(_medline(text))
    return [(str(i), block) for i, block in enumerate((b.strip() for b in text.split("\n\n")), 1) if block]


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
