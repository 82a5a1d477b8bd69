"""The drops a read conclusion allows (`positives`), as edited hypotheses before they are re-parsed:
each modifier the engine marks droppable in a ↑ position that the rules (`rules`) let go,
cut out of the marked text character for character (spacing tidied, a/an agreed), with its proof step."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from monalog.ccg.tree import spans
from monalog.inference.droppable import droppable_modifier
from monalog.inference.treeops import surface
from monalog.polarity.marks import Polarity
from monalog.text.morphology import agree_articles
from monalog_perturb.bio.positives.parse import ConclusionParse
from monalog_perturb.bio.positives.rules import clean_modifier, modifier_kind
from monalog_perturb.bio.records import MechanismRecord

if TYPE_CHECKING:
    from monalog.polarity.polarizer import PolarizedSentence


def cut(marked: str, start: int, end: int) -> str | None:
    """The marked hypothesis without characters start..end, spaces and commas tidied, an article
    before the cut agreed with the word after it; None where that cannot be done cleanly."""
    text = marked
    if start == 0 or "<" in text[start:end] or text[start - 1] != " ":
        return None
    if end < len(text) and not (text[end] == " " or (text[end] in ".,;:" and text[end + 1:end + 2] in ("", " "))):
        return None
    left, right = text[:start].rstrip(" "), text[end:].lstrip(" ")
    if left.endswith(",") and (not right or right[0] in ".;:,"):
        left = left[:-1]                                 # "Y, even in Z." -> "Y."
    article = re.search(r"(?:^|\s)(an?|An?)$", left)
    if article:
        following = re.sub(r"</?(?:re|er|el|le)>", " ", right).split()
        if not following:
            return None
        agreed = agree_articles(f"{article.group(1)} {following[0]}").split()[0]
        if agreed != article.group(1):
            if not re.fullmatch(r"[a-z]+(?:-[a-z]+)*", following[0]):      # "an HNF4A": no guessing
                return None
            left = left[:article.start(1)] + agreed
    joined = left + right if not right or right[0] in ".,;:" else left + " " + right
    return " ".join(joined.split())


@dataclass(frozen=True)
class Drop:
    """A drop that passed the rules on the conclusion's parse, before the output is re-parsed."""

    hypothesis: str
    dropped: str
    kind: str
    edit: str


def find_candidates(s: ConclusionParse, record: MechanismRecord, sentence: "PolarizedSentence",
                rejected: list[tuple[str, str]] | None = None) -> list[Drop]:
    out: list[Drop] = []
    seen = {record.hypothesis}

    def reject(words: str, why: str) -> None:
        if rejected is not None:
            rejected.append((words, why))

    for pn, (start, end, _) in zip(sentence.tree.walk(), spans(sentence.tree.node)):   # both pre-order
        droppable = droppable_modifier(pn)
        if not droppable:
            continue
        modifier, head = droppable
        index = 0 if pn.node.children[0] is modifier else 1
        width = len(pn.children[index].leaves())
        mstart = start if index == 0 else end - width
        mod = s.tokens[mstart:mstart + width]
        head_tokens = s.tokens[start:mstart] if index == 1 else s.tokens[mstart + width:end]
        words = " ".join(t.word for t in mod)
        if pn.polarity is not Polarity.UP or pn.children[index].polarity is not Polarity.UP:
            reject(words, "not ↑")
            continue
        if not clean_modifier(s, mod):
            reject(words, "a protected or untrusted word, or a conjunction beside it")
            continue
        kind = modifier_kind(s, mod, head.category, head_tokens)
        if kind is None:
            reject(words, "not a droppable kind")
            continue
        after = s.at(end)
        if kind != "adverb" and after is not None and after.word == "(":
            reject(words, "inside the long form of an acronym")
            continue
        hypothesis = cut(record.hypothesis, mod[0].start, mod[-1].end)
        if not hypothesis or hypothesis in seen:
            reject(words, "no clean cut")
            continue
        seen.add(hypothesis)
        edit = f"dropped {kind} \"{words}\": {surface(pn.node)} ≤ {surface(head)} in a ↑ position"
        out.append(Drop(hypothesis, words, kind, edit))
    return out
