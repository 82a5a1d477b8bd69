"""The package root: a light import, the one-call functions, readable labels and proofs."""
from __future__ import annotations

import subprocess
import sys

import pytest

import monalog


def test_import_is_light():
    code = ("import monalog, sys; heavy = [m for m in ('torch', 'transformers', 'depccg', 'nltk', 'monalog_perturb')"
            " if m in sys.modules]; print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_prove_returns_label_and_readable_proof():
    proof = monalog.prove("No animal runs", "No dog runs")
    assert proof.label is monalog.Label.ENTAILMENT and str(proof.label) == "ENTAILMENT"
    text = proof.explain()
    assert "replace \"animal\" with \"dog\"" in text and "↓" in text
    assert proof.as_json()["label"] == "ENTAILMENT"


def test_prove_many_keeps_order_and_errors_in_place():
    results = monalog.prove_many([("A dog runs", "An animal runs"), ("", "x"), ("A dog runs", "No dog runs")])
    assert results[0].label == "ENTAILMENT" and isinstance(results[1], monalog.MonalogError)
    assert results[2].label is monalog.Label.CONTRADICTION


def test_polarize_and_parse():
    assert monalog.polarize("Every dog sees some cat").arrows() == "Every↑ dog↓ sees↑ some↑ cat↑"
    assert [leaf.token.word for leaf in monalog.parse("A dog runs").leaves] == ["A", "dog", "runs"]
    with pytest.raises(monalog.InputError):
        monalog.parse("   ")


def test_settings_and_enums_are_exported():
    settings = monalog.ProverSettings(depth=1)
    assert monalog.prove("A dog runs", "An animal runs", settings).label == "ENTAILMENT"
    assert str(monalog.Polarity.DOWN) == "↓" and monalog.StepKind.REPLACE == "replace"
    with pytest.raises(AttributeError):
        monalog.not_a_name
