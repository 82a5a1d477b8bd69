"""CCG categories, derivation trees, and their text formats."""
from monalog.ccg.category import Atom, Category, Functor, Slash, parse_category
from monalog.ccg.io import read_auto, read_braces, read_derivation, read_derivation_file, write_auto, write_braces
from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree, Unary, leaves, sentence, spans, tokens

__all__ = [
    "Atom", "Binary", "Category", "Functor", "Leaf", "Rule", "Slash", "Token", "Tree", "Unary",
    "leaves", "parse_category", "read_auto", "read_braces", "read_derivation", "read_derivation_file",
    "sentence", "spans", "tokens", "write_auto", "write_braces",
]
