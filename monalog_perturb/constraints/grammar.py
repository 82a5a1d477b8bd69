"""Offline grammar checks for mutated claims: the errors word-level mutations make (a negated
reporting frame, a double negation, "not" before a finite verb, a do-support or subject-verb
agreement slip). Each check names what it found, so a rejected child can be explained."""
from __future__ import annotations

import re

from monalog_perturb.bio import clauses

_AUXILIARIES = frozenset(clauses.NEGATABLE)
_SINGULAR_DETERMINERS = frozenset({"this", "that", "a", "an", "each", "every", "its"})
_PLURAL_DETERMINERS = frozenset({"these", "those", "both", "several", "many", "few"})
_SINGULAR_AUX = frozenset({"is", "was", "has", "does"})
_PLURAL_AUX = frozenset({"are", "were", "have", "do"})
_DOUBLE_NEGATION = re.compile(r"\bnot\s+(?:not|never|no|un\w+|lack\w*|fail\w*|in(?:effective|active|capable))\b"
                              r"|\b(?:no|never)\s+(?:not|never)\b", re.IGNORECASE)
_FIRST_BEFORE = re.compile(r"\b(?:first|initial)\s+(?:\w+\s+)?(?:minute|hour|day|week|month|year)s?\s+before\b",
                           re.IGNORECASE)
_NEGATIVE_SUBJECTS = frozenset({"no", "none", "nobody", "neither", "nothing"})
_TOKEN = re.compile(r"[A-Za-z][A-Za-z'-]*|\S")


def grammar_problem(text: str) -> str | None:
    """What makes `text` an ungrammatical or self-defeating claim, or None when nothing is found."""
    ws = [w.lower() for w in _TOKEN.findall(text)]
    for k, w in enumerate(ws):
        following = ws[k + 1:k + 4]
        if w in ("not", "n't") and any(f in clauses.report_forms() for f in following[:2]) and "that" in following:
            return "a negated reporting frame"
        if w in ("not", "never") and k and ws[k - 1] not in _AUXILIARIES and not ws[k - 1].endswith("n't"):
            nxt = next((f for f in following if not f.endswith("ly")), "")
            if clauses.verb_forms().get(nxt, ("", ""))[0] in ("past", "3sg"):
                return f"\"{w}\" before the finite verb \"{nxt}\""
        if w in ("do", "does", "did") and following[:1] == ["not"] and len(following) > 1:
            form = clauses.verb_forms().get(following[1])
            if form is not None and form[0] != "base":
                return f"\"{w} not\" before \"{following[1]}\""
    if _FIRST_BEFORE.search(text):
        return "\"the first N days before\": a span counted from an event cannot precede it"
    if _DOUBLE_NEGATION.search(text) or (ws[:1] and ws[0] in _NEGATIVE_SUBJECTS and ("not" in ws or "n't" in ws)):
        return "a double negation"
    for k in (1, 2):
        if len(ws) > k and ((ws[0] in _PLURAL_DETERMINERS and ws[k] in _SINGULAR_AUX)
                            or (ws[0] in _SINGULAR_DETERMINERS and ws[k] in _PLURAL_AUX)):
            return f"\"{ws[0]} ... {ws[k]}\" do not agree"
    return None
