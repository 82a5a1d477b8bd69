"""The monotonicity lexicon (grammars/monotonicity.tsv): operator signatures as data."""
from __future__ import annotations

import csv
import dataclasses
import enum
import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Sequence

from monalog.ccg.category import Atom, Category, complements, parse_category
from monalog.ccg.tree import Leaf, Token
from monalog.errors import MonalogError, ResourceError
from monalog.polarity.marks import Polarity
from monalog.resources import grammar_lines, grammar_path
from monalog.text.lemmatize import POSSESSIVES

_DIGITS = re.compile(r"^\d+([.,]\d+)?$")
NUMERAL = "N"
SUBJECT = "subject"     # the frame of a determiner row that holds for a clause's subject only
MASS = "mass"           # the frame of a determiner row that holds before a singular noun only ("little interest")


class Kind(str, enum.Enum):
    DET = "det"
    NP = "np"
    NPI = "npi"
    FUNCTOR = "functor"
    NUMERAL = "numeral"
    TRANSPARENT = "transparent"
    KEEP = "keep"
    VERIDICAL = "veridical"


@dataclass(frozen=True)
class Signature:
    """One lexicon entry: the phrase's words and its markings; a functor's `frame`, when not empty,
    is the subcategorisation it holds for (its complements' categories, outermost first)."""

    words: tuple[str, ...]
    kind: Kind
    restrictor: Polarity = Polarity.UP
    scope: tuple[Polarity, ...] = (Polarity.UP,)
    frame: tuple[Category, ...] = ()

    def fits(self, category: Category) -> bool:
        """Whether a word of this category has this entry's frame (features ignored)."""
        found = complements(category)
        return len(found) == len(self.frame) and all(a.without_features() == b.without_features()
                                                     for a, b in zip(found, self.frame))


class Numerals(enum.StrEnum):
    AT_LEAST = "at-least"       # "three dogs" is true of four (↑↑; SICK's labels need it)
    EXACT = "exact"             # "three dogs" means exactly three (= =)


class Definites(enum.StrEnum):
    UPWARD = "upward"           # the, this, his ... read as existential (↑↑), as MonaLog does
    FIXED = "fixed"             # a definite picks one referent: its noun is fixed (=), its scope ↑


class BarePlurals(enum.StrEnum):
    EXISTENTIAL = "existential"     # "Dogs are barking": some dogs (no determiner, ↑)
    UNIVERSAL = "universal"         # "Dogs bark": the generic reads as "all dogs" (↓↑)


@dataclass(frozen=True)
class Readings:
    """The readings the literature leaves to the user: bare numerals, definite descriptions and
    possessives, generic bare plurals. The defaults are what SICK's labels need."""

    numerals: Numerals = Numerals.AT_LEAST
    definites: Definites = Definites.UPWARD
    bare_plurals: BarePlurals = BarePlurals.EXISTENTIAL


DEFINITES = frozenset({"the", "this", "that", "these", "those"}) | POSSESSIVES


@dataclass(frozen=True)
class Lexicon:
    determiners: dict[tuple[str, ...], Signature] = field(default_factory=dict)
    functors: dict[str, tuple[Signature, ...]] = field(default_factory=dict)    # framed rows first
    numerals: frozenset[str] = frozenset()
    transparent: frozenset[str] = frozenset()
    keep: frozenset[str] = frozenset()      # heads of modifiers that are never dropped or inserted
    veridical: frozenset[str] = frozenset()     # heads of non-monotone modifiers that may go whole ("because")
    bare_plural: Signature | None = None    # the reading of a plural noun phrase with no determiner
    subject_determiners: dict[tuple[str, ...], Signature] = field(default_factory=dict)   # frame "subject"
    mass_determiners: dict[tuple[str, ...], Signature] = field(default_factory=dict)      # frame "mass"

    def with_readings(self, readings: Readings) -> "Lexicon":
        """This lexicon with the given readings of numerals, definites and bare plurals."""
        determiners = dict(self.determiners)
        fixed: dict[tuple[str, ...], Polarity] = {}      # word -> its scope marking; the restrictor is =
        if readings.numerals is Numerals.EXACT:
            fixed[(NUMERAL,)] = Polarity.NONE
        if readings.definites is Definites.FIXED:
            fixed.update({(word,): Polarity.UP for word in DEFINITES})
        for words in fixed.keys() & determiners.keys():
            determiners[words] = Signature(words, Kind.DET, Polarity.NONE, (fixed[words],))
        bare = Signature((), Kind.DET, Polarity.DOWN, (Polarity.UP,)) \
            if readings.bare_plurals is BarePlurals.UNIVERSAL else None
        return dataclasses.replace(self, determiners=determiners, bare_plural=bare)

    def is_numeral(self, word: str) -> bool:
        return word in self.numerals or bool(_DIGITS.match(word))

    def match_determiner(self, words: Sequence[str], subject: bool = False, mass: bool = False) -> Signature | None:
        """The longest det/np phrase at the start of `words` (lower-cased), numerals as N; of a clause's
        subject, its `subject` row where it has one ("many" may be proportional there); before a singular
        noun (`mass`), also the `mass` rows ("little interest", not "little girls")."""
        best = None
        keys = [NUMERAL if self.is_numeral(w) else w for w in words[:4]]
        rows = {**self.determiners, **self.mass_determiners} if mass else self.determiners
        for n in range(1, len(keys) + 1):
            for key in {tuple(words[:n]), tuple(keys[:n])}:
                if key in rows:
                    best = rows[key]
        return self.subject_determiners.get(best.words, best) if subject and best else best

    @cached_property
    def keep_only(self) -> frozenset[str]:
        """The keep words with no determiner or functor row of their own ("fake", "suspected"; not "only")."""
        return frozenset(w for w in self.keep if w not in self.functors and (w,) not in self.determiners)

    @cached_property
    def _determiner_prefixes(self) -> frozenset[tuple[str, ...]]:
        return frozenset(key[:n] for key in self.determiners for n in range(1, len(key)))

    def starts_determiner(self, words: Sequence[str]) -> bool:
        """Whether `words` are a determiner phrase or its first words ("at most" of "at most N")."""
        keys = tuple(NUMERAL if self.is_numeral(w) else w for w in words)
        return self.match_determiner(words) is not None or keys in self._determiner_prefixes

    @staticmethod
    def in_context(sig: Signature, context: Polarity) -> Signature:
        """The reading of a determiner in a context of this polarity (npi: universal unless ↓)."""
        if sig.kind is Kind.NPI and context is not Polarity.DOWN:
            return Signature(sig.words, Kind.NPI, Polarity.DOWN, (Polarity.UP,))
        return sig

    def functor_rows(self, word: str, lemma: str = "") -> tuple[Signature, ...]:
        """Every functor row of a word, else of its lemma ("refused" or "refuse"), framed rows first."""
        return self.functors.get(word.lower()) or self.functors.get(lemma.lower()) or ()

    def functor(self, word: str, lemma: str = "", category: Category | None = None) -> Signature | None:
        """The functor signature of a word, else of its lemma: the row whose frame the category has,
        else the one with no frame (also when no category is given)."""
        rows = self.functor_rows(word, lemma)
        if category is None:
            return next((sig for sig in rows if not sig.frame), rows[0] if rows else None)
        return next((sig for sig in rows if not sig.frame or sig.fits(category)), None)

    def object_mark(self, verb: Token, first: Token, default: Polarity, kind: bool = False) -> Polarity:
        """A verb's marking of its NP object (`default`, from its NP row) where the object is a gerund
        ("stopped smoking cigarettes", tagged a verb or, as taggers often do, a noun): the verb's row with
        no frame, its clausal reading ("stop doing X": ↓), when that is more downward ("prevent" keeps its
        NP row's ↓). `kind`: the object is a bare noun, no coordination, where the verb phrase is not ↓;
        after a verb of liking it names a kind, neither ↑ nor ↓ (grammars/kind_object_verbs.txt); a
        coordination of kinds keeps ↑ ("likes soccer and music" ⇒ "likes soccer")."""
        if kind and default is Polarity.UP and verb.lemma.lower() in _kind_verbs():
            return Polarity.NONE
        word = first.word.lower()
        if not (first.pos == "VBG" or (first.pos.startswith("NN") and word.endswith("ing") and len(word) > 5)):
            return default
        clausal = next((sig for sig in self.functor_rows(verb.word, verb.lemma) if not sig.frame), None)
        mark = clausal.scope[0] if clausal is not None and clausal.scope else default
        return default if mark is Polarity.UP else mark

    def downward(self, word: str, lemma: str = "", category: Category | None = None, mass: bool = False) -> bool:
        """A word that reverses or blocks monotonicity: an operator ("not", "refused") or the start of
        a determiner phrase ("no", "at_most"; before a singular noun, `mass`: "little") with a marking that is not ↑."""
        sig = self.functor(word, lemma, category) or self.match_determiner(word.lower().split("_"), mass=mass)
        return sig is not None and (sig.restrictor is not Polarity.UP or any(m is not Polarity.UP for m in sig.scope))


def before_mass(first: Sequence[Leaf]) -> bool:
    """Where a `mass` determiner row holds: a word written in lower case (no sentence's first word: "Little
    boy is ...") before a singular noun ("showed little interest"), or a noun phrase of that word alone, no
    name ("Little is known about it": not much is; "knew little")."""
    if len(first) == 1:
        return first[0].token.pos != "NNP"
    return len(first) > 1 and first[0].token.word.islower() and first[1].category == Atom("N") \
        and first[1].token.word.lower() == first[1].token.lemma.lower()


@lru_cache(maxsize=1)
def _kind_verbs() -> frozenset[str]:
    return frozenset(grammar_lines("kind_object_verbs.txt"))


def read_lexicon(path: str | Path) -> Lexicon:
    """Parse the TSV lexicon; errors name the file and line."""
    path = Path(path)
    determiners: dict[tuple[str, ...], Signature] = {}
    functors: dict[str, list[Signature]] = {}
    numerals: set[str] = set()
    transparent: set[str] = set()
    keep: set[str] = set()
    veridical: set[str] = set()
    subjects: dict[tuple[str, ...], Signature] = {}
    masses: dict[tuple[str, ...], Signature] = {}
    singles = {Kind.NUMERAL: numerals, Kind.TRANSPARENT: transparent, Kind.KEEP: keep, Kind.VERIDICAL: veridical}
    with path.open(encoding="utf-8") as handle:
        rows = (line for line in handle if line.strip() and not line.startswith("#"))
        for lineno, row in enumerate(csv.DictReader(rows, delimiter="\t"), 2):
            try:
                words = tuple(w if w == NUMERAL else w.lower() for w in row["phrase"].split())
                kind = Kind(row["kind"])
                if kind in singles:
                    singles[kind].add(words[0])
                    continue
                restrictor = Polarity.parse(row["restrictor"]) if row.get("restrictor") else Polarity.UP
                scope = tuple(Polarity.parse(m) for m in (row.get("scope") or "↑").split())
                if kind is Kind.DET and row.get("frame") in (SUBJECT, MASS):
                    (subjects if row["frame"] == SUBJECT else masses)[words] = Signature(words, kind, restrictor, scope)
                    continue
                frame = tuple(parse_category(c) for c in (row.get("frame") or "").split())
                sig = Signature(words, kind, restrictor, scope, frame)
            except (KeyError, ValueError, AttributeError, MonalogError) as exc:
                raise ResourceError(f"{path}: bad lexicon row near line {lineno}: {exc}", input=row) from exc
            if kind is Kind.FUNCTOR:
                functors.setdefault(" ".join(words), []).append(sig)
            else:
                determiners[words] = sig
    ordered = {phrase: tuple(sorted(rows, key=lambda sig: not sig.frame)) for phrase, rows in functors.items()}
    return Lexicon(determiners, ordered, frozenset(numerals), frozenset(transparent), frozenset(keep),
                   frozenset(veridical), subject_determiners=subjects, mass_determiners=masses)


@lru_cache(maxsize=1)
def default_lexicon() -> Lexicon:
    return read_lexicon(grammar_path("monotonicity.tsv"))
