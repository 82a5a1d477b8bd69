"""The one-call API: `prove`, `prove_many`, `polarize`, `parse`. Models load on first use and are
shared by later calls in the process (one parser per backend, one prover per settings)."""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Sequence

from monalog.inference.batch import prove_all
from monalog.inference.prover import Prover, ProverSettings
from monalog.parsing.parser import get_parser
from monalog.pipeline import Pipeline
from monalog.polarity.lexicon import default_lexicon
from monalog.polarity.polarizer import Polarizer

if TYPE_CHECKING:
    from monalog.errors import MonalogError
    from monalog.inference.proof import Proof
    from monalog.parsing.parser import Parse
    from monalog.polarity.lexicon import Readings
    from monalog.polarity.polarizer import PolarizedSentence


@lru_cache(maxsize=8)
def _pipeline(readings: Readings | None = None) -> Pipeline:
    return Pipeline(polarizer=Polarizer(default_lexicon().with_readings(readings)) if readings else None)


@lru_cache(maxsize=8)
def _prover(settings: ProverSettings | None) -> Prover:
    return Prover(settings or ProverSettings())


def prove(premise: str, hypothesis: str, settings: ProverSettings | None = None) -> Proof:
    """The verdict for one pair and its proof (`proof.label`, `proof.explain()`); raises the pair's
    MonalogError (bad input, unparseable sentence, search budget spent)."""
    return _prover(settings).prove(premise, hypothesis)


def prove_many(pairs: Sequence[tuple[str, str]], settings: ProverSettings | None = None, workers: int = 1,
               on_chunk: Callable[[int], None] | None = None, engine: str = "local",
               address: str | None = None) -> list[Proof | MonalogError]:
    """Proofs in input order, a failing pair's error in its place; `workers` > 1 uses processes, and
    `engine` "ray" that many Ray actors (a local Ray instance, or the cluster at `address`).
    The answers do not depend on the engine, the number of workers or the batches."""
    return prove_all(pairs, settings or ProverSettings(), workers, on_chunk=on_chunk, engine=engine, address=address)


def polarize(sentence: str, normalize: bool = False, readings: Readings | None = None) -> PolarizedSentence:
    """Parse and polarize one sentence (`.arrows()` gives "Every↑ dog↓ sees↑ some↑ cat↑");
    `readings` chooses how bare numerals, definites and bare plurals are read."""
    return _pipeline(readings).analyse(sentence, normalize)


def parse(sentence: str) -> Parse:
    """The CCG derivation of one sentence with the shipped supertagger and depccg's decoder."""
    return get_parser().parse(sentence)
