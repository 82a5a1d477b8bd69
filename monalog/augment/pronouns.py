""""Someone" for a pronoun or name subject, the prover's edits/pronoun_subjects.py for generated
sentences: "She said three words" -> "Someone said three words", "We have no choice" -> "Some people have
no choice", "Tom left" -> "Someone left". Only the main clause's subject, never beside another form of the
same pronoun ("I bought a diary for my mom": whose mom?) or, for a name, a third person's pronoun ("Tom
loves his dog"), and with the verb made to agree where "I" took its own ("I don't" -> "Someone doesn't";
a verb whose form does not tell, none). Not beside another "someone" or "something" (vague_phrases.py)."""
from __future__ import annotations

from dataclasses import replace

from monalog.augment.vague_phrases import has_vague
from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree, leaves
from monalog.inference.edits.context import Edits, Nodes
from monalog.inference.edits.pronoun_subjects import generalised, step
from monalog.inference.negation import main_clause
from monalog.inference.treeops import Path, auxiliaries, node_at, replace_at, sentence_text, walk
from monalog.text.morphology import past_tense, third_person

_FORMS = {"i": {"my", "me", "mine", "myself"}, "he": {"his", "him", "himself"},
          "she": {"her", "hers", "herself"}, "we": {"our", "us", "ours", "ourselves"}}
_NAMED = _FORMS["he"] | _FORMS["she"] | {"he", "she"}     # a name's pronouns: "Tom loves his dog"
_FIRST_PERSON = {"am": "is", "'m": "'s", "do": "does", "have": "has", "'ve": "'s"}
_SAME = frozenset({"was", "did", "had"}) | auxiliaries("modal")


def someone_subject(tree: Tree, nodes: Nodes) -> Edits:
    """The edit for the main clause's pronoun subject, if any (module docstring)."""
    clause = main_clause(tree)
    if clause is None:
        return
    words = [leaf.token.word.lower() for leaf in leaves(tree)]
    if has_vague(words):
        return                                   # "Someone loves something" says next to nothing
    vp = [leaf.token for leaf in leaves(node_at(tree, clause[1]))]
    after = vp[0].word
    if len(vp) > 1 and vp[0].lemma.lower() == "be" and vp[1].word.lower() in ("a", "an"):
        return                                   # "He's a man" -> "Someone's a man": no one says it
    for path, pronoun, _ in generalised(nodes):
        lowered = pronoun.token.word.lower()
        if path != clause[0] or _FORMS.get(lowered, _NAMED) & set(words) or words.count(lowered) > 1 \
                or (lowered != "i" and after.startswith("'") and after != "'s"):   # "We've" -> "Some people've"
            continue
        edited, found = step(tree, path, pronoun)
        agreed = _third_person(edited, clause[1]) if lowered == "i" else edited
        if agreed is not None:
            yield agreed, replace(found, result=sentence_text(agreed))


def _third_person(tree: Tree, vp: Path) -> Tree | None:
    """`tree` with the first word of the verb phrase at `vp` in the third person singular; None where
    it is no verb or its form does not tell ("I put": present or past?)."""
    if any(isinstance(n, Binary) and n.rule is Rule.CONJ for _, n in walk(node_at(tree, vp))):
        return None                              # "I cook and clean": both verbs would have to agree
    path: Path = vp
    while isinstance(node := node_at(tree, path), Binary):
        path += (0,)
    assert isinstance(node, Leaf)
    word, lemma = node.token.word.lower(), node.token.lemma.lower()
    if word in _SAME or lemma in _SAME or (word == past_tense(lemma) != lemma):     # "ca", "wo": "can", "will"
        return tree
    if word in _FIRST_PERSON:
        form = _FIRST_PERSON[word]
    elif word == lemma and lemma.isalpha() and node.token.pos.startswith("VB") and past_tense(lemma) != lemma:
        form = third_person(lemma)
    else:
        return None
    return replace_at(tree, path, Leaf(node.category, Token(form, node.token.lemma, "VBZ")))
