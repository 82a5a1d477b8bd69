"""Token accuracy of polarity marking against a gold file of arrow-marked sentences."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from monalog.errors import InputError, MonalogError
from monalog.pipeline import Pipeline
from monalog.polarity.marks import Polarity

_ARROWS = {p.value for p in Polarity}


@dataclass(frozen=True)
class GoldSentence:
    """An input sentence, whether to normalise it first, and the expected (word, polarity) list."""

    text: str
    normalize: bool
    expected: tuple[tuple[str, Polarity], ...]
    group: str = ""         # the "# operator: NAME" section it is in, if any


def split_arrows(marked: str) -> tuple[tuple[str, Polarity], ...]:
    out = []
    for item in marked.split():
        if item[-1:] not in _ARROWS:
            raise InputError(f"token {item!r} has no polarity arrow", input=marked)
        out.append((item[:-1], Polarity(item[-1])))
    return tuple(out)


def read_gold(path: str | Path) -> list[GoldSentence]:
    """Gold sentences; a line "# operator: NAME" puts the sentences after it in group NAME."""
    items = []
    group = ""
    for lineno, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("# operator:"):
            group = line.split(":", 1)[1].strip()
        if not line.strip() or line.startswith("#"):
            continue
        try:
            if line.startswith("normalize:"):
                text, marked = line[len("normalize:"):].strip().split("\t")
                items.append(GoldSentence(text, True, split_arrows(marked), group))
            else:
                expected = split_arrows(line)
                items.append(GoldSentence(" ".join(w for w, _ in expected), False, expected, group))
        except (ValueError, InputError) as exc:
            raise InputError(f"{path}:{lineno}: {exc}", input=line) from exc
    return items


@dataclass(frozen=True)
class PolarityScore:
    sentences: int
    tokens: int
    correct: int
    sentences_exact: int
    failed: int
    mismatches: tuple[tuple[str, str], ...]     # (expected arrows, predicted arrows)

    @property
    def accuracy(self) -> float:
        return self.correct / self.tokens if self.tokens else 0.0


def score_gold(gold: list[GoldSentence], pipeline: "Pipeline | None" = None) -> PolarityScore:
    """Polarize every gold sentence (normalising where marked) and compare token by token;
    `pipeline`: another parser's (default: the shipped one)."""
    pipeline = pipeline or Pipeline()
    tokens = correct = exact = failed = 0
    mismatches = []
    for flag in (False, True):
        items = [g for g in gold if g.normalize is flag]
        results = pipeline.run([g.text for g in items], normalize=flag)
        for g, result in zip(items, results):
            tokens += len(g.expected)
            want = " ".join(w + p.value for w, p in g.expected)
            if isinstance(result, MonalogError):
                failed += 1
                mismatches.append((want, f"error: {result}"))
                continue
            got = result.chunk_polarities()
            hits = sum(a == b for a, b in zip(got, g.expected)) if len(got) == len(g.expected) else 0
            correct += hits
            if hits == len(g.expected):
                exact += 1
            else:
                mismatches.append((want, result.arrows()))
    return PolarityScore(len(gold), tokens, correct, exact, failed, tuple(mismatches))
