"""Transformations: propose edited candidates."""
