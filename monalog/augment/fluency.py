"""Fluency of a generated hypothesis: a bigram score from SICK's own sentences (issue 15, item 4).

MonaLog's repeated-bigram filter misses word salad such as "A children are playing", "A cyclist is
biking in at" or a dropped object ("... running and carrying"). A plain language-model probability
does not catch them either: it punishes a rare but fine word ("a trombone") far more than an
impossible pair of common ones ("a children"). So each transition w1 -> w2 (with <s> and </s> at
the ends) is scored by how much less often it occurs in SICK's TRAIN sentences than if the words
were independent,

    log10((count(w1 w2) + 1) / (expected + 1)),   expected = count(w1) * count(w2) / N,

floored at 0 for a pair SICK has at all ("A man is playing" ends in a pair SICK has 4 times though
47 were expected). So only a pair SICK never shows scores below 0, -log10(expected + 1): strongly
negative when SICK had plenty of chances to show it ("a children"), about 0 when it barely knows
the words. A word outside SICK's vocabulary is judged by its general English frequency instead: it
costs (zipf - 3) when wordfreq's Zipf value is under 3 (unknown words count as Zipf 1). A
sentence's score is its worst transition: one bad spot makes a sentence unnatural however fluent
the rest is.

The counts are monalog/kb/fluency_bigrams.tsv and the default threshold monalog/kb/fluency.json,
both written by scripts/build_fluency.py (the threshold is a low percentile of the scores of SICK's
TRIAL sentences, which the counts leave out).
"""
from __future__ import annotations

import json
import logging
import math
import re
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Mapping

from monalog.fileio import read_table
from monalog.resources import kb_path

logger = logging.getLogger(__name__)

START, END = "<s>", "</s>"
SMOOTHING = 1.0      # added to observed and expected counts: pairs SICK barely knows score about 0
RARE_ZIPF = 3.0      # an out-of-SICK word under this Zipf frequency costs the difference
UNKNOWN_ZIPF = 1.0   # Zipf value for a word wordfreq does not know

_TOKEN = re.compile(r"\w+(?=n't)|n't|'s\b|\w+(?:-\w+)*")


def tokens(text: str) -> list[str]:
    """Lowercased words of a sentence ("isn't" -> "is", "n't"; "man's" -> "man", "'s"), punctuation
    dropped, between <s> and </s>. Shared by the scorer and scripts/build_fluency.py."""
    return [START, *_TOKEN.findall(text.lower()), END]


@lru_cache(maxsize=1 << 16)
def _rarity(word: str) -> float:
    """The cost of a word SICK never uses: 0 for a common English word, negative for a rare one."""
    from wordfreq import zipf_frequency

    zipf = zipf_frequency(word, "en") if len(word) < 100 else 0.0
    return min(0.0, max(zipf, UNKNOWN_ZIPF) - RARE_ZIPF)


class BigramFluency:
    """The score described in the module docstring, from bigram counts (<s> and </s> included).

    Unigram counts are the bigram counts summed: every word but <s> ends one bigram, every word but
    </s> starts one."""

    def __init__(self, bigrams: Mapping[tuple[str, str], int]) -> None:
        self.bigrams = dict(bigrams)
        self.left: Counter[str] = Counter()     # count(w) as the first word of a bigram
        self.right: Counter[str] = Counter()    # count(w) as the second
        for (w1, w2), count in self.bigrams.items():
            self.left[w1] += count
            self.right[w2] += count
        self.total = sum(self.bigrams.values()) or 1
        self.vocabulary = set(self.left) | set(self.right)

    def transition(self, w1: str, w2: str, rare: bool = True) -> float:
        """log10 of observed over expected count of w1 w2 (both smoothed; at least 0 if observed at all),
        plus w2's rarity if SICK does not know it (and `rare`)."""
        expected = self.left.get(w1, 0) * self.right.get(w2, 0) / self.total
        observed = self.bigrams.get((w1, w2), 0)
        score = math.log10((observed + SMOOTHING) / (expected + SMOOTHING))
        if observed:                  # a pair SICK's writers used is natural, however rare
            return max(score, 0.0)
        return score if w2 in self.vocabulary or not rare else score + _rarity(w2)

    def score(self, text: str, written: frozenset[tuple[str, str]] = frozenset()) -> float:
        """The sentence's worst transition (higher is more fluent; over half of SICK's held-out sentences
        score 0 or more), those in `written` (a person's own sentence's: the premise's) at least 0, and a
        word of that sentence never rare ("All pachyderms are pink" from "Some pachyderms are not pink")."""
        words, own = tokens(text), {word for pair in written for word in pair}
        return min(max(self.transition(w1, w2), 0.0) if (w1, w2) in written else self.transition(w1, w2, w2 not in own)
                   for w1, w2 in zip(words, words[1:]))


def read_bigrams(path: str | Path) -> dict[tuple[str, str], int]:
    """The counts file written by scripts/build_fluency.py (columns w1, w2, count)."""
    return {(row["w1"], row["w2"]): int(row["count"]) for row in read_table(path)}


@lru_cache(maxsize=1)
def packaged_model() -> BigramFluency:
    """The scorer over the packaged counts (monalog/kb/fluency_bigrams.tsv), loaded once."""
    model = BigramFluency(read_bigrams(kb_path("fluency_bigrams.tsv")))
    logger.debug("fluency: %d bigrams over %d words", len(model.bigrams), len(model.vocabulary))
    return model


def fluency(text: str, *written: str, natural: frozenset[tuple[str, str]] = frozenset()) -> float:
    """Fluency score of a sentence under the packaged SICK counts; compare with default_min_fluency().
    A word pair of a `written` sentence (the premise a hypothesis comes from) is natural, whatever
    SICK says: "The mouse gnawed the ropes" keeps the premise's rare "gnawed"; so is a pair of `natural`
    (a phrase the generator writes by rule: SICK never opens a sentence with "At least")."""
    return packaged_model().score(text, frozenset().union(natural, *map(_word_pairs, written)))


@lru_cache(maxsize=4096)
def _word_pairs(sentence: str) -> frozenset[tuple[str, str]]:
    """A sentence's word pairs, once per premise (its every hypothesis asks)."""
    words = tokens(sentence)
    return frozenset(zip(words, words[1:]))


@lru_cache(maxsize=1)
def fluency_settings() -> dict:
    """monalog/kb/fluency.json: the default threshold and the TRIAL score distribution it came from."""
    data: dict = json.loads(kb_path("fluency.json").read_text(encoding="utf-8"))
    return data


def default_min_fluency() -> float:
    """The packaged threshold: hypotheses scoring below it are dropped as unnatural."""
    return float(fluency_settings()["min_fluency"])
