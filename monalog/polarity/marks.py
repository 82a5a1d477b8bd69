"""Polarity (↑ monotone, ↓ antitone, = neither) and its composition."""
from __future__ import annotations

import enum


class Polarity(enum.StrEnum):
    UP = "↑"
    DOWN = "↓"
    NONE = "="

    # composition replaces str repetition: mypy allows no signature (not even overloads) that both
    # narrows the argument to Polarity and keeps str's `* SupportsIndex`; Polarities only multiply Polarities
    def __mul__(self, other: "Polarity") -> "Polarity":  # type: ignore[override]
        """Compose: the polarity of an argument under a function with this marking."""
        if self is Polarity.NONE or other is Polarity.NONE:
            return Polarity.NONE
        return Polarity.UP if self is other else Polarity.DOWN

    @classmethod
    def parse(cls, text: str) -> "Polarity":
        aliases = {"↑": cls.UP, "+": cls.UP, "up": cls.UP, "↓": cls.DOWN, "-": cls.DOWN,
                   "down": cls.DOWN, "=": cls.NONE, "none": cls.NONE}
        try:
            return aliases[text.strip().lower()]
        except KeyError:
            raise ValueError(f"not a polarity: {text!r} (use ↑ ↓ = or + - =)") from None
