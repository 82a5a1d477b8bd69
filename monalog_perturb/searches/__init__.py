"""Searches: choose among candidates (single pass, ranked beam, evolution, debate)."""
