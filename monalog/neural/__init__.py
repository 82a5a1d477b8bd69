"""Transformers models offline: finding and loading them, and sentence embeddings (shared by the
prover's phrase aligner, the hybrid fallback, augmentation and the generators)."""
