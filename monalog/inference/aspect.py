"""Tense and aspect the lemma key does not see. The imperfective paradox (Dowty 1979): "Smith was writing a
report" does not say the report was written; he may have stopped. A past progressive with a complement (an event
that ends when done) gives no proof of the same verb in another form ("wrote", "has written"), nor a
contradiction of its negation ("did not write"), and a present one ("is writing a report") none of its past;
without one ("Smith was running") the event held at once, so "Smith ran" follows as the lemmas say. And a past
gives no present: "Tom lived in Paris in 1990" says nothing of now ("Tom lives in Paris"); SICK's present
progressive and simple present stay one."""
from __future__ import annotations

from typing import Sequence

from monalog.ccg.category import Functor
from monalog.ccg.tree import Leaf, Tree, leaves
from monalog.inference.negation import main_clause
from monalog.inference.plain_negation import head_verb
from monalog.inference.treeops import AUXILIARIES, node_at
from monalog.text.morphology import past_tense, third_person

_PAST_BE = frozenset({"was", "were"})
PRESENT_BE = frozenset({"is", "are", "am", "'s", "'re", "'m"})     # also augment/generics.py's copulas
_PAST = frozenset({"was", "were", "did", "had"})
_PRESENT = PRESENT_BE | {"does", "do", "has", "have"}


def unfinished(premise: Tree, hypothesis: Tree) -> str | None:
    """The verb (its lemma) the premise has in a past progressive with a complement ("was writing a
    report") and the hypothesis in a form other than its -ing form ("wrote", "has written", "did not
    write"), or in a present progressive ("is writing a report") and the hypothesis in its past, else None."""
    words = leaves(premise)
    progressive = _progressive(words, _PAST_BE)
    progressive -= set(_finished(words))                       # "... and a man cut a tomato": said done
    found = next((lemma for lemma in _finished(leaves(hypothesis)) if lemma in progressive), None)
    present = _progressive(words, PRESENT_BE)
    h_words = leaves(hypothesis)
    return found or next((leaf.token.lemma.lower() for i, leaf in enumerate(h_words)
                          if leaf.token.lemma.lower() in present and _past(leaf)
                          and not (i and h_words[i - 1].token.lemma.lower() in AUXILIARIES)), None)    # "is played"


def past_to_present(premise: Tree, hypothesis: Tree) -> str | None:
    """The premise's main verb when it is in the past and the hypothesis's in the present (not its perfect:
    "Tom left" ≤ "Tom has left"), else None. By the word's form, the tag where the two forms are one ("put")."""
    p_verb, h_verb = _main_verb(premise), _main_verb(hypothesis)
    if p_verb is None or h_verb is None or p_verb.token.word.lower() == h_verb.token.word.lower() \
            or not _past(p_verb):
        return None                 # one word ("read", "read"): its two tags are the tagger's guesses
    word, lemma = h_verb.token.word.lower(), h_verb.token.lemma.lower()
    present = word in _PRESENT or word == third_person(lemma) or (
        word == lemma and (past_tense(lemma) != lemma or h_verb.token.pos in ("VBP", "VBZ")))
    return p_verb.token.word if present and word not in ("has", "have", "'s", "'ve") else None


def _main_verb(tree: Tree) -> Leaf | None:
    """The finite verb of the main clause (plain_negation.head_verb), or None."""
    clause = main_clause(tree)
    found = head_verb(node_at(tree, clause[1])) if clause else None
    verb = node_at(tree, clause[1] + found) if clause and found is not None else None
    return verb if isinstance(verb, Leaf) else None


def _past(leaf: Leaf) -> bool:
    """A past form: "was", "did", "lived", "left", or one spelt as its base form and tagged past ("put")."""
    word, lemma = leaf.token.word.lower(), leaf.token.lemma.lower()
    return word in _PAST or (word == past_tense(lemma) and (word != lemma or leaf.token.pos == "VBD"))


def _progressive(words: Sequence[Leaf], be: frozenset[str]) -> set[str]:
    """The lemmas of the verbs in a progressive with one of the forms `be` and a complement."""
    found = set()
    for i, leaf in enumerate(words):
        if leaf.token.word.lower() not in be:
            continue
        j = i + 1
        while j < len(words) and words[j].token.pos.startswith("RB"):
            j += 1                                      # "was quickly crossing"
        category, lemma = (words[j].category, words[j].token.lemma.lower()) if j < len(words) else (None, "")
        if isinstance(category, Functor) and words[j].token.word.lower().endswith("ing") \
                and str(category.result.without_features()) == "S\\NP" and lemma not in AUXILIARIES:
            found.add(lemma)                              # not "was being kicked"
    return found


def _finished(words: Sequence[Leaf]) -> list[str]:
    """The lemmas of the verbs among `words` in a form other than -ing."""
    return [leaf.token.lemma.lower() for leaf in words
            if leaf.token.pos.startswith("VB") and not leaf.token.word.lower().endswith("ing")]
