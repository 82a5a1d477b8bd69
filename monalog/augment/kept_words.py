"""Words a deletion never takes, whatever their category says: a superlative, which picks its referent ("Our
oldest tortoise is more than a hundred years old" is no claim about "our tortoise"), and a word of a name
of several capitalised words ("The branch on High Street" -> "on Street"), of a day or month when the rest of
its phrase stays ("reported Monday morning" -> "reported morning"; "visited the castle on Wednesday" may lose "on
Wednesday"), or of a phrase that is one word with a meaning of its own ("won medals in the long jump" -> "in the
jump")."""
from __future__ import annotations

from typing import Sequence

from monalog.ccg.tree import Token
from monalog.knowledge.superlatives import superlative
from monalog.knowledge.wordnet_facts import synsets

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
    if end < len(tokens) and tokens[end].pos.startswith("NN") and _idiom(" ".join(t.word.lower() for t in
                                                                             tokens[start:end + 1])):
        return f"a word of \"{' '.join(t.word for t in tokens[start:end + 1])}\" dropped (WordNet's one word, " \
               "no kind of its last)"
    return None


def _idiom(phrase: str) -> bool:
    """A phrase WordNet has as one noun, none of whose senses is a kind of its last word's ("long jump", "red
    tape", "small talk"; not "little girl" or "swimming pool")."""
    senses = synsets(phrase.replace(" ", "_"), "n")
    heads = set(synsets(phrase.split()[-1], "n"))
    return bool(senses) and not any(s in heads or heads & set(s.closure(lambda h: h.hypernyms())) for s in senses)
