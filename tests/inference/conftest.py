"""Fixtures of the prover's tests."""
from __future__ import annotations

import pytest

from monalog.inference.prover import Prover, ProverSettings


@pytest.fixture(scope="session")
def default_prover(parser):
    """The prover with its default settings on the shared parser."""
    return Prover(ProverSettings(), parser=parser)
