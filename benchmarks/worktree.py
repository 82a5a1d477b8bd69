"""A commit checked out beside the working tree (a temporary git worktree), for the benchmarks that run
two codes side by side in one session."""
from __future__ import annotations

import subprocess
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def checked_out(commit: str) -> Iterator[Path]:
    """The tree of `commit` in a temporary folder, removed (with its worktree entry) at the end."""
    base = Path(tempfile.mkdtemp(prefix="monalog-baseline-")) / "tree"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base), commit], check=True,
                   capture_output=True)
    try:
        yield base
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], capture_output=True)
