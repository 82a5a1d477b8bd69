"""The packaged MiniLM as a sentence embedder in numpy against the same model in torch and
transformers, and what makes it the default: no torch imported, batch-independent vectors."""
import subprocess
import sys

import numpy as np
import pytest

from monalog.neural.embeddings import ArrayEmbedder, Embedder, embedder

TEXTS = ["A man is playing a guitar", "a bike", "is wrestling", "naïve café ½ 😀", "", "  ", "x[MASK]y",
         "wearing a long yellow raincoat " * 40]           # over 128 pieces: truncated as transformers does


@pytest.fixture(scope="module")
def numpy_embedder():
    return ArrayEmbedder()


def test_numpy_vectors_equal_torch(numpy_embedder):
    theirs = Embedder(device="cpu").encode(TEXTS)
    ours = numpy_embedder.encode(TEXTS)
    assert ours.shape == theirs.shape == (len(TEXTS), 384)
    assert np.abs(ours - theirs).max() < 1e-5
    assert np.allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-6)


def test_a_vector_does_not_depend_on_its_batch(numpy_embedder):
    fresh = ArrayEmbedder()
    batched = fresh.encode(TEXTS)
    alone = np.stack([ArrayEmbedder().encode([t])[0] for t in TEXTS[:4]])
    assert np.array_equal(alone, batched[:4])
    assert np.array_equal(numpy_embedder.encode(TEXTS[::-1])[::-1], batched)


def test_a_vector_does_not_depend_on_a_large_mixed_batch_or_the_blas_threads():
    # float32 dense layers: a row's product must not depend on how many rows the batch has
    from threadpoolctl import threadpool_limits

    words = "a man in a red shirt is slowly riding an old bike down the hill near two small dogs".split()
    texts = [" ".join(words[i % 9:i % 9 + 1 + (i * 7) % 15]) + f" {i}" for i in range(150)]
    batched = ArrayEmbedder().encode(texts)
    alone = ArrayEmbedder()
    assert np.array_equal(np.stack([alone.encode([t])[0] for t in texts[::10]]), batched[::10])
    for threads in (1, 2):
        with threadpool_limits(threads):
            assert np.array_equal(ArrayEmbedder().encode(texts[::-1])[::-1], batched)


def test_similarity_and_empty_input(numpy_embedder):
    near, far = numpy_embedder.similarity([("a bike", "a bicycle"), ("a bike", "a violin")])
    assert near > far
    assert numpy_embedder.similarity([]) == []
    assert numpy_embedder.encode([]).shape == (0, 384)


def test_the_default_embedder_never_imports_torch():
    code = ("import sys; from monalog.neural.embeddings import embedder; embedder().encode(['a dog']); "
            "print('torch' in sys.modules, 'transformers' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
    assert isinstance(embedder(), ArrayEmbedder)
