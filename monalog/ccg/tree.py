"""Typed CCG derivations: tokens, leaves, unary and binary nodes (frozen, hashable)."""
from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Iterator, Union

from monalog.ccg.category import Category


class Rule(str, enum.Enum):
    """Combinator names as depccg writes them in AUTO and brace formats."""

    FA = "fa"      # forward application   X/Y Y => X
    BA = "ba"      # backward application  Y X\Y => X
    FC = "fc"      # forward composition   X/Y Y/Z => X/Z
    BX = "bx"      # backward crossed composition  Y/Z X\Y => X/Z
    GFC = "gfc"    # generalised forward composition
    GBX = "gbx"    # generalised backward crossed composition
    CONJ = "conj"  # coordination: conj X => X\X
    LP = "lp"      # left punctuation removal
    RP = "rp"      # right punctuation removal
    LEX = "lex"    # unary type-changing rule
    TR = "tr"      # type raising
    OTHER = "other"  # a rule depccg does not name


@dataclass(frozen=True, slots=True)
class Token:
    """A word with its lemma, part of speech, named-entity tag and chunk tag."""

    word: str
    lemma: str
    pos: str = "XX"
    ner: str = "O"
    chunk: str = "XX"


@dataclass(frozen=True, slots=True)
class Leaf:
    """A lexical node: one token with its supertag."""

    category: Category
    token: Token
    # cached, as the search hashes every sentence it reaches; never pickled (a hash of strings
    # differs between processes): __reduce__ rebuilds it. Unary and Binary cache their leaves too.
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.category, self.token)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple:
        return Leaf, (self.category, self.token)

    @property
    def children(self) -> tuple["Tree", ...]:
        return ()


@dataclass(frozen=True, slots=True)
class Unary:
    """A unary node: type raising or a type-changing rule over one child."""

    category: Category
    rule: Rule
    child: "Tree"
    _leaves: tuple[Leaf, ...] = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_leaves", _leaves(self.child))
        object.__setattr__(self, "_hash", hash((self.category, self.rule, self.child._hash)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple:
        return Unary, (self.category, self.rule, self.child)

    @property
    def children(self) -> tuple["Tree", ...]:
        return (self.child,)


@dataclass(frozen=True, slots=True)
class Binary:
    """A binary combination of two constituents; `head_is_left` follows depccg's head marking."""

    category: Category
    rule: Rule
    left: "Tree"
    right: "Tree"
    head_is_left: bool = True
    _leaves: tuple[Leaf, ...] = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_leaves", _leaves(self.left) + _leaves(self.right))
        object.__setattr__(self, "_hash", hash((self.category, self.rule, self.left._hash, self.right._hash,
                                                self.head_is_left)))

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple:
        return Binary, (self.category, self.rule, self.left, self.right, self.head_is_left)

    @property
    def children(self) -> tuple["Tree", ...]:
        return (self.left, self.right)


Tree = Union[Leaf, Unary, Binary]


def preorder(root: Any, path: tuple[int, ...] = ()) -> Iterator[tuple[tuple[int, ...], Any]]:
    """Every node below `root` (a tree node, or any node with `children`) with its path of child
    indices, pre-order: a stack, not nested generators, as the search walks every sentence it reaches."""
    stack = [(path, root)]
    while stack:
        here, node = stack.pop()
        yield here, node
        children = node.children
        for i in range(len(children) - 1, -1, -1):       # the first child on top
            stack.append((here + (i,), children[i]))


def _leaves(tree: Tree) -> tuple[Leaf, ...]:
    return (tree,) if isinstance(tree, Leaf) else tree._leaves     # a leaf keeps no tuple of itself (no cycle)


def iter_leaves(tree: Tree) -> Iterator[Leaf]:
    """The leaves in sentence order."""
    return iter(_leaves(tree))


def leaves(tree: Tree) -> list[Leaf]:
    return list(_leaves(tree))


def first_leaves(tree: Tree, n: int) -> list[Leaf]:
    return list(_leaves(tree)[:n])


def tokens(tree: Tree) -> list[Token]:
    return [leaf.token for leaf in leaves(tree)]


def spans(tree: Tree) -> list[tuple[int, int, Tree]]:
    """Every node with its token span [begin, end), in pre-order."""
    out: list[tuple[int, int, Tree]] = []

    def visit(node: Tree, start: int) -> int:
        slot = len(out)
        out.append((start, start, node))
        end = start + 1 if isinstance(node, Leaf) else start
        for child in node.children:
            end = visit(child, end)
        out[slot] = (start, end, node)
        return end

    visit(tree, 0)
    return out


def sentence(tree: Tree) -> str:
    return " ".join(token.word for token in tokens(tree))
