"""Proving many pairs: chunks parsed in one batch, optional worker processes, progress callbacks."""
from __future__ import annotations

import multiprocessing as mp
import os
from typing import Callable, Iterator, Sequence

from monalog.errors import MonalogError
from monalog.proof import Proof
from monalog.prover import Prover, ProverSettings

Result = Proof | MonalogError
_WORKER: dict = {}


def _init_worker(settings: ProverSettings) -> None:
    import torch

    torch.set_num_threads(1)
    _WORKER["prover"] = Prover(settings)


def _work(chunk: list[tuple[str, str]]) -> list[Result]:
    return _WORKER["prover"].prove_batch(chunk)


def _chunks(pairs: Sequence[tuple[str, str]], size: int) -> Iterator[list[tuple[str, str]]]:
    for start in range(0, len(pairs), size):
        yield list(pairs[start:start + size])


def prove_all(pairs: Sequence[tuple[str, str]], settings: ProverSettings = ProverSettings(), workers: int = 1,
              chunk_size: int = 128, on_chunk: Callable[[int], None] | None = None) -> list[Result]:
    """Results in input order. workers > 1 uses that many processes (each loads its own models)."""
    results: list[Result] = []
    if workers <= 1:
        prover = Prover(settings)
        for chunk in _chunks(pairs, chunk_size):
            results += prover.prove_batch(chunk)
            if on_chunk:
                on_chunk(len(chunk))
        return results
    ctx = mp.get_context("spawn")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    with ctx.Pool(workers, initializer=_init_worker, initargs=(settings,)) as pool:
        for chunk_results in pool.imap(_work, _chunks(pairs, max(8, chunk_size // workers))):
            results += chunk_results
            if on_chunk:
                on_chunk(len(chunk_results))
    return results
