"""A replacement's gender against the sentence's pronouns: "The man lost his keys" never becomes "The woman
lost his keys" (the genders of kb/augment.json's gender_nouns and gender_pronouns)."""
from __future__ import annotations

from typing import Sequence

from monalog.augment.readability import readability


def gender_clash(words: Sequence[str], old: str, new: str) -> bool:
    """Replacing `old` by `new` brings in a gender that a pronoun of the sentence contradicts."""
    check = readability()
    gender = check.gender(new)
    if gender is None or gender == check.gender(old):
        return False
    lowered = {w.lower() for w in words}
    return any(lowered & pronouns for g, pronouns in check.gender_pronouns.items() if g != gender)
