"""WordNet 3.0 compiled once into SQLite (the build half of monalog.knowledge.wordnet.index).

This module parses the WordNet database files (data.*, index.*, *.exc, cntlist.rev) the way nltk's
reader parses them into `wordnet-3.0.sqlite` in the cache folder. The file is built atomically (a
temporary file in the same folder, then `os.replace`) and carries an application id, a schema
version and a fingerprint of its source files: a stale index is rebuilt, and a file at the index
path that is not an index is never overwritten (ResourceError).
"""
from __future__ import annotations

import json
import logging
import os
import re
import sqlite3
import time
from pathlib import Path
from typing import Any, Iterator

from monalog.errors import ResourceError
from monalog.fileio import atomic_path
from monalog.knowledge.wordnet.source import Source, cache_dir, check_source, find_source

log = logging.getLogger(__name__)

INDEX_NAME = "wordnet-3.0.sqlite"
SCHEMA_VERSION = 1                # bump when the tables or what is compiled into them change
APPLICATION_ID = 0x4D4C574E       # "MLWN", in the SQLite header: tells our file from any other
_SQLITE_MAGIC = b"SQLite format 3\x00"

POS_LIST = ("n", "v", "a", "r")
_FILE_POS = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
_POS_NUMBER = {"n": 1, "v": 2, "a": 3, "r": 4, "s": 5}


# ---------------------------------------------------------------------------------------------------
# compiling: nltk's parsing of the database files, once


def _lines(text: str) -> Iterator[str]:
    return iter(text.splitlines(keepends=True))


def _lemma_map(source: Source) -> tuple[dict[str, dict[str, list[int]]], set[int]]:
    """lemma -> pos -> synset offsets in sense order (WordNetCorpusReader._load_lemma_pos_offset_map),
    with "s" the adjective's satellite synsets only, in index.adj order."""
    satellites = set()
    for line in _lines(source.read("data.adj")):
        if not line.strip() or line.startswith(" "):
            continue
        fields = line.split()
        if len(fields) >= 3 and fields[2] == "s":
            satellites.add(int(fields[0]))
    lemmas: dict[str, dict[str, list[int]]] = {}
    for pos, name in _FILE_POS.items():
        for number, line in enumerate(_lines(source.read(f"index.{name}")), 1):
            if line.startswith(" "):
                continue
            tokens = line.split()
            try:
                lemma, lemma_pos, n_synsets, n_pointers = tokens[0], tokens[1], int(tokens[2]), int(tokens[3])
                rest = tokens[4 + n_pointers:]
                if n_synsets <= 0 or int(rest[0]) != n_synsets:
                    raise ValueError("synset counts disagree")
                offsets = [int(t) for t in rest[2:2 + n_synsets]]
                if len(offsets) != n_synsets:
                    raise ValueError("too few offsets")
            except (IndexError, ValueError) as exc:
                raise ResourceError(f"index.{name}, line {number}: {exc}", input=line) from exc
            lemmas.setdefault(lemma, {})[lemma_pos] = offsets
            if lemma_pos == "a":
                lemmas[lemma]["s"] = [o for o in offsets if o in satellites]
    return lemmas, satellites


def _counts(source: Source) -> dict[str, int]:
    """sense key -> tag count, from cntlist.rev ("key sense_number count")."""
    out: dict[str, int] = {}
    for line in _lines(source.read("cntlist.rev")):
        key, _, rest = line.partition(" ")
        if rest:
            out.setdefault(key, int(line.rsplit(" ", 1)[-1]))
    return out


_QUOTED = re.compile(r"[\"].*?[\"]")
_EXAMPLE = re.compile(r'"([^"]*)"')
_MARKER = re.compile(r"(.*?)(\([^()]*\))?$")


def _parse_synset(line: str) -> dict[str, Any]:
    """One data-file line as WordNetCorpusReader._synset_from_pos_and_line reads it."""
    columns, gloss = line.strip().split("|")
    tokens = iter(columns.split())
    out: dict[str, Any] = {
        "definition": _QUOTED.sub("", gloss).strip().strip("; "),
        "examples": _EXAMPLE.findall(gloss),
        "offset": int(next(tokens)),
        "lexname": int(next(tokens)),
        "pos": next(tokens),
    }
    lemmas = []
    for _ in range(int(next(tokens), 16)):
        name = next(tokens)
        lex_id = int(next(tokens), 16)
        match = _MARKER.match(name)
        assert match is not None
        lemmas.append([match.group(1), lex_id])
    pointers: dict[str, list[list[Any]]] = {}
    lemma_pointers = []
    for _ in range(int(next(tokens))):
        symbol, offset, pos, ids = next(tokens), int(next(tokens)), next(tokens), next(tokens)
        if ids == "0000":
            targets = pointers.setdefault(symbol, [])
            if [pos, offset] not in targets:             # nltk keeps a set of (pos, offset)
                targets.append([pos, offset])
        else:
            source_index, target_index = int(ids[:2], 16) - 1, int(ids[2:], 16) - 1
            lemma_pointers.append([lemmas[source_index][0], symbol, pos, offset, target_index])
    frames = []
    count = next(tokens, None)
    if count is not None:
        for _ in range(int(count)):
            plus, frame, lemma_number = next(tokens), int(next(tokens)), int(next(tokens), 16)
            if plus != "+":
                raise ValueError(f"verb frame without '+': {plus!r}")
            if lemma_number == 0:
                frames.append(frame)
    out.update(lemmas=lemmas, pointers=pointers, lemma_pointers=lemma_pointers, frames=frames)
    return out


def _compile(source: Source) -> Iterator[tuple[str, list[tuple[Any, ...]]]]:
    """(table, rows) for the whole index."""
    lemma_map, _ = _lemma_map(source)
    counts = _counts(source)
    synsets: dict[tuple[str, int], dict[str, Any]] = {}
    for pos, name in _FILE_POS.items():
        for line in _lines(source.read(f"data.{name}")):
            if line.startswith(" ") or not line.strip():
                continue
            try:
                entry = _parse_synset(line)
            except (ValueError, StopIteration, IndexError) as exc:
                raise ResourceError(f"data.{name}: cannot read line {line[:60]!r}: {exc}", input=line) from exc
            synsets[pos, entry["offset"]] = entry
    rows = []
    for (file_pos, offset), entry in synsets.items():
        pos = entry["pos"]
        first = entry["lemmas"][0][0].lower()
        try:
            number = lemma_map[first][pos].index(offset) + 1
        except (KeyError, ValueError) as exc:
            raise ResourceError(f"data.{_FILE_POS[file_pos]}: synset {offset} is not in the index under "
                                f"{first!r}/{pos}", input=str(offset)) from exc
        if pos == "s":                       # a satellite's sense keys name its head adjective
            similar = entry["pointers"].get("&", [])
            head = synsets[data_pos(similar[0][0]), similar[0][1]]["lemmas"][0] if similar else None
        for lemma in entry["lemmas"]:
            head_name, head_id = (head[0], "%02d" % head[1]) if pos == "s" and head else ("", "")
            key = ("%s%%%d:%02d:%02d:%s:%s" % (lemma[0], _POS_NUMBER[pos], entry["lexname"], lemma[1],
                                               head_name, head_id)).lower()
            lemma.append(counts.get(key, 0))
        data = [f"{first}.{pos}.{number:02d}", pos, entry["definition"], entry["examples"], entry["lemmas"],
                entry["frames"], entry["pointers"], entry["lemma_pointers"]]
        rows.append((synset_id(file_pos, offset), json.dumps(data, ensure_ascii=False, separators=(",", ":"))))
    yield "synset", rows
    yield "lemma", [(lemma, pos, " ".join(map(str, offsets)))
                    for lemma, by_pos in lemma_map.items() for pos, offsets in by_pos.items()]
    exceptions = []
    for pos, name in _FILE_POS.items():
        table: dict[str, list[str]] = {}
        for line in _lines(source.read(f"{name}.exc")):
            terms = line.split()
            if terms:
                table[terms[0]] = terms[1:]
        exceptions += [(pos, seq, form, " ".join(bases)) for seq, (form, bases) in enumerate(table.items())]
    yield "exception", exceptions


def data_pos(pos: str) -> str:
    """The part of speech of the data file a synset is in (satellites "s" are in data.adj)."""
    return "a" if pos == "s" else pos


def synset_id(pos: str, offset: int) -> int:
    return _POS_NUMBER[data_pos(pos)] * 100_000_000 + offset


_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE synset (id INTEGER PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE lemma (lemma TEXT NOT NULL, pos TEXT NOT NULL, offsets TEXT NOT NULL,
                    PRIMARY KEY (lemma, pos)) WITHOUT ROWID;
CREATE TABLE exception (pos TEXT NOT NULL, seq INTEGER NOT NULL, form TEXT NOT NULL, bases TEXT NOT NULL,
                        PRIMARY KEY (pos, form)) WITHOUT ROWID;
"""


def build(source: Source, path: Path) -> Path:
    """Compile `source` into a new index at `path` (atomically; replaces whatever index is there:
    check first with `_classify`)."""
    check_source(source)
    start = time.perf_counter()
    with atomic_path(path, suffix=".tmp") as tmp:
        fingerprint, digest = source.fingerprint(), source.digest()
        conn = sqlite3.connect(tmp)
        try:
            conn.executescript("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;"
                               f"PRAGMA application_id={APPLICATION_ID}; PRAGMA user_version={SCHEMA_VERSION};"
                               + _SCHEMA)
            for table, rows in _compile(source):
                marks = ",".join("?" * len(rows[0]))
                conn.executemany(f"INSERT INTO {table} VALUES ({marks})", rows)
            meta = {"schema": str(SCHEMA_VERSION), "source": str(source), "fingerprint": fingerprint,
                    "digest": digest, "version": _version(source), "built": time.strftime("%Y-%m-%dT%H:%M:%S")}
            conn.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
            conn.commit()
        finally:
            conn.close()
        with open(tmp, "rb+") as stream:
            os.fsync(stream.fileno())
    log.info("WordNet: compiled %s into %s in %.1f s", source, path, time.perf_counter() - start)
    return path


def _version(source: Source) -> str:
    for line in _lines(source.read("data.adj")):
        match = re.search(r"Word[nN]et (\d+\+?|\d+\.\d+) Copyright", line)
        if match:
            return match.group(1)
        if not line.startswith(" "):
            break
    return "unknown"


# ---------------------------------------------------------------------------------------------------
# opening: ours and current, stale (rebuilt), or not ours (an error)


def _classify(path: Path, source: Source) -> str:
    """"missing", "current", "stale" (our index, other schema or source) or "foreign"."""
    try:
        with open(path, "rb") as stream:
            header = stream.read(100)
    except FileNotFoundError:
        return "missing"
    except IsADirectoryError:
        return "foreign"
    except OSError as exc:                           # unreadable, or a path through a file
        raise ResourceError(f"cannot read the WordNet index {path}: {exc.strerror or exc}; set MONALOG_CACHE "
                            "to a folder of your own", input=str(path)) from exc
    if len(header) < 100 or not header.startswith(_SQLITE_MAGIC) \
            or int.from_bytes(header[68:72], "big") != APPLICATION_ID:
        return "foreign"
    if int.from_bytes(header[60:64], "big") != SCHEMA_VERSION:
        return "stale"
    try:
        conn = connect(path)
        try:
            meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        finally:
            conn.close()
    except sqlite3.DatabaseError:
        return "stale"
    if meta.get("fingerprint") == source.fingerprint():
        return "current"
    if meta.get("digest") == source.digest():        # the same files, copied or touched
        return "current"
    return "stale"


def connect(path: Path) -> sqlite3.Connection:
    # immutable: the file is never changed in place (rebuilds replace it), so SQLite takes no locks,
    # which also makes a connection opened after fork independent of the parent's
    return sqlite3.connect(f"{Path(path).absolute().as_uri()}?mode=ro&immutable=1", uri=True,
                           check_same_thread=False)


def index_path() -> Path:
    return cache_dir() / INDEX_NAME


def ensure_index(path: Path | None = None, source: Source | None = None) -> Path:
    """The path of a current index, compiled (once, under a file lock) when missing or stale."""
    path = path or index_path()
    source = source or find_source()
    check_source(source)
    if _classify(path, source) == "current":
        return path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with _build_lock(path):
            state = _classify(path, source)          # another process may have built it meanwhile
            if state == "foreign":
                raise ResourceError(f"{path} is not a monalog WordNet index; it is left as it is: move it away, "
                                    "or set MONALOG_CACHE to another folder", input=str(path))
            if state == "stale":
                log.warning("WordNet: %s is out of date (schema or source changed); compiling it again", path)
            elif state == "missing":
                log.info("WordNet: compiling %s into %s (once, a few seconds)", source, path)
            if state != "current":
                build(source, path)
    except OSError as exc:
        raise ResourceError(f"cannot write the WordNet index {path}: {exc.strerror or exc}; set MONALOG_CACHE to "
                            "a writable folder, or MONALOG_WORDNET=nltk to read WordNet without it",
                            input=str(path)) from exc
    return path


class _build_lock:
    """An exclusive lock on PATH.lock while one process compiles (others wait, then find it built)."""

    def __init__(self, path: Path) -> None:
        self.path = path.with_name(path.name + ".lock")
        self.stream: Any = None

    def __enter__(self) -> None:
        try:
            import fcntl
        except ImportError:                          # not POSIX: concurrent builds still replace atomically
            return
        self.stream = open(self.path, "a")
        fcntl.flock(self.stream, fcntl.LOCK_EX)

    def __exit__(self, *exc: object) -> None:
        if self.stream is not None:
            self.stream.close()                      # releases the lock
