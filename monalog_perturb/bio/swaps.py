"""Checks on a same-type replacement of an entity A by B (issue 50, item 1), shared by BioNLI's
SRE/SREO and KBIN's sibling swap. No negative comes from a swap when B is only a variant of A's name
(singular/plural, case, hyphens: "TNF antagonist" -> "TNF antagonists"), when A is a part of a longer
term ("chronic lymphocytic leukemia": "leukemia" alone swapped), or when an acronym in parentheses
after A would be left behind ("lamivudine (3TC)" -> "entecavir (3TC)")."""
from __future__ import annotations

import re
from functools import lru_cache

from monalog_perturb.bio.clauses import role
from monalog_perturb.bio.names import is_common_word, loose_key, name_key, stop_words
from monalog_perturb.resources import data_path

VARIANT = "the new entity is a variant of the old one's name (number, case or hyphens)"
RELATED = "the new entity abbreviates, contains or is contained in the old one or the other entity"
WORD = "the new entity's name is also a common English word (Snail, Notch)"
NUMBER = "the new entity differs in grammatical number (the agreement would break)"
LONGER_TERM = "the entity is part of a longer term"
ACRONYM_AFTER = "an acronym in parentheses follows the entity"
GENERIC = "the new entity is a generic class name (growth factor, cytokine receptor)"
KIND = "the new entity is another kind of thing than the old one (a drug for mitochondrial DNA, a symbol for a name)"
REPEATED = "the entity is named again unmarked (\"therapy with <X> ... than X alone\": one would change)"
CLASS_ACRONYM = "the new entity abbreviates a plural class name (\"broadly neutralizing antibodies (bnAb)\")"
GENE_WORD = ("the entity is called a gene in the sentence and the new one is no gene symbol (\"the gene Aβ\") or names "
             "a FamPlex family (\"the gene H2B\")")
ONE_NAME = "the two entities have one name (\"<statins> ... <statin>-induced\": one mention would change)"

# head nouns that say what kind of thing a name is (its last word): a replacement keeps the kind
_KIND_HEADS = {
    **dict.fromkeys(("dna", "rna", "mrna", "mirna", "mtdna", "cdna", "nucleotide", "oligonucleotide"), "nucleic acid"),
    **dict.fromkeys(("acid",), "acid"), **dict.fromkeys(("receptor",), "receptor"),
    **dict.fromkeys(("factor",), "factor"), **dict.fromkeys(("antigen",), "antigen"),
    **dict.fromkeys(("hormone",), "hormone"), **dict.fromkeys(("antibody", "immunoglobulin"), "antibody"),
    **dict.fromkeys(("vaccine",), "vaccine"), **dict.fromkeys(("channel",), "channel"),
    **dict.fromkeys(("ion", "cation", "anion"), "ion"), **dict.fromkeys(("vitamin",), "vitamin"),
    **dict.fromkeys(("peptide", "polypeptide"), "peptide"), **dict.fromkeys(("complex",), "complex"),
    **dict.fromkeys(("therapy", "treatment"), "therapy"), **dict.fromkeys(("cell", "lymphocyte"), "cell"),
}
# nouns that name a class, not one entity; a name made of them and common words is generic
_CLASS_NOUNS = frozenset(("receptor", "factor", "cytokine", "kinase", "protein", "enzyme", "hormone", "antigen",
                          "antibody", "gene", "ligand", "channel", "transporter", "inhibitor", "agonist",
                          "antagonist", "drug", "compound", "molecule", "acid", "pathway", "chemokine",
                          "interleukin", "peptide", "steroid", "lipid", "vitamin", "mineral", "nutrient"))
_ENZYME_WORD = re.compile(r"[a-z]{3,}ases?")
_SYMBOL = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*")

_RELATIONAL = re.compile(r"[a-z][a-z-]{2,}(?:ic|al|ous|oid|ary|ive|ar)")
_ACRONYM = re.compile(r"\s*\(\s*([^\s()]{2,12})\s*\)")
_MARKERS = re.compile(r"</?(?:re|er|el|le)>")
_TERM_AFTER = re.compile(r"\s*(?:-(?:related|like|associated|type|specific)\s+[A-Za-z]"
                         r"|\s?[+-]\s*(?:[A-Z]\s+)?cells?\b)"
                         r"|-(?!(?:induced|mediated|deficient|null|positive|negative|"
                         r"treated|stimulated|driven|expressing|knockout|targeted|regulated|responsive)\b)[A-Za-z]"
                         # a compound ("<cholesterol>-lowering", "<G protein>-coupled"), not "<IL-6>-induced"
                         r"|\(s\)"                                     # "<histone chaperone>(s)"
                         r"|\s*/\s*[\w(]"                             # "<insulin>/insulin-like growth factor"
                         r"|\s+(?:replacement|resistance|resistant|sensitivity|tolerance|withdrawal|dependence|"
                         r"dependent)\b"                              # "<nicotine> replacement therapy"
                         r"|\s+(?:\d+[A-Za-z]?|[α-ωΑ-Ωß]|[A-Z])(?![\w-])")   # "<growth factor> 21", "<IκB kinase> β"
_ADJACENT = re.compile(r"\s*<(?:re|el)>")


def _singular(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        return word[:-1]
    return word


def name_variant(a: str, b: str) -> bool:
    """Whether `b` writes the same name as `a` up to number, case and hyphens ("IL-6"/"IL6",
    "TNF antagonist"/"TNF antagonists", "Statins"/"statin")."""
    def words(name: str) -> list[str]:
        return [_singular(w) for w in loose_key(name_key(name)).split()]

    return words(a) == words(b)


@lru_cache(maxsize=1)
def free_modifiers() -> frozenset[str]:
    """Adjectives that keep an entity a whole term (kb/free_modifiers.txt, premodifiers, qualifiers)."""
    lines = data_path("free_modifiers.txt").read_text(encoding="utf-8").splitlines()
    own = {line.strip() for line in lines if line.strip() and not line.startswith("#")}
    return frozenset(own | role("premodifier") | stop_words())


def in_longer_term(text: str, start: int, end: int | None = None) -> bool:
    """Whether the entity at text[start:end] is part of a longer term: right before it (markers
    apart) a lower-case relational adjective that is not a free modifier ("chronic lymphocytic
    <leukemia>", "pulmonary <hypertension>"; not "exogenous <IL-6>", "severe <asthma>") or a
    common word's "-induced", "-related" compound ("diet-induced <obesity>"), or, when
    `end` is given, a compound or a cell type right after it ("<retinoic acid receptor>-related orphan
    receptor", "<CD4> + T cell", "<CD4>+ cells"), a hyphenated compound ("<cholesterol>-lowering"),
    "(s)", a slash joining it to another name ("<insulin>/IGF-1"), a noun that makes it a fixed term
    ("<nicotine> replacement therapy", "<insulin> resistance"), a number, Greek letter or capital letter
    ending the name ("<growth factor> 21", "<IκB
    kinase> β"), or another marked name right beside it ("<human leukocyte antigen> <DR4>")."""
    if end is not None and (_TERM_AFTER.match(text, end) or _TERM_AFTER.match(_MARKERS.sub(" ", text[end:]))
                            or _ADJACENT.match(text, end)):
        return True                       # a compound, a numbered or lettered name, or a name right after it
    if re.search(r"<(?:er|le)>\s*(?:<(?:re|el)>\s*)?$", text[:start]):
        return True                       # right after another marked name: "<human leukocyte antigen> <DR4>"
    if re.search(r"[\w)]\s*/\s*$", _MARKERS.sub(" ", text[:start])):
        return True                       # one of two names joined by a slash: "insulin/<IGF-1> signaling"
    before = re.findall(r"[A-Za-z][A-Za-z-]*", _MARKERS.sub(" ", text[:start]))
    if not before:
        return False
    word = before[-1]
    fixed = re.fullmatch(r"([a-z]+)-(?:induced|related|associated|dependent|mediated|resistant|sensitive)", word)
    if fixed and is_common_word(fixed.group(1)):
        return True                       # "diet-induced <obesity>", "age-related <macular degeneration>"
    return word.islower() and _RELATIONAL.fullmatch(word) is not None and word not in free_modifiers()


def acronym_after(text: str, end: int) -> str | None:
    """The acronym in a parenthesis right after position `end` (closing markers apart), or None:
    "(3TC)", "(FA)", "(IL-6)"; not "(n = 12)", "(p < 0.05)", "(2019)"."""
    m = re.match(r"(?:\s*</?(?:re|er|el|le)>)*", text[end:])
    found = _ACRONYM.match(text, end + (m.end() if m else 0))
    if not found:
        return None
    short = found.group(1)
    if not any(c.isalpha() for c in short) or not any(c.isupper() or c.isdigit() for c in short):
        return None
    return short


def _tokens(key: str) -> list[str]:
    return [t for t in re.split(r"[\s\-/]+", key) if t]


def _abbreviates(short: list[str], long: list[str]) -> bool:
    """Token by token a prefix, numbers equal: "L-Arg" of "L-arginine" (not "IL-1" of "IL-10")."""
    return len(short) == len(long) and short != long and all(
        a == b if a.isdigit() or b.isdigit() else b.startswith(a) for a, b in zip(short, long))


def _initials(short: list[str], long: list[str]) -> bool:
    """A token of one is the initials of the other's words: "HLA-DR4 antigen" / "human leukocyte antigen"."""
    letters = "".join(w[0] for w in long if w[0].isalpha())
    return len(long) > 1 and any(len(t) > 1 and t == letters for t in short)


def related_names(a: str, b: str) -> bool:
    """Whether one name abbreviates, ends with or spells out the other, so that putting one for the other
    does not contradict: a class and its member ("statin" / "atorvastatin"), a modified name ("aspirin" /
    "low-dose aspirin"), an abbreviation ("L-Arg" / "L-arginine", "HLA-DR4 antigen" / "human leukocyte
    antigen"), besides `name_variant`."""
    if name_variant(a, b):
        return True
    ka, kb = (" ".join(_singular(w) for w in name_key(n).split()) for n in (a, b))
    short, long = sorted((ka, kb), key=len)
    if len(short) >= 4 and short.isascii() and long.endswith(short) and not short.replace(" ", "").isdigit():
        return True
    ta, tb = _tokens(ka), _tokens(kb)
    return _abbreviates(ta, tb) or _abbreviates(tb, ta) or _initials(ta, tb) or _initials(tb, ta)


def _shape(name: str) -> str:
    """'symbol' for one token with a digit, a Greek letter or a capital after its first letter ("IL-6",
    "HLA-DR4", "Aβ", "mTOR"), else 'name' ("varenicline", "raptor", "tumor necrosis factor")."""
    tokens = name.split()
    if len(tokens) == 1 and (any(c.isdigit() for c in name) or not name.isascii()
                             or any(c.isupper() for c in name[1:])):
        return "symbol"
    return "name"


def kind(name: str) -> str:
    """What kind of thing a name says it is, finer than its semantic type: the kind its head noun names
    (nucleic acid, receptor, factor, antigen, enzyme ...), else its shape (a symbol or a name)."""
    words = name_key(name).split()
    last = _singular(words[-1].split("-")[-1]) if words else ""
    if last in _KIND_HEADS:
        return _KIND_HEADS[last]
    if _ENZYME_WORD.fullmatch(last) and len(words) > 1:
        return "enzyme"
    return _shape(name)


def same_kind(a: str, b: str) -> bool:
    """Whether `b` may stand for `a` by kind (see `kind`)."""
    return kind(a) == kind(b)


def generic_class(name: str) -> bool:
    """Whether a name is a class, not one entity: its head noun is a class noun and every other word is a
    class noun or a common English word ("Growth Factor", "cytokine receptor", "receptor"; not
    "insulin receptor", "HLA-DR4 antigen")."""
    if any(c.isdigit() for c in name) or any(sum(c.isupper() for c in t) > 1 for t in name.split()):
        return False                     # "IL-6 receptor", "TNF receptor": a named member
    words = [_singular(w) for w in re.findall(r"[a-z]+", name_key(name))]
    if not words or words[-1] not in _CLASS_NOUNS:
        return False
    return all(w in _CLASS_NOUNS or is_common_word(w) for w in words)


def gene_symbol(name: str) -> bool:
    """Whether a name can follow "the gene": an ASCII symbol with a capital or digit ("APOE", "Sirt1")."""
    return _SYMBOL.fullmatch(name) is not None and any(c.isupper() or c.isdigit() for c in name)


def called_gene(text: str, start: int, end: int) -> bool:
    """Whether the marked name at text[start:end] is called a gene: "the gene <X>", "<X> gene"."""
    before = _MARKERS.sub(" ", text[:start]).split()
    after = _MARKERS.sub(" ", text[end:]).split()
    return bool(before and before[-1].lower() in ("gene", "genes")) or \
        bool(after and after[0].lower().strip(",.;") in ("gene", "genes"))
