"""The numpy MiniLM tagger and its WordPiece tokenizer against what they were trained as (torch and
transformers), its file format, and the shipped ensemble's batch independence."""
import csv

import numpy as np
import pytest
import torch

from monalog.errors import ResourceError
from monalog.parsing.contextual import ContextualTaggerModel, load_contextual, save_contextual
from monalog.parsing.minilm_arrays import ArrayContextualTagger, ContextualConfig, contextual_header, minilm_path
from monalog.parsing.scorers import MINILM, TaggerScorer, default_scorer, tagger_scorer
from monalog.parsing.tagger import Vocab, is_tagger_file
from monalog.parsing.tokens import tokenize
from monalog.neural.bert_arrays import gelu
from monalog.neural.wordpiece import WordPiece
from monalog.resources import model_path

ODD_WORDS = ["naïve", "Café", "[UNK]", "x[MASK]y", "don't", "U.S.", "\u200b", "\x00", "日本語", "héllo—world", "ﬁne",
             "½", "¿", "€100", "a" * 150, "αβγ", "İstanbul", "Straße", "e\u0301", "\ufffd", "😀", "‘quoted’",
             "\ue000x", "co-operate", "AT&T", "3.5mg/kg", ""]


@pytest.fixture(scope="module")
def sick_words(sick_path):
    with open(sick_path, encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream, delimiter="\t"))
    return sorted({w for row in rows for s in (row["sentence_A"], row["sentence_B"]) for w in tokenize(s).words})


def test_wordpiece_equals_transformers(sick_words):
    from transformers import AutoTokenizer

    theirs = AutoTokenizer.from_pretrained(str(minilm_path()))
    ours = WordPiece.load(minilm_path() / "vocab.txt")
    for word in sick_words + ODD_WORDS:
        expected = theirs(word, add_special_tokens=False)["input_ids"] or [theirs.unk_token_id]
        assert ours.word_ids(word) == expected, word
    assert len(sick_words) > 2000


def test_gelu_is_berts():
    x = np.linspace(-12, 12, 100_001)
    expected = torch.nn.functional.gelu(torch.from_numpy(x)).numpy()
    assert np.abs(gelu(x) - expected).max() < 1e-6


@pytest.fixture(scope="module")
def shipped():
    path = model_path(MINILM)
    return ArrayContextualTagger.load(path), load_contextual(path).double()


def test_numpy_forward_equals_torch(shipped, sick_words):
    numpy_tagger, torch_model = shipped
    sentences = [tokenize(s).words for s in ("A man isn't playing the naïve guitar .", "Nobody who never smoked "
                 "got lung cancer", "x", "If most voters stay home the mayor will lose")]
    sentences.append(sick_words[:200])          # a long one: 200 words, more pieces
    arrays = numpy_tagger.encode(sentences)
    with torch.inference_mode():
        expected = [x.numpy() for x in torch_model(*torch_model.encode(sentences))]
    mask = arrays[-1]
    for ours, theirs in zip(numpy_tagger.forward(*arrays), expected):
        assert np.abs(ours[mask] - theirs[mask]).max() < 1e-5


def test_scores_do_not_depend_on_the_batch(sick_words):
    scorer = default_scorer()
    alone = scorer.score([["A", "dog", "barks"]])[0][0]
    batch = [["A", "dog", "barks"], sick_words[:40], ["Every", "cat", "that", "sleeps", "dreams"]]
    together = scorer.score(batch)[0][0]
    assert all(np.array_equal(a, b) for a, b in zip(alone, together))


def test_tagger_choice_by_name():
    assert tagger_scorer() is default_scorer() and tagger_scorer("ensemble") is default_scorer()
    assert isinstance(tagger_scorer("minilm").model, ArrayContextualTagger)
    assert tagger_scorer("bilstm").tags == default_scorer().tags


def test_save_load_round_trip_in_both_runtimes(tmp_path):
    vocab = Vocab(("<pad>", "<unk>"), ("<pad>", "<unk>", "a", "d", "o", "g"), ("NP/N", "N"), ("DT", "NN"))
    torch.manual_seed(0)
    model = ContextualTaggerModel(ContextualConfig(layers=1, mlp=7, arc_dim=3, char_filters=6, char_dim=4),
                                  vocab).eval()
    path = tmp_path / "tiny.npz"
    save_contextual(model, path, {"note": "test"})
    assert contextual_header(path)["meta"] == {"note": "test"} and is_tagger_file(path)
    sents = [["a", "dog"], ["dog"]]
    with torch.inference_mode():
        expected = [x.numpy() for x in load_contextual(path)(*model.encode(sents))]
    numpy_tagger = TaggerScorer(path).model
    arrays = numpy_tagger.encode(sents)
    for ours, theirs in zip(numpy_tagger.forward(*arrays), expected):
        assert np.allclose(ours[arrays[-1]], theirs[arrays[-1]], atol=1e-4)


def test_a_tagger_for_another_minilm_is_refused(tmp_path):
    with np.load(model_path(MINILM)) as blob:
        arrays = {name: blob[name] for name in blob.files}
    arrays["table_check"] = arrays["table_check"] + np.float16(0.5)
    path = tmp_path / "other.npz"
    np.savez(path, **arrays)
    with pytest.raises(ResourceError, match="not the one this tagger was trained with"):
        TaggerScorer(path)


def test_train_tagger_cli_trains_a_minilm_tagger(tmp_path, capsys):
    import json

    from monalog.cli import main
    from tests.parsing.test_tagger_training import A_CAT_SEES_A_DOG, A_DOG_BARKS

    data = tmp_path / "silver.txt"
    data.write_text("".join(f"ID={i}\n{tree}\n" for i, tree in enumerate([A_DOG_BARKS, A_CAT_SEES_A_DOG] * 4)),
                    encoding="utf-8")
    out = tmp_path / "minilm.npz"
    assert main(["train-tagger", "--encoder", "minilm", "--data", str(data), "-o", str(out), "--epochs", "1"]) == 0
    meta = json.loads(capsys.readouterr().out)
    assert meta["encoder"] == "minilm" and meta["epochs"] == 1 and contextual_header(out)["meta"] == meta
    scores, pos = TaggerScorer(out).score([["A", "dog", "barks"]])
    assert scores[0][0].shape == (3, len(TaggerScorer(out).tags)) and len(pos[0]) == 3
