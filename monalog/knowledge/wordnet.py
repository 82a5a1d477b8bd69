"""WordNet for the prover: the compiled index by default, nltk's reader as the reference.

`wordnet()` returns the compiled index (monalog.knowledge.wordnet_index: WordNet 3.0 in SQLite in
the cache folder, built on first use, opened in milliseconds); `MONALOG_WORDNET=nltk` chooses nltk's
`WordNetCorpusReader` instead (`nltk_wordnet()`, 8-10 s to load), which gives the same answers.

nltk reads its own data when present, else Debian's wordnet-base files. nltk cannot read
/usr/share/wordnet directly (its path sandbox, a missing `lexnames` file, and `index.sense` looked up
through nltk's data search), so the 13 dictionary files are copied once into a cache folder laid out
as nltk expects, with `lexnames` written from kb/wordnet_lexnames.tsv.
"""
from __future__ import annotations

import logging
import os
import shutil
import warnings
from functools import lru_cache
from pathlib import Path
from typing import Any

from monalog.errors import ResourceError
from monalog.resources import kb_path

log = logging.getLogger(__name__)

DEBIAN_DIR = Path("/usr/share/wordnet")
DICT_FILES = [f"{kind}.{pos}" for kind in ("data", "index") for pos in ("noun", "verb", "adj", "adv")] + \
    [f"{pos}.exc" for pos in ("noun", "verb", "adj", "adv")] + ["index.sense", "cntlist.rev"]


def cache_dir() -> Path:
    """Where monalog keeps data it builds (MONALOG_CACHE, else ~/.cache/monalog)."""
    return Path(os.environ.get("MONALOG_CACHE", Path.home() / ".cache" / "monalog"))


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
    from monalog.knowledge.wordnet_index import load

    return load()


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


@lru_cache(maxsize=4)
def exceptions(pos: str) -> dict[str, tuple[str, ...]]:
    """WordNet's morphological exception list for one part of speech ("n", "v", "a", "r"):
    inflected form -> base forms, in file order ("men" -> ("man",))."""
    from monalog.knowledge.wordnet_index import WordNetIndex

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
