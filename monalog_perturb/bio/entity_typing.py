"""Offline entity typing by dictionary matching over real vocabularies (OpenBEL namespaces, or any
`name<TAB>type` list): the longest known phrase wins; its type decides SRE/SREO candidates."""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from monalog.errors import ResourceError

_WORD = re.compile(r"[\w][\w\-/+.']*[\w+]|[\w]")


@dataclass(frozen=True)
class Mention:
    text: str
    type: str
    start: int      # character offsets in the text
    end: int


@dataclass
class DictionaryTyper:
    """Maps lower-cased names (up to `max_words` words) to a type."""

    names: dict[str, str] = field(default_factory=dict)
    max_words: int = 6

    def add(self, name: str, type_: str) -> None:
        key = " ".join(name.lower().split())
        if key and len(key.split()) <= self.max_words:
            self.names.setdefault(key, type_)

    def type_of(self, text: str) -> str | None:
        return self.names.get(" ".join(text.lower().split()))

    def by_type(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = defaultdict(list)
        for name, type_ in self.names.items():
            out[type_].append(name)
        return out

    def mentions(self, text: str) -> list[Mention]:
        """Longest non-overlapping dictionary matches, left to right."""
        words = [(m.group(), m.start(), m.end()) for m in _WORD.finditer(text)]
        out, i = [], 0
        while i < len(words):
            for n in range(min(self.max_words, len(words) - i), 0, -1):
                start, end = words[i][1], words[i + n - 1][2]
                span = text[start:end]
                if n == 1 and (len(span) < 2 or (len(span) <= 4 and span.islower())):   # "T", "was", "cat"
                    continue
                type_ = self.type_of(span)
                if type_:
                    out.append(Mention(text[start:end], type_, start, end))
                    i += n
                    break
            else:
                i += 1
        return out

    @classmethod
    def from_files(cls, paths: Iterable[str | Path]) -> "DictionaryTyper":
        """OpenBEL .belns files (type = the namespace keyword) or `name<TAB>type` lists."""
        typer = cls()
        for path in map(Path, paths):
            try:
                lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
            except OSError as exc:
                raise ResourceError(f"cannot read vocabulary {path}: {exc.strerror}", input=str(path)) from exc
            if path.suffix == ".belns":
                keyword = next((ln.split("=", 1)[1] for ln in lines if ln.startswith("Keyword=")), path.stem)
                values = lines[lines.index("[Values]") + 1:] if "[Values]" in lines else []
                for line in values:
                    if "|" in line:
                        typer.add(line.split("|", 1)[0], keyword)
            else:
                for line in lines:
                    if "\t" in line and not line.startswith("#"):
                        name, type_ = line.split("\t", 1)
                        typer.add(name, type_.strip())
        return typer


_Matcher = Callable[[Any], list[tuple[int, int, int]]]     # spaCy's PhraseMatcher: doc -> (match id, start, end)


class SpacyTyper(DictionaryTyper):
    """The same dictionary, matched with spaCy's PhraseMatcher on a blank English tokenizer
    (case-insensitive; the longest non-overlapping matches win)."""

    def __init__(self, names: dict[str, str] | None = None, max_words: int = 6) -> None:
        super().__init__(dict(names or {}), max_words)
        self._matcher: _Matcher | None = None

    def add(self, name: str, type_: str) -> None:
        super().add(name, type_)
        self._matcher = None

    def _build(self) -> _Matcher:
        try:
            import spacy
            from spacy.matcher import PhraseMatcher
        except ImportError as exc:
            raise ResourceError("the spacy matcher needs spaCy: pip install spacy", input="spacy") from exc
        self._nlp = spacy.blank("en")
        matcher = PhraseMatcher(self._nlp.vocab, attr="LOWER")
        by_type: dict[str, list] = defaultdict(list)
        for name, type_ in self.names.items():
            by_type[type_].append(self._nlp.make_doc(name))
        for type_, docs in by_type.items():
            matcher.add(type_, docs)
        self._matcher = matcher
        return matcher

    def mentions(self, text: str) -> list[Mention]:
        from spacy.util import filter_spans

        matcher = self._build() if self._matcher is None else self._matcher
        doc = self._nlp.make_doc(text)
        spans = [doc[start:end] for _, start, end in matcher(doc)]
        out = []
        for span in sorted(filter_spans(spans), key=lambda s: s.start_char):
            if len(span) == 1 and (len(span.text) < 2 or (len(span.text) <= 4 and span.text.islower())):
                continue
            out.append(Mention(span.text, self.type_of(span.text) or "", span.start_char, span.end_char))
        return out


class NerTyper(DictionaryTyper):
    """A spaCy/scispacy NER model (e.g. en_core_sci_md, when a user has installed it): entity
    labels are the types; dictionary names still answer `type_of` for marked entities."""

    def __init__(self, model: str, names: dict[str, str] | None = None) -> None:
        super().__init__(dict(names or {}))
        try:
            import spacy

            self._nlp = spacy.load(model)
        except (ImportError, OSError) as exc:
            raise ResourceError(f"NER model {model!r} is not installed ({type(exc).__name__}); scispacy models "
                                "are downloaded separately (pip install <model wheel>)", input=model) from exc

    def mentions(self, text: str) -> list[Mention]:
        return [Mention(e.text, e.label_, e.start_char, e.end_char) for e in self._nlp(text).ents]

    def type_of(self, text: str) -> str | None:
        known = super().type_of(text)
        if known:
            return known
        ents = self._nlp(text).ents
        return ents[0].label_ if len(ents) == 1 and ents[0].text == text.strip() else None
