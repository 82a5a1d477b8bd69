"""A noun phrase made "someone" or "something" where ↑, the existential generalisation a reader takes first:
"A nurse checked my blood pressure" ⇒ "Someone checked my blood pressure", "Tom threw a snowball at Mary" ⇒
"Tom threw something at Mary" and "... at someone". Only
- the main clause's subject: a person's noun after a singular determiner ("a nurse", "the doctor", "my aunt");
- inside the main clause's verb phrase (its complements and relative clauses too), as the argument of a verb or a
  preposition: a given name, "me", "him" or "her", or a person's noun after a determiner, becomes "someone" ("She
  bought him a dog" ⇒ "She bought someone a dog"; not beside "his" or "himself", which may be his); another noun's
  phrase that is a verb's only object, after a determiner or as a bare plural, becomes "something" ("threw a
  snowball", "bought apples"); never one that opens with another quantifier or count ("bought zero cars", "ate
  few apples"), nor after a verb tagged a participle that has no participle's form ("has free | access", a
  misparse).
Never under a modal or a permission ("may bring one bag" -> "may bring something" widens it), beside a pronoun
that may take up the phrase ("heated the water until it boiled"; "A boy is held by his father", normalised "His
father is holding a boy"), beside another "someone" or "something" ("Someone ordered something" says next to
nothing), nor for a plural of persons or a group of them ("thanked the volunteers", "the audience" is no thanking of
something). Never the object of
a light verb ("took a walk"; its recipient may: "gave my brother a hug" ⇒ "gave someone a hug") or of one of
grammars/opaque_object_verbs.txt ("is a doctor", "wants a car", "costs a dollar"), a time or quantity ("spent the
summer", "flickered a few times"), a commitment ("broke his promise" is no "broke something"), a word of a fixed
expression, nor a noun phrase with a coordination of its own. A sentence with such an object is never negated by the
generator: "The doctor did not prescribe something" is no contradiction of "The doctor prescribed a painkiller"
(`vague_object`)."""
from __future__ import annotations

from functools import lru_cache

from monalog.augment.contradictions import is_person
from monalog.augment.readability import DEONTIC, PERMISSION
from monalog.augment.words import MEASURE, is_a, word_choice
from monalog.ccg.category import parse_category
from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree, leaves
from monalog.inference.edits.context import Edits, Nodes
from monalog.inference.negation import main_clause
from monalog.inference.proof import Step, StepKind
from monalog.inference.target import pair_fact
from monalog.inference.treeops import Path, head_noun, leaf_positions, node_at, replace_at, sentence_text
from monalog.knowledge.wordnet_facts import synsets
from monalog.polarity.lexicon import default_lexicon
from monalog.polarity.marks import Polarity
from monalog.resources import grammar_lines
from monalog.text.morphology import is_participle
from monalog.text.names import given_name

_NP = parse_category("NP")
_SINGULAR = frozenset({"a", "an", "the", "this", "that", "my", "your", "his", "her", "our", "their"})
_OBJECT_DETERMINERS = _SINGULAR | {"some", "these", "those", "two", "three", "four", "five", "several"}
_QUANTITIES = frozenset({"few", "little", "many", "much", "no", "zero", "neither", "both", "all", "any"})
VAGUE = frozenset({"someone", "something"})
_GROUP = "social_group.n.01"        # "thanked the audience" is no thanking of something
_COMMITMENT = "commitment.n.04"    # "broke his promise", "kept her vow": no "broke something"
_BODY = "body_part.n.01"            # "crossed his legs", "shook her head": a gesture, no "crossed something"
# as the normaliser ("some thing") or the pronoun edit ("some person", "some people") writes them
_VAGUE_PAIRS = frozenset({("some", "person"), ("some", "people"), ("some", "thing")})
_MODALS = DEONTIC | PERMISSION | {"can", "could", "might"}
_ANAPHORS = frozenset({"it", "its", "they", "them", "their", "he", "him", "his", "she", "her", "hers", "one", "ones",
                       "other", "another"})      # "the other man" contrasts with the man
# a person's pronoun as an object, with the forms beside which it may be their referent ("gave him his book")
_OBJECT_PRONOUNS = {"me": frozenset({"my", "mine", "myself"}), "him": frozenset({"his", "himself"}),
                    "her": frozenset({"her", "hers", "herself"})}


@lru_cache(maxsize=1)
def _opaque_verbs() -> frozenset[str]:
    return frozenset(grammar_lines("opaque_object_verbs.txt"))


def vague_phrases(tree: Tree, nodes: Nodes) -> Edits:
    """The edits of the module docstring, for `tree` polarised as `nodes`."""
    clause = main_clause(tree)
    if clause is None:
        return
    words, positions = [leaf.token.word.lower() for leaf in leaves(tree)], leaf_positions(tree)
    if has_vague(words) or _MODALS & set(words):
        return
    for path, pn in nodes:
        if pn.polarity is not Polarity.UP or pn.category != _NP:
            continue
        found = leaves(pn.node)
        inside = sorted(i for p, i in positions.items() if p[:len(path)] == path)
        outside = set(words[:inside[0]] + words[inside[-1] + 1:])
        own = _OBJECT_PRONOUNS.get(found[0].token.word.lower()) if len(found) == 1 else None
        if any(leaf.token.pos == "CC" for leaf in found) or (_ANAPHORS if own is None else own) & outside:
            continue
        if path == clause[0]:
            word = "someone" if _person_phrase(found, _SINGULAR) else None
        elif path[:len(clause[1])] == clause[1]:
            word = _object_word(tree, path, found, words)
        else:
            word = None
        if word is not None:
            yield _step(tree, path, pn.node, word)


def _person_phrase(found: list[Leaf], determiners: frozenset[str]) -> bool:
    """A person's noun after one of `determiners` ("the old doctor", "a nurse from the clinic")."""
    head = head_noun(found)
    return found[0].token.word.lower() in determiners and head is not None and head.pos in ("NN", "NNP") \
        and is_person(head.lemma.lower())


def _object_word(tree: Tree, path: Path, found: list[Leaf], words: list[str]) -> str | None:
    """"someone" or "something" for the noun phrase at `path` inside the main verb phrase, or None."""
    parent = node_at(tree, path[:-1])
    if not (isinstance(parent, Binary) and parent.rule is Rule.FA and path[-1] == 1 and isinstance(parent.left, Leaf)):
        return None
    head_word = parent.left.token
    objects = str(parent.left.category).count("NP") - 1        # 2: the first of a double object ("gave | me")
    verb = head_word.pos.startswith("VB") and objects in (1, 2) \
        and (head_word.pos != "VBN" or is_participle(head_word.word.lower()))     # "has free | access": a misparse
    if not verb and head_word.pos not in ("IN", "TO"):
        return None
    if verb and objects == 1 and head_word.lemma.lower() in word_choice().light_verbs | _opaque_verbs():
        return None                         # "took a walk"; the first of two objects is a recipient: "gave | me"
    if _counted(found):
        return None                         # "bought zero cars", "ate few apples": no "something"
    if len(found) == 1 and (given_name(found[0].token.word) or found[0].token.word.lower() in _OBJECT_PRONOUNS) \
            or _person_phrase(found, _OBJECT_DETERMINERS):
        return "someone"
    head = head_noun(found)
    determiner = found[0].token.word.lower() in _OBJECT_DETERMINERS
    if not verb or objects != 1 or head is None or not (determiner or head.pos == "NNS") or not head.word.isalpha() \
            or is_person(head.lemma.lower()) or head.word.lower() == "times":    # "flickered a few times": no object
        return None
    if any(word_choice().fixed(words, i) for i, word in enumerate(words) if word == head.word.lower()):
        return None
    senses = synsets(head.lemma.lower(), "n")
    kinds = (MEASURE, _GROUP, _BODY, _COMMITMENT)
    return "something" if senses and not any(is_a(senses[0], kind) for kind in kinds) else None


def _counted(found: list[Leaf]) -> bool:
    """A phrase that opens with a quantifier or count other than `_OBJECT_DETERMINERS` ("no", "zero", "few",
    "at most two", "neither"), which may say there is nothing."""
    first = found[0].token
    return first.word.lower() not in _OBJECT_DETERMINERS and (
        first.pos in ("DT", "CD", "PDT", "RB", "JJR", "JJS") or first.lemma.lower() in _QUANTITIES
        or default_lexicon().match_determiner([leaf.token.word.lower() for leaf in found]) is not None)


def _step(tree: Tree, path: Path, phrase: Tree, word: str) -> tuple[Tree, Step]:
    edited = replace_at(tree, path, Leaf(_NP, Token(word, word, "NN")))
    text = sentence_text(phrase)
    fact = pair_fact(text, word, f"\"{text}\" is {word}")
    return edited, Step(StepKind.REPLACE, text, word, sentence_text(edited), Polarity.UP, (fact,))


def has_vague(words: list[str]) -> bool:
    """Lower-cased words with "someone" or "something" in them, as written or normalised ("some person")."""
    return bool(VAGUE & set(words)) or any(pair in _VAGUE_PAIRS for pair in zip(words, words[1:]))


def vague_object(text: str) -> bool:
    """"someone" or "something" past a sentence's first word: no sentence to negate (module docstring)."""
    return any(word.strip(".,!?") in VAGUE for word in text.lower().split()[1:])
