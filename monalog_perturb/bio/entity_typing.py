"""Offline entity recognition and typing by dictionary matching (issue 17, item 1): names from the
bundled vocabularies, OpenBEL namespaces and `name<TAB>type` lists, each typed on one semantic type
system (semtypes.SemType); the longest known name wins, a name that modifies a head noun or sits inside
an abbreviation's long form is no entity of its own, common English words, generic nouns, numbers
with units and function words are not names (names.py), and an acronym takes the type of its long
form (abbreviations.py). A name listed with several types gets one, whatever the order the
vocabularies are read in (issue 50): a user's file before the bundled sources (famplex, drugs, hpo,
in that fixed order), then semtypes.PRECEDENCE; `origin` says which source chose it."""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from monalog.errors import ResourceError
from monalog.fileio import unreadable
from monalog_perturb.bio.abbreviations import Abbreviation, detector_name, find_abbreviations
from monalog_perturb.bio.names import (after_substituent, head_after, is_common_word, is_symbol, loose_key, name_key,
                                       refusal, symbol_key, word_spans)
from monalog_perturb.bio.semtypes import PRECEDENCE, SemType, from_belns, parse_label
from monalog_perturb.knowledge.registry import VOCABULARIES


SYMBOL_WORD_ZIPF = 3.5     # a symbol that is this common a word matches in its own case only ("SCAR", not "scar")


@dataclass(frozen=True)
class Mention:
    text: str
    type: SemType
    start: int      # character offsets in the text
    end: int
    long_form: str | None = None       # an acronym: the long form it abbreviates in this text
    source: str = ""                   # the vocabulary whose type was chosen ("" when unknown)

    @property
    def key(self) -> str:
        """What the mention names: an acronym names its long form."""
        return name_key(self.long_form or self.text)


def _type(label: str | SemType) -> SemType:
    semtype = parse_label(label)
    if semtype is None:
        raise ValueError(f"unknown entity type {label!r} (one of: {', '.join(t.value for t in SemType)}, or a "
                         "synonym such as drug, gene, phenotype, cell line, a UMLS TUI or an OpenBEL keyword)")
    return semtype


def _rank(source: str, semtype: SemType, loose: bool) -> tuple[bool, int, int, str]:
    """A listing's rank (lowest wins): a name's own key before another's hyphen-free form, a user's
    vocabulary before the bundled ones in their fixed order, then the type's precedence."""
    bundled = source.partition(":")[0]
    order = VOCABULARIES.index(bundled) + 1 if bundled in VOCABULARIES else 0
    return loose, order, PRECEDENCE.index(semtype), source


@dataclass
class DictionaryTyper:
    """Name keys (and their hyphen-free forms) -> type; symbols that are English words ("WAS") only
    with their own case; `sources` says what was loaded, `origins` which source typed each key."""

    names: dict[str, SemType] = field(default_factory=dict)
    max_words: int = 8
    symbols: dict[str, SemType] = field(default_factory=dict)
    sources: list[str] = field(default_factory=list)
    origins: dict[str, str] = field(default_factory=dict)
    symbol_origins: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.names = {key: _type(t) for key, t in self.names.items()}
        self._ranks: dict[tuple[bool, str], tuple[bool, int, int, str]] = {}
        self._cache: dict[str, list[Mention]] = {}        # text -> mentions (the rules ask for a premise twice)

    def _put(self, table: dict[str, SemType], key: str, semtype: SemType, source: str, loose: bool = False) -> None:
        """List `key` with its best-ranked type (the order of the calls never matters)."""
        rank, slot = _rank(source, semtype, loose), (table is self.symbols, key)
        if slot not in self._ranks and key in table:
            return                                       # given to the constructor: kept
        if slot not in self._ranks or rank < self._ranks[slot]:
            table[key], self._ranks[slot] = semtype, rank
            (self.origins if table is self.names else self.symbol_origins)[key] = source

    def add(self, name: str, type_: str | SemType, unambiguous: bool = False, source: str = "") -> bool:
        """Add a name (False when it is refused: a common word, a stop word, a generic noun, a number
        with a unit, too short or too long); `unambiguous`: the source vouches for it even if it is an
        English word; `source`: the vocabulary it comes from (bundled ones by their spec name)."""
        semtype, key = _type(type_), name_key(name)
        self._cache.clear()
        if len(key) < 2 or len(key.split()) > self.max_words or not any(ch.isalpha() for ch in key) \
                or refusal(name) is not None:
            return False
        if not unambiguous and (is_common_word(key) or (is_symbol(name) and is_common_word(key, SYMBOL_WORD_ZIPF))):
            if is_symbol(name):
                self._put(self.symbols, symbol_key(name.strip()), semtype, source)
                return True
            return False
        if len(key) == 2 and not is_symbol(name) and not unambiguous:
            return False
        self._put(self.names, key, semtype, source)
        loose = loose_key(key)
        if loose != key and (unambiguous or not is_common_word(loose)) and refusal(loose) is None:
            self._put(self.names, loose, semtype, source, loose=True)       # not "same" from "SAM-e"
        return True

    def origin(self, text: str) -> tuple[SemType, str] | None:
        """The type of a name and the source that chose it ("" when not recorded), or None."""
        key = name_key(text)
        if not key:
            return None
        for k in (key, loose_key(key)):
            if k in self.names:
                return self.names[k], self.origins.get(k, "")
        if self.symbols and " " not in key and (found := self.symbols.get(symbol := symbol_key(text.strip()))):
            return found, self.symbol_origins.get(symbol, "")
        return None

    def type_of(self, text: str) -> SemType | None:
        found = self.origin(text)
        return found[0] if found else None

    def by_type(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = defaultdict(list)
        for name, type_ in self.names.items():
            out[type_].append(name)
        return out

    def describe(self) -> str:
        """One line for stderr: the active sources, the matcher and the abbreviation detector."""
        sources = "; ".join(self.sources) if self.sources else "no vocabulary"
        return f"entity typing: {sources}; {type(self).__name__}; abbreviations: {detector_name()}"

    def mentions(self, text: str) -> list[Mention]:
        """Typed entity mentions, left to right (see the module docstring)."""
        if text not in self._cache:
            if len(self._cache) > 4096:
                self._cache.clear()
            found = resolve_abbreviations(text, self._matches(text), self, find_abbreviations(text))
            self._cache[text] = [m for m in found if m.long_form or refusal(m.text) is None]
        return list(self._cache[text])

    def _matches(self, text: str) -> list[Mention]:
        """Longest dictionary matches over whole tokens, none modifying a head noun."""
        spans = word_spans(text)
        out, i = [], 0
        while i < len(spans):
            for n in range(min(self.max_words, len(spans) - i), 0, -1):
                start, end = spans[i][0], spans[i + n - 1][1]
                known = self.origin(text[start:end])
                if known is None:
                    continue
                head = head_after(text, end)
                if head is not None:               # "dengue fever": neither "dengue" nor "fever"
                    i = next((k for k in range(i, len(spans)) if spans[k][0] >= head), len(spans))
                elif after_substituent(text, start):
                    i += n
                else:
                    out.append(Mention(text[start:end], known[0], start, end, source=known[1]))
                    i += n
                break
            else:
                i += 1
        return out

    @classmethod
    def from_files(cls, paths: Iterable[str | Path]) -> "DictionaryTyper":
        """OpenBEL .belns files (typed by namespace) or `name<TAB>type[<TAB>unambiguous]` lists."""
        typer = cls()
        for path in paths:
            typer.read(path)
        return typer

    def read(self, path: str | Path) -> None:
        """Add a vocabulary file's names (see `from_files`), listed in `sources`; a file with none is an error."""
        added = _read_file(self, Path(path))
        if not added:
            raise ResourceError(f"vocabulary {path} has no typed names (an OpenBEL .belns file, or lines of "
                                "name<TAB>type)", input=str(path))
        self.sources.append(f"{Path(path).name} {added:,} names")


def _read_file(typer: DictionaryTyper, path: Path) -> int:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise ResourceError(f"cannot read vocabulary {path}: {unreadable(exc)}", input=str(path)) from exc
    added = 0
    if path.suffix == ".belns":
        header = dict(ln.split("=", 1) for ln in lines if "=" in ln and not ln.startswith("["))
        keyword = header.get("Keyword", path.stem)
        semtype = from_belns(keyword, header.get("DomainString", ""))
        if semtype is None:
            raise ResourceError(f"{path}: OpenBEL namespace {keyword!r} has no entity type", input=str(path))
        values = lines[lines.index("[Values]") + 1:] if "[Values]" in lines else []
        return sum(typer.add(line.split("|", 1)[0], semtype, source=path.name) for line in values if "|" in line)
    for n, line in enumerate(lines, 1):
        if "\t" in line and not line.startswith("#"):
            name, type_, *rest = line.split("\t")
            try:
                added += typer.add(name, type_.strip(), unambiguous=bool(rest and rest[0].strip() == "unambiguous"),
                                   source=path.name)
            except ValueError as exc:
                raise ResourceError(f"{path}:{n}: {exc}", input=str(path)) from exc
    return added


def resolve_abbreviations(text: str, mentions: list[Mention], typer: DictionaryTyper,
                          abbreviations: list[Abbreviation]) -> list[Mention]:
    """A "long form (SHORT)" pair is one entity: the long form, typed as itself or as its head (the
    name it ends with: "chronic kidney disease" from "kidney disease"), or the known name that holds it
    ("increased sensitivity to ionizing radiation (IR)"); names inside an untyped long form go
    ("tyrosine" of "tyrosine kinase inhibitors"); the acronym in its definition is no mention of its
    own, and elsewhere it takes the long form's type."""
    out = list(mentions)
    acronyms: dict[str, tuple[SemType, str]] = {}
    for a in abbreviations:
        span = (a.long_start, a.long_end)
        inside = [m for m in out if a.long_start <= m.start and m.end <= a.long_end]
        in_short = [m for m in out if a.short_start <= m.start and m.end <= a.short_end]
        holding = [m for m in out if m.start <= a.long_start and a.long_end <= m.end and (m.start, m.end) != span]
        if holding:                         # a known name holds the long form: it is the entity
            out = [m for m in out if m not in in_short]
            acronyms[a.short] = (holding[0].type, holding[0].text)
            continue
        if any(m.start < a.long_end and a.long_start < m.end for m in out if m not in inside):
            continue                        # a name crosses the long form's edge: leave both alone
        if len(inside) > 1 and not any((m.start, m.end) == span for m in inside):
            continue                        # "metformin and aspirin (MA)": a coordination, not one name
        long_text = text[a.long_start:a.long_end]
        head = (inside[0].type, inside[0].source) if inside and inside[0].end == a.long_end else None
        known = typer.origin(long_text) or head
        out = [m for m in out if m not in inside]
        if known is not None:
            out = [m for m in out if m not in in_short]
            out.append(Mention(long_text, known[0], a.long_start, a.long_end, source=known[1]))
            acronyms[a.short] = (known[0], long_text)
    defined = {(a.short_start, a.short_end) for a in abbreviations}
    for short, (type_, long_text) in acronyms.items():
        for m in re.finditer(rf"(?<![\w-]){re.escape(short)}(?![\w-])", text):
            if m.span() in defined:
                continue
            out = [x for x in out if x.end <= m.start() or x.start >= m.end()]
            out.append(Mention(short, type_, m.start(), m.end(), long_text))
    return sorted(out, key=lambda m: m.start)


_Matcher = Callable[[Any], list[tuple[int, int, int]]]     # spaCy's PhraseMatcher: doc -> (match id, start, end)


class SpacyTyper(DictionaryTyper):
    """The same dictionary, matched with spaCy's PhraseMatcher on a blank English tokenizer
    (case-insensitive; the longest non-overlapping matches that are whole tokens of names.word_spans)."""

    def __init__(self, names: dict[str, SemType] | None = None, max_words: int = 8) -> None:
        super().__init__(dict(names or {}), max_words)
        self._matcher: _Matcher | None = None

    def add(self, name: str, type_: str | SemType, unambiguous: bool = False, source: str = "") -> bool:
        self._matcher = None
        return super().add(name, type_, unambiguous, source)

    def _build(self) -> _Matcher:
        try:
            import spacy
            from spacy.matcher import PhraseMatcher
        except ImportError as exc:
            raise ResourceError("the spacy matcher needs spaCy: pip install spacy", input="spacy") from exc
        self._nlp = spacy.blank("en")
        matcher = PhraseMatcher(self._nlp.vocab, attr="LOWER")
        matcher.add("NAME", [self._nlp.make_doc(name) for name in self.names])
        self._matcher = matcher
        return matcher

    def _matches(self, text: str) -> list[Mention]:
        from spacy.util import filter_spans

        matcher = self._build() if self._matcher is None else self._matcher
        doc = self._nlp.make_doc(text)
        tokens = word_spans(text)
        starts, ends = {s for s, _ in tokens}, {e for _, e in tokens}
        out = []
        for span in sorted(filter_spans([doc[s:e] for _, s, e in matcher(doc)]), key=lambda s: s.start_char):
            known = self.origin(span.text)
            if (known and span.start_char in starts and span.end_char in ends and head_after(text, span.end_char)
                    is None and not after_substituent(text, span.start_char)):
                out.append(Mention(span.text, known[0], span.start_char, span.end_char, source=known[1]))
        return out


class NerTyper(DictionaryTyper):
    """A spaCy/scispacy NER model (e.g. en_ner_bionlp13cg_md, when a user has installed it): entity
    labels mapped onto the semantic types (labels with no type are dropped); dictionary names still
    answer `type_of` for marked entities."""

    def __init__(self, model: str, names: dict[str, SemType] | None = None) -> None:
        super().__init__(dict(names or {}))
        self.model = model
        try:
            import spacy

            self._nlp = spacy.load(model)
        except (ImportError, OSError) as exc:
            raise ResourceError(f"NER model {model!r} is not installed ({type(exc).__name__}); scispacy models "
                                "are downloaded separately (pip install <model wheel>)", input=model) from exc

    def _matches(self, text: str) -> list[Mention]:
        return [Mention(e.text, t, e.start_char, e.end_char, source=self.model) for e in self._nlp(text).ents
                if (t := parse_label(e.label_)) is not None]

    def type_of(self, text: str) -> SemType | None:
        known = super().type_of(text)
        if known:
            return known
        ents = self._nlp(text).ents
        return parse_label(ents[0].label_) if len(ents) == 1 and ents[0].text == text.strip() else None
