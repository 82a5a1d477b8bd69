"""EvoNLI's rule check on a child the teacher reads as a contradiction (issue 50): does the child
differ from sentence1 by a negation, an antonym or an entity swap, and do these not cancel out?

Relative to sentence1, with the words of each counted (case-insensitive):
- negations (not, no, never, n't, unable, fails to, ... : `bio.clauses.negation_words`) on each side;
  an odd difference is a negation;
- antonyms: a word of sentence1 the child lacks whose opposite the child adds (the listed opposites,
  WordNet antonyms, or a negative prefix: activate / inactivate, able / unable);
- entity swaps: an edit in the child's history that replaced a name (a KB sibling, or an edit typed
  "entity") of sentence1 by one sentence1 does not mention.
A negation alone, an antonym in a clause neither side negates, or an entity swap alone is a
contradiction. An antonym under a negation on both sides ("was not able to activate" -> "was not able
to inactivate"), an antonym and a negation together, or two negations are not: opposites that are
contraries (activate / inactivate) can both be false.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from monalog.knowledge.wordnet import wordnet
from monalog_perturb.bio.clauses import negation_words, words
from monalog_perturb.candidate import Candidate
from monalog_perturb.transformations.mutations import substitutions

_PREFIXES = ("in", "un", "non", "dis", "de", "anti", "im", "ir", "il")
KINDS = ("negation", "antonym", "entity swap")


@dataclass(frozen=True)
class Opposition:
    """What makes the child contradict sentence1 (`kind`, one of KINDS), or None and why not."""

    kind: str | None
    reason: str


def _words(text: str) -> tuple[Counter, int]:
    ws = words(text)
    negations = negation_words(ws)
    skip = {id(w) for w in negations}
    return Counter(w.low for w in ws if id(w) not in skip and any(ch.isalpha() for ch in w.low)), len(negations)


def _wordnet_antonyms(word: str) -> set[str]:
    wn, out = wordnet(), set()
    for pos in ("a", "v", "r", "n"):
        lemma = wn.morphy(word, pos)
        for synset in wn.synsets(lemma, pos)[:3] if lemma else ():
            out |= {a.name().lower() for lem in synset.lemmas() if lem.name().lower() == lemma for a in lem.antonyms()}
    return out


def _lemmas(word: str) -> set[str]:
    wn = wordnet()
    return {word} | {lemma for pos in ("a", "v", "r", "n") if (lemma := wn.morphy(word, pos))}


def opposite(a: str, b: str) -> bool:
    """Whether two words are opposites: listed, WordNet antonyms, or one is the other with a negative prefix."""
    listed = substitutions()
    if listed.get(a, ("",))[0] == b or listed.get(b, ("",))[0] == a:
        return True
    if any(len(base) >= 4 and other == p + base for p in _PREFIXES for base, other in ((a, b), (b, a))):
        return True
    return bool(_lemmas(b) & {x for lemma in _lemmas(a) for x in _wordnet_antonyms(lemma)})


def _entity_swaps(sentence1: str, child: Candidate) -> int:
    low = sentence1.lower()
    return sum(1 for e in child.history() if (e.provenance.get("sibling") or e.provenance.get("type") == "entity")
               and e.before.strip() and e.before.lower() in low and e.after.lower() not in low)


def opposition(sentence1: str, child: Candidate) -> Opposition:
    """The rule check (see the module)."""
    first, first_negations = _words(sentence1)
    second, second_negations = _words(child.text)
    removed, added = list((first - second).elements()), list((second - first).elements())
    antonyms = sum(1 for a in set(removed) for b in set(added) if opposite(a, b))
    negation = abs(first_negations - second_negations) % 2
    swaps = _entity_swaps(sentence1, child)
    if antonyms and negation:
        return Opposition(None, "an antonym and a negation cancel out")
    if antonyms and (first_negations or second_negations):
        return Opposition(None, "an antonym under a negation (contraries can both be false)")
    if antonyms % 2 == 0 and antonyms:
        return Opposition(None, "two antonyms cancel out")
    if not negation and first_negations != second_negations:
        return Opposition(None, "two negations cancel out")
    if negation:
        return Opposition("negation", "a negation relative to sentence1")
    if antonyms:
        return Opposition("antonym", "an antonym relative to sentence1")
    if swaps:
        return Opposition("entity swap", "an entity of sentence1 swapped for another")
    return Opposition(None, "no negation, antonym or entity swap relative to sentence1")
