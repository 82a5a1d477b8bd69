"""Deletions the generator never makes, whatever the polarity: one that cuts a compound noun, a fixed
expression, an operator's phrase or a generic phrase in two."""
from __future__ import annotations

import re
from typing import Sequence

from monalog.augment.readability import deleted_span
from monalog.augment.words import fixed_spans, in_compound, surface_tag
from monalog.ccg.tree import Tree, leaves
from monalog.inference.treeops import lower_words


def cuts(before: Tree, after: Tree, generic: Sequence[tuple[int, int]]) -> bool:
    """The deletion that made `after` takes a word of a compound noun ("guinea pig", "printing press"; whole, it
    would mostly be a verb's object: "hanging a fishing rod" -> "hanging"; not "little girl"), part of a fixed
    expression ("at any | cost"; ", at any cost" goes whole), the operator of "anything but cheap", or a word
    of a generic phrase (`generic`, its spans: "on public holidays"; a conjunct may go with the whole phrase: "leaves
    at 17.30 and arrives at 20.25" -> "leaves at 17.30")."""
    words, tags = lower_words(before), [surface_tag(leaf.token) for leaf in leaves(before)]
    start, end = deleted_span(words, lower_words(after))
    conjunct = bool({words[start], words[end - 1]} & _CONJUNCTIONS)
    if _OPERATORS.search(" ".join(words[start:end])) \
            or any(a < end and b > start and not (conjunct and start <= a and b <= end) for a, b in generic):
        return True
    if any(not tags[j].startswith("JJ") and in_compound(words[j:j + 2], 0, tags[j:j + 2])
           for j in range(max(0, start - 1), min(end, len(words) - 1))):
        return True
    return any(a < end and b > start and not (start <= a and b <= end) for a, b in fixed_spans(tuple(words)))


_CONJUNCTIONS = frozenset({"and", "or"})
_OPERATORS = re.compile(r"\b(?:any ?thing|no ?thing|all) but\b")      # the phrase after them is no special case
