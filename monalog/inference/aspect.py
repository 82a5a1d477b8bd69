"""The imperfective paradox (Dowty 1979): "Smith was writing a report" does not say the report was
written; he may have stopped. A past progressive with a complement (an event that ends when done) gives
no proof of the same verb in another form ("wrote", "has written"), nor a contradiction of its negation
("did not write"); without one ("Smith was running") the event held at once, so "Smith ran" follows as the
lemmas say."""
from __future__ import annotations

from monalog.ccg.category import Functor
from monalog.ccg.tree import Tree, leaves

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
        category = words[j].category if j < len(words) else None
        if isinstance(category, Functor) and words[j].token.word.lower().endswith("ing") \
                and str(category.result.without_features()) == "S\\NP":
            progressive.add(words[j].token.lemma.lower())
    return next((lemma for leaf in leaves(hypothesis) if (lemma := leaf.token.lemma.lower()) in progressive
                 and leaf.token.pos.startswith("VB") and not leaf.token.word.lower().endswith("ing")), None)
