"""WordNet compiled once into SQLite (monalog.knowledge.wordnet.compile): opens in milliseconds, reads
each lookup lazily.

nltk's `WordNetCorpusReader` reads every index file line by line when it is created (8-10 s). This
reader answers from the compiled file with light `Synset` and `Lemma` objects that give nltk's
answers for the part of its API monalog uses.

One difference from nltk, by design: a synset's related synsets (hypernyms, hyponyms, similar-to,
...) come in the order of the data file; nltk keeps them in a set, so its order changes from
process to process. Lemmas are equal when their synset and name are (nltk compares names only).
"""
from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
from collections import deque
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable, Iterator

from monalog.errors import MonalogError
from monalog.knowledge.wordnet.source import SOURCE_FILES, Source, find_source
from monalog.knowledge.wordnet.compile import POS_LIST, SCHEMA_VERSION, connect, data_pos, ensure_index, synset_id

__all__ = ["Lemma", "SCHEMA_VERSION", "SOURCE_FILES", "Source", "Synset", "WordNetError", "WordNetIndex",
           "ensure_index", "find_source", "load"]

log = logging.getLogger(__name__)


# nltk's WordNetCorpusReader.MORPHOLOGICAL_SUBSTITUTIONS, in its order
_SUBSTITUTIONS: dict[str, tuple[tuple[str, str], ...]] = {
    "n": (("s", ""), ("ses", "s"), ("ves", "f"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"),
          ("men", "man"), ("ies", "y")),
    "v": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", "")),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "r": (),
}
_SUBSTITUTIONS["s"] = _SUBSTITUTIONS["a"]


class WordNetError(MonalogError, LookupError):
    """A synset name that WordNet does not have ("dog.n.99")."""


class WordNetIndex:
    """The reader: nltk's `synsets`, `synset`, `morphy` (and `exceptions`) over the compiled file.

    Thread-safe (one connection, a lock around each query) and safe after fork (a child opens its
    own connection on its first query)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._pid = -1
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None
        self._rows("SELECT 1")                       # fail here, not on the first lookup
        self._entries = lru_cache(maxsize=65536)(self._load_entries)
        self._exception = lru_cache(maxsize=16384)(self._load_exception)
        self._morphy_cached = lru_cache(maxsize=65536)(self._morphy_forms)
        self._synsets_cached = lru_cache(maxsize=65536)(self._load_synsets)
        self._synset_by_id = lru_cache(maxsize=131072)(self._load_synset)

    def __repr__(self) -> str:
        return f"WordNetIndex({str(self.path)!r})"

    # -- queries -------------------------------------------------------------------------------------
    def _rows(self, sql: str, args: tuple = ()) -> list[tuple]:
        if self._pid != os.getpid():                 # first use, or a forked child: its own connection
            self._lock = threading.Lock()
            self._conn = connect(self.path)
            self._pid = os.getpid()
        with self._lock:
            assert self._conn is not None
            return self._conn.execute(sql, args).fetchall()

    def _load_entries(self, lemma: str) -> dict[str, tuple[int, ...]]:
        try:
            rows = self._rows("SELECT pos, offsets FROM lemma WHERE lemma = ?", (lemma,))
        except UnicodeEncodeError:                   # a lone surrogate: no such lemma
            return {}
        return {pos: tuple(map(int, offsets.split())) for pos, offsets in rows}

    def _load_exception(self, pos: str, form: str) -> tuple[str, ...] | None:
        try:
            rows = self._rows("SELECT bases FROM exception WHERE pos = ? AND form = ?", (pos, form))
        except UnicodeEncodeError:
            return None
        return tuple(rows[0][0].split()) if rows else None

    def _load_synset(self, synset_id: int) -> Synset:
        rows = self._rows("SELECT data FROM synset WHERE id = ?", (synset_id,))
        if not rows:
            raise WordNetError(f"no synset with id {synset_id} in {self.path}", input=synset_id)
        return Synset(self, json.loads(rows[0][0]), synset_id % 100_000_000)

    # -- nltk's API ----------------------------------------------------------------------------------
    def synset_from_pos_and_offset(self, pos: str, offset: int) -> Synset:
        return self._synset_by_id(synset_id(pos, offset))

    def _morphy_forms(self, form: str, pos: str) -> tuple[str, ...]:
        """nltk's `_morphy`: the exception list's bases or the suffix rules' forms, with the form
        itself first, those WordNet has for `pos`."""
        substitutions = _SUBSTITUTIONS[pos]
        bases = self._exception(data_pos(pos), form)
        if bases is not None:
            forms: Iterable[str] = bases
        else:
            forms = [form[:-len(old)] + new for old, new in substitutions if form.endswith(old)]
        out: list[str] = []
        for candidate in [form, *forms]:
            if candidate not in out and pos in self._entries(candidate):
                out.append(candidate)
        return tuple(out)

    def _load_synsets(self, lemma: str, pos: str | tuple[str, ...] | None) -> tuple[Synset, ...]:
        return tuple(self.synset_from_pos_and_offset(p, offset)
                     for p in (POS_LIST if pos is None else pos)
                     for form in self._morphy_cached(lemma, p)
                     for offset in self._entries(form).get(p, ()))

    def synsets(self, lemma: str, pos: str | Iterable[str] | None = None) -> list[Synset]:
        """The synsets of `lemma` (lowercased, then reduced by morphy), for each part of speech in
        `pos` (n v a r s; None: n v a r), most frequent sense first, as nltk gives them."""
        key = pos if pos is None or isinstance(pos, str) else tuple(pos)
        return list(self._synsets_cached(lemma.lower(), key))

    def morphy(self, form: str, pos: str | None = None) -> str | None:
        """The first base form of `form` WordNet has in `pos` (None: n, v, a, r in turn)."""
        for p in [pos] if pos else POS_LIST:
            forms = self._morphy_cached(form, p)
            if forms:
                return forms[0]
        return None

    def synset(self, name: str) -> Synset:
        """The synset called `name` ("dog.n.01")."""
        lemma, pos, number = name.lower().rsplit(".", 2)
        offsets = self._entries(lemma).get(pos)
        if offsets is None:
            raise WordNetError(f"No lemma {lemma!r} with part of speech {pos!r}", input=name)
        try:
            offset = offsets[int(number) - 1]
        except IndexError as exc:
            raise WordNetError(f"Lemma {lemma!r} with part of speech {pos!r} only has {len(offsets)} "
                               f"{'sense' if len(offsets) == 1 else 'senses'}", input=name) from exc
        synset = self.synset_from_pos_and_offset(pos, offset)
        if pos == "s" and synset.pos() == "a":
            raise WordNetError(f"Adjective satellite requested but only plain adjective found for lemma {lemma!r}",
                               input=name)
        return synset

    def lemmas(self, lemma: str, pos: str | None = None) -> list[Lemma]:
        lemma = lemma.lower()
        return [lem for s in self.synsets(lemma, pos) for lem in s.lemmas() if lem.name().lower() == lemma]

    def all_lemma_names(self, pos: str | None = None) -> list[str]:
        """Every lemma (of one part of speech), in index order."""
        if pos is None:
            rows = self._rows("SELECT DISTINCT lemma FROM lemma WHERE pos != 's' ORDER BY lemma")
        else:
            rows = self._rows("SELECT lemma FROM lemma WHERE pos = ? ORDER BY lemma", (pos,))
        return [row[0] for row in rows]

    def exceptions(self, pos: str) -> dict[str, tuple[str, ...]]:
        """The morphological exception list of one part of speech (n v a r; s is a's), in file order:
        inflected form -> base forms."""
        rows = self._rows("SELECT form, bases FROM exception WHERE pos = ? ORDER BY seq", (data_pos(pos),))
        return {form: tuple(bases.split()) for form, bases in rows}

    def meta(self) -> dict[str, str]:
        """What the index was compiled from: schema, source, fingerprint, digest, version, built."""
        return dict(self._rows("SELECT key, value FROM meta"))

    def get_version(self) -> str:
        return self.meta().get("version", "unknown")


class Synset:
    """A WordNet synset: equal (and hashed) by name, like nltk's, so it can key caches and sets."""

    __slots__ = ("_reader", "_name", "_pos", "_offset", "_definition", "_examples", "_lemma_data", "_frame_ids",
                 "_pointers", "_lemma_pointers", "_lemmas")

    def __init__(self, reader: WordNetIndex, data: list, offset: int) -> None:
        (self._name, self._pos, self._definition, self._examples, self._lemma_data, self._frame_ids,
         self._pointers, self._lemma_pointers) = data
        self._reader = reader
        self._offset = offset
        self._lemmas: list[Lemma] | None = None

    def name(self) -> str:
        return self._name

    def pos(self) -> str:
        return self._pos

    def offset(self) -> int:
        return self._offset

    def definition(self) -> str:
        return self._definition

    def examples(self) -> list[str]:
        return list(self._examples)

    def frame_ids(self) -> list[int]:
        return list(self._frame_ids)

    def lemma_names(self) -> list[str]:
        return [lemma[0] for lemma in self._lemma_data]

    def lemmas(self) -> list[Lemma]:
        if self._lemmas is None:
            self._lemmas = [Lemma(self, name, lex_id, count) for name, lex_id, count in self._lemma_data]
        return list(self._lemmas)

    def _related(self, symbol: str) -> list[Synset]:
        get = self._reader.synset_from_pos_and_offset
        return [get(pos, offset) for pos, offset in self._pointers.get(symbol, ())]

    def hypernyms(self) -> list[Synset]:
        return self._related("@")

    def instance_hypernyms(self) -> list[Synset]:
        return self._related("@i")

    def hyponyms(self) -> list[Synset]:
        return self._related("~")

    def instance_hyponyms(self) -> list[Synset]:
        return self._related("~i")

    def part_holonyms(self) -> list[Synset]:
        return self._related("#p")

    def similar_tos(self) -> list[Synset]:
        return self._related("&")

    def also_sees(self) -> list[Synset]:
        return self._related("^")

    def verb_groups(self) -> list[Synset]:
        return self._related("$")

    def entailments(self) -> list[Synset]:
        return self._related("*")

    def closure(self, rel: Callable[[Synset], Iterable[Synset]], depth: int = -1) -> Iterator[Synset]:
        """Breadth first along `rel`, each synset once, the synset itself left out (nltk's closure)."""
        traversed = set()
        queue = deque([(self, 0)])
        while queue:
            node, level = queue.popleft()
            if node in traversed:
                continue
            if node != self:
                yield node
            traversed.add(node)
            if level != depth:
                try:
                    queue.extend((child, level + 1) for child in rel(node) if child not in traversed)
                except TypeError:
                    pass

    def __hash__(self) -> int:
        return hash(self._name)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Synset):
            return NotImplemented
        return self._name == other._name

    def __lt__(self, other: Synset) -> bool:
        if not isinstance(other, Synset):
            return NotImplemented
        return self._name < other._name

    def __repr__(self) -> str:
        return f"Synset('{self._name}')"

    def __reduce__(self) -> tuple:
        return (_synset_named, (self._name,))


class Lemma:
    """One word of a synset, with its SemCor count and its antonyms."""

    __slots__ = ("_synset", "_name", "_lex_id", "_count")

    def __init__(self, synset: Synset, name: str, lex_id: int, count: int) -> None:
        self._synset, self._name, self._lex_id, self._count = synset, name, lex_id, count

    def name(self) -> str:
        return self._name

    def synset(self) -> Synset:
        return self._synset

    def count(self) -> int:
        """The sense's frequency in WordNet's tagged texts (cntlist.rev; 0 when not listed)."""
        return self._count

    def _related(self, symbol: str) -> list[Lemma]:
        get = self._synset._reader.synset_from_pos_and_offset
        return [get(pos, offset).lemmas()[index] for name, sym, pos, offset, index in self._synset._lemma_pointers
                if name == self._name and sym == symbol]

    def antonyms(self) -> list[Lemma]:
        return self._related("!")

    def derivationally_related_forms(self) -> list[Lemma]:
        return self._related("+")

    def pertainyms(self) -> list[Lemma]:
        return self._related("\\")

    def __hash__(self) -> int:
        return hash((self._synset._name, self._name))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Lemma):
            return NotImplemented
        return (self._synset._name, self._name) == (other._synset._name, other._name)

    def __repr__(self) -> str:
        return f"Lemma('{self._synset._name}.{self._name}')"


_default: WordNetIndex | None = None
_default_lock = threading.Lock()


def load(path: Path | None = None, source: Source | None = None) -> WordNetIndex:
    """The process's index reader (compiling the index first if it is missing or stale)."""
    global _default
    if path is not None or source is not None:
        return WordNetIndex(ensure_index(path, source))
    with _default_lock:
        if _default is None:
            _default = WordNetIndex(ensure_index())
        return _default


def _synset_named(name: str) -> Synset:
    """Unpickling: the synset of that name in this process's index."""
    return load().synset(name)
