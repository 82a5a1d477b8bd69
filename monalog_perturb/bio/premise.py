"""What a record's premise says about entities, so that SRE/SREO do not make an entailed "negative":
which entities it describes as behaving alike ("X and Y had the same effect", "X, like Y, ...",
"both X and Y", "similar to"), and whether it already states the claim a replacement would make."""
from __future__ import annotations

import re
from functools import lru_cache

from monalog_perturb.bio.clauses import negated, roles, words
from monalog_perturb.bio.lexicon import regulation_directions
from monalog_perturb.bio.records import strip_markers
from monalog_perturb.bio.sentences import split_sentences


@lru_cache(maxsize=4096)
def name_pattern(name: str) -> re.Pattern:
    """A name matched whole, case-insensitively, with hyphens, spaces and slashes optional between its
    letters and digits ("IL-6" finds "IL6" and "il 6", "IL6" finds "IL-6")."""
    chunks = [re.escape(c) for c in re.findall(r"[^\W\d_]+|\d+", name)]
    if not chunks:
        return re.compile(r"(?!x)x")
    return re.compile(r"(?<![\w])" + r"[\s\-/]*".join(chunks) + r"(?![\w])", re.IGNORECASE)


def mentions_name(text: str, name: str) -> bool:
    return name_pattern(name).search(text) is not None


@lru_cache(maxsize=1024)
def sentences(premise: str) -> tuple[str, ...]:
    return tuple(split_sentences(premise))


def _coordinated(between: str) -> bool:
    """Whether the text between two names only joins them ("and", "or", ", ", "/", "as well as")."""
    tokens = re.findall(r"[\w/]+|,", between.lower())
    coordinators, determiners = roles().get("coordinator", frozenset()), roles().get("determiner", frozenset())
    if not tokens or not all(t in coordinators or t in determiners for t in tokens):
        return between.strip() == "/"
    return any(t in coordinators for t in tokens)


def alike(premise: str, entity: str, candidate: str) -> bool:
    """Whether the premise describes `candidate` as behaving like `entity`: a sentence names both with
    a word of likeness (same, similar, like, both, also, comparable, mimic, ...), likens them with
    "as" between them ("X was as effective as Y", "X acts as Y") or coordinates them ("X and Y",
    "X, Y and Z", "X or Y", "X/Y", "X as well as Y")."""
    cues = roles().get("alike", frozenset()) - {"well"}
    for sentence in sentences(premise):
        a = [m.span() for m in name_pattern(entity).finditer(sentence)]
        b = [m.span() for m in name_pattern(candidate).finditer(sentence)]
        if not a or not b:
            continue
        if set(re.findall(r"[a-z]+", sentence.lower())) & cues:
            return True
        for x in a:
            for y in b:
                first, second = sorted((x, y))
                between = sentence[first[1]:second[0]]
                if first[1] <= second[0] and (_coordinated(between) or "as" in re.findall(r"[a-z]+", between.lower())):
                    return True
    return False


@lru_cache(maxsize=1024)
def _stems(hypothesis: str) -> frozenset[str]:
    """Stems (first five letters) of the claim's content words outside the entities."""
    skip = set().union(*(roles().get(r, frozenset()) for r in ("determiner", "preposition", "negation")))
    return frozenset(w.low[:5] for w in words(hypothesis)
                     if not w.entity and w.low.isalpha() and len(w.low) > 3 and w.low not in skip)


def states(premise: str, hypothesis: str, names: tuple[str, str]) -> bool:
    """Whether one premise sentence names both `names` (a new entity and the kept one) with every
    content word of the marked claim `hypothesis` outside its entities: the premise says the claim
    with the new entity in place."""
    stems = _stems(hypothesis)
    for sentence in sentences(premise):
        if all(mentions_name(sentence, n) for n in names):
            found = {w[:5] for w in re.findall(r"[a-z][a-z-]*", strip_markers(sentence).lower())}
            if stems <= found:
                return True
    return False


@lru_cache(maxsize=1024)       # VNeg and LPR ask it of the same record
def states_opposite(premise: str, hypothesis: str, names: tuple[str, str]) -> bool:
    """Whether a premise sentence names both entities with every other content word of the marked
    conclusion, but with the opposite polarity: one negated and the other not ("X does not increase
    Y"), or a regulation word reversed ("X decreases Y" against "X increases Y"). Such a premise
    contradicts its own conclusion (in BioNLI's stand-in records: a neighbouring claim), and a polarity
    flip of the conclusion (VNeg, LPR) would be entailed, not a negative."""
    directions = regulation_directions()
    claim = strip_markers(hypothesis)
    claim_words = set(re.findall(r"[a-z][a-z-]*", claim.lower()))
    stems = {s for s in _stems(hypothesis) if not any(w.startswith(s) for w in claim_words if w in directions)}
    claim_negated = negated(claim)
    for sentence in sentences(premise):
        plain = strip_markers(sentence)
        found = set(re.findall(r"[a-z][a-z-]*", plain.lower()))
        if not all(mentions_name(plain, n) for n in names) or not stems <= {w[:5] for w in found}:
            continue
        own = {directions[w] for w in found - claim_words if w in directions}
        other = {directions[w] for w in claim_words - found if w in directions}
        reversed_word = any(g == h and a != b for g, a in own for h, b in other)
        if (negated(plain) != claim_negated) != reversed_word:
            return True
    return False


@lru_cache(maxsize=1024)
def states_variant(premise: str, hypothesis: str, names: tuple[str, str]) -> bool:
    """Whether a premise sentence names both entities with nearly every content word of the marked
    conclusion (all but two at most, two thirds at least) and differs from it: the premise makes the
    same claim about the same entities with the same or another predicate ("have shorter lifetime
    exposure to estrogen due to a decreased reproductive period" for "longer ... increased"; "are immune
    to diet-induced obesity" for "have increased susceptibility"). A polarity flip of the conclusion
    may then be what the premise says, in words `states_opposite` does not read."""
    stems = _stems(hypothesis) - {"have", "been", "bein", "does", "were", "shows", "found"}   # light verbs
    if len(stems) < 3:
        return False
    claim = " ".join(strip_markers(hypothesis).split()).lower()
    for sentence in sentences(premise):
        plain = strip_markers(sentence)
        if " ".join(plain.split()).lower() == claim or not all(mentions_name(plain, n) for n in names):
            continue
        found = {w[:5] for w in re.findall(r"[a-z][a-z-]*", plain.lower())}
        shared = len(stems & found)
        if len(stems) - shared <= 2 and 3 * shared >= 2 * len(stems):
            return True
    return False
