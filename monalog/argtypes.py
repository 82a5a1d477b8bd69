"""Argparse value types and deprecated flag spellings, for the core's commands and for other
packages' (`monalog perturb`): a bad value is a one-line usage error naming it."""
from __future__ import annotations

import argparse
import re
import sys
from typing import Callable


def count(minimum: int) -> Callable[[str], int]:
    """An argparse type: a whole number at least `minimum` (a one-line usage error otherwise)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"{value} is less than {minimum}")
        return value
    parse.__name__ = "count"
    return parse


def input_path(text: str) -> str:
    """An argparse type: a path that is not empty (Path("") would be the current folder)."""
    if not text:
        raise argparse.ArgumentTypeError("the path is empty")
    return text


def finite(text: str) -> float:
    """An argparse type: a finite number."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise argparse.ArgumentTypeError(f"{text!r} is not a finite number")
    return value


def probability(text: str) -> float:
    """An argparse type: a number in [0, 1]."""
    value = finite(text)
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"{value} is not between 0 and 1")
    return value


def share(text: str) -> float:
    """An argparse type: a share in (0, 1]."""
    value = probability(text)
    if value == 0:
        raise argparse.ArgumentTypeError("0 would keep nothing; give a share in (0, 1]")
    return value


def positive(text: str) -> float:
    """An argparse type: a finite number above 0."""
    value = finite(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{value} is not above 0")
    return value


def device_name(text: str) -> str:
    """An argparse type: cpu, cuda, cuda:N or mps."""
    if not re.fullmatch(r"cpu|mps|cuda(:\d+)?", text):
        raise argparse.ArgumentTypeError(f"{text!r} is not a device (cpu, cuda, cuda:N or mps)")
    return text


class Deprecated(argparse.Action):
    """An old spelling of a flag: still accepted for one release, with a warning naming the new one."""

    def __init__(self, *args, new: str, append: bool = False, **kwargs) -> None:
        self.new, self.append = new, append
        super().__init__(*args, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        print(f"monalog: warning: {option_string} is deprecated; use {self.new}", file=sys.stderr)
        if self.append:
            values = (getattr(namespace, self.dest, None) or []) + [values]
        setattr(namespace, self.dest, values)


def deprecated_alias(p: argparse.ArgumentParser, old: str, new: str, dest: str, append: bool = False,
                     **kwargs) -> None:
    """Accept `old` as a hidden spelling of `new` (same dest) that warns when used."""
    p.add_argument(old, dest=dest, action=Deprecated, new=new, append=append, help=argparse.SUPPRESS, **kwargs)
