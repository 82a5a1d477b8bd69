"""Property tests over random strings: parse, polarize and prove answer or raise MonalogError, never
anything else, and each call's work is bounded."""
from __future__ import annotations

import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import monalog
from monalog.errors import MonalogError

WORDS = st.sampled_from("a the no every some dog dogs cat runs run is are not and or of with quickly blue "
                        "man woman playing guitar , . ! ? '".split())
TEXT = st.one_of(st.text(max_size=200), st.lists(WORDS, max_size=60).map(" ".join))


def _bounded(call, *args) -> None:
    start = time.process_time()
    try:
        call(*args)
    except MonalogError:
        pass
    assert time.process_time() - start < 5            # the floor is 2 s idle; CI shares its cores


@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(TEXT)
def test_parse_and_polarize_any_text(text):
    _bounded(monalog.parse, text)
    _bounded(monalog.polarize, text)


@settings(max_examples=15, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(TEXT, TEXT)
def test_prove_any_pair(premise, hypothesis):
    _bounded(monalog.prove, premise, hypothesis)
