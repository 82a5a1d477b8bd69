"""Opening inputs with a typed error that names the file, and writing outputs atomically."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import IO

from monalog.errors import InputError


def open_input(path: str | Path, error: type[InputError] = InputError) -> IO[str]:
    """Open a text input for reading (newline='' for csv); a failure raises `error` naming the file."""
    try:
        return Path(path).open(encoding="utf-8", newline="")
    except OSError as exc:
        raise error(f"cannot read {path}: {exc.strerror}", input=str(path)) from exc


def write_atomic(path: str | Path, text: str) -> None:
    """Write through a temporary file in the same folder and rename it into place, so an
    interrupted run never leaves a half-written output."""
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def read_tsv(path: str | Path) -> list[dict[str, str]]:
    """Rows of a tab-separated data file with a header; blank lines and '#' comments skipped."""
    import csv

    with Path(path).open(encoding="utf-8") as handle:
        return list(csv.DictReader((line for line in handle if line.strip() and not line.startswith("#")),
                                   delimiter="\t"))
