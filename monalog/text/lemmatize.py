"""Lemmas from depccg's morpha, given POS tags (or a POS guessed from the supertag)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Sequence

from monalog.ccg.category import Atom, Category, Functor


@lru_cache(maxsize=1)
def _stemmer():
    import depccg
    from depccg.morpha import MorphaStemmer

    return MorphaStemmer(str(Path(depccg.__file__).parent / "models" / "verbstem.list"))


def pos_from_category(category: Category) -> str:
    """A coarse POS for lemmatising when the scorer gives none: verbs, nouns, prepositions and
    adverbs that modify verb phrases ("in" as ((S\\NP)\\(S\\NP))/NP is no verb), else 'XX'."""
    result = category
    modifier: Category | None = None
    while isinstance(result, Functor):
        if modifier is None and result.result == result.argument:      # X/X or X\\X
            modifier = result
        result = result.result
    verbal = isinstance(result, Atom) and result.base == "S" and isinstance(category, Functor)
    if verbal and modifier is not None:
        return "RB" if modifier is category else "IN"
    if verbal:
        return {"ng": "VBG", "pss": "VBN", "pt": "VBN", "dcl": "VBZ"}.get(result.feature or "", "VB")
    if category == Atom("N"):
        return "NN"
    return "XX"


def lemmatize(words: Sequence[str], pos: Sequence[str]) -> list[str]:
    """Lower-cased lemmas, as in the silver SICK parses ("is"/VBZ -> "be")."""
    return [lemma.lower() for lemma in _stemmer().analyze(list(words), list(pos))]
