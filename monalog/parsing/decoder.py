"""depccg's A* decoder over the rebank English grammar, fed with our own scores.

One grammar load per process; whole batches go straight to depccg's C++ parser (no worker pool,
no 1-second polling); failures come back as None instead of depccg's FAILED placeholder.
"""
from __future__ import annotations

import argparse
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence, TypeVar

import numpy as np

from monalog.ccg.category import parse_category
from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree, Unary
from monalog.errors import ResourceError

log = logging.getLogger(__name__)
T = TypeVar("T")

#: A sentence is a declarative, a question or a noun phrase; never an embedded question (S[qem]), which
#: let "If S1 S2" with no comma be read as "whether S1 S2" and swallow the main clause.
DEFAULT_ROOTS = ("S[dcl]", "S[wq]", "S[q]", "NP")
_RULES = {rule.value: rule for rule in Rule}


def depccg_grammar(name: str = "grammar_en_rebank.json") -> Path:
    """A grammar file shipped inside depccg's wheel."""
    import depccg

    return Path(depccg.__file__).parent / "models" / name


@dataclass(frozen=True)
class DecoderSettings:
    """The grammar and the work one sentence may take. A first pass keeps `pruning_size` supertags a
    word and stops after `max_step` A* steps; a sentence it cannot finish gets a second pass with
    fewer supertags (`retry_pruning_size`) and `retry_max_step` steps. Both budgets are counts, so
    the answer never depends on the machine's load; a sentence over both is a ParseError.
    Every SICK sentence parses within the first pass (benchmarks/results/parse_budget.md)."""

    grammar: str = "grammar_en_rebank.json"
    root_categories: tuple[str, ...] = DEFAULT_ROOTS
    pruning_size: int = 50
    unary_penalty: float = 0.1
    max_step: int = 5_000
    retry_pruning_size: int = 10
    retry_max_step: int = 20_000
    max_length: int = 250


def _quiet(iterable: Iterable[T], **_kwargs: Any) -> Iterable[T]:
    return iterable


def _memoized(rules: Callable[..., Any]) -> Callable[..., Any]:
    """Cache depccg's Python rule callbacks per category pair for the life of the decoder
    (depccg recomputes them per batch, and they dominate decoding time)."""
    cache: dict[tuple[Any, ...], Any] = {}

    def apply(*cats: Any) -> Any:
        try:
            return cache[cats]
        except KeyError:
            result = cache[cats] = rules(*cats)
            return result

    return apply


class Decoder:
    """Decode supertag and head log-probabilities into derivations with depccg."""

    def __init__(self, tags: Sequence[str], settings: DecoderSettings = DecoderSettings()) -> None:
        try:
            import depccg._parsing as cparsing
            from depccg.cat import Category as DCategory
            from depccg.config import read_params
            from depccg.types import ScoringResult
            from depccg.types import Token as DToken
        except ImportError as exc:  # pragma: no cover - depccg is a hard dependency
            raise ResourceError("depccg 3.0 is not installed", input="depccg") from exc
        # depccg wraps every batch in a tqdm bar of its own; keep stderr for our progress.
        cparsing.tqdm = _quiet
        grammar = depccg_grammar(settings.grammar)
        if not grammar.exists():
            raise ResourceError(f"depccg's rebank grammar is missing: {grammar}", input=str(grammar))
        flags = argparse.Namespace(disable_category_dictionary=True, disable_seen_rules=False)
        binary, unary, _, _ = read_params(grammar, flags)
        self._binary, self._unary = _memoized(binary), _memoized(unary)
        self._run = cparsing.run
        self._token_type, self._scoring = DToken, ScoringResult
        self.categories = [DCategory.parse(tag) for tag in tags]
        self.roots = [DCategory.parse(cat) for cat in settings.root_categories]
        self.settings = settings

    def decode(self, sentences: Sequence[Sequence[Token]],
               scores: Sequence[tuple[np.ndarray, np.ndarray]]) -> list[Tree | None]:
        """One tree per sentence, or None where no derivation was found within the budget."""
        s = self.settings
        trees = self._decode(sentences, scores, s.pruning_size, s.max_step)
        retry = [i for i, tree in enumerate(trees) if tree is None]
        if retry and s.retry_pruning_size < s.pruning_size:
            again = self._decode([sentences[i] for i in retry], [scores[i] for i in retry],
                                 s.retry_pruning_size, s.retry_max_step)
            for i, tree in zip(retry, again):
                trees[i] = tree
        return trees

    def _decode(self, sentences: Sequence[Sequence[Token]], scores: Sequence[tuple[np.ndarray, np.ndarray]],
                pruning_size: int, max_step: int) -> list[Tree | None]:
        if not sentences:
            return []
        doc = [[self._token_type(word=t.word, lemma=t.lemma, pos=t.pos, entity=t.ner, chunk=t.chunk)
                for t in sent] for sent in sentences]
        results = [self._scoring(np.ascontiguousarray(tag, dtype=np.float32),
                                 np.ascontiguousarray(dep, dtype=np.float32)) for tag, dep in scores]
        s = self.settings
        parsed = self._run(doc, results, self.categories, self._binary, self._unary, self.roots,
                           num_tags=len(self.categories), unary_penalty=s.unary_penalty, beta=1e-5,
                           use_beta=False, pruning_size=pruning_size, nbest=1, max_step=max_step,
                           max_length=s.max_length)
        trees: list[Tree | None] = []
        for sent, nbest in zip(sentences, parsed):
            best = nbest[0]
            trees.append(None if best.score == float("-inf") else _convert(best.tree, iter(sent)))
        return trees


def _convert(node, words) -> Tree:
    """depccg's Tree -> our typed tree (leaves take the Token objects we passed in, in order)."""
    cat = parse_category(str(node.cat))
    if node.is_leaf:
        return Leaf(cat, next(words))
    children = [_convert(child, words) for child in node.children]
    rule = _RULES.get(node.op_string, Rule.OTHER)
    if len(children) == 1:
        return Unary(cat, rule, children[0])
    return Binary(cat, rule, children[0], children[1], head_is_left=node.head_is_left)
