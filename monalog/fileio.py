"""Opening inputs with a typed error that names the file, refusing outputs that would destroy
something the program did not write, and writing outputs atomically."""
from __future__ import annotations

import json
import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Callable, Iterable, Iterator

from monalog.errors import InputError, OutputError

Previous = Callable[[Path], bool]
"""Tells whether an existing path is a previous output of the command that wants to write it."""


def readable(text: str) -> str:
    """`text` with lone surrogates (undecodable bytes of an argument or a file name) written as escapes:
    safe to print, and to write as UTF-8."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def unreadable(exc: OSError | UnicodeDecodeError) -> str:
    """Why a file could not be read, for an error message: the system's reason, or where it is not UTF-8."""
    if isinstance(exc, UnicodeDecodeError):
        return f"not UTF-8 text (byte {exc.object[exc.start:exc.start + 1]!r} at offset {exc.start})"
    return exc.strerror or str(exc)


def open_input(path: str | Path, error: type[InputError] = InputError) -> IO[str]:
    """Open a text input for reading (newline='' for csv); a failure raises `error` naming the file."""
    return open_read(path, error, encoding="utf-8", newline="")


def open_read(path: str | Path, error: type[InputError] = InputError, mode: str = "r", **kwargs) -> IO:
    """Open an input for reading; a failure, or an empty path string (it would open the current folder),
    raises `error` naming it."""
    if not str(path):
        raise error("the path is empty", input="")
    try:
        return Path(path).open(mode, **kwargs)
    except OSError as exc:
        raise error(f"cannot read {path}: {exc.strerror}", input=str(path)) from exc


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def _writable_folder(path: Path) -> None:
    """The folder that will hold `path` can be made and written (checked before any work starts)."""
    folder = path.absolute().parent
    existing = folder
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir():
        raise OutputError(f"cannot write {path}: {existing} is not a folder", input=str(path))
    try:
        fd, probe = tempfile.mkstemp(dir=existing, prefix=".tmp-probe-")
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror}", input=str(path)) from exc
    os.close(fd)
    os.unlink(probe)


def check_output(path: str | Path, *, inputs: Iterable[str | Path | None] = (), previous: Previous | None = None,
                 folder: bool = False) -> Path:
    """Refuse, before any work, an output that is one of the inputs, or that exists and is not a
    previous output of the same command (`previous` says which are), or that cannot be written.
    An empty file (or, for a `folder` output, an empty folder) may always be used."""
    out = Path(path)
    for item in inputs:
        if item is not None and item != "-" and _same_file(out, Path(item)):
            raise OutputError(f"output {path} is also an input; choose another output path", input=str(path))
    if out.exists() or out.is_symlink():
        regular = out.is_dir() if folder else out.is_file()
        if out.is_symlink() or not regular:
            kind = ("a link" if out.is_symlink() else "a folder" if out.is_dir() else
                    "a file" if out.is_file() else "not a regular file (a pipe or a device)")
            raise OutputError(f"output {path} is {kind}; choose another output path", input=str(path))
        empty = not any(out.iterdir()) if folder else out.stat().st_size == 0
        if not empty and not (previous is not None and previous(out)):
            raise OutputError(f"output {path} exists and is not a previous output of this command; "
                              "choose another path or move it away", input=str(path))
    _writable_folder(out)
    remove_stale_temporaries(out)
    return out


def distinct_outputs(*paths: str | Path | None) -> None:
    """Refuse a run whose outputs (say -o and --report, or OUT.progress) name the same file."""
    seen: dict[Path, str] = {}
    for path in paths:
        if path is None:
            continue
        key = Path(path).absolute().resolve()
        if key in seen:
            raise OutputError(f"{path} is named for two outputs of this run ({seen[key]} too); give each its own path",
                              input=str(path))
        seen[key] = str(path)


def temporary_prefix(target: Path) -> str:
    """The name prefix of this process's temporary files for `target` (the pid tells a stale one)."""
    return f".tmp-{target.name}-{os.getpid()}-"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_stale_temporaries(target: Path) -> None:
    """Remove the temporary files and folders an earlier, killed run left for `target` (named by
    `temporary_prefix` with the pid of a process that no longer runs)."""
    folder = target.absolute().parent
    if not folder.is_dir():
        return
    import glob
    import re

    # exactly what temporary_prefix + tempfile make: the pid, 8 random characters, an optional suffix
    pattern = re.compile(rf"\.tmp-{re.escape(target.name)}-(\d+)-[a-z0-9_]{{8}}(\.[A-Za-z0-9]+)?")
    for leftover in folder.glob(f".tmp-{glob.escape(target.name)}-*"):
        match = pattern.fullmatch(leftover.name)
        if match and int(match.group(1)) != os.getpid() and not _alive(int(match.group(1))):
            if leftover.is_dir() and not leftover.is_symlink():
                shutil.rmtree(leftover, ignore_errors=True)
            else:
                leftover.unlink(missing_ok=True)


def first_json(path: Path, limit: int = 1 << 20) -> object:
    """The first non-empty line of a file as JSON (None when it is not JSON or longer than `limit`)."""
    try:
        with path.open("rb") as handle:
            for line in handle:
                if line.strip():
                    return json.loads(line) if len(line) <= limit else None
    except (OSError, ValueError, RecursionError):
        return None
    return None


def row_with(*keys: str) -> Callable[[bytes], bool]:
    """Tells a line that is a JSON object holding these keys (a row of a given command's output)."""
    def is_row(line: bytes) -> bool:
        try:
            row = json.loads(line)
        except (ValueError, RecursionError):
            return False
        return isinstance(row, dict) and all(k in row for k in keys)
    return is_row


def jsonl_with(*keys: str) -> Previous:
    """A previous JSONL output: its first row is an object with these keys."""
    def previous(path: Path) -> bool:
        row = first_json(path)
        return isinstance(row, dict) and all(k in row for k in keys)
    return previous


def json_with(*keys: str) -> Previous:
    """A previous JSON report: the whole (small) file is an object with these keys."""
    def previous(path: Path) -> bool:
        try:
            if path.stat().st_size > 16 << 20:
                return False
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return False
        return isinstance(data, dict) and all(k in data for k in keys)
    return previous


def new_mode(folder: bool = False) -> int:
    """The mode a new file (0666) or folder (0777) gets under the current umask (temporary files are 0600)."""
    mask = os.umask(0)
    os.umask(mask)
    return (0o777 if folder else 0o666) & ~mask


def _file_mode(path: Path) -> int:
    """An existing output keeps its mode; a new one gets the usual mode."""
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        return new_mode()


@contextmanager
def atomic_path(path: str | Path, suffix: str = "") -> Iterator[Path]:
    """A temporary path in the output's folder that is renamed onto `path` when the block ends
    without error (and removed otherwise), so an interrupted run never leaves a half-written output."""
    target = Path(path)
    target.absolute().parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.absolute().parent, prefix=temporary_prefix(target), suffix=suffix)
    os.close(fd)
    try:
        yield Path(tmp)
        os.chmod(tmp, _file_mode(target))
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def write_atomic(path: str | Path, text: str) -> None:
    """Write text through a temporary file in the same folder, renamed into place. When that fails (a
    full disk, say), the text is kept in the system's temporary folder and the OutputError says where:
    a long run's results are not lost to its last write."""
    try:
        with atomic_path(path) as tmp:
            with tmp.open("w", encoding="utf-8") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())          # on disk before the rename: safe against power loss too
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror or exc}; {_kept(path, text)}", input=str(path)) from exc


def _kept(path: str | Path, text: str) -> str:
    """Where `text` was kept instead of `path`, said for an error message."""
    try:
        fd, spare = tempfile.mkstemp(prefix=f"monalog-{Path(path).name}-", dir=tempfile.gettempdir())
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        return f"its content was kept in {spare}"
    except OSError as exc:
        return f"nor could its content be kept in {tempfile.gettempdir()} ({exc.strerror or exc})"


def write_jsonl(path: str | Path, rows: Iterable[dict]) -> None:
    """Write rows as JSONL (UTF-8, one object a line), atomically."""
    write_atomic(path, "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows))


def replace_folder(built: Path, target: Path, previous: Previous) -> None:
    """Move a finished folder onto `target`. An existing target must be empty or a previous output
    (`previous`); it is moved aside first and removed only after the new folder is in place."""
    if not target.exists():
        built.rename(target)
        return
    if not any(target.iterdir()):
        target.rmdir()
        built.rename(target)
        return
    if not previous(target):
        raise OutputError(f"output {target} exists and is not a previous output of this command", input=str(target))
    aside = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".old-{target.name}-"))
    os.rmdir(aside)
    target.rename(aside)
    built.rename(target)
    shutil.rmtree(aside)


def read_table(path: str | Path) -> list[dict[str, str]]:
    """Rows of a tab-separated data file shipped with the package (lexicons, rules), with a header;
    blank lines and '#' comments skipped. User input goes through `monalog.rows` instead."""
    import csv

    with Path(path).open(encoding="utf-8") as handle:
        return list(csv.DictReader((line for line in handle if line.strip() and not line.startswith("#")),
                                   delimiter="\t"))
