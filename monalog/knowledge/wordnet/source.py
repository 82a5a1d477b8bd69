"""Where WordNet's files are (`find_source`: nltk's data, else Debian's wordnet-base) and nltk's
reader over them (`nltk_wordnet()`, 8-10 s to load: the reference the compiled index is tested against).

nltk reads its own data when present, else Debian's wordnet-base files. nltk cannot read
/usr/share/wordnet directly (its path sandbox, a missing `lexnames` file, and `index.sense` looked up
through nltk's data search), so the 13 dictionary files are copied once into a cache folder laid out
as nltk expects, with `lexnames` written from kb/wordnet_lexnames.tsv.
"""
from __future__ import annotations

import json
import logging
import os
import shutil
import sys
import warnings
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from monalog.errors import ResourceError
from monalog.resources import cache_dir, kb_path

log = logging.getLogger(__name__)

DEBIAN_DIR = Path("/usr/share/wordnet")
DICT_FILES = [f"{kind}.{pos}" for kind in ("data", "index") for pos in ("noun", "verb", "adj", "adv")] + \
    [f"{pos}.exc" for pos in ("noun", "verb", "adj", "adv")] + ["index.sense", "cntlist.rev"]
SOURCE_FILES = tuple(name for name in DICT_FILES if name != "index.sense")     # what the compiled index reads


def build_nltk_copy(source: Path = DEBIAN_DIR, target_root: Path | None = None) -> Path:
    """Lay Debian's WordNet files out as nltk data (idempotent); returns the nltk data root."""
    root = target_root or cache_dir() / "nltk_data"
    target = root / "corpora" / "wordnet"
    missing = [name for name in DICT_FILES if not (source / name).exists()]
    if missing:
        raise ResourceError(f"WordNet files missing in {source}: {', '.join(missing)} "
                            "(apt-get install wordnet-base wordnet-sense-index)", input=str(source))
    if all((target / name).exists() for name in DICT_FILES + ["lexnames"]):
        return root
    tmp = target.with_name("wordnet.tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    for name in DICT_FILES:
        shutil.copyfile(source / name, tmp / name)
    shutil.copyfile(kb_path("wordnet_lexnames.tsv"), tmp / "lexnames")
    shutil.rmtree(target, ignore_errors=True)
    tmp.rename(target)                       # atomic: a half-built copy is never used
    return root


# -- where the WordNet database files are (what the compiled index is built from) --------------------
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


def check_source(source: Source) -> None:
    missing = source.missing()
    if missing:
        raise ResourceError(f"WordNet files missing in {source}: {', '.join(missing)} "
                            "(apt-get install wordnet-base wordnet-sense-index)", input=str(source))


@lru_cache(maxsize=1)
def nltk_wordnet() -> Any:
    """nltk's WordNet reader (the reference); says which source it uses (nltk's data or Debian's files)."""
    import nltk
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    try:
        path = nltk.data.find("corpora/wordnet")
        log.info("WordNet: nltk data at %s", path)
    except LookupError:
        root = build_nltk_copy()
        if str(root) not in nltk.data.path:
            nltk.data.path.insert(0, str(root))
        path = nltk.data.find("corpora/wordnet")
        log.info("WordNet: Debian's wordnet-base files, copied to %s", path)
    try:
        with warnings.catch_warnings():        # "multilingual functions are not available": expected
            warnings.simplefilter("ignore", UserWarning)
            reader = WordNetCorpusReader(path, None)
            reader.ensure_loaded()
        return reader
    except (OSError, LookupError) as exc:
        raise ResourceError(f"cannot read WordNet at {path}: {exc}", input=str(path)) from exc
