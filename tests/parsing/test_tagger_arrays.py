"""The numpy tagger (what parsing runs) against the torch model it was trained as, and its file format."""
import csv

import numpy as np
import pytest
import torch

from monalog.errors import ResourceError
from monalog.parsing.tagger import (TaggerConfig, TaggerModel, Vocab, encode_batch, is_tagger_file, load_tagger,
                                    save_tagger)
from monalog.parsing.tagger_arrays import ArrayTagger, encode_arrays, is_tagger_npz, read_tagger_file
from monalog.parsing.scorers import TaggerScorer
from monalog.parsing.tokens import tokenize
from monalog.resources import model_path


@pytest.fixture(scope="module")
def shipped():
    path = model_path("tagger.npz")
    return ArrayTagger.load(path), load_tagger(path)


def test_numpy_forward_equals_torch_on_sick_sentences(shipped, sick_path):
    numpy_tagger, torch_model = shipped
    with open(sick_path, encoding="utf-8") as stream:
        sentences = sorted({row["sentence_A"] for row in csv.DictReader(stream, delimiter="\t")})[::10]
    words = [tokenize(s).words for s in sentences]
    for start in range(0, len(words), 128):
        batch = words[start:start + 128]
        arrays = encode_arrays(numpy_tagger.vocab, batch)
        with torch.inference_mode():
            expected = [x.numpy() for x in torch_model(*encode_batch(torch_model.vocab, batch))]
        mask = arrays[2]
        for ours, theirs in zip(numpy_tagger.forward(*arrays), expected):
            assert np.abs(ours[mask] - theirs[mask]).max() < 1e-3
    assert len(sentences) > 200


def test_save_load_round_trip_in_both_runtimes(tmp_path):
    vocab = Vocab(("<pad>", "<unk>", "a", "dog"), ("<pad>", "<unk>", "a", "d", "o", "g"), ("NP/N", "N"), ("DT", "NN"))
    torch.manual_seed(0)
    model = TaggerModel(TaggerConfig(word_dim=8, char_dim=4, char_filters=6, hidden=5, mlp=7, arc_dim=3), vocab).eval()
    path = tmp_path / "tiny.npz"
    save_tagger(model, path, {"note": "test"})
    assert is_tagger_npz(path) and is_tagger_file(path)
    content = read_tagger_file(path)
    assert content.meta == {"note": "test"} and content.vocab == vocab
    assert all(array.dtype == np.float16 for array in content.weights.values())
    sents = [["a", "dog"], ["dog"]]
    with torch.inference_mode():
        expected = [x.numpy() for x in load_tagger(path)(*encode_batch(vocab, sents))]
    arrays = encode_arrays(vocab, sents)
    for ours, theirs in zip(ArrayTagger(content).forward(*arrays), expected):
        assert np.allclose(ours[arrays[2]], theirs[arrays[2]], atol=1e-5)


@pytest.mark.parametrize("content", [b"", b"not a tagger", b"PK\x03\x04broken zip"])
def test_a_file_that_is_not_a_tagger_is_named(tmp_path, content):
    path = tmp_path / "model.npz"
    path.write_bytes(content)
    assert not is_tagger_file(path)
    with pytest.raises(ResourceError, match="model.npz"):
        read_tagger_file(path)
    with pytest.raises(ResourceError, match="model.npz"):
        load_tagger(path)
    with pytest.raises(ResourceError, match="model.npz"):
        TaggerScorer(path)


def test_parsing_does_not_import_torch():
    import subprocess
    import sys

    code = ("import sys, monalog; monalog.parse('A dog runs'); "
            "sys.exit(1 if 'torch' in sys.modules else 0)")
    assert subprocess.run([sys.executable, "-c", code], timeout=120).returncode == 0
