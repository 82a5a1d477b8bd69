"""Sentence embeddings for the generators: the engine's own (monalog.hybrid.embeddings)."""
from monalog.hybrid.embeddings import Embedder, cosine

__all__ = ["Embedder", "cosine"]
