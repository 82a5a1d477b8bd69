"""The imperfective paradox (Dowty 1979): "Smith was writing a report" does not say the report was
written; he may have stopped. A past progressive with a complement (an event that ends when done) gives
no proof of the same verb in another form ("wrote", "has written"), nor a contradiction of its negation
("did not write"); without one ("Smith was running") the event held at once, so "Smith ran" follows as the
lemmas say."""
from __future__ import annotations

from typing import Sequence

from monalog.ccg.category import Functor
from monalog.ccg.tree import Leaf, Tree, leaves
from monalog.inference.treeops import AUXILIARIES

_PAST_BE = frozenset({"was", "were"})


def unfinished(premise: Tree, hypothesis: Tree) -> str | None:
    """The verb (its lemma) the premise has in a past progressive with a complement ("was writing a
    report") and the hypothesis in a form other than its -ing form ("wrote", "has written", "did not
    write"), else None."""
    words = leaves(premise)
    progressive = set()
    for i, leaf in enumerate(words):
        if leaf.token.word.lower() not in _PAST_BE:
            continue
        j = i + 1
        while j < len(words) and words[j].token.pos.startswith("RB"):
            j += 1                                      # "was quickly crossing"
        category, lemma = (words[j].category, words[j].token.lemma.lower()) if j < len(words) else (None, "")
        if isinstance(category, Functor) and words[j].token.word.lower().endswith("ing") \
                and str(category.result.without_features()) == "S\\NP" and lemma not in AUXILIARIES:
            progressive.add(lemma)                              # not "was being kicked"
    progressive -= set(_finished(words))                       # "... and a man cut a tomato": said done
    return next((lemma for lemma in _finished(leaves(hypothesis)) if lemma in progressive), None)


def _finished(words: Sequence[Leaf]) -> list[str]:
    """The lemmas of the verbs among `words` in a form other than -ing."""
    return [leaf.token.lemma.lower() for leaf in words
            if leaf.token.pos.startswith("VB") and not leaf.token.word.lower().endswith("ing")]
