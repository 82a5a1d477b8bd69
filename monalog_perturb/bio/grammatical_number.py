"""English number of a name's last word, for a name found or written in the plural ("migraines",
"granulomas"): the singular to look it up by, and the plural a replacement takes. Where the plural is
not regular (Latin "-us", "-um", "-on", "-ae"; a symbol) there is none, and the caller skips."""
from __future__ import annotations

import re

_SIBILANT = re.compile(r"(?:s|x|z|ch|sh)$")
_IRREGULAR = ("us", "um", "on", "ae", "ia", "ex", "ix")


def singular(name: str) -> str:
    """`name` with its last word in the singular when that word is a regular plural ("migraines" ->
    "migraine", "therapies" -> "therapy", "boxes" -> "box"); `name` itself otherwise."""
    head, sep, last = name.rpartition(" ")
    low = last.lower()
    if len(low) <= 3 or not low.endswith("s") or low.endswith(("ss", "us", "is", "ous")):
        return name
    if low.endswith("ies") and len(low) > 4:
        single = last[:-3] + "y"
    elif low.endswith("es") and _SIBILANT.search(low[:-2]):
        single = last[:-2]
    else:
        single = last[:-1]
    return head + sep + single


def plural(name: str) -> str | None:
    """`name` with its last word in the plural ("cluster headache" -> "cluster headaches", "carcinoma"
    -> "carcinomas", "artery" -> "arteries", "prostatic calculus" -> None, "atherosclerosis" -> None); None
    when the word is a symbol or its plural is not regular."""
    head, sep, last = name.rpartition(" ")
    low = last.lower()
    if not low.isalpha() or low != last.lower() or any(c.isupper() for c in last[1:]) or len(low) < 3:
        return None
    if low.endswith(_IRREGULAR) or low.endswith("s"):       # "atherosclerosis": a condition, no count
        return None
    if low.endswith("y") and low[-2] not in "aeiou":
        return head + sep + last[:-1] + "ies"
    if _SIBILANT.search(low):
        return head + sep + last + "es"
    return head + sep + last + "s"
