"""Offline entity typing by dictionary matching over real vocabularies (OpenBEL namespaces, or any
`name<TAB>type` list): the longest known phrase wins; its type decides SRE/SREO candidates."""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

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
