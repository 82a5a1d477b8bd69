"""Polarity marking of CCG derivations (after Hu & Moss 2018, "Polarity computations in flexible
categorial grammar").

Two passes over a derivation:
- marking, bottom-up: every constituent gets the monotonicity of its category's arguments
  (outermost first). Lexical markings come from the monotonicity lexicon; combinators compose them
  (application consumes one, composition multiplies the primary's with the secondary's).
- polarizing, top-down from ↑ at the root: a functor passes its polarity to itself and its
  polarity times its marking to its argument. Noun phrases act as type-raised generalised
  quantifiers: a functor applied to an NP gets the NP's scope marking, and the NP's noun (with its
  modifiers and relative clauses) gets the determiner's restrictor marking.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator, TypeGuard, cast

from monalog.ccg.category import Atom, Category, Functor, complement_slots
from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree, Unary, first_leaves, iter_leaves, preorder
from monalog.errors import MonalogError
from monalog.polarity.attachment import after_operator, in_object_scope
from monalog.polarity.lexicon import NUMERAL, Lexicon, Signature, before_mass, default_lexicon
from monalog.polarity.marks import Polarity

if TYPE_CHECKING:
    from monalog.text.normalize import Normalized
    from monalog.parsing.parser import Parse

UP, DOWN, NONE = Polarity.UP, Polarity.DOWN, Polarity.NONE


@dataclass(frozen=True)
class PolarizedNode:
    """A derivation node with its polarity in the sentence and its argument markings."""

    node: Tree
    polarity: Polarity
    marks: tuple[Polarity, ...]
    children: tuple["PolarizedNode", ...] = ()
    operator: str = ""      # the innermost operator that made the polarity what it is ("" for ↑ at the root)

    @property
    def category(self) -> Category:
        return self.node.category

    @property
    def token(self) -> Token:
        """The token of a leaf node (every node `leaves()` returns is one)."""
        if not isinstance(self.node, Leaf):
            raise TypeError(f"not a leaf node: {self.node.category}")
        return self.node.token

    def leaves(self) -> list["PolarizedNode"]:
        if not self.children:
            return [self]
        return [leaf for child in self.children for leaf in child.leaves()]

    def walk(self) -> Iterator["PolarizedNode"]:
        return (node for _, node in self.walk_paths())

    def walk_paths(self, path: tuple[int, ...] = ()) -> Iterator[tuple[tuple[int, ...], "PolarizedNode"]]:
        """Every node with its path of child indices (the same paths and pre-order as
        monalog.inference.treeops.walk)."""
        return preorder(self, path)


@dataclass(frozen=True)
class DeterminerMatch:
    """A determiner phrase at the start of an NP: its signature, its length in tokens, and the
    position of its numeral, if it has one ("at most three")."""

    signature: Signature
    tokens: int
    numeral: int | None = None


class PolarityError(MonalogError):
    """A derivation could not be polarized."""


def _is_np(cat: Category) -> bool:
    return isinstance(cat, Atom) and cat.base == "NP" and cat.feature != "thr"


def _is_np_modifier(cat: Category) -> bool:
    return isinstance(cat, Functor) and _is_np(cat.result) and _is_np(cat.argument)


def _is_coordination(node: Tree) -> TypeGuard[Binary]:
    return isinstance(node, Binary) and any(
        isinstance(child, Binary) and child.rule is Rule.CONJ for child in node.children)


_EXCEPTIVES = frozenset({"except", "but"})


def _exceptive(sig: Signature, node: Tree) -> bool:
    """"All the students except Ann" is monotone in neither argument (van Benthem 1986)."""
    if not (sig.restrictor is DOWN and sig.scope == (UP,)):
        return False
    return bool(_EXCEPTIVES.intersection(leaf.token.word.lower() for leaf in iter_leaves(node)))


def _is_subject_application(node: Binary) -> bool:
    """NP S\\NP => S: the left child is a subject."""
    cat = node.right.category
    return (node.rule is Rule.BA and _is_np(node.left.category)
            and isinstance(cat, Functor) and isinstance(cat.result, Atom) and cat.result.base == "S")


def _bare_plural(node: Tree) -> bool:
    """An NP made from a plural noun with no determiner ("dogs", "big dogs in Paris")."""
    return (isinstance(node, Unary) and str(node.child.category) == "N"
            and any(leaf.token.pos in ("NNS", "NNPS") for leaf in first_leaves(node, 3)))


def _meet(a: Polarity, b: Polarity) -> Polarity:
    return a if a is b else NONE


#: subtrees whose marks are remembered (each entry keeps its subtree alive): past this the memory is
#: cleared. At 200,000 a SICK evaluation grew by 60 MB a process every 2,000 pairs without levelling off.
MARK_CACHE = 40_000


class Polarizer:
    """Marks and polarizes derivations with one monotonicity lexicon."""

    def __init__(self, lexicon: Lexicon | None = None) -> None:
        self.lexicon = lexicon or default_lexicon()
        # marks depend on the subtree only, and edited trees share most subtrees with the tree they
        # were edited from: remember them by node identity (the node is kept, so its id stays unique)
        self._mark_cache: dict[int, tuple[Tree, tuple[Polarity, ...]]] = {}
        self._det_cache: dict[tuple[int, Polarity], tuple[Tree, DeterminerMatch | None]] = {}
        self._subjects: set[int] = set()     # subject NPs of the tree being polarized (generic readings)
        # whole results by the tree's value: the prover's searches for one premise's many hypotheses
        # reach the same sentences again
        self._results: dict[Tree, PolarizedNode] = {}

    # -- public ---------------------------------------------------------------------------
    def polarize(self, tree: Tree) -> PolarizedNode:
        """The polarized derivation (root ↑)."""
        if len(self._mark_cache) > MARK_CACHE:
            self._mark_cache.clear()
            self._det_cache.clear()
        if len(self._results) > 4096:
            self._results.clear()
        try:
            result = self._results.get(tree)
            if result is None:
                if self.lexicon.bare_plural or self.lexicon.subject_determiners:
                    self._subjects = {id(node.left) for _, node in preorder(tree)
                                      if isinstance(node, Binary) and _is_subject_application(node)}
                self._mark(tree)
                result = self._results[tree] = self._visit(tree, UP, False, "")
            return result
        except RecursionError as exc:
            raise PolarityError("derivation too deep to polarize", input=tree) from exc

    # -- bottom-up marking ------------------------------------------------------------------
    def _mark(self, node: Tree) -> tuple[Polarity, ...]:
        cached = self._mark_cache.get(id(node))
        if cached is not None and cached[0] is node:
            return cached[1]
        for child in node.children:
            self._mark(child)
        arity = node.category.arity
        if isinstance(node, Leaf):
            sig = self.lexicon.functor(node.token.word, node.token.lemma, node.category)
            # never the subject, unless a framed row names it after the complements ("unless" on a VP)
            given = sig.scope[:len(sig.frame) + 1 if sig.frame else complement_slots(node.category)] if sig else ()
            if not sig and str(node.category) == "N/N" and node.token.word.lower() in self.lexicon.keep_only:
                given = (NONE,)     # "fake | gun", "suspected | broken ankle": a non-intersective adjective's noun
            marks = tuple(given) + (UP,) * (arity - len(given))
        elif isinstance(node, Unary):
            marks = (self.np_scope(node.child),) + (UP,) * (arity - 1) if node.rule is Rule.TR and arity \
                else (UP,) * arity
        else:
            marks = self._combine(node, arity)
        self._mark_cache[id(node)] = (node, marks)
        return marks

    def _marks(self, node: Tree) -> tuple[Polarity, ...]:
        return self._mark_cache[id(node)][1]

    def _combine(self, node: Binary, arity: int) -> tuple[Polarity, ...]:
        left, right = self._marks(node.left), self._marks(node.right)
        if node.rule in (Rule.FA, Rule.BA):
            functor = left if node.rule is Rule.FA else right
            marks = functor[1:]
            if node.rule is Rule.FA and _is_np(node.right.category) and not _is_np_modifier(node.left.category):
                marks = in_object_scope(node.category, marks, self.np_scope(node.right))
        elif node.rule in (Rule.FC, Rule.GFC, Rule.BX, Rule.GBX):
            primary, secondary = (left, right) if node.rule in (Rule.FC, Rule.GFC) else (right, left)
            m = primary[0] if primary else UP
            rest = primary[1:]
            k = max(arity - len(rest), 0)
            marks = tuple(m * s for s in secondary[:k]) + rest
        elif node.rule is Rule.CONJ:
            marks = (UP,) + right
        else:   # punctuation and unnamed rules: the marks of the contentful child
            marks = left if node.left.category == node.category else right
        marks = tuple(marks)[:arity]
        return marks + (UP,) * (arity - len(marks))

    # -- noun phrases -------------------------------------------------------------------------
    def determiner(self, node: Tree, context: Polarity = UP) -> DeterminerMatch | None:
        """The determiner phrase an NP starts with, read in a context of this polarity."""
        cached = self._det_cache.get((id(node), context))
        if cached is not None and cached[0] is node:
            return cached[1]
        found = self._determiner(node, context)
        self._det_cache[(id(node), context)] = (node, found)
        return found

    def _determiner(self, node: Tree, context: Polarity) -> DeterminerMatch | None:
        words: list[str] = []
        token_end: list[int] = []
        for i, leaf in enumerate(first := first_leaves(node, 4)):
            for part in leaf.token.word.lower().split("_"):
                words.append(part)
                token_end.append(i + 1)
        sig = self.lexicon.match_determiner(words, subject=id(node) in self._subjects, mass=before_mass(first))
        if sig and _exceptive(sig, node):
            sig = Signature(sig.words, sig.kind, NONE, (NONE,))
        if not sig:
            bare = self.lexicon.bare_plural
            return DeterminerMatch(bare, 0) if bare and id(node) in self._subjects and _bare_plural(node) else None
        # the last numeral is the one the scope orders ("at most THREE", "three out of TEN")
        last = len(sig.words) - 1 - sig.words[::-1].index(NUMERAL) if NUMERAL in sig.words else None
        numeral = token_end[last] - 1 if last is not None else None
        return DeterminerMatch(self.lexicon.in_context(sig, context), token_end[len(sig.words) - 1], numeral)

    def np_scope(self, node: Tree, context: Polarity = UP) -> Polarity:
        """How the functor an NP applies to is marked: its determiner's scope marking
        (`context`: the NP's own polarity, which decides the reading of "any")."""
        if _is_coordination(node):
            conj = node.right if isinstance(node.right, Binary) and node.right.rule is Rule.CONJ else node.left
            first = node.left if conj is node.right else node.right
            # _is_coordination: if the right child is not the CONJ node, the left one is
            return _meet(self.np_scope(first, context), self.np_scope(cast(Binary, conj).right, context))
        found = self.determiner(node, context)
        return found.signature.scope[0] if found else UP

    # -- top-down polarizing --------------------------------------------------------------------
    def _visit(self, node: Tree, p: Polarity, det_done: bool, op: str) -> PolarizedNode:
        marks = self._marks(node)
        if isinstance(node, Leaf):
            return PolarizedNode(node, p, marks, (), op)
        found, inner, inner_op = None, p, op
        if _is_np(node.category) and not det_done and not _is_coordination(node):
            found = self.determiner(node, _licensing(p, op))
            if found:
                inner, det_done = p * found.signature.restrictor, True
                inner_op = _cause(found.signature.restrictor, _phrase(found.signature), op)
        # the determiner phrase's own marks ("not" in "not every") are in its restrictor marking already
        own = found is not None and isinstance(node, Binary) and node.rule is Rule.FA \
            and sum(1 for _ in iter_leaves(node.left)) == found.tokens
        children = self._children(node, inner, det_done, inner_op, own)
        result = PolarizedNode(node, p, marks, children, op)
        if not found:
            return result
        # the determiner's words have the NP's polarity; its numeral ("at most THREE") is ordered
        # as "at least N" is, so it follows the determiner's scope marking
        token_polarities = [p] * found.tokens
        if found.signature.words[:1] == ("not",):   # "Not↑ every↓": the quantifier is under "not"
            token_polarities[1:] = [p * DOWN] * (found.tokens - 1)
        if found.numeral is not None:
            token_polarities[found.numeral] = p * found.signature.scope[0]
        return _force_prefix(result, token_polarities, p, op)

    def _children(self, node: Unary | Binary, p: Polarity, det_done: bool, op: str,
                  determiner: bool = False) -> tuple[PolarizedNode, ...]:
        """`determiner`: the functor is the determiner phrase just matched, whose marks are not applied again."""
        if isinstance(node, Unary):
            return (self._visit(node.child, p, det_done, op),)
        left, right = node.left, node.right
        rule = node.rule
        ops = (op, op)
        if rule in (Rule.FA, Rule.BA):
            functor, arg = (left, right) if rule is Rule.FA else (right, left)
            mark = UP if determiner else self._first_mark(functor)
            if isinstance(functor, Leaf) and _is_np(arg.category):    # a gerund object; a kind: "likes cats"
                kind = p is not DOWN and isinstance(arg, Unary) and str(arg.child.category) == "N" and str(
                    functor.category).startswith("(S") and "and" not in {f.token.lemma for f in iter_leaves(arg)}
                mark = self.lexicon.object_mark(functor.token, first_leaves(arg, 1)[0].token, mark, kind)
            f_pol, a_pol = p, p * mark
            f_op, a_op = op, self._caused_by(mark, functor, op)
            if _is_np(arg.category) and not _is_np_modifier(functor.category):
                context = _licensing(a_pol, a_op)
                scope = self.np_scope(arg, context)
                f_pol = p * scope
                found = self.determiner(arg, context)
                f_op = _cause(scope, _phrase(found.signature), op) if found else self._caused_by(scope, arg, op)
            if rule is Rule.BA and (after := after_operator(self.lexicon, functor, arg)) is not None:
                f_pol, f_op = p * after[0], after[1]
            pols = (f_pol, a_pol) if rule is Rule.FA else (a_pol, f_pol)
            ops = (f_op, a_op) if rule is Rule.FA else (a_op, f_op)
        elif rule in (Rule.FC, Rule.GFC, Rule.BX, Rule.GBX):
            forward = rule in (Rule.FC, Rule.GFC)
            primary, secondary = (left, right) if forward else (right, left)
            mark = UP if self._transparent(secondary) else self._first_mark(primary)
            s_pol, s_op = p * mark, self._caused_by(mark, primary, op)
            pols = (p, s_pol) if forward else (s_pol, p)
            ops = (op, s_op) if forward else (s_op, op)
        else:
            pols = (p, p)
        return (self._visit(left, pols[0], det_done, ops[0]), self._visit(right, pols[1], False, ops[1]))

    def _caused_by(self, mark: Polarity, functor: Tree, inherited: str) -> str:
        """`_cause` with the functor's operator word, looked up only when it is needed."""
        return inherited if mark is UP else self._head_word(functor)

    def _head_word(self, node: Tree) -> str:
        """The operator word of a functor: its first word the lexicon knows, else its first word."""
        words = [leaf.token.word for leaf in first_leaves(node, 8)]
        known = [w for w in words if self.lexicon.functor(w.lower())]
        return (known or words)[0] if words else ""

    def _first_mark(self, node: Tree) -> Polarity:
        marks = self._marks(node)
        return marks[0] if marks else UP

    def _transparent(self, node: Tree) -> bool:
        return isinstance(node, Leaf) and node.token.word.lower() in self.lexicon.transparent


def _licensing(p: Polarity, operator: str) -> Polarity:
    """The context that decides an NPI's reading: downward under any downward or non-monotone
    operator ("did not drink any water" inside a relative clause of "every" is still existential),
    else the NP's own polarity."""
    return DOWN if operator else p


def _cause(mark: Polarity, operator: str, inherited: str) -> str:
    """The operator a child's polarity is due to: this one when it is not monotone, else the parent's."""
    return inherited if mark is UP else operator


def _phrase(sig: Signature) -> str:
    return " ".join(sig.words) if sig.words else "a bare plural (generic reading)"


def _force_prefix(pn: PolarizedNode, token_polarities: list[Polarity], p: Polarity, op: str) -> PolarizedNode:
    """Give the first tokens under pn (the determiner) the given polarities, and the constituents
    made only of them the NP's polarity p."""
    n = len(token_polarities)
    if n == 0:
        return pn
    if not pn.children:     # a determiner word: the NP's polarity and operator
        return dataclasses.replace(pn, polarity=token_polarities[0], operator=op)
    width = len(pn.leaves())
    children, offset = [], 0
    for child in pn.children:
        size = len(child.leaves())
        children.append(_force_prefix(child, token_polarities[offset:offset + size], p, op))
        offset += size
    polarity = p if width <= n else pn.polarity
    return dataclasses.replace(pn, polarity=polarity, children=tuple(children))


def arrows(pn: PolarizedNode) -> list[tuple[str, Polarity]]:
    """(word, polarity) for every token."""
    return [(leaf.token.word, leaf.polarity) for leaf in pn.leaves()]


@dataclass(frozen=True)
class PolarizedSentence:
    """A sentence (after optional normalisation), its parse, and the polarized derivation."""

    parse: "Parse"
    tree: PolarizedNode
    normalized: "Normalized | None" = None

    @property
    def sentence(self) -> str:
        return self.parse.sentence

    def chunk_polarities(self) -> list[tuple[str, Polarity]]:
        """One polarity per whitespace-separated input word: that of its first contentful token."""
        by_chunk: dict[int, list[PolarizedNode]] = {}
        for leaf, chunk in zip(self.tree.leaves(), self.parse.tokenized.chunk_of):
            by_chunk.setdefault(chunk, []).append(leaf)

        def pick(leaves_: list[PolarizedNode]) -> Polarity:
            content = [leaf for leaf in leaves_ if any(ch.isalnum() for ch in leaf.token.word)]
            return (content or leaves_)[0].polarity

        out: list[tuple[str, Polarity]] = []
        for i, text in enumerate(self.parse.tokenized.chunks):
            # a chunk inside a multi-word token ("most" of "at most") shares that token's polarity
            out.append((text, pick(by_chunk[i]) if i in by_chunk else out[-1][1]))
        return out

    def arrows(self) -> str:
        """"Every↑ dog↓ sees↑ some↑ cat↑": each input word with its polarity."""
        return " ".join(word + pol.value for word, pol in self.chunk_polarities())
