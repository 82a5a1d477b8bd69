"""Which words may replace which in generated sentences: WordNet neighbours of a word's sense
(near the word, in a sense the new word usually has), frequency and naturalness limits, fixed
expressions and WordNet compounds left alone, articles and countability (kb/augment.json)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Sequence

from monalog.ccg.tree import Leaf, Token
from monalog.knowledge.facts import Relation
from monalog.knowledge.senses import frequent_senses, sense_count
from monalog.knowledge.wordnet import wordnet
from monalog.knowledge.wordnet_facts import WordNetSettings, relate, synsets
from monalog.resources import grammar_lines, kb_path
from monalog.text.morphology import countable, inflect, irregular_plural_forms, is_cardinal, is_participle, plural


@dataclass(frozen=True)
class WordChoice:
    """kb/augment.json: frequency floor, abstract hypernyms left out, determiner number classes."""

    min_zipf: float
    min_zipf_above: float               # for a more general word: a common one (basic level)
    min_pos_share: float                # a noun must read as a noun ("produce" reads as a verb)
    abstract: frozenset[str]
    singular: frozenset[str]
    plural: frozenset[str]
    min_similarity: float
    near_similarity: float
    fixed_expressions: tuple[tuple[str, ...], ...]
    no_exclusion: frozenset[str]        # never swapped for an antonym ("much", "other")
    clashes: dict[str, frozenset[str]]  # an antonym left out when one of these nouns is in the sentence
    needs_object: frozenset[str]        # verbs whose object is never dropped, whatever WordNet's frames say
    fixed_words: frozenset[str] = frozenset()   # the words of the fixed expressions (most words are in none)
    min_sense_share: float = 0.85       # a noun's WordNet neighbour holds in senses with this share of its counts
    min_sense_evidence: int = 2         # counts below which every sense must agree
    not_kinds: frozenset[tuple[str, str]] = frozenset()     # (word, hypernym) links WordNet has, readers do not
    light_verbs: frozenset[str] = frozenset()    # never replaced: their sense is their complement's ("get in")
    general_nouns: frozenset[str] = frozenset()  # never made more specific: their kinds are any things

    def common(self, word: str, above: bool = False, pos: str | None = None) -> bool:
        """Frequent enough to read well: `above` (replacing a word by a more general one) asks more;
        a noun or verb (`pos` "n", "v") must also read as one (`pos_share`: no "could ballot")."""
        from wordfreq import zipf_frequency

        floor = self.min_zipf_above if above else self.min_zipf
        return word not in self.abstract and zipf_frequency(word, "en") >= floor \
            and (pos not in ("n", "v") or pos_share(word, pos) >= self.min_pos_share)

    def swappable(self, old: str, new: str, lemmas: set[str]) -> bool:
        """`old` may give way to its antonym `new` in a sentence of these lemmas ("young" -> "old",
        not before "boys")."""
        return not {old, new} & self.no_exclusion and not self.clashes.get(new, frozenset()) & lemmas

    def fixed(self, words: Sequence[str], i: int) -> bool:
        """Word i belongs to a fixed expression ("in front of", "a pair of"): never replaced."""
        if words[i] not in self.fixed_words:
            return False
        for expr in self.fixed_expressions:
            for start in range(max(0, i - len(expr) + 1), i + 1):
                if tuple(words[start:start + len(expr)]) == expr:
                    return True
        return False

    def same_number(self, det: str, new: str) -> bool:
        """`new` fits every noun number `det` fits ("no dog" must not become "few dog")."""
        classes = [c for c in (self.singular, self.plural) if det in c]
        return bool(classes) and all(new in c for c in classes)


@lru_cache(maxsize=1)
def word_choice() -> WordChoice:
    import json

    data = json.loads(kb_path("augment.json").read_text(encoding="utf-8"))
    return WordChoice(data["min_zipf"], data["min_zipf_above"], data["min_pos_share"],
                      frozenset(data["abstract_hypernyms"]),
                      frozenset(data["singular_determiners"]), frozenset(data["plural_determiners"]),
                      data["min_similarity"], data["near_similarity"],
                      tuple(tuple(e.split()) for e in data["fixed_expressions"]), frozenset(data["no_exclusion"]),
                      {word: frozenset(nouns) for words, nouns in data["exclusion_clashes"].items()
                       for word in words.split()},
                      frozenset(data["needs_object"]),
                      frozenset(word for e in data["fixed_expressions"] for word in e.split()),
                      data["min_sense_share"], data["min_sense_evidence"],
                      frozenset((low, high) for low, high in data["not_kinds"]), frozenset(data["light_verbs"]),
                      frozenset(data["general_nouns"]))


@lru_cache(maxsize=50000)
def wordnet_neighbours(sense, lemma: str, pos: str, up: bool, steps: int, per_word: int,
                       settings: WordNetSettings) -> tuple[tuple[str, bool], ...]:
    """Single-word lemmas above (hypernyms) or below (direct hyponyms) `sense` of `lemma`, each
    confirmed by the relation the prover itself uses, so the pair re-proves; with whether the
    sense reached is one of the word's own frequent senses (whether it reads in that sense). None of a numeral
    or a word with a digit."""
    choice = word_choice()
    if is_cardinal(lemma) or any(c.isdigit() for c in lemma):
        return ()                   # a number has no kinds that read as words ("past six" -> "digit", "1960s")
    if up:
        layer, related = [sense], []
        for _ in range(steps):
            layer = _by_frequency(h for s in layer for h in s.hypernyms())
            related += layer
        if pos == "n":              # an everyday kind further up: "elephant" -> "animal"
            above = set(sense.closure(lambda s: s.hypernyms()))
            related += [kind for kind in _basic_kinds() if kind in above and kind not in related]
    elif pos == "n" and lemma in choice.general_nouns:
        return ()                   # its kinds are any things ("substance" -> "chemistry", "substrate")
    else:
        related = _by_frequency(sense.hyponyms())
    out: dict[str, bool] = {}
    for synset in related:
        words = [n for n in synset.lemma_names() if n.isalpha()]
        word = words[0].lower() if words and words[0].islower() else ""   # its most frequent one-word name
        if not word or word == lemma or word in out or not choice.common(word, up, pos) \
                or word in irregular_plural_forms():
            continue
        # a hypernym holds in the noun's usual readings ("wheat" -> "grass", "price" -> "value": another
        # reading); a hyponym ("fish" -> "salmon") is read in the sense of the word it replaces
        if up and pos == "n" and sense_share(lemma, frozenset([synset])) < choice.min_sense_share:
            continue
        low, high = (lemma, word) if up else (word, lemma)
        if {(low, high), (high, low)} & choice.not_kinds:
            continue                    # either order: a list written by hand should not hang on it
        fact = relate(low, high, pos, settings)
        if fact is not None and fact.relation is Relation.LEQ:
            out[word] = synset in frequent_senses(word, pos)
        if len(out) >= per_word:
            break
    return tuple(out.items())


@lru_cache(maxsize=1)
def _basic_kinds() -> tuple:
    """grammars/basic_kinds.txt's synsets, in its order."""
    return tuple(wordnet().synset(name) for name in grammar_lines("basic_kinds.txt"))


@lru_cache(maxsize=50000)
def sense_share(specific: str, general: frozenset) -> float:
    """The share of the noun `specific`'s SemCor counts in its senses at or below one of the synsets
    `general`: how often a reader takes the word in a sense for which "specific ≤ general" holds. 0.0
    for a noun of several senses counted fewer than min_sense_evidence times, unless it holds in all."""
    senses = synsets(specific, "n")
    supported = [s in general or bool(general & set(s.closure(lambda x: x.hypernyms()))) for s in senses]
    if all(supported) or not any(supported):
        return float(bool(senses) and all(supported))
    counts = [sense_count(s, specific) for s in senses]
    total = sum(counts)
    if total < word_choice().min_sense_evidence:
        return 0.0
    return sum(c for c, ok in zip(counts, supported) if ok) / total


@lru_cache(maxsize=50000)
def wordnet_siblings(sense, lemma: str, most: int = 8) -> tuple[str, ...]:
    """At most `most` countable nouns beside `sense` under one of its hypernyms, the most frequent
    first, for a disjunct ("a bike or a car"): each sibling synset's name when it is one common word
    read in one of its frequent senses, of a regular plural, and unrelated to `lemma` in WordNet
    (no ≤, ≡ or ⊥)."""
    choice = word_choice()
    out: list[str] = []
    for synset in _by_frequency(s for h in sense.hypernyms() for s in h.hyponyms()):
        word = synset.lemma_names()[0].lower()
        if synset != sense and word.isalpha() and word != lemma and word not in out \
                and choice.common(word, False, "n") and countable(word) and word not in irregular_plural_forms() \
                and synset in frequent_senses(word, "n") and relate(lemma, word, "n") is None:
            out.append(word)
            if len(out) >= most:
                break
    return tuple(out)


@lru_cache(maxsize=50000)
def pos_share(word: str, pos: str) -> float:
    """The share of `word`'s WordNet sense counts (SemCor) in part of speech `pos`, against its most
    frequent other one: 0.01 for "produce" as a noun (a verb above all), 1.0 for "animal"; 1.0
    when WordNet counts none of its senses."""
    counts = {p: sum(sense_count(s, word) for s in synsets(word, p)) for p in "nvar"}
    mine, other = counts.pop(pos, 0), max(counts.values())
    return mine / (mine + other) if mine + other else 1.0


def _count(lemma) -> int:
    try:
        return lemma.count()
    except OSError:                            # a WordNet copy without cntlist.rev
        return 0


def _by_frequency(synsets) -> list:
    """Most frequent first (SemCor counts), then by name: nltk returns related synsets in an order
    that changes from process to process."""
    def count(synset) -> int:
        return sum(_count(lemma) for lemma in synset.lemmas())
    return sorted(set(synsets), key=lambda s: (-count(s), s.name()))


def article(tokens: Sequence[Token], i: int) -> str | None:
    """The determiner of the noun at i (over adjectives, noun modifiers and their coordination), or
    None for a bare noun ("playing guitar")."""
    for token in reversed(tokens[:i]):
        word = token.word.lower()
        if token.pos in ("DT", "PRP$", "CD", "POS", "WP$") or word in COUNT_DETERMINERS \
                or (token.pos.startswith("JJ") and word in _SAME_COUNT):
            return word                         # a tagger may tag "our" JJ
        if (not token.pos.startswith(("JJ", "NN", "VBN", "VBG", "CC")) and token.word != ",") \
                or (token.pos == "VBN" and not is_participle(word)):        # "after" tagged VBN: a preposition
            return None
    return None


# a determiner of a mass noun or a countable one; a singular noun whose plural is more than this much rarer
# (Zipf) reads as mass after it ("no time"); "some milk" -> "some drink" stays
_MASS_OR_COUNT = frozenset({"no"})
_PLAINLY_COUNTABLE = 0.7
# determiners whose singular noun keeps its countability: "the cow" is no "the cattle", "her house" no "housing"
_SAME_COUNT = frozenset({"my", "your", "his", "her", "its", "our", "their", "'s", "'", "the", "this", "that"})


def noun_forms(candidates: Sequence[str], tokens: Sequence[Token], i: int, lemma: str, up: bool) -> list[str]:
    """The replacements of the noun at i that read in its place: none more specific under a definite
    ("the wolf" is one animal, "the coyote" would be another), a gerund's by gerunds ("without eating":
    no "consumption"), a plural's with a plural in use ("for yesterdays"), a singular's as countable as
    its determiner asks ("a water", "playing instrument", "the forest" -> "the vegetation"; a bare mass
    noun's more specific word plainly mass as well: "can't assemble furniture" -> "cabinet"; a mass noun's
    after "no" mass too: "had no time" -> "no moment")."""
    det = article(tokens, i)
    if not up and det in _SAME_COUNT:
        return []
    if det is None and tokens[i].word.lower().endswith("ing"):
        candidates = [w for w in candidates if w.endswith("ing")]
    tag = surface_tag(tokens[i])
    if tag == "NNS":
        return [w for w in candidates if countable(w)]
    if tag == "NN" and det is None and not up:        # a mass noun's kinds: "furniture" is no "cabinet"
        return [w for w in candidates if not countable(w) and _mass(w) >= min(_mass(lemma), 1.5)]
    if tag == "NN" and det in _MASS_OR_COUNT and not plainly_countable(lemma):     # "no time": not "no moment"
        return [w for w in candidates if not plainly_countable(w)]
    if tag == "NN" and det in ("a", "an") and up:       # "a hot meal" -> "a hot food": a substance mostly uncounted
        candidates = [w for w in candidates if plainly_countable(w) or not first_sense_is(w, "matter.n.03")]
    if tag == "NN" and (det is None or det in COUNT_DETERMINERS):
        return [w for w in candidates if countable(w) == (det is not None)]
    if tag == "NN" and det in _SAME_COUNT:
        return [w for w in candidates if countable(w) == countable(lemma)]
    return list(candidates)


@lru_cache(maxsize=4096)
def fixed_spans(words: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    """[start, end) of each fixed expression in `words` (asked once a sentence, for each of its deletions)."""
    choice = word_choice()
    return tuple((start, start + len(expr)) for start, word in enumerate(words) if word in choice.fixed_words
                 for expr in choice.fixed_expressions if tuple(words[start:start + len(expr)]) == expr)


def plainly_countable(noun: str) -> bool:
    """A noun whose plural is at most 0.7 rarer on wordfreq's Zipf scale than its singular: countable in most
    uses ("student", "idea"), not "food" (0.99), "time" (0.73) or "water" (1.07)."""
    return _mass(noun) <= _PLAINLY_COUNTABLE


def _mass(noun: str) -> float:
    """How much rarer the noun's plural is than its singular (wordfreq's Zipf): 2.4 for "furniture",
    1.0 for "cabinet", whose plural is rare but in use."""
    from wordfreq import zipf_frequency

    return zipf_frequency(noun, "en") - zipf_frequency(plural(noun), "en")


def premodified_from(all_leaves: Sequence[Leaf], i: int) -> int:
    """Where the adjectives (N/N) right before the word at i begin: i itself when there are none ("her old
    dog": the index of "old" for "dog"), so the word before that index is the phrase's determiner, if any."""
    while i and str(all_leaves[i - 1].category) == "N/N":
        i -= 1
    return i


def in_compound(words: Sequence[str], i: int, tags: Sequence[str] | None = None) -> bool:
    """Word i is part of a two-word noun WordNet lists ("guinea pig", "ice cream"): one word. With
    the Penn `tags`, only where the other word is a noun too: "flower girl", not "little girl" or
    "black man", which WordNet also lists."""
    return any(0 <= j and j + 1 < len(words) and words[j].isalpha() and words[j + 1].isalpha()
               and (tags is None or tags[j if j != i else j + 1].startswith("NN"))
               and bool(synsets(f"{words[j]}_{words[j + 1]}", "n")) for j in (i - 1, i))


COUNT_DETERMINERS = frozenset({"a", "an", "one", "each", "every", "another"})


_VERB_FORMS = ("VBD", "VBZ", "VBP", "VBN", "VBG")


def surface_tag(token: Token) -> str:
    """The Penn tag the word's form shows where the tagger's contradicts it (SICK's tagger reads
    "a hen" as NNS and "Jack stole" as VBZ): a noun tagged plural in its singular form is NN, a word
    tagged an adjective that WordNet knows only as a noun is NN ("the reptile house"), a verb takes the
    first form tag whose inflection of its lemma is the word."""
    word, lemma, pos = token.word.lower(), token.lemma.lower(), token.pos
    if pos == "JJ" and word.isalpha() and synsets(word, "n") and not synsets(word, "a"):     # satellites too
        return "NN"
    if pos == "NNS" and word == lemma and plural(lemma) != word and countable(word) \
            and word not in irregular_plural_forms():          # "people" has no common plural: a plural
        return "NN"
    if pos in _VERB_FORMS and inflect(lemma, pos) != word:
        return next((tag for tag in _VERB_FORMS if inflect(lemma, tag) == word), pos)
    return pos


def replacing_leaf(leaf: Leaf, new_lemma: str) -> Leaf:
    """`leaf` with `new_lemma` in its place, inflected as the word it replaces shows (`surface_tag`;
    capitalised like it)."""
    tag = surface_tag(leaf.token)
    word = inflect(new_lemma, tag)
    if leaf.token.word[:1].isupper():
        word = word[:1].upper() + word[1:]
    return Leaf(leaf.category, Token(word, new_lemma, tag))


_COUNT_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve")
# "at least three" -> "at least two" where the numeral is ↑, "at most three" -> "at most four" where ↓ (the
# prover's order reads numerals "at least N": inference/target.py); a bare numeral may be read exactly, so none
_BOUNDS = frozenset({"at least", "at most", "more than", "fewer than", "less than", "no more than", "no fewer than",
                     "no less than", "not more than", "not less than", "not fewer than"})


TITLES = frozenset(grammar_lines("titles.txt"))   # "Mr", "Mrs.": before a name
MEASURE = "measure.n.02"     # times and quantities: "spent the summer", "waited two hours"


def phrase_head(tokens: Sequence[Token], premodifiers: tuple[str, ...] = ("RB", "JJ")) -> Token | None:
    """The first token that is no premodifier (by tag) nor a noun before a noun: the head of "audience members" or
    "short legs" (taggers tag "short" a noun), the verb of "still | have"."""
    return next((t for i, t in enumerate(tokens) if not t.pos.startswith(premodifiers) and not (
        t.pos.startswith("NN") and tokens[i + 1:i + 2] and tokens[i + 1].pos.startswith("NN"))), None)


def is_a(synset: Any, name: str) -> bool:
    """The synset is `name` or under it."""
    return synset.name() == name or any(h.name() == name for h in synset.closure(lambda s: s.hypernyms()))


def first_sense_is(noun: str, name: str) -> bool:
    """The noun's first WordNet sense is `name` or under it."""
    senses = synsets(noun, "n")
    return bool(senses) and is_a(senses[0], name)


def bare_count(tokens: Sequence[Token], i: int) -> bool:
    """The word at `i` is a numeral of two or more that counts the plural noun after it, with no word before it
    that bounds or rounds it ("at most two", "about two", "two or three") nor a number after it ("two thousand"):
    "two robins" are some robins, read "at least" or "exactly"; not a time or measure ("two hours")."""
    word, before = tokens[i].word.lower(), tokens[i - 1].word.lower() if i else ""
    n = int(word) if word.isdigit() else _COUNT_WORDS.index(word) if word in _COUNT_WORDS else None
    after = tokens[i + 1] if i + 1 < len(tokens) else None
    if n is None or n < 2 or after is None or after.pos != "NNS" or before in _ROUNDING \
            or (i and tokens[i - 1].pos in ("RB", "JJR", "JJS", "CD")):
        return False
    return bool(synsets(after.lemma.lower(), "n")) and not first_sense_is(after.lemma.lower(), MEASURE)


_ROUNDING = frozenset({"about", "around", "over", "under", "nearly", "almost", "approximately", "roughly", "some",
                       "up", "than", "or", "and", "to", "least", "most", "exactly"})


def bound_neighbours(words: Sequence[str], i: int, up: bool) -> list[str]:
    """The next numeral down (where ↑) or up (where ↓) for the numeral `words[i]` after a bound ("at
    most three"), spelt as it is; none below two (a singular noun would follow) or past twelve in words."""
    before = " ".join(w.replace("_", " ") for w in words[max(0, i - 3):i])
    if not any(before == bound or before.endswith(" " + bound) for bound in _BOUNDS):
        return []
    word = words[i]
    n = int(word) if word.isdigit() else _COUNT_WORDS.index(word) if word in _COUNT_WORDS else None
    if n is None or n < 2:
        return []                                # "at most one student": no "at most two student"
    new = n - 1 if up else n + 1
    if new < 2 or (not word.isdigit() and new >= len(_COUNT_WORDS)):
        return []
    return [str(new) if word.isdigit() else _COUNT_WORDS[new]]


def universal_pronoun(words: Sequence[str], i: int) -> bool:
    """The word at `i` is the noun of the normaliser's "every person" or "any person" ("everyone", "anyone"): no kinds
    or adjectives of it ("every worker", "every young person" speak of people nobody mentioned)."""
    return words[i] in ("person", "thing") and words[i - 1:i] in (["every"], ["any"])
