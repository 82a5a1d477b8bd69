"""WordNet for the prover: the compiled index by default, nltk's reader as the reference.

`wordnet()` returns the compiled index (monalog.knowledge.wordnet.index: WordNet 3.0 in SQLite in the
cache folder, built on first use by monalog.knowledge.wordnet.compile, opened in milliseconds);
`MONALOG_WORDNET=nltk` chooses nltk's `WordNetCorpusReader` instead (monalog.knowledge.wordnet.source),
which gives the same answers.
"""
from __future__ import annotations

import os
from functools import lru_cache
from typing import Any

from monalog.errors import ResourceError
from monalog.knowledge.wordnet.index import WordNetIndex, load
from monalog.knowledge.wordnet.source import (DEBIAN_DIR, SOURCE_FILES, Source, build_nltk_copy, cache_dir,
                                             check_source, find_source, nltk_wordnet)

__all__ = ["DEBIAN_DIR", "SOURCE_FILES", "WORDNET_ENV", "Source", "WordNetIndex", "build_nltk_copy", "cache_dir",
           "check_source", "exceptions", "find_source", "load", "nltk_wordnet", "wordnet"]

WORDNET_ENV = "MONALOG_WORDNET"


@lru_cache(maxsize=1)
def wordnet() -> Any:
    """The WordNet reader: the compiled index (default; compiled on first use), or nltk's reader
    when MONALOG_WORDNET=nltk. Both have `synsets`, `synset` and `morphy` and give the same answers."""
    choice = os.environ.get(WORDNET_ENV, "index").strip().lower() or "index"
    if choice == "nltk":
        return nltk_wordnet()
    if choice != "index":
        raise ResourceError(f"{WORDNET_ENV}={choice!r}: expected 'index' (the default) or 'nltk'", input=choice)
    return load()


@lru_cache(maxsize=4)
def exceptions(pos: str) -> dict[str, tuple[str, ...]]:
    """WordNet's morphological exception list for one part of speech ("n", "v", "a", "r"):
    inflected form -> base forms, in file order ("men" -> ("man",))."""
    reader = wordnet()
    if isinstance(reader, WordNetIndex):
        return reader.exceptions(pos)
    names = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
    out: dict[str, tuple[str, ...]] = {}
    with reader.open(f"{names[pos]}.exc") as stream:
        for line in stream:
            terms = line.split()
            if terms:
                out[terms[0]] = tuple(terms[1:])
    return out
