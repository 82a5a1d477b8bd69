"""Shared fixtures: the read-only data beside the project, and one real parser per session."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("MONALOG_SHARED_DATA", ROOT.parent / "shared" / "data"))
SILVER = SHARED / "ccg" / "sick_train_trial.depccg.txt"
SICK = SHARED / "sick" / "SICK_corrected_train_trial.tsv"


def shared(path: Path) -> Path:
    """A file of the shared data; missing, it skips the test on a developer's machine and fails it
    in CI (CI=true), so a run that checked none of the data cannot pass there."""
    if not path.exists():
        message = f"shared data not found at {path} (set MONALOG_SHARED_DATA)"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(message)
        pytest.skip(message)
    return path


@pytest.fixture(scope="session")
def silver_path() -> Path:
    return shared(SILVER)


@pytest.fixture(scope="session")
def parser():
    from monalog.parsing.parser import get_parser

    return get_parser()


@pytest.fixture(scope="session")
def sick_path() -> Path:
    return shared(SICK)
