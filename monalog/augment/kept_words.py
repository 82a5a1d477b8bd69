"""Words a deletion never takes, whatever their category says: a superlative, which picks its referent ("Our
oldest tortoise is more than a hundred years old" is no claim about "our tortoise"), and a word of a name
of several capitalised words ("The branch on High Street" -> "on Street") or of a day or month when the rest of
its phrase stays ("reported Monday morning" -> "reported morning"; "visited the castle on Wednesday" may lose "on
Wednesday")."""
from __future__ import annotations

from typing import Sequence

from monalog.ccg.tree import Token
from monalog.knowledge.superlatives import superlative

_DATES = frozenset({"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january",
                    "february", "march", "april", "may", "june", "july", "august", "september", "october",
                    "november", "december"})


def kept_word(tokens: Sequence[Token], start: int, end: int) -> str | None:
    """Why the words start..end of a sentence must stay, or None."""
    for i in range(start, end):
        word = tokens[i].word
        if superlative(word) or tokens[i].pos == "JJS":
            return f"a superlative dropped (\"{word}\" picks the referent: \"our oldest tortoise\" -> \"our tortoise\")"
        if word[:1].isupper() and word.lower() in _DATES and (
                (end < len(tokens) and tokens[end].pos.startswith("NN")) or (start and tokens[start - 1].pos == "IN")):
            return "a day's or month's name dropped (\"reported Monday morning\" -> \"reported morning\")"
        if i and word[:1].isupper() and any(0 < j < len(tokens) and tokens[j].word[:1].isupper()
                                            for j in (i - 1, i + 1) if not start <= j < end):
            return f"a word of a name dropped (\"{word}\" of \"High Street\")"
    return None
