"""A marked conclusion's shallow clause structure, enough to check BioNLI's rules against it: its words
(entity words flagged), which of them are in the main clause, the main clause's finite verb and
negation, whether the relation between the two entities reads the same both ways, and the phrase
each entity heads. Heuristics over word classes (kb/bionli_clause_words.tsv), not a parser: where
the structure is unclear they answer None, and the rules then skip rather than guess."""
from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from monalog.knowledge.wordnet import wordnet
from monalog.text.morphology import past_tense, third_person
from monalog_perturb.bio.clause_words import MARKER_PAIRS as MARKER_PAIRS, PUNCT as PUNCT, roles as roles
from monalog_perturb.bio.lexicon import NEGATABLE as NEGATABLE
from monalog_perturb.bio.clause_words import Word, is_aux, is_surface_adverb, role, verb_forms, words

_PLURAL_PRONOUNS = frozenset({"we", "they", "i", "you"})


@lru_cache(maxsize=4096)
def _verb_like(low: str) -> bool:
    """Whether a word can be a verb (a listed form, or one WordNet knows): a past form after it is a
    participle or an adjective ("generates induced cells")."""
    if low in verb_forms() or low == "to":
        return True
    if not low.isalpha():
        return False
    return wordnet().morphy(low, "v") is not None


def _other_verb(ws: Sequence[Word], k: int) -> bool:
    """An unlisted present-tense verb right after an entity, with an object after it ("<re> Emodin <er>
    forms hydrogen bonds"): WordNet knows the -s word as a verb, and the next word is a determiner or
    a word that cannot be a verb (not "<re> TNF <er> levels rise", "levels in", "levels are")."""
    word, previous = ws[k], ws[k - 1]
    low = word.low
    if not previous.entity or word.entity or not low.isalpha() or not low.endswith("s") \
            or low.endswith(("ss", "us", "is")) or k + 1 >= len(ws):
        return False
    following = ws[k + 1]
    if following.entity or following.low in role("preposition") or is_aux(following):
        return False
    return _verb_like(low) and (following.low in role("determiner") or not _verb_like(following.low))


def _unlisted_past(ws: Sequence[Word], k: int) -> bool:
    """An unlisted past-tense verb right after its subject (an entity or a plural noun) with its object
    noun phrase after it ("<re> Losartan <er> conferred significant renal benefits"): WordNet knows the
    -ed word as a verb whose past it is, and the next word is a determiner or an adjective that cannot
    be a verb or a noun (not "by", a preposition or a verb: a participle)."""
    word, previous = ws[k], ws[k - 1]
    low = word.low
    if word.entity or not low.isalpha() or not low.endswith("ed") or k + 1 >= len(ws) or low in verb_forms():
        return False
    if not (previous.entity or (previous.low.endswith("s") and previous.low.isalpha()
                                and not _verb_like(previous.low) and previous.low not in role("determiner"))):
        return False
    if verb_base(low) is None:
        return False
    following = ws[k + 1]
    return not following.entity and (following.low in role("determiner") or _adjective_only(following.low))


@lru_cache(maxsize=4096)
def _adjective_only(low: str) -> bool:
    """Whether WordNet knows a word as an adjective only ("significant", "renal"), never a noun or verb."""
    return low.isalpha() and wordnet().morphy(low, "a") is not None and wordnet().morphy(low, "n") is None \
        and not _verb_like(low)


@lru_cache(maxsize=4096)
def _modifier(low: str) -> bool:
    """A determiner, possessive or adjective: a verb form after it heads a noun phrase ("the present results")."""
    return low in role("determiner") or (low.isalpha() and wordnet().morphy(low, "a") is not None)


def _noun_read_as_verb(ws: Sequence[Word], k: int) -> bool:
    """Whether the verb form ws[k] is a noun (issue 50, item 2): after a determiner, possessive or
    adjective and before a base-form verb ("the present results support": the verb is "support"), or
    after an adjective that is nothing else and ending the noun phrase ("conferred significant renal
    benefits in ...", "... renal benefit.")."""
    previous = ws[k - 1] if k else None
    if previous is None or previous.entity or previous.comma:
        return False
    following = ws[k + 1] if k + 1 < len(ws) else None
    if following is not None and not following.entity and _modifier(previous.low) \
            and verb_forms().get(following.low, ("", ""))[0] == "base":
        return True
    ends_phrase = following is None or ws[k].comma or (not following.entity and following.low in role("preposition"))
    return ends_phrase and _adjective_only(previous.low)


def verb_base(low: str) -> tuple[str, str] | None:
    """(form: 3sg, past or base; base form) of a verb VNeg may negate: a listed one, else an -s word
    WordNet reads as a verb (3sg) or an -ed word that is the past of a verb WordNet knows."""
    form = verb_forms().get(low)
    if form is not None or not low.endswith(("s", "ed")):
        return form
    base = wordnet().morphy(low, "v")
    if base and low.endswith("ed"):                   # "conferred": a doubled consonant too
        return ("past", base) if low in (past_tense(base), f"{base}{base[-1]}ed") else None
    return ("3sg", base) if base else None


def finite(ws: Sequence[Word], k: int) -> str | None:
    """'aux' or 'verb' when ws[k] reads as the finite verb of its clause, else None: a regulation or
    claim verb counts unless it opens the sentence, follows a determiner, preposition or auxiliary
    (an adjective or a participle), is a noun read as a verb (`_noun_read_as_verb`), is a past form
    after a word that can be a verb ("reveal increased") or followed by "by" (a participle), or is
    followed by a verb (a noun: "results show")."""
    word = ws[k]
    if word.entity:
        return None
    previous = ws[k - 1] if k else None
    if is_aux(word):
        return None if previous is not None and previous.low == "to" else "aux"
    form = verb_forms().get(word.low)
    if form is None and previous is not None and (_other_verb(ws, k) or _unlisted_past(ws, k)):
        return "verb"
    if form is None or previous is None or _noun_read_as_verb(ws, k):
        return None
    kind, _ = form
    j = k - 1
    while j >= 0 and not ws[j].entity and is_surface_adverb(ws[j]):
        j -= 1
    if j >= 0 and not ws[j].entity and (is_aux(ws[j]) or ws[j].low in role("determiner")
                                        or ws[j].low in role("preposition")):
        return None                                   # "is ... reduced", "the (surgically) confirmed cases"
    if kind == "past" and not previous.entity and _verb_like(previous.low):
        return None                                   # "generates induced cells", "reveal increased risk"
    following = ws[k + 1] if k + 1 < len(ws) else None
    if following is not None and not following.entity:
        if kind == "past" and following.low == "by":
            return None
        if is_aux(following) or verb_forms().get(following.low, ("", ""))[0] == "3sg":
            return None
    if kind == "base" and not (previous.entity or previous.low.endswith("s") or previous.low in _PLURAL_PRONOUNS
                               or any(c.isdigit() for c in previous.low)):
        return None
    return "verb"


def _next_finite(ws: Sequence[Word], begin: int, sub: list[bool]) -> int | None:
    return next((k for k in range(begin, len(ws)) if not sub[k] and finite(ws, k)), None)


def main_clause(ws: Sequence[Word]) -> list[bool] | None:
    """For each word, whether it is in the main clause; None when the structure is unclear (a
    fronted subordinate clause without its comma, a relative clause in the subject without a
    second verb)."""
    n = len(ws)
    if not n:
        return None
    sub = [False] * n
    first = ws[0].low
    comma = next((i for i, w in enumerate(ws) if w.comma), None)
    if first in role("front") or first in role("opener"):
        if comma is not None:
            sub[:comma + 1] = [True] * (comma + 1)
        elif first in role("front"):
            return None
    i = 0
    while i < n:
        w = ws[i]
        if sub[i] or w.entity:
            i += 1
        elif w.low in ("than", "as") and _comparative_end(ws, i) > i:
            end = _comparative_end(ws, i)           # "larger reductions than did placebo": its own verb
            sub[i:end] = [True] * (end - i)
            i = end
        elif w.low in role("subordinate") and i and ws[i - 1].comma:
            j = i
            while j < n and not ws[j].comma:
                sub[j] = True
                j += 1
            if j < n:
                sub[j] = True
            i = j + 1
        elif w.low in role("relative"):
            if any(not sub[k] and finite(ws, k) for k in range(i)):
                sub[i:] = [True] * (n - i)
                break
            own = _next_finite(ws, i + 1, sub)               # the relative clause's verb
            if own is None:
                return None
            k = own + 1
            while k < n and (not finite(ws, k)):
                k += 1
            if k >= n:
                return None
            sub[i:k] = [True] * (k - i)
            i = k
        else:
            i += 1
    return [not s for s in sub]


def _comparative_end(ws: Sequence[Word], i: int) -> int:
    """The end of a comparative clause with its own verb opened by ws[i] ("than"/"as"): an auxiliary
    within three words and no comma ("than did single drug therapy", "than placebo did"); i when none."""
    for j in range(i + 1, min(i + 4, len(ws))):
        if is_aux(ws[j]):
            return next((c + 1 for c in range(j, len(ws)) if ws[c].comma), len(ws))
        if ws[j].comma:
            break
    return i


def _present_or_aux(ws: Sequence[Word], k: int) -> bool:
    """Whether ws[k] is an auxiliary or a present-tense verb not joined to a verb before it by and/or."""
    joined = k > 0 and (ws[k - 1].low in ("and", "or") or ws[k - 1].comma)
    return not joined and (finite(ws, k) == "aux" or verb_forms().get(ws[k].low, ("", ""))[0] in ("3sg", "base"))


def _first_finite(ws: Sequence[Word], mask: Sequence[bool]) -> int | None:
    """The first finite verb of the main clause. A past form is a participle ("genes involved in ...
    have", "ATM and Rad3 related protein are") when a preposition follows it and another finite verb
    comes later, or when an auxiliary or present-tense verb comes later."""
    found = [k for k in range(len(ws)) if mask[k] and finite(ws, k)]
    for i, k in enumerate(found):
        if (verb_base(ws[k].low) or ("", ""))[0] == "past":
            following = ws[k + 1] if k + 1 < len(ws) else None
            second = next((c for c in range(k, len(ws) - 1) if ws[c].comma and ws[c + 1].low in ("and", "but")),
                          len(ws))            # ", and it was well tolerated": another clause's verbs
            later = [j for j in found[i + 1:] if j < second]
            if later and following is not None and not following.entity and following.low != "and" \
                    and following.low in role("preposition"):
                continue
            if any(_present_or_aux(ws, j) for j in later):
                continue
        return k
    return None


@lru_cache(maxsize=1)
def report_forms() -> frozenset[str]:
    """Every form of a reporting verb ("concludes", "concluded", "shown")."""
    return frozenset(f for r in role("report") for f in (r, third_person(r), past_tense(r), r + "n"))


def _reported_clause(ws: Sequence[Word], k: int) -> int | None:
    """Where the reported claim starts when ws[k] opens a reporting frame with "that": active ("we
    conclude that", "results suggest that") or passive ("it is concluded that", "was shown that")."""
    j = k
    if is_aux(ws[k]):
        j = k + 1 + (k + 1 < len(ws) and ws[k + 1].low == "been")
        if j >= len(ws) or ws[j].low not in report_forms():
            return None
    else:
        form = verb_forms().get(ws[k].low)
        if not form or form[1] not in role("report"):
            return None
    return j + 2 if j + 1 < len(ws) and ws[j + 1].low == "that" else None


_FRAME_ADVERBS = frozenset({"therefore", "thus", "hence", "now", "here", "collectively", "together", "further"})
_FRAME_NOUNS = frozenset({"possibility", "hypothesis", "notion", "idea", "view", "concept", "conclusion"})


def frame_end(ws: Sequence[Word]) -> int:
    """Where the claim of a reporting frame that opens the text starts (the index after its "that"),
    or 0 when there is none: "These data suggest that", "Our behavioral results suggest that", "This
    suggests that", "We therefore conclude that", "It is concluded that", "These results support the
    hypothesis that" (issue 50, item 2). A frame
    holds no entity, and its verb is a reporting verb (kb/bionli_clause_words.tsv, role report) not
    after an article."""
    for t, w in enumerate(ws[:16]):
        if w.entity:
            return 0
        if w.low != "that" or t == 0:
            continue
        j = t - 1
        if j > 1 and ws[j].low in _FRAME_NOUNS and ws[j - 1].low in role("determiner"):
            j -= 2                                    # "support the hypothesis that"
        while j > 0 and (is_surface_adverb(ws[j]) or ws[j].low in _FRAME_ADVERBS):
            j -= 1
        found = ws[j].low in report_forms() and (j == 0 or ws[j - 1].low not in ("the", "a", "an"))
        return t + 1 if found else 0
    return 0


def claim_clause(ws: Sequence[Word]) -> list[bool] | None:
    """`main_clause` of the claim after a reporting frame (the frame's words out of it), or None."""
    start = frame_end(ws)
    mask = main_clause(ws[start:])
    return None if mask is None else [False] * start + mask


def main_verb(text: str) -> tuple[list[Word], int, str] | None:
    """The words, the index of the main clause's first finite verb and its kind ('aux' or 'verb'),
    or None when there is none or the clause structure is unclear. After a reporting frame ("These
    data suggest that X ...", `frame_end`) or a reporting verb with "that" ("models predict that X
    ..."), the claim's verb is the one of the clause that follows."""
    ws = words(text)
    offset = frame_end(ws)
    part = ws[offset:]
    while True:
        mask = main_clause(part)
        if mask is None:
            return None
        k = _first_finite(part, mask)
        if k is None:
            return None
        that = _reported_clause(part, k)
        if that is not None:
            offset, part = offset + that, part[that:]
            continue
        kind = finite(part, k)
        return (ws, offset + k, kind) if kind else None


def negation_words(ws: Sequence[Word], mask: Sequence[bool] | None = None) -> list[Word]:
    """The negations outside entities (in the main clause when `mask` is given): not, no, never,
    cannot, n't, fails to, unable, lacks, ..."""
    out = []
    for k, w in enumerate(ws):
        if w.entity or (mask is not None and not mask[k]):
            continue
        if w.low in {"fail", "fails", "failed"}:
            if k + 1 < len(ws) and ws[k + 1].low == "to":
                out.append(w)
        elif w.low in role("negation") or w.low.endswith("n't"):
            out.append(w)
    return out


def negated(text: str) -> bool:
    """Whether the conclusion's main clause (the whole sentence when its structure is unclear) is
    negated: "was not able to activate", "did not inhibit", "had no effect on", "failed to reduce";
    after a reporting frame, the claim's main clause, or the frame itself ("do not suggest that")."""
    ws = words(text)
    start = frame_end(ws)
    return bool(negation_words(ws[:start]) or negation_words(ws[start:], main_clause(ws[start:])))
