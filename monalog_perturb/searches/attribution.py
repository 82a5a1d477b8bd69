"""WHERE (BioRDA): leave-one-out attribution of a text's words for a label, and the keywords to
rewrite (the top-k content words, outside protected spans and not shared with the context)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from monalog_perturb.protocols import Teacher

_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_STOP = frozenset("""a an the of in on at to for with by from and or but is are was were be been being this that
these those it its as than then there their not no""".split())


@dataclass(frozen=True)
class Keyword:
    word: str
    start: int
    end: int
    attribution: float


def attribution(teacher: Teacher | None, text: str, context: str, label: str | None) -> tuple[list[Keyword], str]:
    """Leave-one-out attribution of every word of `text` (for `label`, or the predicted label).
    Returns the words and the method actually used: when the classifier abstains or gives no signal,
    words are ranked by rarity (wordfreq) instead, and the method says so."""
    words = list(_WORD.finditer(text))
    if not words:
        return [], "none"
    method = "leave-one-out"
    values = [0.0] * len(words)
    if teacher is not None:
        variants = [text] + [(text[:m.start()] + text[m.end():]).replace("  ", " ").strip() for m in words]
        scores = teacher.scores([(context, v) for v in variants])
        first = scores[0]
        if first is not None:
            target = label or max(first, key=first.__getitem__)
            values = [first[target] - (s[target] if s else first[target]) for s in scores[1:]]
            method = f"leave-one-out ({teacher.name})"
    if not any(abs(v) > 1e-6 for v in values):
        from wordfreq import zipf_frequency

        values = [8.0 - zipf_frequency(m.group(), "en") for m in words]
        method = "word rarity (wordfreq; the classifier gave no signal)"
    return [Keyword(m.group(), m.start(), m.end(), v) for m, v in zip(words, values)], method


def keywords(words: Sequence[Keyword], k: int, protected: Sequence[tuple[int, int]] = (),
             context: str = "") -> list[Keyword]:
    """The k content words with the highest attribution, outside protected spans (entities) and
    not shared with the context (the words that anchor the pair stay as they are)."""
    shared = {w.lower() for w in _WORD.findall(context)}
    usable = [w for w in words if w.word.lower() not in _STOP and len(w.word) > 2 and w.word.lower() not in shared
              and not any(s <= w.start < e for s, e in protected)]
    return sorted(sorted(usable, key=lambda w: -w.attribution)[:k], key=lambda w: w.start)
