"""Read derivations in depccg's AUTO and brace formats (lark) and write them back exactly."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Iterator, cast

from lark import Lark, Transformer, v_args
from lark.exceptions import LarkError

from monalog.ccg.category import parse_category
from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree, Unary
from monalog.errors import CategoryError, DerivationFormatError
from monalog.resources import grammar_path
from monalog.rows import whole_lines

_RULES = {rule.value: rule for rule in Rule}


class _ToTree(Transformer):
    """Turns lark's parse of either format into typed trees."""

    def start(self, children: list[Tree]) -> Tree:
        return children[0]

    @v_args(inline=True)
    def leaf(self, token) -> Leaf:
        fields = token[3:-1].split(" ")
        if len(fields) == 7:       # category word lemma pos ner chunk category
            cat, word, lemma, pos, ner, chunk, _ = fields
        else:                      # category pos pos word category
            cat, pos, _, word, _ = fields
            lemma, ner, chunk = word, "O", "XX"
        return Leaf(parse_category(cat), Token(word, lemma, pos, ner, chunk))

    @v_args(inline=True)
    def unary(self, inner, child: Tree) -> Unary:
        cat, rule, _ = _inner_fields(inner)
        return Unary(cat, rule, child)

    @v_args(inline=True)
    def binary(self, inner, left: Tree, right: Tree) -> Binary:
        cat, rule, head = _inner_fields(inner)
        return Binary(cat, rule, left, right, head_is_left=head == "0")


def _inner_fields(token: str):
    fields = token[3:-1].split(" ")
    if len(fields) == 4:
        cat, rule, head, _ = fields
    else:
        cat, head, _ = fields
        rule = Rule.OTHER.value
    return parse_category(cat), _RULES.get(rule, Rule.OTHER), head


@lru_cache(maxsize=2)
def _parser(grammar: str) -> Lark:
    return Lark(grammar_path(grammar).read_text(encoding="utf-8"), parser="lalr",
                transformer=_ToTree())


def _read(text: str, grammar: str, name: str) -> Tree:
    try:
        return cast(Tree, _parser(grammar).parse(text))     # the _ToTree transformer builds it
    except (LarkError, CategoryError) as exc:
        snippet = text if len(text) <= 80 else text[:77] + "..."
        raise DerivationFormatError(f"not a {name} derivation: {snippet!r} ({_one_line(exc)})",
                                    input=text) from exc


def _one_line(exc: Exception) -> str:
    text = " ".join(str(exc).split())
    return text if len(text) <= 120 else text[:117] + "..."


def read_auto(text: str) -> Tree:
    """Read one derivation in AUTO format (parentheses; standard or extended leaves)."""
    return _read(text, "ccg_auto.lark", "AUTO")


def read_braces(text: str) -> Tree:
    """Read one derivation in depccg's extended brace format."""
    return _read(text, "ccg_braces.lark", "brace-format")


def read_derivation(text: str) -> Tree:
    """Read either format, chosen by the first character."""
    text = text.strip()
    return read_braces(text) if text.startswith("{") else read_auto(text)


def _write(tree: Tree, open_: str, close: str) -> str:
    parts: list[str] = []

    def visit(node: Tree) -> None:
        if isinstance(node, Leaf):
            t = node.token
            parts.append(f"{open_}<L {node.category} {t.word} {t.lemma} {t.pos} {t.ner} {t.chunk} "
                         f"{node.category}>{close}")
            return
        head = 0 if isinstance(node, Unary) or node.head_is_left else 1
        parts.append(f"{open_}<T {node.category} {node.rule.value} {head} {len(node.children)}>")
        for child in node.children:
            parts.append(" ")
            visit(child)
        parts.append(f" {close}")

    visit(tree)
    return "".join(parts)


def write_auto(tree: Tree) -> str:
    """depccg's extended AUTO string (parentheses, with rule names and lemmas)."""
    return _write(tree, "(", ")")


def write_braces(tree: Tree) -> str:
    """The brace format of the silver SICK parses."""
    return _write(tree, "{", "}")


def read_derivation_file(path: str | Path) -> Iterator[tuple[str, Tree]]:
    """Yield (id, tree) from a file of `ID=N` lines each followed by one derivation line."""
    current_id: str | None = None
    for lineno, text in whole_lines(path, DerivationFormatError):
        line = text.strip()
        if not line:
            continue
        if line.startswith("ID="):
            current_id = line[3:]
            continue
        try:
            tree = read_derivation(line)
        except DerivationFormatError as exc:
            raise DerivationFormatError(f"{path}:{lineno}: {exc}", input=line) from exc
        yield (current_id if current_id is not None else str(lineno)), tree
        current_id = None
