"""Matrix products whose rows depend on their own row alone: the same bits under any BLAS kernel,
thread count or batch shape. (Across CPUs the element-wise functions around them, numpy's exp and tanh,
may still differ in the last bit: SIMD and libm versions.)

BLAS adds a row's products in an order set by its kernel, its threads and the number of rows (an
OpenBLAS Haswell kernel moves a float32 row by ~1e-7 with the rows beside it), and in floating point
the order moves the last bits. Here each operand is cut into slices of integers on a power-of-two grid,
one grid per row of the left operand and per column of the right, small enough that every partial sum
of a slice product is an integer of at most 53 bits: float64 adds those exactly in any order, so every
BLAS returns the same slice products, and they are combined element by element in a fixed order.
One slice a side keeps about 21 bits of each row and column (relative to its largest entry): near
float32, one float64 product (the sentence embedder); two (the default) about 42, three products: the
supertagger's scores then match a float64 BLAS's on every SICK sentence.
"""
from __future__ import annotations

import numpy as np

SLICES = 2
_TINY = 2.0 ** -960


def _bits(n: int) -> int:
    """Bits per slice for a contraction over n terms: (2^b)^2 * n <= 2^53."""
    return (53 - max(n - 1, 1).bit_length()) // 2


def _split(x: np.ndarray, axis: int, bits: int, count: int) -> tuple[list[np.ndarray], np.ndarray]:
    """x = sum_i slices[i] * 2^(e - bits * (i + 1)) up to the last slice's grid, each slice integer-valued
    with |slice| <= 2^bits; e (int, reduced along `axis`, kept as a length-1 axis) bounds |x| < 2^e."""
    largest = np.abs(x).max(axis=axis, keepdims=True)
    # a row whose largest entry is below 2^-960 counts as zeros (its scale 2^(bits - e) would overflow)
    _, e = np.frexp(np.where(largest < _TINY, 0.0, largest))
    rest = x * np.ldexp(1.0, bits - e)                # powers of two: every step here is exact
    slices = []
    for i in range(count):
        whole = np.rint(rest)
        slices.append(whole)
        if i + 1 < count:
            rest -= whole                             # |rest| <= 1/2
            rest *= 2.0 ** bits
    return slices, e


class Operand:
    """A right operand (..., n, m) cut once into slices, for many products with `exact_matmul`. The
    grid is set by `terms`, a bound on n: give it where n varies with the batch (a padded length), so
    that the grid, and the result, do not."""

    def __init__(self, w: np.ndarray, slices: int = SLICES, terms: int | None = None) -> None:
        if terms is not None and terms < w.shape[-2]:
            raise ValueError(f"a product over {w.shape[-2]} terms, bounded by {terms}")
        self.shape, self.count, self.bits = w.shape, slices, _bits(terms or w.shape[-2])
        self.slices, self.exponent = _split(w, -2, self.bits, slices)


def exact_matmul(x: np.ndarray, w: np.ndarray | Operand, slices: int | None = None,
                 terms: int | None = None) -> np.ndarray:
    """x (..., k, n) @ w (..., n, m) in float64, each output a function of its row of x and column of w
    only. `w` may be prepared once as an `Operand` (a layer's weights, its slices and terms set there);
    otherwise `slices` (default SLICES) and `terms` (see `Operand`) apply."""
    if isinstance(w, Operand):
        if slices is not None or terms is not None:
            raise ValueError("an Operand has its slices and terms already")
        right = w
    else:
        right = Operand(w, SLICES if slices is None else slices, terms)
    count, bits = right.count, right.bits
    left, e = _split(x, -1, bits, count)
    total = None
    for order in range(count):                          # slice pairs of one grid, from the largest down
        term = None
        for i in range(order + 1):
            product = left[i] @ right.slices[order - i]
            term = product if term is None else term + product
        assert term is not None
        total = term if total is None else total * 2.0 ** bits + term
    assert total is not None
    total *= np.ldexp(1.0, e - bits * (count + 1))
    total *= np.ldexp(1.0, right.exponent)
    return total
