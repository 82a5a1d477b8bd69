"""The checks a round's test module shares (tests/augment/test_round55.py, test_round59.py ...): the module lists NEW
(premise, hypothesis, label) pairs the generator must write, NEVER (premise, unwanted text) pairs it must not, and
optionally REFUSED premises (or (premise, word) pairs) it must refuse and MORE premises its own tests read; it imports
`test_new_pairs` and `test_pairs_never_emitted` (and `test_refused`, for (premise, word) REFUSED pairs) from here, and
conftest.py provides the `generated` fixture and parametrizes these tests with the module's lists. The generator
runs once a module, on every premise (one batch)."""
from __future__ import annotations

import pytest

from monalog.augment.generate import AugmentSettings, Augmenter
from monalog.errors import ParseError
from monalog.inference.proof import Label


def _premises(module) -> list[str]:
    refused = {item if isinstance(item, str) else item[0] for item in getattr(module, "REFUSED", ())}
    return sorted({premise for premise, *_ in module.NEW + module.NEVER} | refused | set(getattr(module, "MORE", ())))


@pytest.fixture(scope="module")
def generated(parser, request) -> dict[str, dict[str, Label] | Exception]:
    premises = _premises(request.module)
    results = Augmenter(AugmentSettings(), parser=parser).generate_batch(premises)
    return {premise: result if isinstance(result, Exception) else {p.hypothesis: p.label for p in result}
            for premise, result in zip(premises, results)}


def test_new_pairs(generated, premise, hypothesis, label):
    pairs = generated[premise]
    assert isinstance(pairs, dict) and pairs.get(hypothesis) is label


def test_pairs_never_emitted(generated, premise, unwanted):
    pairs = generated[premise]
    assert isinstance(pairs, dict) and pairs and not [h for h in pairs if unwanted in h]


def test_refused(generated, premise, word):
    result = generated[premise]
    assert isinstance(result, ParseError) and repr(word) in str(result)


def parametrize(metafunc) -> None:
    """conftest's pytest_generate_tests: the shared tests take the module's NEW, NEVER and (premise, word) REFUSED."""
    if metafunc.function is test_refused:
        metafunc.parametrize("premise, word", metafunc.module.REFUSED)
    elif metafunc.function is test_new_pairs:
        metafunc.parametrize("premise, hypothesis, label", metafunc.module.NEW)
    elif metafunc.function is test_pairs_never_emitted:
        metafunc.parametrize("premise, unwanted", metafunc.module.NEVER)
