"""The phrases around a marked conclusion's entities, for BioNLI's entity rules: whether two entities
are related symmetrically (a swap would be entailed), an acronym in parentheses, whether a span is a
whole noun phrase, and the phrase an entity heads. Word classes come from `clauses`."""
from __future__ import annotations

import re

from monalog_perturb.bio.clauses import (MARKER_PAIRS, PUNCT, frame_end, is_surface_adverb, is_aux, role, verb_base,
                                         verb_forms, words)
from monalog_perturb.bio.lexicon import NEGATABLE

_PAREN = re.compile(r"\s*\([^()]{1,20}\)")
_TOGETHER = re.compile(r"(?:in (?:combination|conjunction) with|combined with|together with|along with|plus|"
                       r"co-?administered with|coupled with|added to|in addition to|on top of|with added)")
# "the addition of X to Y", "adding X to Y": one combined therapy whichever is added to which
_ADDITION_BEFORE = re.compile(r"(?:\baddition of|\badding|\badd-on of|\badded)\s*(?:the\s+)?$", re.IGNORECASE)


def symmetric_swap(text: str, first: tuple[int, int], second: tuple[int, int]) -> bool:
    """Whether swapping the spans `first` and `second` (character offsets, first before second) gives
    a sentence the original entails because the relation reads the same both ways: the two are items
    of one list ("X and Y", "X, Y and Z"), or only a symmetric connector is between them ("X is
    associated with Y", "X interacts with Y in mice") with only a determiner before the first and
    nothing but a prepositional phrase or the end after the second."""
    gap = _PAREN.sub(" ", re.sub(r"</?(?:re|er|el|le)>", " ", text[first[1]:second[0]]))   # "X (FA) and Y"
    if _TOGETHER.fullmatch(gap.strip().lower()):
        return True                                   # "X in combination with Y", "X plus Y", "X added to Y"
    if gap.strip().lower() in ("to", "on") and _ADDITION_BEFORE.search(
            re.sub(r"</?(?:re|er|el|le)>", " ", text[:first[0]]).rstrip() + " "):
        return True                                   # "the addition of X to Y": the same combination
    joining = re.findall(r"[\w/]+|,", gap.lower())
    if any(t in role("coordinator") for t in joining) and all(_in_list(t) for t in joining):
        return True                                   # "X and Y", "X, Y and Z", "X or human Y": a list
    between = words(_PAREN.sub(" ", text[first[1]:second[0]]))   # "X (DBP) is associated with Y"
    rest = [w.low for w in between if not (is_aux(w) or is_surface_adverb(w) or w.low in {"be", "been", "being"}
                                           or w.low in role("determiner") or w.low in role("head"))]
    if not rest or not all(word in role("symmetric") for word in rest) or \
            all(word in {"with", "to", "as", "from"} for word in rest):
        return False
    before, after = words(text[:first[0]]), words(text[second[1]:])
    while after and after[0].low in role("head"):     # "X levels correlate with Y levels in mice"
        after = after[1:]
    before = before[frame_end(before):]               # "These data suggest that X binds Y"
    return all(w.low in role("determiner") for w in before) and \
        (not after or after[0].low in role("preposition"))


def _in_list(token: str) -> bool:
    """Whether a word between two entities keeps them items of one list: a coordinator, determiner,
    comma or a modifier ("X and human Y"), not a verb, auxiliary or preposition ("X inhibits Z and Y")."""
    if token in role("coordinator") or token in role("determiner") or token == "," or token in role("head"):
        return True                                   # "X levels and Y levels"
    return not (token in verb_forms() or token in NEGATABLE or token in role("preposition")
                or token in role("relative") or token in role("subordinate") or token in role("negation")
                or verb_base(token) is not None)


def parenthesis_after(text: str, opening: str) -> tuple[int, int] | None:
    """The span of a short parenthesis right after an entity's closing marker ("folic acid (FA)")."""
    end = text.index(MARKER_PAIRS[opening], text.index(opening)) + len(MARKER_PAIRS[opening])
    m = _PAREN.match(text, end)
    return (m.start(), m.end()) if m else None


def in_parentheses(text: str, opening: str) -> bool:
    """Whether an entity is the whole content of a parenthesis ("gross domestic product (<re> GDP <er>)"):
    an acronym of the name before it, which no other name can replace."""
    begin = text.index(opening)
    end = text.index(MARKER_PAIRS[opening], begin) + len(MARKER_PAIRS[opening])
    return text[:begin].rstrip().endswith("(") and text[end:].lstrip().startswith(")")


def _boundary(token: str, first: bool) -> bool:
    low = token.strip(PUNCT).lower()
    if low in role("determiner") or low in role("preposition") or low in role("relative") \
            or low in role("subordinate") or low in role("coordinator") or low in role("negation"):
        return True
    if low in NEGATABLE or low == "cannot" or low.endswith("n't"):
        return True
    if low not in verb_forms() or first:
        return False
    return verb_forms()[low][0] != "past"          # "related", "induced": maybe a participle before a noun


def complete_phrase(text: str, span: tuple[int, int]) -> bool:
    """Whether text[span] is a whole noun phrase: the word before it and the word after it are
    function words, verbs or punctuation ("the expression of X is", not "Cholesterol loading" or
    "the transcriptional activity of X")."""
    before = re.sub(r"</?(?:re|er|el|le)>", " ", text[:span[0]]).rstrip()
    after = re.sub(r"</?(?:re|er|el|le)>", " ", text[span[1]:]).lstrip()
    if before and before[-1] not in ",;:(\"'":
        tokens = before.split()
        if not _boundary(tokens[-1], len(tokens) == 1):
            return False
    if after and after[0] not in ".,;:)!?\"'":
        if not _boundary(after.split()[0], False) and after.split()[0].lower() not in verb_forms():
            return False
    return True


def entity_phrase(text: str, opening: str) -> tuple[int, int]:
    """The character span of the phrase an entity heads, markers included: its parenthesis ("folic
    acid (FA)"), head nouns after it ("<el> IL6 <le> release", "<re> TNF <er> levels") and a head with
    "of" before it, its determiner and premodifiers included ("the increased expression of <el> IL6 <le>")."""
    closing = MARKER_PAIRS[opening]
    begin = text.index(opening)
    end = text.index(closing, begin) + len(closing)
    paren = parenthesis_after(text, opening)
    if paren:
        end = paren[1]
    rest = re.match(r"(?:\s+([A-Za-z][\w-]*))(?:\s+([A-Za-z][\w-]*))?", text[end:])
    if rest and not paren:
        for group in (1, 2):
            word = rest.group(group)
            if word is None or word.lower() not in role("head"):
                break
            end = end + rest.end(group)
    before = text[:begin]
    m = re.search(r"\b([A-Za-z][\w-]*)\s+of\s+(?:the\s+)?$", before)
    if m and m.group(1).lower() in role("head"):
        begin = m.start(1)
        for _ in range(2):
            left = re.search(r"\b([A-Za-z][\w-]*)\s+$", text[:begin])
            low = left.group(1).lower() if left else ""
            if low not in role("premodifier") and low not in {"the", "a", "an"}:
                break
            begin = left.start(1) if left else begin
            if low in {"the", "a", "an"}:
                break
    return begin, end
