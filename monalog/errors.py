"""One exception root for the whole project; every error carries the input that failed."""
from __future__ import annotations


class MonalogError(Exception):
    """Root of every error raised by monalog and hybrid."""

    def __init__(self, message: str, *, input: object = None) -> None:
        super().__init__(message)
        self.input = input


class InputError(MonalogError):
    """The user's input is empty, too long, malformed or otherwise unusable."""


class CategoryError(InputError):
    """A CCG category string could not be parsed."""


class DerivationFormatError(InputError):
    """A derivation string (AUTO or brace format) could not be read."""


class ParseError(MonalogError):
    """A sentence could not be parsed into a CCG derivation."""


class ResourceError(MonalogError):
    """A model, grammar or data file is missing or unreadable."""


class OutputError(MonalogError):
    """An output path cannot be used: it is an input, holds something this command did not write, or
    cannot be written."""


class InternalError(MonalogError):
    """A bug: one item of a batch raised an unexpected exception. The batch records it for that item and
    goes on; the traceback is logged."""
