"""One pipeline for every consumer: normalise -> parse -> polarize, with errors in place.

The prover, `monalog polarize`, augmentation and the biomedical positives all need the same thing: a
batch of sentences turned into polarized derivations, where a failing sentence yields its
MonalogError in its slot and the others go on. Each distinct sentence is parsed once per batch,
and one Polarizer (with its caches) serves the whole life of the pipeline.

Heavy libraries (torch, depccg, nltk) load only when the parser is first needed.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Sequence

from monalog.errors import MonalogError
from monalog.parsing.decoder import DecoderSettings
from monalog.parsing.parser import Parser, get_parser
from monalog.parsing.scorers import default_scorer
from monalog.polarity.doubt import doubt
from monalog.polarity.polarizer import PolarizedSentence, Polarizer
from monalog.text.normalize import Normalized, normalize as normalize_text

if TYPE_CHECKING:
    from monalog.parsing.parser import Parse

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ParserBudget:
    """How much parsing work one sentence may take: supertags kept per word and A* steps before
    the decoder gives up (a sentence over budget is a ParseError). Smaller budgets trade a few
    parses of long sentences for speed (scoring many long candidates, as a teacher does)."""

    supertags: int = 50
    steps: int = 5_000


#: The budget the symbolic teacher runs on: the default's second pass alone (10 supertags, 20,000
#: steps), so a long candidate sentence costs well under a second (benchmarks/results/parse_budget.md).
TEACHER_BUDGET = ParserBudget(supertags=10, steps=20_000)


@lru_cache(maxsize=4)
def budgeted_parser(budget: ParserBudget) -> "Parser":
    """One parser per process and budget, with the shipped tagger (models load once)."""
    scorer = default_scorer()
    settings = DecoderSettings(grammar=scorer.grammar, pruning_size=budget.supertags, max_step=budget.steps)
    return Parser(scorer, settings)


def _default_parser(budget: ParserBudget | None) -> "Parser":
    if budget is None:
        return get_parser()
    return budgeted_parser(budget)


class Pipeline:
    """Normalise -> parse -> polarize for batches of sentences. The parser (default: the shared
    one, or a budgeted one when `budget` is given) and the polarizer are built on first use."""

    def __init__(self, parser: "Parser | None" = None, polarizer: "Polarizer | None" = None,
                 budget: ParserBudget | None = None) -> None:
        self._parser = parser
        self._polarizer = polarizer
        self.budget = budget

    @property
    def parser(self) -> "Parser":
        if self._parser is None:
            self._parser = _default_parser(self.budget)
        return self._parser

    @property
    def polarizer(self) -> "Polarizer":
        if self._polarizer is None:
            self._polarizer = Polarizer()
        return self._polarizer

    @staticmethod
    def normalize(sentences: Sequence[str], on: bool) -> list["Normalized | None"]:
        """The normalisation of each sentence (None when off, or for input that is not text), each
        distinct one once."""
        if not on:
            return [None] * len(sentences)
        done = {s: normalize_text(s) for s in dict.fromkeys(s for s in sentences if isinstance(s, str))}
        return [done[s] if isinstance(s, str) else None for s in sentences]

    def parse(self, texts: Sequence[str]) -> list["Parse | MonalogError"]:
        """Parse many texts, each distinct one once (a premise shared by many pairs)."""
        unique = list(dict.fromkeys(texts))
        parsed = dict(zip(unique, self.parser.parse_batch(unique)))
        log.debug("parsed %d distinct sentences of %d", len(unique), len(texts))
        return [parsed[text] for text in texts]

    def run(self, sentences: Sequence[str], normalize: bool = False) -> list["PolarizedSentence | MonalogError"]:
        """Each sentence normalised (optionally), parsed and polarized, or its error in place."""
        norms = self.normalize(sentences, normalize)
        parses = self.parse([n.text if n else s for n, s in zip(norms, sentences)])
        self._guard(norms, parses)
        polarized: dict[int, PolarizedSentence | MonalogError] = {}
        out: list[PolarizedSentence | MonalogError] = []
        for norm, parse in zip(norms, parses):
            if isinstance(parse, MonalogError):
                out.append(parse)
                continue
            if id(parse) not in polarized:
                try:
                    polarized[id(parse)] = PolarizedSentence(parse, self.polarizer.polarize(parse.tree), norm)
                except MonalogError as exc:
                    polarized[id(parse)] = exc
            done = polarized[id(parse)]
            if isinstance(done, PolarizedSentence) and done.normalized is not norm:
                done = PolarizedSentence(done.parse, done.tree, norm)
            out.append(done)
        return out

    def _guard(self, norms: list["Normalized | None"], parses: list["Parse | MonalogError"]) -> None:
        """A rewrite must not garble its sentence: where the rewritten text fails to parse or parses
        doubtfully (polarity.doubt) and the original does not, the original is used, unrewritten."""
        def garbled(parse: "Parse | MonalogError") -> bool:
            return isinstance(parse, MonalogError) or doubt(parse.tree, parse.tag_probabilities) is not None

        suspects = [(i, n) for i, (n, p) in enumerate(zip(norms, parses)) if n and n.rewrites and garbled(p)]
        if not suspects:
            return
        for (i, norm), original in zip(suspects, self.parse([n.original for _, n in suspects])):
            if not garbled(original):
                log.debug("rewrite dropped, it garbles the parse: %r -> %r", norm.original, norm.text)
                norms[i], parses[i] = Normalized(norm.original, norm.original, ()), original

    def analyse(self, sentence: str, normalize: bool = False) -> "PolarizedSentence":
        """One sentence through the pipeline; raises its error."""
        result = self.run([sentence], normalize)[0]
        if isinstance(result, MonalogError):
            raise result
        return result
