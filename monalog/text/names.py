"""Given names (grammars/first_names.txt): a word that names a person whatever the sentence, for the prover's
"Tom left" ≤ "Someone left" and the generator's reading of "Tom" as no mass noun."""
from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from monalog.ccg.tree import Token
from monalog.resources import grammar_lines


def given_name(word: str) -> bool:
    """A given name of grammars/first_names.txt, as written ("Tom", not "tom")."""
    return word in _first_names()


@lru_cache(maxsize=1)
def _first_names() -> frozenset[str]:
    return frozenset(grammar_lines("first_names.txt"))


def name_after(tokens: Sequence[Token], i: int) -> bool:
    """Whether the capitalised words after tokens[i] are a name that ends its noun phrase, so tokens[i] is the
    name's own "the" ("The United States is", "the Netherlands"; not "The African plane")."""
    j = i + 1
    while j < len(tokens) and tokens[j].word[:1].isupper():
        j += 1
    return j > i + 1 and (j == len(tokens) or not tokens[j].pos.startswith(("NN", "JJ")))
