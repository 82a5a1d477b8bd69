"""Whether a word is an adjective's superlative ("oldest", "best"): such a word picks its referent, so a
deletion never takes it and an inference through its noun phrase is no special case ("the tallest
building in London" need not be the tallest in England)."""
from __future__ import annotations

from functools import lru_cache

from monalog.knowledge.wordnet import wordnet

_IRREGULAR = frozenset({"best", "worst", "least", "most", "eldest", "furthest", "farthest", "latest"})


@lru_cache(maxsize=20000)
def superlative(word: str) -> bool:
    """"oldest", "biggest", "earliest", "best": an adjective's superlative form, its base an adjective WordNet
    knows ("old", "big", "early"), itself no noun or verb ("forest", "guest") nor "modest"."""
    lower = word.lower()
    if lower in _IRREGULAR:
        return True
    if not lower.endswith("est") or len(lower) < 5 or lower == "modest" \
            or any(lower in (n.lower() for n in synset.lemma_names()) for synset in wordnet().synsets(lower)
                   if synset.pos() in "nv"):
        return False                            # a noun or verb of its own: "forest", "guest", "harvest"
    stem = lower[:-3]
    bases = {stem, stem + "e", stem[:-1] + "y" if stem.endswith("i") else stem,
             stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else stem}
    adjectives = wordnet().synsets
    return any(base != lower and (adjectives(base, "a") or adjectives(base, "s")) for base in bases)
