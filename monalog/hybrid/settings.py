"""The hybrid's settings, in a light module: a command line builds them without loading numpy or
torch (`monalog.hybrid.options`)."""
from __future__ import annotations

from dataclasses import dataclass

from monalog.neural.models import MINILM

# Fallback E/C predictions below this probability become NEUTRAL by default. Chosen on TRAIN, not on
# TRIAL: the threshold with the best out-of-fold accuracy over all 4,439 TRAIN pairs (10 folds x 5
# seeds, the engine with and without --exclusions), benchmarks/results/hybrid_folds.md. Without it the
# fallback's less confident E/C answers cost more than they gain where the engine found no proof.
DEFAULT_THRESHOLD = 0.8


@dataclass(frozen=True)
class FallbackSettings:
    """How the fallback is fine-tuned (`monalog train`'s model options)."""

    model: str = MINILM
    epochs: float = 3.0
    max_steps: int | None = None
    learning_rate: float = 1e-4         # tuned for the small packaged MiniLM; BERT-base prefers 2e-5 to 5e-5
    batch_size: int = 32
    seed: int = 0
    max_length: int = 128
    warmup: float = 0.1
    weight_decay: float = 0.01
    device: str | None = None
    dev_fraction: float = 0.1
    dev_fold: int = 0                   # which share of that size is held out (cross-fitting: 0 to 1/fraction - 1)
    generated_first: bool = False       # one epoch on the generated pairs alone, then `epochs` on SICK's
    group_by_length: bool = False       # batches of similar lengths (hybrid.batching): less padding, faster
