"""Augmentation: every entailment and contradiction the engine generates from a premise (MonaLog,
section 5), each with the proof that licenses it.

Undirected generation, unlike the prover's search, which aims at a hypothesis: a word in an ↑
position is replaced by a word above it, one in a ↓ position by a word below it (the fixed KB, and
WordNet from the word's sense in the sentence: knowledge/senses.py), a monotone modifier, an object
(of a verb that reads well without one) or a conjunct is dropped where it is ↑, a disjunct ("or a
banjo", a sibling of the noun's sense) is added where it is ↑, a numeral's bound is weakened where it is ↑
("exactly three" -> "at least three"); contradictions are
the premise's and each entailment's contradictories in the forms people write (contradictions.py).
Sentences with a repeated bigram are dropped as unnatural, as in the paper, and so are sentences
under the fluency threshold (fluency.py; every pair records its score).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Iterator, Sequence

from monalog.augment.agreement import agree
from monalog.augment.cuts import cuts
from monalog.augment.contradictions import exclusive_swaps, natural_contradictions
from monalog.augment.definites import indefinite_subjects
from monalog.augment.fluency import default_min_fluency, fluency
from monalog.augment.generics import (bare_subject, cognate_objects, generic_paths, generic_spans, kind_objects,
                                      only_paths, outside, reported_clauses, scoped_universal)
from monalog.augment.insertions import down_insertions, very_insertions
from monalog.augment.pronouns import someone_subject
from monalog.augment.vague_phrases import vague_object, vague_phrases
from monalog.augment.replacements import Neighbours, replacements
from monalog.augment.misparse import misread
from monalog.augment.contradiction_checks import bad_contradiction, narrowed_universal
from monalog.augment.readability import DETERMINERS, bad_deletion
from monalog.augment.sentences import RULE_PAIRS, as_written, tidy, unnatural
from monalog.augment.words import word_choice
from monalog.augment.words import wordnet_neighbours
from monalog.augment.words import wordnet_siblings
from monalog.ccg.category import parse_category
from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree, leaves
from monalog.errors import MonalogError, ParseError
from monalog.inference.alignment import Knowledge
from monalog.inference.edits import anymore, never_not, place_names
from monalog.inference.edits.numeral_bounds import weaker_bounds
from monalog.inference.generation import Generator
from monalog.inference.target import kb_leq, pair_fact
from monalog.inference.negation import clause_conjuncts
from monalog.inference.referents import two_referents
from monalog.knowledge.base import KnowledgeBase, load_kb
from monalog.knowledge.facts import Relation
from monalog.knowledge.measures import is_unit
from monalog.knowledge.wordnet import wordnet
from monalog.knowledge.wordnet_facts import WordNetSettings, coarse_pos, relate
from monalog.knowledge.senses import SenseChooser, can_be_intransitive
from monalog.neural.embeddings import embedder
from monalog.parsing.parser import get_parser
from monalog.pipeline import Pipeline
from monalog.text.sentences import premise_parts
from monalog.text.morphology import agree_articles, countable, inflect, plural  # noqa: F401  (re-exported)
from monalog.polarity.marks import Polarity
from monalog.polarity.polarizer import PolarizedNode, Polarizer
from monalog.inference.proof import Label, Step, StepKind
from monalog.inference.prover import Prover, ProverSettings, normalization_steps
from monalog.inference.search import explore
from monalog.inference.treeops import leaf_positions, lower_words, lemma_key, norm_lemma, replace_at, sentence_text, \
    surface

if TYPE_CHECKING:
    from monalog.neural.embeddings import SentenceEmbedder
    from monalog.parsing.parser import Parser


UP, DOWN = Polarity.UP, Polarity.DOWN
_CONJ, _NP_CONJ = parse_category("conj"), parse_category("NP\\NP")


@dataclass(frozen=True)
class AugmentSettings:
    """`per_word`: WordNet candidates at most per word and direction (hypernyms within
    `hypernym_steps` of the word's first sense; direct hyponyms of it); `max_pairs`: per premise.
    `tagger`: the parser's tagger (scorers.tagger_scorer). The BiLSTM by default: on SICK-style premises
    it parses as well as the ensemble (held-out 97.29 % / 97.36 % supertags) and re-proving every
    generated pair parses it, where the ensemble would cost a third of the throughput; "ensemble" for
    premises outside SICK's style."""

    depth: int = 2
    per_word: int = 3
    hypernym_steps: int = 2
    contradictions: bool = True
    exclusions: bool = True              # also contradictions by an excluding word (man -> woman), SICK's way
    max_pairs: int = 200
    normalize: bool = True
    verify: bool = True                  # keep only pairs the prover re-proves to their label
    senses: bool = True                  # WordNet senses in context (the packaged MiniLM reads glosses)
    min_fluency: float | None = None     # None: the packaged threshold (monalog/kb/fluency.json)
    wordnet_settings: WordNetSettings = WordNetSettings()
    tagger: str = "bilstm"


@dataclass(frozen=True)
class Generated:
    """One generated pair and the proof steps from the premise to the hypothesis."""

    premise: str
    hypothesis: str
    label: Label
    steps: tuple[Step, ...] = field(default=(), compare=False)
    fluency: float | None = field(default=None, compare=False)
    negates: str | None = field(default=None, compare=False)    # the entailment a contradiction negates


def _backed(pairs: list[Generated]) -> list[Generated]:
    """No contradiction of a dropped entailment: a parse went wrong ("No printing press more common"); each hypothesis
    once, as written ("great things -." and "great things." are one sentence)."""
    kept = {p.hypothesis for p in pairs if p.label is Label.ENTAILMENT}
    first: dict[str, Generated] = {}
    for p in pairs:
        if p.negates is None or p.negates in kept:
            first.setdefault(p.hypothesis, p)
    return list(first.values())


def _joined(premise: str, results: list[list[Generated] | MonalogError],
            most: int) -> list[Generated] | MonalogError:
    """A premise's pairs from those of its sentences (`results`), each hypothesis once (its first pair) and `most` in
    all; the first sentence's error when none could be read (a part that could not be read gives no pairs)."""
    done = [r for r in results if not isinstance(r, MonalogError)]
    if not done:
        return results[0]
    pairs = [replace(g, premise=premise) for r in done for g in r]
    if len(results) == 1:
        return pairs
    return _backed(pairs)[:most]                        # each hypothesis once: the whole sentence's pair first


class Augmenter:
    """Generates labelled pairs from premises; holds the parser, KB and polarizer (reuse it)."""

    def __init__(self, settings: AugmentSettings = AugmentSettings(), parser: "Parser | None" = None,
                 kb: KnowledgeBase | None = None, pipeline: Pipeline | None = None) -> None:
        self.settings = settings
        if pipeline is None and parser is None:
            parser = get_parser("monalog", settings.tagger)
        self.pipeline = pipeline or Pipeline(parser)
        self.kb = kb if kb is not None else load_kb(exclusions=settings.exclusions)
        needs_object = word_choice().needs_object
        self.generator = Generator(self.kb, intransitive=lambda v: v not in needs_object and can_be_intransitive(v))
        self.embedder: SentenceEmbedder | None = None
        if settings.senses:
            self.embedder = embedder()
        self.senses = SenseChooser(self.embedder)
        self._siblings: dict[tuple[str, str], str | None] = {}
        self.prover: Prover | None = None
        if settings.verify:
            # a generated label must have a symbolic proof: no learned alignment verifies one; one
            # step more than the edits, as the prover counts a contradiction's negation as a step and
            # searches entailments as deep as `monalog prove` by default does
            self.prover = Prover(ProverSettings(depth=settings.depth + 1, normalize=settings.normalize,
                                                wordnet_settings=settings.wordnet_settings,
                                                knowledge=Knowledge.SYMBOLIC, exclusions=settings.exclusions),
                                 kb=self.kb, pipeline=self.pipeline)

    @property
    def polarizer(self) -> Polarizer:
        return self.pipeline.polarizer

    def load(self) -> "Augmenter":
        """Load the parser, polarizer, WordNet and the sense model now rather than on the first premise."""
        _ = self.pipeline.parser, self.pipeline.polarizer
        wordnet()
        if self.embedder is not None:
            self.embedder.encode(["load"])
        return self

    def generate_batch(self, premises: Sequence[str]) -> list[list[Generated] | MonalogError]:
        """For each premise its generated pairs, or the error that stopped it. A premise of several
        sentences (or with a result clause: text.sentences.premise_parts) gives the pairs of each: its
        hypothesis is one sentence's edit, which the premise entails or contradicts as it asserts that sentence."""
        parts = [(p,) if (part := premise_parts(p)) == (p.strip(),) else part for p in premises]
        texts = [text for part in parts for text in part]
        sentences = self.pipeline.run(texts, self.settings.normalize)
        parsed = [s.parse.tree for s in sentences if not isinstance(s, MonalogError)]
        neighbours = iter(self._wordnet_neighbours(parsed))
        each: list[list[Generated] | MonalogError] = []
        for text, sentence in zip(texts, sentences):
            try:
                if isinstance(sentence, MonalogError):
                    raise sentence
                each.append(self._generate(text, sentence.parse.tree, normalization_steps(sentence.normalized),
                                           next(neighbours)))
            except MonalogError as exc:
                each.append(exc)
        results = iter(each)
        out = [_joined(p, [next(results) for _ in part], self.settings.max_pairs) for p, part in zip(premises, parts)]
        if self.prover is not None:
            out = self._verified(self.prover, out)
        return out

    @staticmethod
    def _verified(prover: Prover,
                  results: list[list[Generated] | MonalogError]) -> list[list[Generated] | MonalogError]:
        """Each premise's pairs that the prover, given only premise and hypothesis, proves to the
        generated label (a word sense or a parse that differs on re-reading drops the pair)."""
        flat = [g for r in results if isinstance(r, list) for g in r]
        proofs = iter(prover.prove_batch([(g.premise, g.hypothesis) for g in flat]))
        out: list[list[Generated] | MonalogError] = []
        for result in results:
            if isinstance(result, MonalogError):
                out.append(result)
                continue
            kept = []
            for pair in result:
                proof = next(proofs)
                if not isinstance(proof, MonalogError) and proof.label is pair.label:
                    kept.append(pair)
            out.append(_backed(kept))
        return out

    def _generate(self, premise: str, tree: Tree, norm_steps: tuple[Step, ...],
                  neighbours: Neighbours) -> list[Generated]:
        s = self.settings
        if premise.rstrip().endswith("?"):
            raise ParseError("a question asserts nothing: no pairs from it", input=premise)
        if (word := misread(tree)) is not None:
            raise ParseError(f"the parse misreads {word!r} (misparse.misread): no pairs from a misread "
                             "sentence or an order", input=premise)
        premise_lemmas, ors = set(lemma_key(tree)), lower_words(tree).count("or")

        def has_disjunct(edited: Tree) -> bool:
            return lower_words(edited).count("or") > ors

        def edits(edited: Tree, pn: PolarizedNode) -> Iterator[tuple[Tree, Step]]:
            if has_disjunct(edited):
                return                              # a disjunct is the only edit of its pair
            generic = generic_paths(edited)
            walked = list(pn.walk_paths())
            kept = only_paths(edited) + scoped_universal(edited) + kind_objects(edited, walked) \
                + anymore.modified(edited) + reported_clauses(edited) + cognate_objects(edited)
            nodes = outside(walked, generic + kept)     # "in dry summers"
            if edited is tree:
                yield from self._disjunction(edited, nodes, neighbours)
                yield from down_insertions(edited, nodes)
                yield from very_insertions(edited, nodes)
            yield from replacements(edited, nodes, premise_lemmas, neighbours, self.kb, s.wordnet_settings)
            yield from weaker_bounds(edited, nodes)
            yield from place_names.larger(edited, walked)     # a name is no generic restriction
            yield from someone_subject(edited, nodes)
            yield from never_not.as_not(edited, nodes)
            yield from anymore.dropped(edited, nodes)
            yield from vague_phrases(edited, nodes)
            spans = generic_spans(edited, generic)
            yield from ((t, step) for t, step in self.generator.deletions(edited, nodes, None)
                        if not cuts(edited, t, spans) and bad_deletion(edited, t) is None)   # "guinea pig"

        states = explore(tree, edits, self.polarizer, s.depth).states
        reached = [(st.tree, st.steps()) for st in states[1:]] + list(indefinite_subjects(states, self.kb))
        pairs = [Generated(premise, sentence_text(agree(edited, tree)), Label.ENTAILMENT, norm_steps + steps)
                 for edited, steps in reached]
        # never "A or B is not", nor "did not eat something"
        plain = [st for st in states if not has_disjunct(st.tree) and not vague_object(sentence_text(st.tree))]
        seen = {p.hypothesis.lower() for p in pairs}
        # "The kids are being grouped" -> "A person is grouping the kids": that person is no referent of the
        # premise, so neither "A person is not grouping the kids" nor "... the adults" contradicts anything
        agentless = any(step.note == "passive_no_agent" for step in norm_steps)
        if s.contradictions:
            pairs += self._negations(premise, tree, plain, norm_steps, seen, agentless)
        if s.contradictions and s.exclusions and not agentless:
            pairs += self._exclusions(premise, tree, plain, norm_steps, neighbours, seen)
        threshold = default_min_fluency() if s.min_fluency is None else s.min_fluency
        written = (premise, sentence_text(tree))        # as given and as normalised
        scored = [replace(p, hypothesis=as_written(tidy(p.hypothesis), premise),
                          negates=p.negates and as_written(p.negates, premise),
                          fluency=round(fluency(p.hypothesis, *written, natural=RULE_PAIRS), 3))
                  for p in pairs
                  if not unnatural(p.hypothesis, premise)]
        return _backed([p for p in scored if p.fluency is not None and p.fluency >= threshold])[:s.max_pairs]

    def _negations(self, premise: str, tree: Tree, states: Sequence, norm_steps: tuple[Step, ...],
                   seen: set[str], agentless: bool) -> list[Generated]:
        """The contradictions of the premise (`tree`) and of each entailment (`states`), in the forms
        people write, each once and not one of the entailments (`seen`), with the entailment it negates;
        `agentless`: the premise was a passive with no agent, so only its subject's quantifier is swapped."""
        out, written = [], sentence_text(tree)
        for state in states:
            # "A man is riding" -> "A person is not riding": a person may be another, no contradiction
            verbs = not agentless and self._one_referent(tree, state.tree)
            shown, agreed = sentence_text(state.tree), agree(state.tree, tree)
            source = tidy(sentence_text(agreed)) if state.depth else None
            for text, note in natural_contradictions(agreed, verbs=verbs):
                if text.lower() in seen or bad_contradiction(shown, text) or narrowed_universal(written, text):
                    continue
                seen.add(text.lower())
                step = Step(StepKind.NEGATE, shown, text, text, note=f"\"{text}\" contradicts \"{shown}\" ({note})")
                out.append(Generated(premise, text, Label.CONTRADICTION, norm_steps + state.steps() + (step,),
                                     negates=source))
        return out

    def _exclusions(self, premise: str, tree: Tree, states: Sequence, norm_steps: tuple[Step, ...],
                    neighbours: Neighbours, seen: set[str]) -> list[Generated]:
        """The premise (`tree`) and each entailment (`states`, none with a determiner weakened to "some": "both young
        otters" is no "some old otters") with one word replaced by one that excludes it
        (contradictions.exclusive_swaps: "A small dog" -> "A large dog"), each once."""
        sense_of = lambda lemma, pos: neighbours.get((lemma, pos, True), ((), None))[1]    # noqa: E731
        out, words = [], frozenset(lemma_key(tree))
        for state in (st for st in states if st.depth <= 1 and self._one_referent(tree, st.tree)    # "both" -> "some"
                      and not any(step.after.lower() == "some" for step in st.steps())):
            source = tidy(sentence_text(agree(state.tree, tree))) if state.depth else None   # two edits: too dear
            nodes = outside(list(state.polarized.walk_paths()),
                            generic_paths(state.tree) + only_paths(state.tree) + scoped_universal(state.tree))
            for t, step in exclusive_swaps(state.tree, nodes, self.kb, sense_of, words):
                if (text := sentence_text(agree(t, tree))).lower() not in seen:
                    seen.add(text.lower())
                    out.append(Generated(premise, text, Label.CONTRADICTION, norm_steps + state.steps() + (step,),
                                         negates=source))
        return out

    def _one_referent(self, tree: Tree, other: Tree) -> bool:
        """`other`'s subject is one of `tree`'s clauses' referents ("Someone is sleeping" of "He is
        sleeping" may be another: neither its verb's negation nor an excluding word contradicts), and a
        bare plural only in the premise's words ("Governors" of "Regional governors" may be others)."""
        bare = bare_subject(other)
        return any(two_referents(clause, other, self._synonyms) is None and bare in (None, bare_subject(clause))
                   for clause in (tree, *clause_conjuncts(tree)))

    def _synonyms(self, a: str, b: str) -> bool:
        """Nouns the verifying prover takes for one referent: WordNet or the KB has them as synonyms."""
        fact = relate(a, b, "n", self.settings.wordnet_settings)
        return (fact is not None and fact.relation is Relation.EQ) \
            or (kb_leq(self.kb, a, b) is not None and kb_leq(self.kb, b, a) is not None)

    def _wordnet_neighbours(self, trees: Sequence[Tree]) -> list[Neighbours]:
        """For each premise, (lemma, pos, upward) -> (WordNet words, the sense they come from) for its
        content words: the sense read in the premise; neighbours near the word (MiniLM cosine at least
        kb/augment.json's min_similarity: "dog"/"animal" yes, "hand"/"extremity" no) and, unless
        very near (`near_similarity`), read in the sense reached ("wheel" is no "machine" in
        machine's usual sense). Two embedder calls for the whole batch of premises: one text at a time,
        the encoder takes twice as long a text (and a text's vector does not depend on its batch)."""
        texts = [sentence_text(tree) for tree in trees]
        items = [sorted({(norm_lemma(leaf), pos) for leaf in leaves(tree)
                         if (pos := coarse_pos(leaf.token.pos)) and not leaf.token.pos.startswith("NNP")})
                 for tree in trees]
        if self.embedder is not None:
            self.embedder.encode([t for text, words in zip(texts, items) for t in self.senses.texts(text, words)])
        found = [{(lemma, pos, up): (wordnet_neighbours(sense, lemma, pos, up, self.settings.hypernym_steps,
                                                        self.settings.per_word, self.settings.wordnet_settings), sense)
                  for (lemma, pos), sense in self.senses.choose_all(text, words).items() for up in (True, False)}
                 for text, words in zip(texts, items)]
        embedder = self.embedder
        pairs = sorted({(lemma, w) for one in found for (lemma, _, _), (words, _) in one.items() for w, _ in words})
        similarity = dict(zip(pairs, embedder.similarity(pairs))) if embedder is not None else {}
        choice = word_choice()

        def keep(lemma: str, pos: str, word: str, usual_sense: bool) -> bool:
            sim = similarity.get((lemma, word))
            return sim is None or sim >= choice.near_similarity or \
                (usual_sense and pos != "v" and sim >= choice.min_similarity)      # verb hypernyms drift
        return [{key: (tuple(w for w, usual in words if keep(key[0], key[1], w, usual)), sense)
                 for key, (words, sense) in one.items()} for one in found]

    def _sibling(self, lemma: str, sense) -> str | None:
        """The WordNet sibling of `lemma`'s sense nearest to it by MiniLM, if at least kb/augment.json's
        min_similarity ("a bike or a car", "a dog or a wolf"; not "a man or a liberal"): a disjunct."""
        key = (lemma, sense.name())
        if key not in self._siblings:
            words = wordnet_siblings(sense, lemma)
            scores = self.embedder.similarity([(lemma, w) for w in words]) if self.embedder is not None else []
            best = max(zip(scores, words), default=None)
            self._siblings[key] = best[1] if best is not None and best[0] >= word_choice().min_similarity else None
        return self._siblings[key]

    def _disjunction(self, tree: Tree, nodes, neighbours: Neighbours) -> Iterator[tuple[Tree, Step]]:
        """"a bike" -> "a bike or a car" where ↑ (X ≤ X or Y), in the premise's first singular
        indefinite noun phrase whose noun has a sibling in its sense in the premise (`_sibling`) and
        is no measure ("in under a minute or an hour" reads as a range); one
        a premise, and no other edit with it, nor beside an "and" ("between a theory and an idea or a
        topic"). Its reverse, a NEUTRAL pair in the recipe, teaches that a disjunct is no conjunct."""
        positions, all_words = leaf_positions(tree), lower_words(tree)
        for path, node in nodes:
            np = node.node
            if node.polarity is not UP or str(np.category) != "NP" or len(words := leaves(np)) != 2:
                continue
            det, noun = words
            if det.token.word.lower() not in ("a", "an") or noun.token.pos != "NN":
                continue
            first = min(i for p, i in positions.items() if p[:len(path)] == path)
            if all_words[first - 1:first] == ["and"] or (all_words[first + 2:first + 3] == ["and"]
                                                          and set(all_words[first + 3:first + 4]) & DETERMINERS):
                continue                    # a conjunct: "between a theory and an idea or a topic"
            lemma = norm_lemma(noun)
            sense = neighbours.get((lemma, "n", True), ((), None))[1]
            if sense is None or is_unit(sense) or (sibling := self._sibling(lemma, sense)) is None:
                continue
            other = Binary(np.category, Rule.FA, Leaf(det.category, Token(agree_articles(f"a {sibling}").split()[0],
                                                                          "a", "DT")),
                           Leaf(noun.category, Token(sibling, sibling, "NN")))
            disjunction = Binary(np.category, Rule.BA, np,
                                 Binary(_NP_CONJ, Rule.CONJ, Leaf(_CONJ, Token("or", "or", "CC")), other))
            edited = replace_at(tree, path, disjunction)
            fact = pair_fact(surface(disjunction), surface(np), "X is a special case of \"X or Y\"")
            yield edited, Step(StepKind.INSERT, "", f"or {surface(other)}", sentence_text(edited), UP, (fact,),
                               operator=node.operator)
            return
