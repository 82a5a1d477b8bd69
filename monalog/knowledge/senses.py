"""Word senses for generation: which WordNet senses a word plausibly has, and which one it has in
a given sentence.

A sense is *frequent* when it is the lemma's first sense or carries at least `min_share` of the
lemma's SemCor counts (WordNet's sense frequencies), among its first `max_senses` senses. Among the
frequent senses, the one whose gloss (definition and first example) the packaged MiniLM finds
clearly closer to the sentence than the first sense's is the sense in context ("the stage" of a
singer is a platform, not a phase; the "prey" of a cheetah an animal, not a victim). Without an
embedder, the first sense is taken.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol, Sequence

from monalog.knowledge.wordnet_facts import synsets


class Encoder(Protocol):
    """What reads glosses: unit-length sentence embeddings, one row per text
    (monalog.neural.embeddings.SentenceEmbedder)."""

    def encode(self, texts: Sequence[str]) -> Any: ...


@dataclass(frozen=True)
class SenseSettings:
    """`margin`: how much closer to the sentence another frequent sense's gloss must be than the
    first sense's to be chosen over it (glosses are short; the first sense is the safe default)."""

    max_senses: int = 3
    min_share: float = 0.15
    margin: float = 0.1


def sense_count(synset: Any, lemma: str) -> int:
    """The SemCor count of `lemma` in `synset` (0 without WordNet's counts)."""
    try:
        return sum(lem.count() for lem in synset.lemmas() if lem.name().lower() == lemma)
    except OSError:                                  # a WordNet copy without cntlist.rev
        return 0


@lru_cache(maxsize=50000)
def frequent_senses(lemma: str, pos: str, settings: SenseSettings = SenseSettings()) -> tuple:
    """The lemma's first sense and every other of its first `max_senses` with a share of its counts."""
    senses = synsets(lemma, pos)[:settings.max_senses]
    counts = [sense_count(s, lemma) for s in senses]
    total = sum(counts)
    return tuple(s for i, (s, c) in enumerate(zip(senses, counts))
                 if i == 0 or (total and c / total >= settings.min_share))


def gloss(synset: Any) -> str:
    """What the embedder reads for a sense: its definition and first example (names left out: a
    synonym list like "scat, run, scarper" pulls a sentence about running to "flee")."""
    examples = synset.examples()
    return synset.definition() + (f"; {examples[0]}" if examples else "")


class SenseChooser:
    """The sense of a word in a sentence (see the module docstring); reuse one per process."""

    def __init__(self, embedder: Encoder | None = None, settings: SenseSettings = SenseSettings()) -> None:
        self.embedder = embedder
        self.settings = settings

    def choose(self, sentence: str, lemma: str, pos: str) -> Any | None:
        return self.choose_all(sentence, [(lemma, pos)]).get((lemma, pos))

    def _options(self, words: Sequence[tuple[str, str]]) -> tuple[dict[tuple[str, str], tuple], list]:
        """Each word's frequent senses (for the words WordNet knows), and the senses of ambiguous ones."""
        options = {word: senses for word in words if (senses := frequent_senses(*word, self.settings))}
        return options, [s for senses in options.values() if len(senses) > 1 for s in senses]

    def texts(self, sentence: str, words: Sequence[tuple[str, str]]) -> list[str]:
        """What `choose_all` gives the embedder: the sentence and the glosses of its ambiguous words'
        senses (nothing when no word is ambiguous), so that a caller can encode many sentences' texts
        in one call beforehand."""
        ambiguous = self._options(words)[1]
        return [sentence, *(gloss(s) for s in ambiguous)] if ambiguous else []

    def choose_all(self, sentence: str, words: Sequence[tuple[str, str]]) -> dict[tuple[str, str], Any]:
        """(lemma, pos) -> its sense in `sentence`, for the words WordNet knows (one embedder call)."""
        options, ambiguous = self._options(words)
        if self.embedder is None or not ambiguous:
            return {word: senses[0] for word, senses in options.items()}
        vectors = self.embedder.encode([sentence, *(gloss(s) for s in ambiguous)])
        score = dict(zip(ambiguous, vectors[1:] @ vectors[0]))
        out = {}
        for word, senses in options.items():
            best = max(senses, key=lambda s: score.get(s, 0.0))
            out[word] = best if len(senses) > 1 and score[best] - score[senses[0]] > self.settings.margin else senses[0]
        return out

    def is_frequent(self, synset: Any, word: str, pos: str) -> bool:
        """`synset` is one of `word`'s frequent senses (a replacement reads in the sense reached)."""
        return synset in frequent_senses(word, pos, self.settings)


# WordNet verb frames of a person acting without an object: 2 "Somebody ----s"; 22 "Somebody ----s
# PP" counts for the first sense only ("climbing" yes, "pouring" no). 1 "Something ----s" is left
# out: "the machine operates" does not make "The man is operating" complete.
_INTRANSITIVE_FRAMES = frozenset({2})


@lru_cache(maxsize=20000)
def can_be_intransitive(lemma: str) -> bool:
    """One of the verb's two first senses is used without an object ("eating" yes, "carrying" no),
    so dropping its object leaves a complete verb phrase."""
    senses = synsets(lemma, "v")[:2]
    return bool(senses) and not alternates(lemma) and (
        22 in senses[0].frame_ids() or any(set(s.frame_ids()) & _INTRANSITIVE_FRAMES for s in senses))


# the frames with an object ("Somebody ----s something", "... somebody PP", ...): a verb with none in its
# first senses has no passive ("The laptop was left" is no "The laptop was departed")
_OBJECT_FRAMES = frozenset({5, 8, 9, 10, 11, 14, 15, 16, 17, 18, 19, 20, 21, 24, 25, 30, 31})


@lru_cache(maxsize=20000)
def takes_object(lemma: str) -> bool:
    """One of the verb's three first senses takes an object, so it has a passive."""
    return any(set(s.frame_ids()) & _OBJECT_FRAMES for s in synsets(lemma, "v")[:3])


@lru_cache(maxsize=20000)
def alternates(lemma: str) -> bool:
    """A verb of the causative alternation read first as what happens to a thing: its first sense is
    used of a thing with no object (frame 1 "Something ----s", not 8 "Somebody ----s something"), and
    one of its two first senses of a thing acting on another (11 "Something ----s something"). Its
    object-less sentence tells what happened to the subject, not what it did to the object ("is
    stopping a man" -> "is stopping": the person comes to a halt; "move"). "stir", "follow", "eat",
    "read" have a transitive first sense and may lose their object."""
    frames = [set(s.frame_ids()) for s in synsets(lemma, "v")[:2]]
    return bool(frames) and 1 in frames[0] and 8 not in frames[0] and any(11 in f for f in frames)
