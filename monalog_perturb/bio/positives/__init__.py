"""Hard positives for biomedical NLI from the natural-logic engine (beyond BioNLI): a conclusion
entails itself without a modifier that sits in an upward (↑) position ("X strongly inhibits Y in
mice" ⊨ "X inhibits Y"), and with an entity in an ↑ position generalised to its parent in a
knowledge source ("... causes seizure" ⊨ "... causes abnormal nervous system physiology").
Each positive carries its proof step; the marked entities must survive.

Dropping makes sentences, and entailed ones only (an empty result is fine, a wrong one is not). The
supertagger was trained on SICK, so on biomedical text a derivation is trusted only where its tags
agree with each other, with WordNet and with the tagger's confidence.
- A conclusion gives nothing when its parse is doubtful (`monalog.polarity.doubt.doubt`, where the
  prover abstains), is no declarative sentence (S[dcl]), has no finite verb or one the tags do not
  agree on (a word WordNet knows as no verb, a part of speech that is no finite verb, an unlikely
  supertag), or has a negation or downward operator ("not", "only", "without"), a hedge ("suggest",
  "may", "likely", "whether"), a comparison or ranking ("more", "higher", "the main") or an adverb
  of frequency ("frequently"): where polarity is unclear, nothing. A reporting frame is never
  dropped ("These results suggest that X" does not entail X, and gives nothing); a veridical one
  ("We conclude that X") stays and its clause is edited inside.
- Only these modifiers go, each where the engine marks it ↑ (`droppable_modifier`): an adverb
  ("strongly", "very"), a prepositional phrase of place, time or means over a plain noun phrase
  ("in obese mice", "during apoptosis", "by modulating Y"), and an adjective, alone or after an
  adverb ("a (very) strong indicator"). Never a word of the subject or before the main verb (a
  generic subject reads universally: "A diminished reserve is ..." does not entail "A reserve is
  ..."), a pronoun, a verb, a clause, a conjunct or a word beside a conjunction, a number or
  quantity, a word of a marked entity, an adjective of direction, degree, kind or rank
  ("increased", "defective", "high", "putative", "main"), an adjective in a conclusion about
  preventing or decreasing ("prevents severe disease" does not entail "prevents disease"), a PP of
  a copular predicate ("is a reliable indicator in this population" is not one everywhere),
  anything after an evaluative word ("a crucial step in endometrial carcinogenesis" is not one in
  carcinogenesis), nor a word of the long form of an acronym ("cardiovascular progenitor cells (CPCs)").
- The output is the input with the modifier's characters cut out (spelling, markers and spacing
  kept, a/an agreed) and must re-parse, without doubt, as an S[dcl] with the same main verb.
The work per record is counted, not timed (`NLBudget`): the parser's budget, a cap on a
conclusion's words and on the candidates re-parsed, so results never depend on the machine's load.
The parts: `words` (the word lists), `tokens` (a token's word class),
`parse` (a conclusion read once), `rules` (which modifiers may go) and
`droppable` (the edits); this module re-parses them and makes the positives."""
from __future__ import annotations

import re
from collections import Counter
import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from monalog.errors import MonalogError
from monalog.polarity.doubt import doubt
from monalog.pipeline import TEACHER_BUDGET, ParserBudget, Pipeline
from monalog.polarity.marks import Polarity
from monalog_perturb.bio.bionli import Perturbation
from monalog_perturb.bio.positives.droppable import Drop, find_candidates
from monalog_perturb.bio.positives.parse import ConclusionParse
from monalog_perturb.bio.positives.tokens import finite_category, is_s
from monalog_perturb.bio.records import REGULATED, REGULATOR, MechanismRecord, strip_markers

if TYPE_CHECKING:
    from monalog.parsing.parser import Parser
    from monalog.polarity.polarizer import PolarizedSentence


@dataclass(frozen=True)
class NLBudget:
    """The work one record may take, in counts: the parser's budget (supertags a word and A* steps),
    the longest conclusion parsed at all (whitespace words), the candidate drops re-parsed, and the
    positives kept."""

    parser: ParserBudget = TEACHER_BUDGET
    max_words: int = 60
    candidates: int = 4
    per_record: int = 3


DEFAULT_BUDGET = NLBudget()


def candidates(record: MechanismRecord, sentence: "PolarizedSentence",
               rejected: list[tuple[str, str]] | None = None) -> list[Drop] | str:
    """The droppable modifiers of a parsed conclusion as edited hypotheses (outermost first, then
    left to right), or why the conclusion gives none; `rejected` collects (modifier, why) for the
    modifiers the engine would drop and these rules keep."""
    s = ConclusionParse.read(record.hypothesis, sentence)
    return s if isinstance(s, str) else find_candidates(s, record, sentence, rejected)


def _sentence_ok(result: "PolarizedSentence | MonalogError", verb: str) -> bool:
    """A re-parsed output: a declarative sentence, not doubtful, with the same main verb."""
    if isinstance(result, MonalogError):
        return False
    tree = result.parse.tree
    main = next((leaf for leaf in result.parse.leaves if finite_category(leaf.category)), None)
    return is_s(tree.category, "dcl") and doubt(tree) is None and main is not None and main.token.word == verb


def _pipeline(pipeline: "Pipeline | None", parser: "Parser | None", budget: NLBudget = DEFAULT_BUDGET) -> "Pipeline":
    if pipeline is not None:
        return pipeline
    return Pipeline(parser) if parser is not None else Pipeline(budget=budget.parser)


def _marked(records: list[MechanismRecord]) -> list[tuple[MechanismRecord, str, str]]:
    """The records with both entities marked, with the regulator's and the regulated's names."""
    return [(r, regulator, regulated) for r in records if (regulator := r.regulator) and (regulated := r.regulated)]


def _parse(records: list[MechanismRecord], pipe: "Pipeline",
           budget: NLBudget) -> list[tuple[MechanismRecord, "PolarizedSentence | MonalogError | None"]]:
    """Each record with both entities marked, with its conclusion's parse (None: over the word cap)."""
    usable = [r for r, _, _ in _marked(records)]
    texts = [strip_markers(r.hypothesis) for r in usable]
    short = [i for i, t in enumerate(texts) if len(t.split()) <= budget.max_words]
    parsed = dict(zip(short, pipe.run([texts[i] for i in short])))
    return [(r, parsed.get(i)) for i, r in enumerate(usable)]


def drops(record: MechanismRecord, sentence: "PolarizedSentence", pipe: "Pipeline",
          budget: NLBudget = DEFAULT_BUDGET, skipped: Callable[[str], None] | None = None) -> list[Perturbation]:
    """The record's positives by dropping modifiers: at most `budget.candidates` are re-parsed and
    `budget.per_record` kept; `skipped(reason)` hears why a conclusion or a candidate gave none."""
    reading = ConclusionParse.read(record.hypothesis, sentence)
    if isinstance(reading, str):
        if skipped:
            skipped(reading)
        return []
    tried = find_candidates(reading, record, sentence)[:budget.candidates]
    reparsed = pipe.run([strip_markers(c.hypothesis) for c in tried])
    out = []
    for cand, result in zip(tried, reparsed):
        if not _sentence_ok(result, reading.verb.word):
            if skipped:
                skipped("output does not re-parse as a sentence with the same main verb")
            continue
        out.append(Perturbation(record.id, record.premise, cand.hypothesis, "NL-drop", cand.edit, "ENTAILMENT"))
        if len(out) >= budget.per_record:
            break
    return out


def positives(records: list[MechanismRecord], parser: "Parser | None" = None, limit_per_record: int | None = None,
              pipeline: "Pipeline | None" = None, budget: NLBudget = DEFAULT_BUDGET) -> list[Perturbation]:
    """Entailed variants of each record's conclusion, modifiers dropped, labelled ENTAILMENT with
    the proof step (see the module's note for what is dropped and what never is)."""
    if limit_per_record is not None:
        budget = dataclasses.replace(budget, per_record=limit_per_record)
    pipe = _pipeline(pipeline, parser, budget)
    out: list[Perturbation] = []
    for record, sentence in _parse(records, pipe, budget):
        if sentence is not None and not isinstance(sentence, MonalogError):
            out += drops(record, sentence, pipe, budget)
    return out


def generalisations(records: list[MechanismRecord], parents, source: str = "HPO", parser=None,
                    limit_per_record: int = 2, pipeline: "Pipeline | None" = None,
                    parsed: "list[PolarizedSentence | MonalogError | None] | None" = None) -> list[Perturbation]:
    """Replace a marked entity whose words are all in ↑ positions by a parent concept's name.
    `parents(name) -> [parent names]` (for example `vocabularies.hpo_parents`). `parsed`: the
    conclusions' parses when the caller has them (one per record with both entities marked)."""
    usable = _marked(records)
    if parsed is None:
        parsed = list(_pipeline(pipeline, parser).run([strip_markers(r.hypothesis) for r, _, _ in usable]))
    out = []
    for (record, regulator, regulated), result in zip(usable, parsed):
        if result is None or isinstance(result, MonalogError) or doubt(result.parse.tree):
            continue
        words = result.chunk_polarities()
        text = " ".join(w for w, _ in words)
        made = 0
        for markers, entity in ((REGULATOR, regulator), (REGULATED, regulated)):
            match = re.search(r"(?<!\w)" + re.escape(entity) + r"(?!\w)", text)
            if not match:
                continue
            if re.search(re.escape(markers[1]) + r"\s*\(", record.hypothesis):
                continue            # "Glioblastoma multiforme (GBM)": the acronym would name the child
            first = len(text[:match.start()].split())
            span = words[first:first + len(entity.split())]
            if not span or any(p is not Polarity.UP for _, p in span):
                continue
            for parent in parents(entity)[:limit_per_record - made]:
                hypothesis = record.hypothesis.replace(f"{markers[0]} {entity} {markers[1]}",
                                                       f"{markers[0]} {parent} {markers[1]}", 1)
                out.append(Perturbation(record.id, record.premise, hypothesis, f"NL-{source}-parent",
                                        f"{entity} ≤ {parent} ({source}), in a ↑ position", "ENTAILMENT"))
                made += 1
    return out


class NaturalLogicPositives:
    """Both kinds of positives for one record at a time on one budgeted pipeline (each conclusion
    parsed once for both), counting in `skipped` why conclusions and candidates gave none."""

    def __init__(self, parents: Callable[[str], list[str]] | None = None, source: str = "HPO",
                 budget: NLBudget = DEFAULT_BUDGET, pipeline: "Pipeline | None" = None) -> None:
        self.parents, self.source, self.budget = parents, source, budget
        self.pipe = _pipeline(pipeline, None, budget)
        self.skipped: Counter = Counter()       # reason -> conclusions (or re-parsed drops) that gave none
        self.made: Counter = Counter()          # strategy -> positives

    def __call__(self, record: MechanismRecord) -> list[Perturbation]:
        pairs = _parse([record], self.pipe, self.budget)
        if not pairs:
            self.skipped["entities not both marked"] += 1
            return []
        record, sentence = pairs[0]
        if sentence is None:
            self.skipped[f"over {self.budget.max_words} words"] += 1
            return []
        if isinstance(sentence, MonalogError):
            self.skipped["no parse"] += 1
            return []
        out = drops(record, sentence, self.pipe, self.budget, self._skip)
        if self.parents is not None:
            out += generalisations([record], self.parents, self.source, parsed=[sentence])
        self.made.update(p.strategy for p in out)
        return out

    def _skip(self, reason: str) -> None:
        self.skipped[re.sub(r" \(.*", "", reason)] += 1
