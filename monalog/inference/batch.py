"""Proving many pairs: chunks parsed in one batch, optional worker processes, progress callbacks."""
from __future__ import annotations

from functools import partial
from typing import Callable, Iterator, Sequence

from monalog.parallel import OnReady, run_batches
from monalog.errors import MonalogError
from monalog.inference.proof import Proof
from monalog.inference.prover import Prover, ProverSettings

Result = Proof | MonalogError


def _prover_worker(settings: ProverSettings) -> Callable[[list[tuple[str, str]]], list[Result]]:
    return Prover(settings).load().prove_batch


def _chunks(pairs: Sequence[tuple[str, str]], size: int) -> Iterator[list[tuple[str, str]]]:
    for start in range(0, len(pairs), size):
        yield list(pairs[start:start + size])


def prove_all(pairs: Sequence[tuple[str, str]], settings: ProverSettings = ProverSettings(), workers: int = 1,
              chunk_size: int = 128, on_chunk: Callable[[int], None] | None = None,
              on_ready: OnReady | None = None, engine: str = "local", address: str | None = None) -> list[Result]:
    """Results in input order. workers > 1 uses that many processes (each loads its own models
    first; `on_ready` is told each one's load time); engine "ray": that many Ray actors, on a local
    Ray instance or the cluster at `address` (parallel.run_batches, the runner `augment` uses too)."""
    results: list[Result] = []
    size = chunk_size if workers <= 1 else max(8, chunk_size // workers)
    for chunk_results in run_batches(partial(_prover_worker, settings), _chunks(pairs, size), engine, workers, address,
                                     on_ready=on_ready):
        results += chunk_results
        if on_chunk:
            on_chunk(len(chunk_results))
    return results
