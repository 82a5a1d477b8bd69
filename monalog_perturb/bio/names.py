"""What counts as an entity name (issue 17, item 1), shared by BioNLI's typer and KBIN's linker.

- Keys: names are compared lower-cased, Greek letters spelled out (α -> alpha), dashes unified, and
  with hyphens dropped as a second try ("IL-6" = "IL6").
- Words are not names: a single alphabetic word at or above COMMON_ZIPF in wordfreq, or in
  kb/entity_stop_words.txt, is dropped unless its source marks it as unambiguous. Never names, whatever
  the source (`refusal`, issue 50): a generic noun or ambiguous abbreviation (kb/generic_nouns.txt:
  "same", "buffers", "patients", "HR"), and words that are only numbers, units and function words
  ("5 nM", "at 5", "nM"). A source's symbol
  ("WAS", "IMPACT", "MICE": all capitals or mixed case) that is such a word is kept but matched only
  with the source's own case ("WAS" the gene, not "was").
- Spans never split a longer name: words are whole hyphenated tokens (SARS-CoV-2), a participle after
  a hyphen is split off ("IL-6-induced"), and a match is rejected when it modifies a following head
  noun (kb/entity_modifier_heads.txt: "dengue fever", "tyrosine kinase"), an enzyme name in -ase, or a
  numbered variant ("Apolipoprotein E4", "Microcin J25"), or follows a chemical substituent in -yl
  ("α-tocopheryl acetate").

COMMON_ZIPF was chosen on a list written before tuning (tests/perturb/test_entity_typing.py): names
that must stay are at most 3.97 (autism, tumor), insulin 3.81, glucose 3.75, aspirin 3.34; words that
must go are at least 4.09 (mice), frequency 4.36, severe 4.56, impact 4.92, was 6.82. The words below
the threshold that must go (antagonist 3.32, ligand 3.05, retinal 3.13) are in the stop list.
"""
from __future__ import annotations

import re
from functools import lru_cache

from monalog_perturb.bio.clauses import role
from monalog_perturb.bio.quantities import is_quantity_word
from monalog_perturb.resources import data_path

COMMON_ZIPF = 4.0

_GREEK = {"α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "ε": "epsilon", "κ": "kappa", "λ": "lambda",
          "μ": "mu", "θ": "theta", "ω": "omega", "σ": "sigma", "τ": "tau", "ζ": "zeta", "η": "eta"}
_NORMAL = str.maketrans({"‐": "-", "‑": "-", "‒": "-", "–": "-", "—": "-", "−": "-", "’": "'", "ʼ": "'", **_GREEK})
_TOKEN = re.compile(r"[\w][\w\-/+.']*[\w+]|[\w]")
_SPLIT_SUFFIX = re.compile(r"-([a-z]{3,}(?:ed|ing)|like|free|positive|negative|dependent|independent|specific|"
                           r"null|deficient|mediated|induced|related|associated|responsive|sensitive|resistant|"
                           r"based|derived|expressing|producing|containing|type|rich|high|low|bound)$")
_VARIANT = re.compile(r"[A-Z][a-z]?\d+[a-z]?|\d+[A-Z]")
_ENZYME = re.compile(r"[a-z]{3,}ases?")
_NOT_ENZYMES = {"base", "bases", "case", "cases", "phase", "phases", "release", "releases", "increase", "increases",
                "decrease", "decreases", "disease", "diseases", "ease", "cease", "purchase", "database", "databases",
                "erase", "please", "lease", "crease", "chase", "vase", "phrase", "phrases", "showcase"}


def _greek(text: str) -> str:
    return text.translate(_NORMAL) if not text.isascii() else text


def name_key(text: str) -> str:
    """The key a name is compared by: lower case, Greek spelled out, dashes unified, one space."""
    return " ".join(_greek(text).lower().replace("_", " ").split())


def loose_key(key: str) -> str:
    """The second try: hyphens dropped ("il-6" -> "il6", "tnf-alpha" -> "tnfalpha")."""
    return key.replace("-", "")


def symbol_key(text: str) -> str:
    """A symbol's key, case kept: "IL-6" -> "IL6"."""
    return _greek(text).replace("-", "")


def is_symbol(name: str) -> bool:
    """One token with capitals past its first letter: a symbol (WAS, mTOR, IL-6), not a capitalised word."""
    return " " not in name.strip() and any(ch.isupper() for ch in name[1:])


@lru_cache(maxsize=None)
def _word_list(name: str) -> frozenset[str]:
    lines = data_path(name).read_text(encoding="utf-8").splitlines()
    return frozenset(name_key(line) for line in lines if line.strip() and not line.startswith("#"))


def stop_words() -> frozenset[str]:
    return _word_list("entity_stop_words.txt")


def generic_nouns() -> frozenset[str]:
    return _word_list("generic_nouns.txt")


@lru_cache(maxsize=1)
def _function_words() -> frozenset[str]:
    return frozenset().union(*(role(r) for r in ("determiner", "preposition", "coordinator", "negation",
                                                 "relative", "subordinate")))


def refusal(name: str) -> str | None:
    """Why `name` is never an entity name, or None: "a generic noun" (kb/generic_nouns.txt: "same",
    "buffers", "patients", "HR"), or "a number, unit or function word" when every word of it is one
    ("5 nM", "at 5", "nM", "of the")."""
    key = name_key(name)
    if not key:
        return "a number, unit or function word"
    if key in generic_nouns():
        return "a generic noun"
    words = name.strip().split()
    if all(is_quantity_word(w) or w.lower() in _function_words() for w in words):
        return "a number, unit or function word"
    return None


def modifier_heads() -> frozenset[str]:
    return _word_list("entity_modifier_heads.txt")


@lru_cache(maxsize=65536)
def _zipf(word: str) -> float:
    from wordfreq import zipf_frequency

    return zipf_frequency(word, "en")


def is_common_word(key: str, threshold: float = COMMON_ZIPF) -> bool:
    """A name key that is an English word: in the stop list, or one alphabetic word this frequent."""
    if key in stop_words() or key in generic_nouns():
        return True
    return " " not in key and key.replace("'", "").isalpha() and _zipf(key) >= threshold


def word_spans(text: str) -> list[tuple[int, int]]:
    """Token offsets: hyphenated names whole, a participle or adjective after a last hyphen split off
    ("IL-6-induced" -> "IL-6", "-induced"), a final dot dropped."""
    out = []
    for m in _TOKEN.finditer(text):
        start, end = m.span()
        while end > start + 1 and text[end - 1] == ".":
            end -= 1
        tail = _SPLIT_SUFFIX.search(text, start, end)
        if tail and tail.start() > start:
            out += [(start, tail.start()), (tail.start() + 1, end)]
        else:
            out.append((start, end))
    return out


def _next_word(text: str, end: int) -> tuple[str, int]:
    m = re.match(r"[ -](\w[\w\-']*)", text[end:])
    return (m.group(1), end + m.end()) if m else ("", end)


_NAME_NOUNS = {"enzyme", "enzymes", "factor", "factors", "protein", "proteins", "hormone", "hormones"}


def head_after(text: str, end: int) -> int | None:
    """Where a head noun that makes the name ending at `end` a modifier ends, or None: "dengue"
    before "fever", "tyrosine" before "kinase", "Apolipoprotein" before "E4", "angiotensin" before
    "-converting enzyme"."""
    compound = re.match(r"-([a-z]{3,}(?:ed|ing))\s+(\w+)", text[end:])
    if compound and (compound.group(2).lower() in _NAME_NOUNS or compound.group(2).lower() in modifier_heads()):
        return end + compound.end()
    word, stop = _next_word(text, end)
    if not word:
        return None
    low = word.lower()
    if low in modifier_heads() or (_ENZYME.fullmatch(low) and low not in _NOT_ENZYMES):
        return stop
    if _VARIANT.fullmatch(word):
        return stop
    return None


def after_substituent(text: str, start: int) -> bool:
    """The name follows a chemical substituent ("α-tocopheryl acetate", "methyl salicylate")."""
    m = re.search(r"(\w+)\s$", text[:start])
    return bool(m and m.group(1).lower().endswith("yl") and len(m.group(1)) > 4)
