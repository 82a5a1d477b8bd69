"""Word-level mutations toward a contradiction (EvoNLI's REPLACEWORDS), as Transformations. Each edit records its
mutation type in SciCon's taxonomy (Appendix D), so outputs are tagged by rule; an LLM can tag instead.

Offline: listed opposites (kb/evonli_substitutions.tsv and BioNLI's polarity reversals), WordNet antonyms,
 negation insertion/removal, number changes, KB siblings (via KBIN's transformation).
Ablations: random replacement, masked-LM replacement. Online: the word-replacement prompt on a
chat backend.
"""
from __future__ import annotations

import random
import re
from collections import Counter
from functools import lru_cache

from monalog.fileio import read_table
from monalog.knowledge.wordnet import wordnet
from monalog_perturb.backends.chat import parse_json_list, parse_number  # noqa: F401  (re-exported)
from monalog_perturb.backends.mlm import MaskFiller
from monalog_perturb.bio.clauses import negated
from monalog_perturb.bio.lexicon import polarity_reversals
from monalog_perturb.bio.predicate_rules import negate_main_clause
from monalog_perturb.bio.quantities import identifier_spans, quantities
from monalog_perturb.candidate import Candidate, changed_span
from monalog_perturb.protocols import ChatClient
from monalog_perturb.resources import data_path, prompt
from monalog_perturb.transformations.base import Transformation

_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_ANTONYM_POS = (("a", "scalar/evaluative property"), ("r", "scalar/evaluative property"))
_DEGREE_WORDS = frozenset("no all some any many much few little more less most least".split())
_COPULAS = frozenset("is are was were be been being remained remains became becomes appeared seemed".split())
MUTATION_TYPES = ("negation/polarity", "quantifier", "numerical", "modality", "causation", "action",
                  "scalar/evaluative property", "entity", "temporal", "other")


def _cased(word: str, like: str) -> str:
    return word[:1].upper() + word[1:] if like[:1].isupper() else word


@lru_cache(maxsize=1)
def substitutions() -> dict[str, tuple[str, str]]:
    """word or phrase (lower case) -> (opposite, mutation type), both directions."""
    out: dict[str, tuple[str, str]] = {}
    for row in read_table(data_path("evonli_substitutions.tsv")):
        out.setdefault(row["word"], (row["opposite"], row["type"]))
        out.setdefault(row["opposite"], (row["word"], row["type"]))
    for word, opposite in polarity_reversals().items():
        out.setdefault(word, (opposite, "action"))
    return out


@lru_cache(maxsize=4096)
def _negated(text: str) -> bool:
    """Whether the claim's main clause is negated: an opposite under the negation ("did not improve" ->
    "did not worsen", "did not prevent X after surgery" -> "... before surgery") makes no contradiction.
    Cached: both opposite mutations ask it of every candidate."""
    return negated(text)


class ListedOpposites(Transformation):
    """Each listed word or phrase replaced by its opposite (longest phrases first, whole words), not
    under a negated main clause."""

    name = "opposite"

    def _transform(self, candidate: Candidate) -> list[Candidate]:
        out, text, low = [], candidate.text, candidate.text.lower()
        negated = _negated(text)
        for phrase, (opposite, kind) in sorted(substitutions().items(), key=lambda x: -len(x[0])):
            if negated and kind != "negation/polarity":
                continue                             # "did not improve" -> "did not worsen": no contradiction
            for m in re.finditer(r"\b" + re.escape(phrase) + r"\b", low):
                if m.start() and text[m.start()].isupper():
                    continue                         # a name mid-sentence: "between May and November"
                out.append(candidate.edited(m.start(), m.end(), _cased(opposite, text[m.start():m.end()]), self.name,
                                            type=kind, source="kb/evonli_substitutions.tsv"))
        return out


class WordNetAntonyms(Transformation):
    """Predicative adjectives and adverbs replaced by the WordNet antonym of their most frequent sense
    that has one (of the first two): "was strong" -> "was weak". Only after a copula: an adjective on
    a noun changes the referent ("febrile" -> "afebrile seizures"); not a participle; not under a
    negated main clause. Verbs are left to the listed opposites: a WordNet verb antonym rarely keeps
    the verb's arguments ("did not change X" -> "did not stay X")."""

    name = "wordnet-antonym"

    def _transform(self, candidate: Candidate) -> list[Candidate]:
        wn, out = wordnet(), []
        if _negated(candidate.text):
            return []
        for m in _WORD.finditer(candidate.text):
            word = m.group().lower()
            if m.start() and (candidate.text[m.start() - 1] in "-/" or candidate.text[m.start() - 1].isalnum()):
                continue                             # part of a longer token: 5-fold, IL-6R, anti-TNF
            before = [w for w in candidate.text[:m.start()].lower().split() if not w.endswith("ly")][-1:]
            if word in _DEGREE_WORDS or word.endswith("ed") or not before or before[0] not in _COPULAS:
                continue                             # only predicative: "the effect was (very) strong"
            for pos, kind in _ANTONYM_POS:
                lemma = wn.morphy(word, pos)
                if not lemma:
                    continue
                antonym = next((a.name() for s in wn.synsets(lemma, pos)[:2] for lem in s.lemmas()
                                if lem.name() == lemma for a in lem.antonyms()), None)
                if antonym and "_" not in antonym:
                    out.append(candidate.edited(m.start(), m.end(), _cased(antonym, m.group()), self.name,
                                                type=kind, source="WordNet"))
                break
        return out


_PART_OF_A_WHOLE = re.compile(
    r"\d\s*(?:%|percent)|\b(?:half|quarters?|thirds?|fifths?|tenths?|percent|proportion|fraction|majority|"
    r"minority|some|many|most|few|several|one in)\b"
    r"|\b(?:\d[\d,]*|one|two|three|four|five|six|seven|eight|nine|ten)\s+of\s+the\b"
    r"|^\s*(?:[a-z-]+\s+of\s+)?an?\s(?!total\s+of)",  # indefinite: "(Loss of) an X did not ..." is compatible
    re.IGNORECASE)


class NegationToggle(Transformation):
    """Flip the polarity of the claim's main verb as BioNLI's VNeg does ("reduced" -> "did not
    reduce", "is not" -> "is", "We conclude that X reduces Y" -> "... X does not reduce Y"): never
    a verb of a subordinate clause, a reporting frame or a noun that looks like a verb, and not when
    the subject is a part of a whole ("Ten percent of the children developed X") or indefinite ("An
    SGLT2 inhibitor slowed X"): then the negation does not contradict."""

    name = "negation"

    def _transform(self, candidate: Candidate) -> list[Candidate]:
        flipped = negate_main_clause(candidate.text)
        if isinstance(flipped, str):
            return []
        edits, _ = flipped
        if _PART_OF_A_WHOLE.search(candidate.text[:edits[0][0]]):
            return []                                # "Ten percent developed X" -> "... did not develop X": both true
        return [candidate.edited(start, end, new, self.name, type="negation/polarity") for start, end, new in edits]


class NumberChange(Transformation):
    """A quantity doubled or halved (percentages kept at most 100; years and numbers inside names,
    IL-6 or COVID-19, never: `monalog_perturb.bio.quantities`)."""

    name = "number"

    def _transform(self, candidate: Candidate) -> list[Candidate]:
        out = []
        for q in quantities(candidate.text):
            if q.kind == "year" or q.text.startswith("."):
                continue
            value = float(q.text.replace(",", ""))
            for new in (value * 2, value / 2):
                if q.kind == "percent" and new > 100:
                    continue
                if "." in q.text or new != int(new):
                    shown = f"{new:g}"
                else:
                    shown = f"{int(new):,}" if "," in q.text else str(int(new))
                if shown != q.text:
                    out.append(candidate.edited(q.start, q.end, shown, self.name, type="numerical"))
        return out


def changes_identifier(before: str, after: str) -> bool:
    """Whether `after` lost or altered a name of `before` that holds a number (IL-6, COVID-19, MCF-7)."""
    kept = Counter(after[s:e] for s, e in identifier_spans(after))
    return bool(Counter(before[s:e] for s, e in identifier_spans(before)) - kept)


class IdentifierSafe(Transformation):
    """Another transformation's candidates, less those that change a name holding a number (IL-6 ->
    IL-4, COVID-19 -> COVID-2020); a knowledge-base sibling put in place of a whole entity is kept."""

    def __init__(self, inner: Transformation) -> None:
        self.inner, self.name = inner, inner.name

    def _transform(self, candidate: Candidate) -> list[Candidate]:
        return [c for c in self.inner(candidate) if (c.edit is not None and "sibling" in c.edit.provenance)
                or not changes_identifier(candidate.text, c.text)]


class RandomReplacement(Transformation):
    """Ablation: a random content word replaced by a random word of the same sentence pool (seeded)."""

    name = "random"

    def __init__(self, rng: random.Random, samples: int = 5) -> None:
        self.rng, self.samples = rng, samples

    def _transform(self, candidate: Candidate) -> list[Candidate]:
        words = [m for m in _WORD.finditer(candidate.text) if len(m.group()) > 3]
        pool = sorted({m.group().lower() for m in words}) + ["increase", "decrease", "patients", "risk", "no"]
        out = []
        for _ in range(self.samples if words else 0):
            m, new = self.rng.choice(words), self.rng.choice(pool)
            out.append(candidate.edited(m.start(), m.end(), new, self.name, type="other"))
        return out


class MaskedReplacement(Transformation):
    """Ablation: a content word masked and refilled by a masked LM (its top predictions)."""

    name = "mlm"

    def __init__(self, model: str, top_k: int = 3, device: str | None = None) -> None:
        self.filler, self.top_k = MaskFiller(model, device), top_k

    def _transform(self, candidate: Candidate) -> list[Candidate]:
        out = []
        for m in [m for m in _WORD.finditer(candidate.text) if len(m.group()) > 3][:8]:
            words = [w for w in self.filler.fill(candidate.text, m.start(), m.end(), self.top_k * 4) if w.isalpha()]
            out += [candidate.edited(m.start(), m.end(), w, self.name, type="other") for w in words[:self.top_k]]
        return out


class ChatReplacement(Transformation):
    """The paper's word-replacement prompt on a chat backend; the premise comes from the context."""

    name = "llm"

    def __init__(self, client: ChatClient, n: int = 5) -> None:
        self.client, self.n = client, n

    def _transform(self, candidate: Candidate) -> list[Candidate]:
        premise = candidate.context.get("premise", "") if isinstance(candidate.context, dict) else ""
        reply = self.client.complete([{"role": "user", "content": prompt(
            "evonli_replace_words", premise=premise, hypothesis=candidate.text, n=self.n)}])
        out = []
        for text in parse_json_list(reply)[:self.n]:
            if isinstance(text, str) and text.strip() and text.strip() != candidate.text:
                start, end, new = changed_span(candidate.text, text.strip())
                out.append(candidate.edited(start, end, new, self.name, type=None, model=self.client.model))
        return out


def mutation_type(candidate: Candidate, client: ChatClient | None = None) -> str:
    """The type of the edits that made `candidate` (the last typed edit), by rule; by the LLM when
    a client is given or no rule typed it."""
    kinds: list[str] = [e.provenance["type"] for e in candidate.history() if e.provenance.get("type")]
    if kinds and client is None:
        return kinds[-1]
    if client is not None:
        reply = client.complete([{"role": "user", "content": prompt(
            "evonli_mutation_type", before=candidate.root().text, after=candidate.text)}]).strip().lower()
        return next((t for t in MUTATION_TYPES if t in reply), "other")
    return "entity" if any(e.provenance.get("sibling") for e in candidate.history()) else "other"
