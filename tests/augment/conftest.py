"""Fixtures of the generator's tests: the normalised parse of a sentence, as the generator reads a premise."""
from __future__ import annotations

import pytest

from monalog.pipeline import Pipeline
from tests.augment.rounds import generated, parametrize  # noqa: F401  (generated: the round modules' fixture)


def pytest_generate_tests(metafunc) -> None:
    parametrize(metafunc)


@pytest.fixture(scope="session")
def tree_of(parser):
    """text -> the tree the generator edits (normalised, parsed by the shared parser)."""
    pipeline = Pipeline(parser)
    return lambda text: pipeline.run([text], True)[0].parse.tree
