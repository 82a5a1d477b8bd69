"""The prover: premise/hypothesis -> ENTAILMENT, CONTRADICTION or NEUTRAL with a proof.

ENTAILMENT: the search reaches the hypothesis from the premise by polarity-licensed edits.
CONTRADICTION: it reaches a contradictory of the hypothesis (or the hypothesis reaches a
contradictory of the premise), or a reached sentence differs from the hypothesis only by two
words that exclude each other in an upward position.
"""
from __future__ import annotations

import dataclasses
import logging
import time
from functools import lru_cache
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Sequence

from monalog.ccg.tree import Leaf, Tree, leaves
from monalog.errors import InternalError, MonalogError
from monalog.inference.alignment import AlignmentSettings, Knowledge, PhraseAligner
from monalog.inference.generation import Generator
from monalog.inference.target import Target, kb_leq
from monalog.knowledge.base import KnowledgeBase, load_kb
from monalog.knowledge.wordnet import wordnet
from monalog.knowledge.wordnet_facts import WordNetSettings, antonyms, unrelated_nouns
from monalog.inference.negation import NEGATIONS, contradictories
from monalog.inference.pair_facts import pair_knowledge
from monalog.inference.referents import two_referents
from monalog.polarity.doubt import doubt
from monalog.inference.aspect import past_to_present, unfinished
from monalog.inference.collective import group_to_member
from monalog.pipeline import ParserBudget, Pipeline
from monalog.text.normalize import Normalized
from monalog.text.sentences import premise_parts
from monalog.polarity.lexicon import Numerals, Readings, default_lexicon
from monalog.polarity.marks import Polarity
from monalog.polarity.polarizer import Polarizer
from monalog.inference.proof import Label, Proof, Step, StepKind
from monalog.inference.search import (SearchBudgetError, SearchResult, SearchTimeout, State, WorkBudgetError,
                                     search)
from monalog.inference.treeops import differing_spans, keyed_leaves, lemma_key, sentence_text

logger = logging.getLogger("monalog")

if TYPE_CHECKING:
    from monalog.parsing.parser import Parse, Parser
    from monalog.polarity.polarizer import PolarizedSentence


@dataclass(frozen=True)
class ProverSettings:
    """Search depth and budget, normalisation, knowledge sources, and the parser budget."""

    depth: int = 3                      # steps in a proof: edits, and a contradiction's negation or exclusion
    max_states: int = 5000              # sentences one search may reach: a count, so answers never depend on load
    seconds: float | None = None        # an optional wall-clock limit per pair (not deterministic: off by default)
    max_work: int | None = None         # sentences reached x the pair's longer sentence's words, all its searches
                                        # together (a server's bound on one pair's time); None: none
    normalize: bool = True
    wordnet: bool = True
    wordnet_settings: WordNetSettings = WordNetSettings()
    exclusions: bool = False            # kb/exclusions.kb (man ⊥ woman, ...)
    kb_files: tuple[str, ...] = ()
    contradictions: bool = True
    keep_search_tree: bool = False
    parser_budget: ParserBudget | None = None   # None: the default parser (see monalog.pipeline)
    readings: Readings = Readings()     # bare numerals, definites, bare plurals (SICK's by default)
    knowledge: Knowledge = Knowledge.ALIGNED    # SYMBOLIC: no neural phrase alignment
    alignment: AlignmentSettings = AlignmentSettings()


def normalization_steps(norm: Normalized | None) -> tuple[Step, ...]:
    if norm is None:
        return ()
    return tuple(Step(StepKind.NORMALIZE, r.before, r.after, r.after, note=r.rule) for r in norm.rewrites)


def _related(kb: KnowledgeBase, a: str, b: str, wordnet: bool) -> bool:
    """Whether the KB relates two words in any way (≤ either way, numerals too, or ⊥), or WordNet calls them
    antonyms (whatever the exclusion settings: an alignment never equates opposites)."""
    return (kb_leq(kb, a, b) is not None or kb_leq(kb, b, a) is not None or kb.excludes(a, b) is not None
            or (wordnet and antonyms(a, b)))


def _two_referents(kb: KnowledgeBase, p_tree: Tree, h_tree: Tree) -> tuple[str, str] | None:
    """referents.two_referents, with the pair's KB saying which nouns are synonyms."""
    return two_referents(p_tree, h_tree, lambda x, y: kb_leq(kb, x, y) is not None and kb_leq(kb, y, x) is not None)


@dataclass(frozen=True)
class _Pair:
    """A pair as given, with the normalisation of each side (None when normalisation is off)."""

    premise: str
    hypothesis: str
    p_norm: Normalized | None
    h_norm: Normalized | None


def _from_one(premise: str, proofs: list[Proof | MonalogError]) -> Proof | MonalogError:
    """The answer for a premise of several sentences (or clauses: text.sentences.premise_parts) from the answers
    for each: ENTAILMENT when the hypothesis follows from one of them, CONTRADICTION when one contradicts it (the
    premise asserts each), else NEUTRAL; the first one's error when none could be read."""
    done = [p for p in proofs if isinstance(p, Proof)]
    if not done:
        return proofs[0]
    for label in (Label.ENTAILMENT, Label.CONTRADICTION):
        for i, p in enumerate(proofs):
            if isinstance(p, Proof) and p.label is label:
                note = f"from part {i + 1} of {len(proofs)} of the premise: {p.premise!r}"
                return dataclasses.replace(p, premise=premise, note=f"{note}; {p.note}" if p.note else note)
    failed = f", {len(proofs) - len(done)} unreadable" if len(done) < len(proofs) else ""
    note = f"no part of the premise proves it ({len(proofs)} sentences or clauses{failed})"
    return dataclasses.replace(done[0], premise=premise, steps=(), note=note,
                               explored=sum(p.explored for p in done))


class Prover:
    """Holds the pipeline (parser and polarizer), the knowledge base and the settings; proves pairs
    one by one or in batches. Pass a Pipeline to share one across consumers; `parser` is kept for
    callers that hand in only a parser."""

    def __init__(self, settings: ProverSettings = ProverSettings(), parser: "Parser | None" = None,
                 kb: KnowledgeBase | None = None, pipeline: Pipeline | None = None) -> None:
        self.settings = settings
        polarizer = None if settings.readings == Readings() else \
            Polarizer(default_lexicon().with_readings(settings.readings))
        self.pipeline = pipeline or Pipeline(parser, polarizer, budget=settings.parser_budget)
        self.kb = kb if kb is not None else load_kb(settings.kb_files, settings.exclusions)
        self._aligner: PhraseAligner | None = None

    @property
    def parser(self) -> "Parser":
        return self.pipeline.parser

    def load(self) -> "Prover":
        """Load the parser, the polarizer, WordNet and the aligner's model now rather than on the first
        pair (a server or a worker does this once, so no pair's time includes loading)."""
        _ = self.pipeline.parser, self.pipeline.polarizer
        if self.settings.wordnet:
            wordnet()
        if self.settings.knowledge is Knowledge.ALIGNED:
            _ = self.aligner.embedder
        return self

    @property
    def aligner(self) -> PhraseAligner:
        """The phrase aligner (its embedding model loads on the first pair that needs it)."""
        if self._aligner is None:
            self._aligner = PhraseAligner(self.settings.alignment)
        return self._aligner

    @property
    def polarizer(self) -> Polarizer:
        return self.pipeline.polarizer

    def prove(self, premise: str, hypothesis: str, depth: int | None = None) -> Proof:
        """Prove one pair; raises the pair's error (InputError, ParseError, SearchBudgetError)."""
        result = self.prove_batch([(premise, hypothesis)], depth)[0]
        if isinstance(result, MonalogError):
            raise result
        return result

    def prove_batch(self, pairs: Sequence[tuple[str, str]], depth: int | None = None) -> list[Proof | MonalogError]:
        """Prove many pairs (all sentences through the pipeline in one batch); a failing pair
        yields its error."""
        parts = [premise_parts(premise) for premise, _ in pairs]
        texts = [text for part, (_, hypothesis) in zip(parts, pairs) for text in (*part, hypothesis)]
        analysed = iter(self.pipeline.run(texts, self.settings.normalize))
        out = []
        for part, (premise, hypothesis) in zip(parts, pairs):
            ps = [next(analysed) for _ in part]
            h = next(analysed)
            proofs = [self.prove_analysed(text, hypothesis, p, h, depth) for text, p in zip(part, ps)]
            out.append(proofs[0] if len(proofs) == 1 else _from_one(premise, proofs))
        return out

    def prove_analysed(self, premise: str, hypothesis: str, p: "PolarizedSentence | MonalogError",
                       h: "PolarizedSentence | MonalogError", depth: int | None = None) -> Proof | MonalogError:
        """One pair from its two sentences as `self.pipeline.run` gave them (normalised as the settings
        say), for callers that also show the derivations; the pair's error instead of a proof."""
        if isinstance(p, MonalogError):         # the first failing sentence's error
            return p
        if isinstance(h, MonalogError):
            return h
        try:
            item = _Pair(premise, hypothesis, p.normalized, h.normalized)
            return self._prove(item, p.parse, h.parse, self.settings.depth if depth is None else depth)
        except MonalogError as exc:
            return exc
        except Exception as exc:        # a bug must not end the batch: the pair records it
            logger.exception("internal error proving %r => %r", premise, hypothesis)
            return InternalError(f"internal error (a bug, please report it): {exc!r}", input=premise)

    # -- one pair ---------------------------------------------------------------------------------
    def _pair_kb(self, p_tree: Tree, h_tree: Tree) -> tuple[KnowledgeBase, bool]:
        """The KB with the pair's own facts (monalog.inference.pair_facts.pair_knowledge)."""
        s = self.settings
        return pair_knowledge(self.kb, p_tree, h_tree, s.wordnet_settings if s.wordnet else None, s.exclusions)

    def _prove(self, item: _Pair, p_parse: Parse, h_parse: Parse, depth: int) -> Proof:
        """Symbolic knowledge first; when that finds no proof and the settings allow it, once more
        with the pair's phrase alignments (so a symbolic proof is never replaced by a learned one)."""
        s = self.settings
        p_tree, h_tree = p_parse.tree, h_parse.tree
        kb, compound_facts = self._pair_kb(p_tree, h_tree)
        deadline = None if s.seconds is None else time.perf_counter() + s.seconds     # after the KB is built
        norm_steps = normalization_steps(item.p_norm) + normalization_steps(item.h_norm)
        explored = 0
        edges: list = []
        words = max(len(leaves(p_tree)), len(leaves(h_tree)), 1)
        pair_states = None if s.max_work is None else max(1, s.max_work // words)

        def run(generator: Generator, start: Tree, target: Tree, edits: int) -> SearchResult:
            nonlocal explored
            goal = Target.of(target, self.polarizer.polarize(target))
            allowed = s.max_states if pair_states is None else min(s.max_states, pair_states - explored)
            try:
                if allowed < 1:
                    raise SearchBudgetError("no budget left")
                result = search(start, goal, generator, self.polarizer, edits, allowed, deadline, s.keep_search_tree)
            except SearchBudgetError as exc:
                raise _spent(exc, explored + max(allowed, 0), allowed < s.max_states, item.premise,
                             f"{pair_states} sentences of {words} words; the limit is {s.max_work} sentence-words")
            explored += len(result.states)
            edges.extend(result.edges)          # none unless the settings keep the search tree
            return result

        def proof(label: Label, steps: tuple[Step, ...] = (), note: str = "") -> Proof:
            return Proof(item.premise, item.hypothesis, label, steps, explored, depth, norm_steps,
                         tuple(edges), note)

        for side, parse in (("premise", p_parse), ("hypothesis", h_parse)):
            reason = doubt(parse.tree, parse.tag_probabilities)
            if reason:      # polarity read off a misparse is no ground for a proof: abstain
                return proof(Label.NEUTRAL, (), f"abstained: the {side}'s parse is doubtful ({reason})")
        if (reason := _tense_abstention(p_tree, h_tree)) is not None:
            return proof(Label.NEUTRAL, (), f"abstained: {reason}")
        collective, referents = group_to_member(p_tree, h_tree), _two_referents(kb, p_tree, h_tree)
        counting = s.readings.numerals is Numerals.AT_LEAST
        generator = Generator(kb, counting=counting, compound_facts=compound_facts)
        found = self._attempt(item, generator, p_tree, h_tree, run, referents is None, depth, collective is None)
        if found is None and s.knowledge is Knowledge.ALIGNED:
            alignments = self.aligner.align(p_tree, h_tree, lambda a, b: _related(kb, a, b, s.wordnet),
                                            unrelated_nouns if s.wordnet else None)
            if alignments:
                generator = Generator(kb, alignments=alignments, counting=counting, compound_facts=compound_facts)
                found = self._attempt(item, generator, p_tree, h_tree, run, referents is None, depth,
                                      collective is None)
        if found is not None:
            return proof(*found)
        if collective is not None:      # no entailment; a contradiction might still have been found
            return proof(Label.NEUTRAL, (), f"the premise's \"{collective}\" is said of a group, the hypothesis of one")
        if not s.contradictions:
            return proof(Label.NEUTRAL, (), "no entailment found")
        negated = any(leaf.token.lemma.lower() in NEGATIONS
                      for tree in (p_tree, h_tree) for leaf in leaves(tree))
        two = f"; \"{referents[0]}\" and \"{referents[1]}\" may be two referents, so no negated verb contradicts" \
            if referents and negated else ""
        return proof(Label.NEUTRAL, (), f"no proof within {depth} step{'' if depth == 1 else 's'}{two}")

    def _attempt(self, item: _Pair, generator: Generator, p_tree: Tree, h_tree: Tree,
                 run: Callable[[Generator, Tree, Tree, int], SearchResult],
                 verbs: bool, depth: int, entails: bool = True) -> tuple[Label, tuple[Step, ...]] | None:
        """ENTAILMENT within `depth` edits (unless not `entails`), then CONTRADICTION within `depth` - 1 edits
        and the step that ends it (the premise reaches a contradictory of the hypothesis, the hypothesis one of
        the premise, or a reached sentence has a word excluding the hypothesis's); `verbs`:
        contradictories by a verb's negation too (one referent)."""
        entail = run(generator, p_tree, h_tree, depth)
        if entail.found and entails:
            return Label.ENTAILMENT, entail.found.steps()
        if not self.settings.contradictions or depth < 1:
            return None

        def one_referent(other: Tree, clause: Tree) -> bool:
            return _two_referents(generator.kb, other, clause) is None

        for negated, note in contradictories(h_tree, verbs=verbs, modifiers=True,
                                             conjuncts=lambda c: one_referent(p_tree, c)):
            result = run(generator, p_tree, negated, depth - 1)
            if result.found:
                step = Step(StepKind.NEGATE, sentence_text(negated), item.hypothesis, sentence_text(negated), note=note)
                return Label.CONTRADICTION, result.found.steps() + (step,)
        for negated, note in contradictories(p_tree, verbs=verbs, modifiers=True,
                                             conjuncts=lambda c: one_referent(h_tree, c)):
            result = run(generator, h_tree, negated, depth - 1)
            if result.found:
                note = f"the hypothesis entails \"{sentence_text(negated)}\", which contradicts the premise ({note})"
                step = Step(StepKind.NEGATE, sentence_text(negated), item.premise, sentence_text(negated), note=note)
                return Label.CONTRADICTION, result.found.steps() + (step,)
        exclusion = self._exclusion([st for st in entail.states if st.depth < depth], h_tree, generator.kb)
        return (Label.CONTRADICTION, exclusion) if exclusion else None

    @staticmethod
    def _exclusion(states: Sequence[State], h_tree: Tree, kb: KnowledgeBase) -> tuple[Step, ...] | None:
        """A reached sentence that differs from the hypothesis only by excluding words in ↑ position:
        one word, or a phrase of up to two ("jumping out of the water" / "into the water")."""
        h_key = lemma_key(h_tree)
        for state in states:
            keyed = keyed_leaves(state.tree)
            key = tuple(lemma for lemma, _ in keyed)
            span = _one_difference(key, h_key)
            if span is None:
                continue
            (i, j), (k, m) = span
            polarized = [lf for lf in state.polarized.leaves() if isinstance(lf.node, Leaf)]
            if any(polarized[keyed[n][1]].polarity is not Polarity.UP for n in range(i, j)):
                continue
            mine, theirs = " ".join(key[i:j]), " ".join(h_key[k:m])
            facts = kb.excludes(mine, theirs)
            if facts:
                step = Step(StepKind.NEGATE, mine, theirs, sentence_text(state.tree), Polarity.UP, facts,
                            note=f"\"{mine}\" and \"{theirs}\" exclude each other")
                return state.steps() + (step,)
        return None


def _one_difference(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The spans ([i, j) of a, [k, m) of b) of the one place where the two keys differ, each of one or
    two words, the rest equal word for word; None when they differ elsewhere too."""
    (i, j), (k, m) = differing_spans(a, b)
    return ((i, j), (k, m)) if 1 <= j - i <= 2 and 1 <= m - k <= 2 else None


@lru_cache(maxsize=1)
def default_prover() -> Prover:
    """One Prover with the default settings per process."""
    return Prover()


def _tense_abstention(p_tree: Tree, h_tree: Tree) -> str | None:
    """Why tense or aspect makes any proof of the pair unsound (inference/aspect.py), or None."""
    if (verb := past_to_present(p_tree, h_tree)) is not None:
        return f"the premise's \"{verb}\" is past, the hypothesis's verb present"
    if (verb := unfinished(p_tree, h_tree)) is not None:
        return f"the premise's progressive of \"{verb}\" does not say the event was done (the imperfective paradox)"
    return None


def _spent(exc: SearchBudgetError, explored: int, by_work: bool, premise: str, limit: str) -> SearchBudgetError:
    """A search's budget error with what the pair's searches reached (`explored`, for a request's
    budget); a WorkBudgetError when the pair's work bound (`by_work`), not one search's, stopped it."""
    if by_work and not isinstance(exc, SearchTimeout):
        exc = WorkBudgetError(f"over the work budget: this pair's searches passed {limit}", input=premise)
    exc.explored = explored
    return exc


def prove(premise: str, hypothesis: str, depth: int | None = None) -> Proof:
    """Prove one pair with the default Prover: the verdict and its proof."""
    return default_prover().prove(premise, hypothesis, depth)
