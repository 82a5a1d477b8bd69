"""monalog: natural-logic inference over polarized CCG parses."""
__version__ = "0.1.0"
