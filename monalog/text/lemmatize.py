"""Lemmas from depccg's morpha, given POS tags (or a POS guessed from the supertag)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Sequence

from monalog.ccg.category import Atom, Category, Functor
from monalog.resources import grammar_lines


@lru_cache(maxsize=1)
def _stemmer():
    import depccg
    from depccg.morpha import MorphaStemmer

    return MorphaStemmer(str(Path(depccg.__file__).parent / "models" / "verbstem.list"))


def pos_from_category(category: Category) -> str:
    """A coarse POS for lemmatising when the scorer gives none: verbs, nouns, prepositions and
    adverbs that modify verb phrases ("in" as ((S\\NP)\\(S\\NP))/NP is no verb), else 'XX'."""
    result = category
    modifier: Category | None = None
    while isinstance(result, Functor):
        if modifier is None and result.result == result.argument:      # X/X or X\\X
            modifier = result
        result = result.result
    verbal = isinstance(result, Atom) and result.base == "S" and isinstance(category, Functor)
    if verbal and modifier is not None:
        return "RB" if modifier is category else "IN"
    if verbal:
        return {"ng": "VBG", "pss": "VBN", "pt": "VBN", "dcl": "VBZ"}.get(result.feature or "", "VB")
    if category == Atom("N"):
        return "NN"
    return "XX"


@lru_cache(maxsize=1)
def plural_nouns() -> frozenset[str]:
    """grammars/plural_nouns.txt: nouns whose plural is their lemma ("sunglasses", not "sunglass")."""
    return frozenset(grammar_lines("plural_nouns.txt"))


def lemmatize(words: Sequence[str], pos: Sequence[str]) -> list[str]:
    """Lower-cased lemmas, as in the silver SICK parses ("is"/VBZ -> "be"); a plural-only noun is its
    own lemma, unless "of" follows ("two glasses of wine": glass); a contraction's host is its verb
    ("ca" of "can't": can), so "can't ride" and "can ride" differ by the negation only; a verb's clitic is its
    verb ("She's eating": be; "She's been": have; "'ll": will), by its tag or, as a tagger may call "he's" a
    possessive, by its host; a form of "be" is "be" whatever its tag but a
    noun's ("was" tagged RB in a misparse; "a human being"); "lay" tagged a past is "lie"."""
    words = list(words)
    lemmas = _stemmer().analyze(words, list(pos))
    return [CONTRACTION_HOSTS[word.lower()] if word.lower() in CONTRACTION_HOSTS and words[i + 1:i + 2] == ["n't"]
            else _clitic(word.lower(), words[i + 1:i + 3]) if word.lower() in _CLITICS and (
                tag.startswith(("VB", "MD")) or word.lower() != "'s" or words[i - 1:i] and words[i - 1].lower()
                in CLITIC_HOSTS)
            else "be" if word.lower() in _BE_FORMS and not tag.startswith("NN")      # "a human being"
            else _PAST_ALIKE[word.lower()] if tag == "VBD" and word.lower() in _PAST_ALIKE
            else word.lower() if tag == "NNS" and word.lower() in plural_nouns() and words[i + 1:i + 2] != ["of"]
            else lemma.lower() for i, (word, tag, lemma) in enumerate(zip(words, pos, lemmas))]


_BE_FORMS = frozenset({"am", "is", "are", "was", "were", "been", "being"})
_PAST_ALIKE = {"lay": "lie"}        # a past spelt as another verb's base: "She lay on the bed" (not "laid")
CONTRACTION_HOSTS = {"ca": "can", "wo": "will", "sha": "shall"}     # "ca" of "ca n't"
_CLITICS = {"'s": "be", "'re": "be", "'m": "be", "'ve": "have", "'ll": "will", "'d": "would"}


def _clitic(word: str, following: Sequence[str]) -> str:
    """The verb of a clitic tagged as a verb: "'s" and "'d" are "has" and "had" before "been", "got" and a few
    common participles, or before a participle after "never", "already", "ever" ("he's never tried"),
    else "is" and "would"."""
    nxt = [w.lower() for w in following]
    if word in ("'s", "'d") and nxt and (nxt[0] in _PARTICIPLES or (
            nxt[0] in _PERFECT_ADVERBS and nxt[1:] and (nxt[1] in _PARTICIPLES or nxt[1].endswith("ed")))):
        return "have"                              # "She's been", "I'd seen", "he's never tried"
    return _CLITICS[word]


# words after which "'s" is never a possessive, whatever its tag ("he's" is "he is" or "he has")
POSSESSIVES = frozenset({"my", "your", "his", "her", "its", "our", "their"})    # as determiners
CLITIC_HOSTS = frozenset({"he", "she", "it", "that", "there", "what", "who", "where", "here", "how", "this"})
_PARTICIPLES = frozenset({"been", "got", "gotten", "had", "seen", "done", "gone", "made", "taken"})
_PERFECT_ADVERBS = frozenset({"never", "already", "ever", "recently", "finally"})   # not "just": "she's just tired"
