"""Word lists for the BioNLI rules: the lexical polarity reversals (kb/bionli_polarity_pairs.tsv)
with their inflections, and the auxiliaries that take a negation."""
from __future__ import annotations

from functools import lru_cache

from monalog.fileio import read_table
from monalog.text.morphology import ing_form, past_tense, third_person
from monalog_perturb.resources import data_path

# auxiliary -> its negated form, and back
NEGATABLE = {"is": "is not", "are": "are not", "was": "was not", "were": "were not", "can": "cannot",
             "could": "could not", "may": "may not", "might": "might not", "will": "will not",
             "would": "would not", "should": "should not", "does": "does not", "do": "do not",
             "did": "did not", "has": "has not", "have": "have not", "had": "had not", "must": "must not"}


def _forms(base: str) -> dict[str, str]:
    """Inflection name -> form."""
    return {"base": base, "3sg": third_person(base), "past": past_tense(base), "ing": ing_form(base)}


@lru_cache(maxsize=1)
def _pairs() -> tuple[dict[str, str], ...]:
    return tuple(read_table(data_path("bionli_polarity_pairs.tsv")))


def _written(word: str) -> bool:
    """Whether a word form is in use (wordfreq knows it)."""
    from wordfreq import zipf_frequency

    return zipf_frequency(word, "en") > 0


@lru_cache(maxsize=1)
def polarity_reversals() -> dict[str, str]:
    """Every inflected form and nominalisation of a regulation verb -> its opposite, same form."""
    out: dict[str, str] = {}
    for row in _pairs():
        fa, fb = _forms(row["base"]), _forms(row["opposite"])
        plurals = [(row["noun"] + "s", row["opposite_noun"] + "s")]
        if not all(_written(p) for p in plurals[0]):
            plurals = []                  # "worsenings": a plural nobody writes
        for x, y in [(fa[name], fb[name]) for name in fa] + [(row["noun"], row["opposite_noun"])] + plurals:
            out.setdefault(x, y)
            out.setdefault(y, x)
    return out


@lru_cache(maxsize=1)
def negatable_verbs() -> dict[str, tuple[str, str]]:
    """Finite form of a regulation verb -> (do-support auxiliary, base form): "inhibits" -> ("does", "inhibit")."""
    out: dict[str, tuple[str, str]] = {}
    for row in _pairs():
        for base in (row["base"], row["opposite"]):
            out[third_person(base)] = ("does", base)
            out[past_tense(base)] = ("did", base)
            out.setdefault(base, ("do", base))
    return out


_UPWARD = ("increase", "promote", "induce", "activate", "upregulate", "up-regulate", "elevate", "raise",
           "accelerate", "stimulate", "enhance", "potentiate")


@lru_cache(maxsize=1)
def regulation_directions() -> dict[str, tuple[str, int]]:
    """Every form of a regulation verb -> (its group, +1 or -1): opposites of the polarity pairs get
    opposite signs, and the groups that hold an upward verb (increase, induce, activate, ...) are one
    group with those verbs at +1, so "reduces" and "suppresses" read as the same direction, against
    "increases"."""
    edges: dict[str, set[str]] = {}
    for row in _pairs():
        edges.setdefault(row["base"], set()).add(row["opposite"])
        edges.setdefault(row["opposite"], set()).add(row["base"])
    sign: dict[str, tuple[str, int]] = {}
    for start in sorted(edges, key=lambda b: (b not in _UPWARD, b)):
        if start in sign:
            continue
        group = "regulation" if start in _UPWARD else start
        stack = [(start, 1)]
        while stack:
            word, s = stack.pop()
            if word not in sign:
                sign[word] = (group, s)
                stack += [(other, -s) for other in edges[word]]
    return {form: direction for base, direction in sign.items() for form in _forms(base).values()}
