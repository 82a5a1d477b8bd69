"""WordNet compiled once into SQLite: opens in milliseconds, reads each lookup lazily.

nltk's `WordNetCorpusReader` reads every index file line by line when it is created (8-10 s). This
module parses the WordNet database files (data.*, index.*, *.exc, cntlist.rev) once, the way nltk's
reader parses them, into `wordnet-3.0.sqlite` in the cache folder, and answers with light `Synset`
and `Lemma` objects that give nltk's answers for the part of its API monalog uses.

The file is built atomically (a temporary file in the same folder, then `os.replace`) and carries
an application id, a schema version and a fingerprint of its source files: a stale index is
rebuilt, and a file at the index path that is not an index is never overwritten (ResourceError).

One difference from nltk, by design: a synset's related synsets (hypernyms, hyponyms, similar-to,
...) come in the order of the data file; nltk keeps them in a set, so its order changes from
process to process. Lemmas are equal when their synset and name are (nltk compares names only).
"""
from __future__ import annotations

import json
import logging
import os
import re
import sqlite3
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from monalog.errors import MonalogError, ResourceError
from monalog.knowledge.wordnet import DEBIAN_DIR, cache_dir

log = logging.getLogger(__name__)

INDEX_NAME = "wordnet-3.0.sqlite"
SCHEMA_VERSION = 1                # bump when the tables or what is compiled into them change
APPLICATION_ID = 0x4D4C574E       # "MLWN", in the SQLite header: tells our file from any other
_SQLITE_MAGIC = b"SQLite format 3\x00"

POS_LIST = ("n", "v", "a", "r")
_FILE_POS = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
_POS_NUMBER = {"n": 1, "v": 2, "a": 3, "r": 4, "s": 5}
SOURCE_FILES = tuple([f"{kind}.{name}" for kind in ("data", "index") for name in _FILE_POS.values()]
                     + [f"{name}.exc" for name in _FILE_POS.values()] + ["cntlist.rev"])

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


# ---------------------------------------------------------------------------------------------------
# where the WordNet files are


@dataclass(frozen=True)
class Source:
    """The WordNet database files: a folder, or a zip file (nltk's download) with a folder inside."""

    location: Path
    member: str = ""                 # in a zip: the folder inside it ("wordnet/")

    def missing(self) -> list[str]:
        import zipfile

        if self.member:
            try:
                with zipfile.ZipFile(self.location) as zf:
                    names = set(zf.namelist())
            except (OSError, zipfile.BadZipFile):
                return list(SOURCE_FILES)
            return [name for name in SOURCE_FILES if self.member + name not in names]
        return [name for name in SOURCE_FILES if not (self.location / name).is_file()]

    def read(self, name: str) -> str:
        import zipfile

        if self.member:
            with zipfile.ZipFile(self.location) as zf:
                return zf.read(self.member + name).decode("utf-8")
        return (self.location / name).read_text(encoding="utf-8")

    def fingerprint(self) -> str:
        """Cheap (stat only): where the files are, their sizes and modification times."""
        paths = [self.location] if self.member else [self.location / name for name in SOURCE_FILES]
        stats: dict[str, list[int] | None] = {}
        for path in paths:
            try:
                st = path.stat()
                stats[path.name] = [st.st_size, st.st_mtime_ns]
            except OSError:
                stats[path.name] = None
        return json.dumps({"location": str(self.location), "member": self.member, "files": stats}, sort_keys=True)

    def digest(self) -> str:
        """sha256 of the files' contents: the same WordNet moved or copied keeps its digest."""
        import hashlib

        sha = hashlib.sha256()
        for name in SOURCE_FILES:
            data = self.read(name).encode("utf-8")
            sha.update(f"{name}\0{len(data)}\0".encode())
            sha.update(data)
        return sha.hexdigest()

    def __str__(self) -> str:
        return f"{self.location}/{self.member}" if self.member else str(self.location)


def _nltk_data_paths() -> list[Path]:
    """nltk.data.path as nltk builds it on Unix, without importing nltk (which imports scipy)."""
    paths = [Path(os.path.expanduser(d)) for d in os.environ.get("NLTK_DATA", "").split(os.pathsep) if d]
    if os.path.expanduser("~/") != "~/":
        paths.append(Path(os.path.expanduser("~/nltk_data")))
    return paths + [Path(sys.prefix, "nltk_data"), Path(sys.prefix, "share", "nltk_data"),
                    Path(sys.prefix, "lib", "nltk_data"), Path("/usr/share/nltk_data"),
                    Path("/usr/local/share/nltk_data"), Path("/usr/lib/nltk_data"), Path("/usr/local/lib/nltk_data")]


def find_source() -> Source:
    """WordNet as nltk would find it (corpora/wordnet in nltk's data folders, unpacked or zipped),
    else Debian's wordnet-base files; the same choice `monalog.knowledge.wordnet.nltk_wordnet` makes."""
    roots = _nltk_data_paths()
    for root in roots:
        if (root / "corpora" / "wordnet").is_dir():
            return Source(root / "corpora" / "wordnet")
    for root in roots:
        if (root / "corpora" / "wordnet.zip").is_file():
            return Source(root / "corpora" / "wordnet.zip", "wordnet/")
    return Source(DEBIAN_DIR)


def _check_source(source: Source) -> None:
    missing = source.missing()
    if missing:
        raise ResourceError(f"WordNet files missing in {source}: {', '.join(missing)} "
                            "(apt-get install wordnet-base wordnet-sense-index)", input=str(source))


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
            head = synsets[_file_pos(similar[0][0]), similar[0][1]]["lemmas"][0] if similar else None
        for lemma in entry["lemmas"]:
            head_name, head_id = (head[0], "%02d" % head[1]) if pos == "s" and head else ("", "")
            key = ("%s%%%d:%02d:%02d:%s:%s" % (lemma[0], _POS_NUMBER[pos], entry["lexname"], lemma[1],
                                               head_name, head_id)).lower()
            lemma.append(counts.get(key, 0))
        data = [f"{first}.{pos}.{number:02d}", pos, entry["definition"], entry["examples"], entry["lemmas"],
                entry["frames"], entry["pointers"], entry["lemma_pointers"]]
        rows.append((_synset_id(file_pos, offset), json.dumps(data, ensure_ascii=False, separators=(",", ":"))))
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


def _file_pos(pos: str) -> str:
    return "a" if pos == "s" else pos


def _synset_id(pos: str, offset: int) -> int:
    return _POS_NUMBER[_file_pos(pos)] * 100_000_000 + offset


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
    import tempfile

    _check_source(source)
    start = time.perf_counter()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    os.close(fd)
    tmp = Path(tmp_name)
    try:
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
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
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
    except OSError:
        return "foreign"                             # a folder, or unreadable
    if len(header) < 100 or not header.startswith(_SQLITE_MAGIC) \
            or int.from_bytes(header[68:72], "big") != APPLICATION_ID:
        return "foreign"
    if int.from_bytes(header[60:64], "big") != SCHEMA_VERSION:
        return "stale"
    try:
        conn = _connect(path)
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


def _connect(path: Path) -> sqlite3.Connection:
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
    _check_source(source)
    state = _classify(path, source)
    if state == "current":
        return path
    if state == "foreign":
        raise ResourceError(f"{path} is not a monalog WordNet index; it is left as it is: move it away, or set "
                            "MONALOG_CACHE to another folder", input=str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    with _build_lock(path):
        state = _classify(path, source)              # another process may have built it meanwhile
        if state == "foreign":
            raise ResourceError(f"{path} is not a monalog WordNet index; it is left as it is: move it away, or "
                                "set MONALOG_CACHE to another folder", input=str(path))
        if state != "current":
            if state == "stale":
                log.warning("WordNet: %s is out of date (schema or source changed); compiling it again", path)
            else:
                log.info("WordNet: compiling %s into %s (once, a few seconds)", source, path)
            build(source, path)
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


# ---------------------------------------------------------------------------------------------------
# reading


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
            self._conn = _connect(self.path)
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
        return self._synset_by_id(_synset_id(pos, offset))

    def _morphy_forms(self, form: str, pos: str) -> tuple[str, ...]:
        """nltk's `_morphy`: the exception list's bases or the suffix rules' forms, with the form
        itself first, those WordNet has for `pos`."""
        substitutions = _SUBSTITUTIONS[pos]
        bases = self._exception(_file_pos(pos), form)
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
        rows = self._rows("SELECT form, bases FROM exception WHERE pos = ? ORDER BY seq", (_file_pos(pos),))
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
