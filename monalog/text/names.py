"""Given names (grammars/first_names.txt): a word that names a person whatever the sentence, for the prover's
"Tom left" ≤ "Someone left" and the generator's reading of "Tom" as no mass noun."""
from __future__ import annotations

from functools import lru_cache

from monalog.resources import grammar_lines


def given_name(word: str) -> bool:
    """A given name of grammars/first_names.txt, as written ("Tom", not "tom")."""
    return word in _first_names()


@lru_cache(maxsize=1)
def _first_names() -> frozenset[str]:
    return frozenset(grammar_lines("first_names.txt"))
