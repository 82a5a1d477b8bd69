"""The command lines' console, for the core's commands and for other packages' (`monalog perturb`):
one-line errors, skipped-row reports and progress bars on stderr. Only command-line code calls it;
the library logs instead."""
from __future__ import annotations

import sys
import time
from typing import Any


def printable(text: str) -> str:
    """Text safe to show on a terminal: control, bidi and other invisible format characters (which
    could hide or reorder what is shown) escaped as \\uXXXX; line breaks and tabs kept."""
    return "".join(ch if ch.isprintable() or ch in "\n\t" else f"\\u{ord(ch):04x}" for ch in text)


def one_line(exc: BaseException | str) -> str:
    """An error message on one line, printable (input echoed into it cannot break the terminal)."""
    return printable(" ".join(str(exc).split()))


def error(message: str) -> int:
    """Print the one-line CLI error and return the usage-error exit code."""
    print(f"monalog: error: {one_line(message)}", file=sys.stderr)
    return 2


def skipped(path: str, line: int, reason: str) -> None:
    print(f"monalog: {path}:{line}: skipped: {one_line(reason)}", file=sys.stderr)


def progress(desc: str, total: int | None = None, unit: str = " sent"):
    """A tqdm bar on stderr; when stderr is not a terminal (a log file, CI), a line every 30 s instead."""
    if not sys.stderr.isatty():
        return ProgressLines(desc, total, unit)
    from tqdm import tqdm

    return tqdm(desc=desc, total=total, unit=unit, file=sys.stderr, leave=False)


class ProgressLines:
    """tqdm's interface used here (update, set_postfix, total, a context manager) as a line on stderr at
    the first update, then every `every` seconds, and at the end when more was done since:
    "training: 120/1,000 steps (12%), 3.2 steps/s, ETA 4m35s, loss=0.412" (the pace counted from the
    first update, so loading a model does not inflate the ETA). Only what is shown depends on the
    clock, never what is computed."""

    def __init__(self, desc: str, total: int | None, unit: str, every: float = 30.0) -> None:
        self.desc, self.total, self.unit, self.every = desc, total, unit.strip() + "s", every
        self.n, self.postfix, self.shown_n = 0, "", 0
        self.start = time.monotonic()
        self.shown: float | None = None
        self.first: tuple[float, int] | None = None     # (time, count) at the first update: rates count from it

    def __enter__(self) -> "ProgressLines":
        return self

    def __exit__(self, *exc: object) -> None:
        if self.n != self.shown_n and exc[0] is None:
            print(self.line(time.monotonic()), file=sys.stderr, flush=True)

    def set_postfix(self, refresh: bool = True, **values: object) -> None:
        self.postfix = ", ".join(f"{k}={v}" for k, v in values.items())

    def refresh(self) -> None:
        """Nothing: a line is printed when its time comes."""

    def close(self) -> None:
        """Nothing to close."""

    def update(self, n: int = 1) -> None:
        self.n += n
        now = time.monotonic()
        if self.first is None:
            self.first = (now, self.n)          # what came before (loading, setting up) is not the pace
        if self.shown is None or now - self.shown >= self.every:
            self.shown, self.shown_n = now, self.n
            print(self.line(now), file=sys.stderr, flush=True)

    def line(self, now: float) -> str:
        done = f"{self.n:,}" + (f"/{self.total:,} {self.unit} ({self.n / self.total:.0%})" if self.total
                                 else f" {self.unit}")
        pace = ""
        if self.first is not None and self.n > self.first[1] and now > self.first[0]:
            rate = (self.n - self.first[1]) / (now - self.first[0])
            pace = f", {rate:.1f} {self.unit}/s" + (f", ETA {_clock((self.total - self.n) / rate)}" if self.total
                                                   else "")
        return f"{self.desc}: {done}{pace}" + (f", {self.postfix}" if self.postfix else "")


def _clock(seconds: float) -> str:
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m" if hours else f"{minutes}m{secs:02d}s"


class TrainingBars:
    """`monalog.hybrid.train`'s progress on stderr (a TrainingProgress): a bar over the training steps
    (with the loss), a line before a temperature is fitted, a bar over the dev share proved for a
    decision rule; each bar is closed, its last line shown, when the next stage begins or the run ends."""

    BARS = {"training": ("training", " step"), "decision": ("proving the dev share", " pair")}

    def __init__(self) -> None:
        self.bar: Any = None

    def __enter__(self) -> "TrainingBars":
        return self

    def __exit__(self, *exc: Any) -> None:
        self._close(*exc)

    def _close(self, *exc: Any) -> None:
        bar, self.bar = self.bar, None
        if bar is not None:
            bar.__exit__(*exc)

    def stage(self, name: str, total: int | None) -> None:
        self._close(None, None, None)
        if name == "calibration":
            print(f"fitting a temperature on {total} held-out pairs", file=sys.stderr, flush=True)
        else:
            desc, unit = self.BARS[name]
            self.bar = progress(desc, total, unit).__enter__()

    def advance(self, done: int, total: int | None = None, loss: float | None = None) -> None:
        if total is not None:
            self.bar.total = total
        self.bar.update(done)
        if loss is not None:
            self.bar.set_postfix(loss=f"{loss:.3f}", refresh=False)
