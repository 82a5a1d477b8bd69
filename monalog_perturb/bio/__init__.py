"""Biomedical hard-negative generators (BioNLI, and later KBIN, EvoNLI, debate rewriting)."""
