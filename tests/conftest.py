"""Shared fixtures: the read-only data beside the project, and one real parser per session."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("MONALOG_SHARED_DATA", ROOT.parent / "shared" / "data"))
SILVER = SHARED / "ccg" / "sick_train_trial.depccg.txt"
SICK = SHARED / "sick" / "SICK_corrected_train_trial.tsv"


@pytest.fixture(scope="session")
def silver_path() -> Path:
    if not SILVER.exists():
        pytest.skip(f"silver parses not found at {SILVER} (set MONALOG_SHARED_DATA)")
    return SILVER


@pytest.fixture(scope="session")
def parser():
    from monalog.parsing.parser import get_parser

    return get_parser()


@pytest.fixture(scope="session")
def sick_path() -> Path:
    if not SICK.exists():
        pytest.skip(f"SICK not found at {SICK} (set MONALOG_SHARED_DATA)")
    return SICK
