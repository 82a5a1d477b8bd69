"""The hybrid classifier: the symbolic engine's E/C answers, a neural fallback for the rest."""

# Fallback E/C predictions below this probability become NEUTRAL by default. Chosen on TRAIN, not on
# TRIAL: the threshold with the best out-of-fold accuracy over all 4,439 TRAIN pairs (10 folds x 5
# seeds, the engine with and without --exclusions), benchmarks/results/hybrid_folds.md. Without it the
# fallback's less confident E/C answers cost more than they gain where the engine found no proof.
DEFAULT_THRESHOLD = 0.8
