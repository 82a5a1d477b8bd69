"""Sentence -> CCG derivation: tokenise, score supertags and heads, lemmatise, decode with depccg."""
from __future__ import annotations

import dataclasses
import functools
import logging
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence, cast

import numpy as np

from monalog.ccg.category import parse_category
from monalog.ccg.tree import Leaf, Token, Tree, Unary, leaves
from monalog.errors import InputError, MonalogError, ParseError
from monalog.parsing.checks import tag_dictionary
from monalog.parsing.decoder import Decoder, DecoderSettings
from monalog.text.lemmatize import POSSESSIVES, lemmatize, pos_from_category
from monalog.text.morphology import is_cardinal
from monalog.parsing.scorers import DepccgScorer, Scorer, tagger_scorer
from monalog.parsing.tokens import Tokenized, tokenize

log = logging.getLogger(__name__)

BACKENDS = ("monalog", "depccg")


@dataclass(frozen=True)
class Parse:
    """A parsed sentence: the tokenisation (aligned to the input), its derivation, and the
    supertagger's probability of each chosen category (1.0 where unknown), which tells how far the
    derivation can be trusted."""

    tokenized: Tokenized
    tree: Tree
    tag_probabilities: tuple[float, ...] = ()

    def least_certain(self) -> tuple[int, float] | None:
        """(token index, probability) of the least probable supertag, None when not scored."""
        if not self.tag_probabilities:
            return None
        i = min(range(len(self.tag_probabilities)), key=self.tag_probabilities.__getitem__)
        return i, self.tag_probabilities[i]

    @property
    def sentence(self) -> str:
        return self.tokenized.text

    @property
    def leaves(self) -> list[Leaf]:
        return leaves(self.tree)


class Parser:
    """Holds one scorer and one decoder; parse single sentences or whole batches."""

    def __init__(self, scorer: Scorer, settings: DecoderSettings | None = None) -> None:
        self.scorer = scorer
        settings = settings or DecoderSettings(grammar=scorer.grammar)
        self.decoder = Decoder(scorer.tags, settings)

    @classmethod
    def from_backend(cls, backend: str = "monalog", model: str | None = None,
                     device: str | None = None) -> "Parser":
        """'monalog': the shipped taggers (`model`: see scorers.tagger_scorer); 'depccg': depccg's
        pretrained model."""
        if backend == "monalog":
            return cls(tagger_scorer(model, device))
        if backend == "depccg":
            return cls(DepccgScorer(model or "rebank", device))
        raise InputError(f"unknown parser backend {backend!r}; choose from {', '.join(BACKENDS)}",
                         input=backend)

    def parse(self, sentence: str) -> Parse:
        """Parse one sentence; raises InputError or ParseError naming it."""
        result = self.parse_batch([sentence])[0]
        if isinstance(result, MonalogError):
            raise result
        return result

    def parse_batch(self, sentences: Sequence[str]) -> list[Parse | MonalogError]:
        """Parse many sentences at once; a bad sentence yields its error in place, the rest go on."""
        out: list[Parse | MonalogError | None] = [None] * len(sentences)
        todo: list[tuple[int, Tokenized]] = []
        for i, sentence in enumerate(sentences):
            try:
                todo.append((i, tokenize(sentence)))
            except InputError as exc:
                out[i] = exc
        if todo:
            words = [t.words for _, t in todo]
            scores, pos = self.scorer.score(words)
            token_lists = [self._tokens(w, p) for w, p in zip(words, pos)]
            trees = self.decoder.decode(token_lists, [(self._constrain(w, t), h) for w, (t, h) in zip(words, scores)])
            for (i, tok), tree, (tag_scores, _) in zip(todo, trees, scores):
                if tree is None:
                    out[i] = ParseError(f"no CCG derivation found for {tok.text!r}", input=tok.text)
                else:
                    out[i] = Parse(tok, _relemmatize(tree), self._tag_probabilities(tree, tag_scores))
        return cast(list[Parse | MonalogError], out)   # every slot is filled: an error or a parse

    def _constrain(self, words: Sequence[str], tag_scores: np.ndarray) -> np.ndarray:
        """The tag scores with the categories a closed-class word never has (checks.tag_dictionary)
        made so unlikely that a derivation uses one only when no other exists; the checks then flag it."""
        rows = [(i, self._tag_dictionary[w.lower()]) for i, w in enumerate(words) if w.lower() in self._tag_dictionary]
        if not rows:
            return tag_scores
        tag_scores = np.array(tag_scores, copy=True)
        for i, allowed in rows:
            tag_scores[i, ~allowed] = -1e4       # log-probability: a last resort, not a ban
        return tag_scores

    @functools.cached_property
    def _tag_dictionary(self) -> dict[str, np.ndarray]:
        return tag_dictionary(self.scorer.tags)

    def _tag_probabilities(self, tree: Tree, tag_scores) -> tuple[float, ...]:
        """The scorer's probability of each leaf's category (log-probabilities in, 1.0 where the
        category is not one of the scorer's tags)."""
        index = self._tag_index
        return tuple(float(np.exp(tag_scores[i, index[str(leaf.category)]])) if str(leaf.category) in index
                     else 1.0 for i, leaf in enumerate(leaves(tree)))

    @functools.cached_property
    def _tag_index(self) -> dict[str, int]:
        return {str(parse_category(tag)): i for i, tag in enumerate(self.scorer.tags)}

    @staticmethod
    def _tokens(words: Sequence[str], pos: Sequence[str]) -> list[Token]:
        lemmas = lemmatize(words, pos) if "XX" not in pos else [w.lower() for w in words]
        return [Token(w, lemma, p) for w, lemma, p in zip(words, lemmas, pos)]


_NOUN_FUNCTORS = frozenset({"N/N", "NP/N"})


def _relemmatize(tree: Tree) -> Tree:
    """Make POS tags and lemmas agree with the supertags: a verb's category with a noun's tag
    ("walking"/NN as S[ng]\\NP), a verb phrase's adverb with a noun's ("indoors"/NNS), no tag at all
    ('XX', from scorers without POS), a noun with a verb's, adjective's or adverb's tag ("doves"/VBZ),
    or a cardinal before a noun with another tag than CD ("Four"/JJ people: the determiner rules go by CD), or a
    possessive determiner with another tag than DT ("My"/NN aunt, as "Her"/DT aunt)."""
    lv = leaves(tree)
    fixes = {}
    for i, leaf in enumerate(lv):
        guess = pos_from_category(leaf.category)
        if leaf.token.pos == "XX" or (guess.startswith("VB") and not leaf.token.pos.startswith("VB")) \
                or (guess == "RB" and leaf.token.pos.startswith("NN")):     # "indoors"/NNS is no plural
            fixes[i] = guess
        elif leaf.token.pos != "CD" and str(leaf.category) in _NOUN_FUNCTORS and is_cardinal(leaf.token.word):
            fixes[i] = "CD"
        elif guess == "NN" and leaf.token.pos[:2] in ("VB", "JJ", "RB"):     # "doves"/VBZ, "alien"/JJ as N
            fixes[i] = "NNS" if leaf.token.pos == "VBZ" else "NN"
        elif str(leaf.category) == "NP/N" and leaf.token.word.lower() in POSSESSIVES and leaf.token.pos != "DT":
            fixes[i] = "DT"                                                 # "My"/NN aunt: a determiner
    if not fixes:
        return tree
    tags = [fixes[i] if i in fixes and fixes[i] != "XX" else leaf.token.pos for i, leaf in enumerate(lv)]
    in_context = lemmatize([leaf.token.word for leaf in lv], tags)      # "he 's | never tried": has
    lemmas = {i: in_context[i] for i in fixes}
    counter = iter(range(len(lv)))

    def visit(node: Tree) -> Tree:
        if isinstance(node, Leaf):
            i = next(counter)
            if i not in fixes:
                return node
            pos = fixes[i] if fixes[i] != "XX" else node.token.pos
            return Leaf(node.category, dataclasses.replace(node.token, lemma=lemmas[i], pos=pos))
        children = [visit(c) for c in node.children]
        if isinstance(node, Unary):
            return dataclasses.replace(node, child=children[0])
        return dataclasses.replace(node, left=children[0], right=children[1])

    return visit(tree)


@lru_cache(maxsize=4)
def get_parser(backend: str = "monalog", model: str | None = None) -> Parser:
    """One parser per process and backend: models and grammars load once."""
    return Parser.from_backend(backend, model)
