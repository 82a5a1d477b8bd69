"""Request bodies of the JSON API (pydantic models: FastAPI validates them and /openapi.json describes
them). Each endpoint takes one item or a batch; the options mirror the command line's flags. The
limits that depend on the server's configuration (batch size, sentence length, depth) are checked
by the app, with the command line's messages."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from monalog.fileio import readable
from monalog.inference.alignment import Knowledge
from monalog.inference.prover import ProverSettings
from monalog.polarity.lexicon import BarePlurals, Definites, Numerals, Readings

Id = str | int | None
BAD_TEXT = "is not text the engine takes"       # validation_error answers 400 for these


def _text_problem(text: str) -> str | None:
    if "\0" in text:
        return "holds a NUL character"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "holds a lone surrogate (not Unicode text)"
    return None


def _check_text(value: Any, where: str) -> None:
    """Every field name and string of a request, lists included: no NUL, no lone surrogate (a loop, not
    recursion: JSON nested hundreds deep is fine)."""
    stack = [(value, where)]
    while stack:
        item, at = stack.pop()
        if isinstance(item, dict):
            for key, inner in item.items():
                if isinstance(key, str) and (problem := _text_problem(key)):
                    raise ValueError(f"the field name {readable(key)!r} {BAD_TEXT}: it {problem}")
                stack.append((inner, f"{at}.{key}" if at else str(key)))
        elif isinstance(item, list):
            stack.extend((inner, f"{at}.{i}") for i, inner in enumerate(item))
        elif isinstance(item, str) and (problem := _text_problem(item)):
            raise ValueError(f"{readable(at)} {BAD_TEXT}: it {problem}")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _Request(_Strict):
    """A request body: every name and string in it checked once, before any field is (`_check_text`)."""

    @model_validator(mode="before")
    @classmethod
    def _text(cls, data: Any) -> Any:
        _check_text(data, "")
        return data


class ReadingOptions(_Strict):
    """The readings the literature leaves open (`--numerals`, `--definites`, `--bare-plurals`)."""

    numerals: Literal["at-least", "exact"] = Field(
        default="at-least", description="bare numerals: 'three' as at least three (default) or exactly three")
    definites: Literal["upward", "fixed"] = Field(
        default="upward", description="the/this/possessives: existential (default) or a fixed referent")
    bare_plurals: Literal["existential", "universal"] = Field(
        default="existential", description="'Dogs bark': some dogs (default) or all dogs")

    def readings(self) -> Readings:
        return Readings(Numerals(self.numerals), Definites(self.definites), BarePlurals(self.bare_plurals))


class ProveOptions(ReadingOptions):
    """The options of `monalog prove`."""

    depth: int = Field(default=3, ge=0, strict=True, description="the most steps in a proof: edits, and the "
                       "negation or exclusion that ends a contradiction (the server's limit applies)")
    exclusions: bool = Field(default=False,
                             description="also use kb/exclusions.kb (man | woman, ...) and WordNet antonyms")
    normalize: bool = Field(default=True, description="apply the syntactic normalisation rules first")
    knowledge: Literal["aligned", "symbolic"] = Field(
        default="aligned", description="aligned: also neural phrase alignment for pairs the symbolic knowledge "
                                       "cannot decide (default); symbolic: no learned facts")

    def settings(self) -> ProverSettings:
        """The prover's settings for these options; the depth is given per call, so one prover serves
        every depth."""
        return ProverSettings(normalize=self.normalize, exclusions=self.exclusions, readings=self.readings(),
                              knowledge=Knowledge(self.knowledge), keep_search_tree=True)


class ClassifyOptions(ProveOptions):
    """The options of `monalog classify`."""

    threshold: float | None = Field(default=None, ge=0, le=1, strict=True, description="fallback E/C predictions "
                                    "below this probability become NEUTRAL (default: the server's --threshold)")


class PolarizeOptions(ReadingOptions):
    """The options of `monalog polarize`."""

    normalize: bool = Field(default=False, description="apply the syntactic normalisation rules first")


class Pair(_Strict):
    premise: str
    hypothesis: str
    id: Id = Field(default=None, description="echoed in the result")


class _Pairs(_Request):
    premise: str | None = None
    hypothesis: str | None = None
    pairs: list[Pair] | None = Field(default=None, description="a batch: each pair's result (or error) in its place")

    @model_validator(mode="after")
    def _one_form(self):
        single = self.premise is not None or self.hypothesis is not None
        if single and self.pairs is not None:
            raise ValueError("give either premise and hypothesis, or pairs, not both")
        if self.pairs is None and (self.premise is None or self.hypothesis is None):
            raise ValueError("give premise and hypothesis, or pairs")
        return self

    def items(self) -> list[Pair]:
        if self.pairs is not None:
            return list(self.pairs)
        assert self.premise is not None and self.hypothesis is not None
        return [Pair(premise=self.premise, hypothesis=self.hypothesis)]


class ProveRequest(_Pairs):
    options: ProveOptions = ProveOptions()


class ClassifyRequest(_Pairs):
    options: ClassifyOptions = ClassifyOptions()


class _Sentences(_Request):
    sentence: str | None = None
    sentences: list[str] | None = Field(default=None,
                                        description="a batch: each sentence's result (or error) in its place")

    @model_validator(mode="after")
    def _one_form(self):
        if (self.sentence is None) == (self.sentences is None):
            raise ValueError("give either sentence or sentences")
        return self

    def items(self) -> list[str]:
        return list(self.sentences) if self.sentences is not None else [self.sentence or ""]


class ParseRequest(_Sentences):
    pass


class PolarizeRequest(_Sentences):
    """The options go in "options" or, as `monalog polarize` takes them, beside the sentences."""

    options: PolarizeOptions = PolarizeOptions()
    normalize: bool | None = None
    numerals: Literal["at-least", "exact"] | None = None
    definites: Literal["upward", "fixed"] | None = None
    bare_plurals: Literal["existential", "universal"] | None = None

    def effective_options(self) -> PolarizeOptions:
        given = {key: getattr(self, key) for key in PolarizeOptions.model_fields if getattr(self, key) is not None}
        return self.options.model_copy(update=given)
