"""Constraints: filter candidates by a score."""
