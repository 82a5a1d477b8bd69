"""Exact products (monalog.neural.exact): float64-grade results whose rows depend on their own row alone,
and the models built on them batch-independent under every BLAS kernel this machine's numpy offers."""
import json
import os
import platform
import subprocess
import sys

import numpy as np
import pytest
from threadpoolctl import threadpool_limits

from monalog.neural.exact import Operand, exact_matmul


@pytest.fixture(scope="module")
def operands():
    rng = np.random.default_rng(7)
    w = rng.standard_normal((300, 70)).astype(np.float32)
    x = rng.standard_normal((50, 300)) * np.exp(2 * rng.standard_normal((50, 1)))   # rows of unlike scales
    return x, w


@pytest.mark.parametrize("slices, error", [(1, 1e-5), (2, 1e-11), (3, 1e-15)])
def test_a_product_is_float64_grade_and_each_row_its_own(operands, slices, error):
    x, w = operands
    reference = x @ w.astype(np.float64)
    right = Operand(w, slices)
    full = exact_matmul(x, right)
    scale = np.abs(x).max(axis=1, keepdims=True) * np.abs(w).max(axis=0) * x.shape[1]
    assert (np.abs(full - reference) <= error * scale).all()
    assert all(np.array_equal(exact_matmul(x[i:i + 1], right)[0], full[i]) for i in range(len(x)))
    for threads in (1, 2):
        with threadpool_limits(threads):
            assert np.array_equal(exact_matmul(x[::-1], right)[::-1], full)
            assert np.array_equal(exact_matmul(x[5:9], w, slices), full[5:9])


def test_the_grid_of_a_padded_product_is_set_by_its_bound_not_its_padding():
    rng = np.random.default_rng(3)
    p, v = rng.random((4, 6)), rng.standard_normal((6, 5))
    short = exact_matmul(p, v, 1, terms=512)
    padded = exact_matmul(np.pad(p, ((0, 0), (0, 90))), np.pad(v, ((0, 90), (0, 0))), 1, terms=512)
    assert np.array_equal(short, padded)
    with pytest.raises(ValueError, match="bounded by 4"):
        Operand(v, 1, terms=4)


def test_zero_rows_and_extreme_scales():
    w = np.array([[1.5, -2.0], [0.25, 3.0]])
    x = np.array([[0.0, 0.0], [1e-200, 3e-200], [1e200, -1e200]])
    out = exact_matmul(x, w)
    assert np.array_equal(out[0], [0.0, 0.0])
    assert np.array_equal(exact_matmul(np.array([[1e-310, 0.0]]), w), [[0.0, 0.0]])   # subnormal: zeros, no NaN
    with pytest.raises(ValueError, match="already"):
        exact_matmul(x, Operand(w), slices=1)
    assert np.allclose(out[1:], x[1:] @ w, rtol=1e-12)


CHECK = r"""
import json, sys
import numpy as np
import threadpoolctl
from monalog.neural.embeddings import ArrayEmbedder
from monalog.parsing.scorers import default_scorer

words = "a man in a red shirt is slowly riding an old bike down the hill near two small dogs".split()
texts = [" ".join(words[i % 9:i % 9 + 1 + (i * 7) % 15]) + f" {i}" for i in range(60)]
texts.append("wearing a long yellow raincoat " * 12)                  # padded past every other text
batched = ArrayEmbedder().encode(texts)
alone = ArrayEmbedder()
embedder = all(np.array_equal(alone.encode([t])[0], batched[i]) for i, t in enumerate(texts) if i % 6 == 0)
scorer = default_scorer()
sentences = [t.split() for t in texts[:40]]
scores, _ = scorer.score(sentences)
tagger = all(all(np.array_equal(a, b) for a, b in zip(scorer.score([s])[0][0], scores[i]))
             for i, s in enumerate(sentences) if i % 5 == 0)
info = threadpoolctl.threadpool_info()
print(json.dumps({"kernel": next((i.get("architecture") for i in info if i["internal_api"] == "openblas"), None),
                  "embedder": bool(embedder), "tagger": bool(tagger)}))
"""
#: OpenBLAS's x86-64 kernels, oldest first; a machine runs those its CPU has the instructions for
KERNELS = ("Prescott", "Nehalem", "Sandybridge", "Haswell", "Zen", "SkylakeX", "CooperLake", "SapphireRapids")


def _kernel(name: str | None) -> str | None:
    """The OpenBLAS kernel numpy runs when asked for `name` in a child process (None: it cannot). OpenBLAS takes a
    forced kernel without asking the CPU, so the child multiplies first: an AMD EPYC without AVX-512 reports
    "SkylakeX" and dies on its first product (SIGILL), and such a kernel is none this machine offers."""
    env = None if name is None else {**os.environ, "OPENBLAS_CORETYPE": name}
    code = ("import threadpoolctl, numpy; a = numpy.ones((64, 64)); a @ a; a.astype('float32') @ a.astype('float32');"
            " print(next((i.get('architecture') for i in threadpoolctl.threadpool_info()"
            " if i['internal_api'] == 'openblas'), ''))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    return done.stdout.strip() or None if done.returncode == 0 else None


def test_answers_are_batch_independent_under_every_blas_kernel_numpy_offers_here():
    """Each kernel in a child process (the parent's environment untouched): the sentence embedder and the
    supertagger give a text the same bits alone and in a batch. An AMD EPYC under the Haswell kernel
    once moved a float32 row by 1e-7 with its batch."""
    offered = {_kernel(None)}
    if platform.machine() in ("x86_64", "AMD64"):
        offered |= {kernel for name in KERNELS if (kernel := _kernel(name)) and kernel.lower() == name.lower()}
    offered.discard(None)
    assert offered
    for kernel in sorted(k for k in offered if k):
        env = {**os.environ, "OPENBLAS_CORETYPE": kernel}
        done = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, env=env, timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        result = json.loads(done.stdout.strip().splitlines()[-1])
        assert result == {"kernel": result["kernel"], "embedder": True, "tagger": True}, (kernel, result)
