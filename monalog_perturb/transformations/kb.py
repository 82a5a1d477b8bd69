"""KBIN's transformations (Wright et al. 2022, section 4): an entity swapped for a same-type sibling
in a knowledge source, and the paper's baselines (a random same-type concept; masked-LM infilling)."""
from __future__ import annotations

import random
import re
from collections import Counter

from monalog_perturb.backends.mlm import MaskFiller
from monalog_perturb.bio.abbreviations import Abbreviation, best_long_form, find_abbreviations
from monalog_perturb.bio.grammatical_number import plural, singular
from monalog_perturb.bio.surface import is_plural
from monalog_perturb.bio.names import is_symbol
from monalog_perturb.bio.swaps import (ACRONYM_AFTER, LONGER_TERM, RELATED, acronym_after, in_longer_term,
                                        related_names)
from monalog_perturb.candidate import Candidate
from monalog_perturb.knowledge.linking import ConceptVectors, EntityLinker, Link
from monalog_perturb.knowledge.sources import Concept, exclusive_siblings, norm
from monalog_perturb.transformations.base import Transformation


_SEGMENT = re.compile(r"[^\s\-/]+")
_DOTTED = re.compile(r"[A-Za-z]\.[A-Za-z]")                  # "B.a.l."
_CODE = re.compile(r"[A-Za-z]{1,4}-?\d{2,}[A-Za-z]?")        # "sa79", "SCH-58261": a compound code
_LOWER_LETTER = re.compile(r"(?<!\S)[a-z](?!\S)")           # "d glutamine", "Android f"
_SYLLABLES = re.compile(r"[A-Za-z]+(?:-[a-z]+){2,}")          # "Trans-ver-sal": a brand spelled out
_ACRONYM = re.compile(r"[A-Z][A-Za-z0-9\-]{1,9}")


def match_case(form: str, original: str, initial: bool | None = None) -> str:
    """A sibling's name cased like the text it replaces: Title-case words of a source's name ("Adenine
    Nucleotides", "C-Peptide") lower-case ("adenine nucleotides", "C-peptide"), symbols and acronyms as
    written (HRAS, mRNA, DNA), the first letter a capital when the replaced text starts the sentence
    (`initial`; None: when `original` is a capitalised word rather than a symbol)."""
    if initial is None:
        initial = original[:1].isupper() and not is_symbol(original)
    out = _SEGMENT.sub(lambda m: m.group(0).lower() if len(m.group(0)) > 1 and m.group(0)[0].isupper()
                       and m.group(0)[1:].isalpha() and m.group(0)[1:].islower() else m.group(0), form)
    if initial and out[:1].islower() and not is_symbol(out.split()[0]):
        out = out[:1].upper() + out[1:]
    return out


def usable_name(form: str, linker: EntityLinker | None = None) -> bool:
    """A name a writer would use in a claim: not a MeSH inverted form ("Oxide, Nitric"), a dotted
    abbreviation ("B.a.l."), a compound code ("sa79"), a lower-case letter standing alone ("d glutamine",
    "Android f"), a brand spelled in syllables ("Trans-ver-sal"), longer than five words, or a common English word."""
    return bool(form) and len(form) >= 3 and not any(c in form for c in ",;[]()") and not _DOTTED.search(form) \
        and not _CODE.fullmatch(form) and not _LOWER_LETTER.search(form) and not _SYLLABLES.fullmatch(form) \
        and len(form.split()) <= 5 and not (linker is not None and linker.is_word(form))


def uninvert(name: str) -> str:
    """MeSH's inverted name in reading order: "DNA, Chloroplast" -> "Chloroplast DNA", "Chromosomal
    Proteins, Non-Histone" -> "Non-Histone Chromosomal Proteins"."""
    head, sep, modifier = name.partition(", ")
    return f"{modifier} {head}" if sep and "," not in modifier and modifier else name


def surface_form(concept: Concept, linker: EntityLinker | None = None) -> str | None:
    """The concept's preferred name (a MeSH inverted one put in reading order); an alias only when
    that name is unusable (the first usable one, in the source's order, never chosen by word
    frequency); None when no name is usable."""
    forms = [uninvert(concept.name)] + list(concept.surface_forms()[1:])
    return next((form for form in forms if usable_name(form, linker)), None)


def acronym(concept: Concept) -> str | None:
    """The concept's acronym: a short alias ("CKD", "AKI") whose letters spell its preferred name."""
    for alias in concept.surface_forms()[1:]:
        if _ACRONYM.fullmatch(alias) and sum(c.isupper() for c in alias) >= 2 and best_long_form(alias, concept.name):
            return alias
    return None


def _contains(a: str, b: str) -> bool:
    """One name holds the other as whole words ("recurrent meningitis", "meningitis"): a subtype or
    a broader term in all but its place in the source, not an alternative."""
    a, b = f" {norm(a)} ", f" {norm(b)} "
    return a in b or b in a


def _plural(word: str) -> bool:
    return len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "is", "us", "sis")) and word.isalpha()


def agree_in_number(form: str, original: str) -> str:
    """A source's plural class name ("Leucomycins", "mRNA Guanylyltransferases") in the singular where
    the replaced text is singular ("erythromycin"), so the verb still agrees."""
    last, orig = form.split(" ")[-1], original.split(" ")[-1]
    if not _plural(last) or _plural(orig) or not orig[-1:].isalpha() or is_symbol(last):
        return form
    single = last[:-3] + "y" if last.endswith("ies") else last[:-1]
    return form[:len(form) - len(last)] + single


def _plural_name(text: str) -> bool:
    """Whether a name's last word is a regular English plural ("migraines", "granulomas"; not "diabetes")."""
    last = text.rsplit(" ", 1)[-1]
    return not is_symbol(last) and singular(last) != last and is_plural(last)


def _sentence_initial(text: str, start: int) -> bool:
    before = text[:start].rstrip(" \"'(")
    return not before or before[-1] in ".!?:"


def _whole_words(text: str, word: str) -> list[tuple[int, int]]:
    return [m.span() for m in re.finditer(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", text)]


class SiblingReplacement(Transformation):
    """Every linked entity replaced by each of its top-N exclusive same-type siblings (same parent, not
    an ancestor, descendant or synonym), in the sibling's preferred name cased like the original; a
    "long form (ACRONYM)" pair and the acronym's other uses replaced with the sibling's name and
    acronym (the parenthesis dropped when it has none); every mention of the concept replaced alike.
    Not an entity that is part of a longer term or followed by a parenthesis the detector did not pair
    with it ("lamivudine (3TC)"), nor by a sibling whose name is a variant of the entity's; each such
    skip counted in `skipped` (reason -> entities or siblings)."""

    name = "kb-sibling"

    def __init__(self, linker: EntityLinker, vectors: ConceptVectors, top_n: int = 20) -> None:
        self.linker, self.vectors, self.top_n = linker, vectors, top_n
        self.skipped: Counter[str] = Counter()

    def _transform(self, candidate: Candidate) -> list[Candidate]:
        text, out, done = candidate.text, [], set()
        links = self.linker.mentions(text)
        pairs = find_abbreviations(text)
        for link in links:
            if link.concept.id in done:
                continue
            done.add(link.concept.id)
            pair = next((a for a in pairs if (a.long_start, a.long_end) == (link.start, link.end)), None)
            if pair is None and any(link.text == a.short or (link.start < max(a.long_end, a.short_end + 1)
                                                             and min(a.long_start, a.short_start) < link.end)
                                    for a in pairs):
                continue                     # an acronym defined for a long form, or overlapping a pair
            longer = in_longer_term(text, link.start, link.end)
            if longer or (pair is None and acronym_after(text, link.end)):
                self.skipped[LONGER_TERM if longer else ACRONYM_AFTER] += 1
                continue
            same = [other for other in links if other.concept.id == link.concept.id]
            siblings = exclusive_siblings(link.kb, link.concept, {norm(o.text) for o in same})
            siblings = [s for s in siblings if not _contains(s.name, link.concept.name)
                        and not (s.name.startswith("Abnormal") and not link.concept.name.startswith("Abnormal"))]
            for sibling, similarity in self.vectors.rank(link.concept, siblings)[:self.top_n]:
                if related_names(link.text, surface_form(sibling, self.linker) or sibling.name):
                    self.skipped[RELATED] += 1
                    continue
                edit = self._realise(text, same, pair, sibling)
                if edit is None:
                    continue
                start, end, new = edit
                out.append(candidate.edited(start, end, new, self.name, kb=link.kb.name, concept=link.concept,
                                            sibling=sibling, similarity=similarity))
        return out

    def _realise(self, text: str, same: list[Link], pair: Abbreviation | None,
                 sibling: Concept) -> tuple[int, int, str] | None:
        """The one span from the first to the last replaced part, and its new text."""
        name = surface_form(sibling, self.linker)
        if name is None:
            return None
        short = acronym(sibling)
        parts: list[tuple[int, int, str]] = []
        for link in same:
            symbol = is_symbol(link.text) or any(c.isdigit() for c in link.text)
            form = short if short and symbol and " " not in link.text else agree_in_number(name, link.text)
            if not symbol and _plural_name(link.text) and not _plural_name(form):
                many = plural(form)           # "migraines" -> "cluster headaches"
                if many is None:
                    return None
                form = many
            parts.append((link.start, link.end, match_case(form, link.text, _sentence_initial(text, link.start))))
        if pair is not None:
            if short:
                parts.append((pair.short_start, pair.short_end, short))
            else:                                       # no acronym: " (CKD)" goes
                open_ = text.rfind("(", 0, pair.short_start)
                close = text.find(")", pair.short_end)
                gap_start = open_ - 1 if open_ > 0 and text[open_ - 1] == " " else open_
                parts.append((gap_start, close + 1, ""))
            definition = (min(pair.long_start, pair.short_start), max(pair.long_end, pair.short_end) + 1)
            for start, end in _whole_words(text, pair.short):
                if not definition[0] <= start < definition[1]:
                    parts.append((start, end, short or match_case(name, pair.short, _sentence_initial(text, start))))
        parts = sorted({(s, e): (s, e, new) for s, e, new in reversed(parts)}.values())
        if any(a[1] > b[0] for a, b in zip(parts, parts[1:])):
            return None
        start, end = parts[0][0], max(p[1] for p in parts)
        pieces, pos = [], start
        for s, e, new in parts:
            pieces += [text[pos:s], new]
            pos = e
        pieces.append(text[pos:end])
        new_text = "".join(pieces)
        return None if new_text == text[start:end] else (start, end, new_text)


class RandomSameType(Transformation):
    """Baseline: each linked entity replaced by concepts of the same type drawn at random (seeded)."""

    name = "random-same-type"

    def __init__(self, linker: EntityLinker, rng: random.Random, samples: int = 5) -> None:
        self.linker, self.rng, self.samples = linker, rng, samples

    def _transform(self, candidate: Candidate) -> list[Candidate]:
        out = []
        for link in self.linker.mentions(candidate.text):
            pool = sorted(cid for cid, c in link.kb.concepts.items()
                          if c.type == link.concept.type and cid != link.concept.id)
            for cid in self.rng.sample(pool, min(self.samples, len(pool))):
                other = link.kb.concepts[cid]
                name = surface_form(other) or other.name
                out.append(candidate.edited(link.start, link.end,
                                            match_case(name, link.text, _sentence_initial(candidate.text, link.start)),
                                            self.name, kb=link.kb.name,
                                            concept=link.concept, sibling=other, similarity=None))
        return out


class MaskedInfill(Transformation):
    """Baseline: the entity masked and refilled with a masked LM's top predictions (keyword infilling)."""

    name = "mlm-infill"

    def __init__(self, linker: EntityLinker, model: str, top_k: int = 5, device: str | None = None) -> None:
        self.linker, self.top_k, self.filler = linker, top_k, MaskFiller(model, device)

    def _transform(self, candidate: Candidate) -> list[Candidate]:
        out = []
        for link in self.linker.mentions(candidate.text):
            words = [w for w in self.filler.fill(candidate.text, link.start, link.end, self.top_k * 4)
                     if norm(w) != norm(link.text)]
            out += [candidate.edited(link.start, link.end, word, self.name, kb=link.kb.name, concept=link.concept,
                                     sibling=None, similarity=None) for word in words[:self.top_k]]
        return out
