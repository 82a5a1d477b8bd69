"""Sentence embeddings for the generators: the engine's own (monalog.neural.embeddings)."""
from monalog.neural.embeddings import Embedder, cosine

__all__ = ["Embedder", "cosine"]
