"""Who a clause's subject speaks of: a count that may leave others out ("some", "two out of five"), a
pick from an earlier subject ("... and one is jumping"), a quantity before the noun ("five kids"). The
contradiction rules ask before negating a verb or putting "no" before a subject."""
from __future__ import annotations

from typing import TypeGuard

from monalog.ccg.tree import Binary, Leaf, Rule, Tree, leaves
from monalog.inference.target import number
from monalog.inference.treeops import spelt
from monalog.polarity.lexicon import NUMERAL, Kind, default_lexicon
from monalog.text.morphology import is_cardinal

EXISTENTIAL = {"a", "an", "some", "the", "one", "two", "three", "four", "five", "several", "many"}


def quantified_noun(noun: Tree) -> bool:
    """A bare noun that opens with a quantifier's words ("very few hikers", "exactly four pupils", "most
    children": "no" cannot stack on them) or lists names ("Brown, Lee and several nurses")."""
    words = spelt(leaves(noun))
    lexicon = default_lexicon()
    return lexicon.starts_determiner(words[:1]) or lexicon.match_determiner(words) is not None \
        or words[0] in lexicon.keep or "," in words


def without_few(noun: Tree) -> Tree:
    """The noun of "a few N" without its "few" (the same node when it has none): "No few men" reads badly."""
    if isinstance(noun, Binary) and noun.rule is Rule.FA and isinstance(noun.left, Leaf) \
            and noun.left.token.lemma.lower() == "few":
        return noun.right
    return noun


def bare_few(noun: Tree) -> bool:
    """"few" standing alone for its noun ("A few are running"): there is no noun to say "no" of."""
    return isinstance(noun, Leaf) and noun.token.lemma.lower() == "few"


def is_quantity(node: Tree) -> TypeGuard[Leaf]:
    """A numeral or vague count read as a noun modifier ("Five" in "Five kids")."""
    return isinstance(node, Leaf) and (node.token.pos == "CD" or node.token.lemma.lower() in EXISTENTIAL - {"the"})



def picks(subject: Tree) -> bool:
    """A later clause's subject that picks from an earlier clause's many: opening with "one" ("Two men
    are standing and one is jumping", "... and one kid has a gun"), a bare count ("... and two are
    jumping", "and some are") or "X of them". Its verb's or object's negation may speak of the others
    ("... and one is not jumping" holds beside the premise)."""
    words = leaves(subject)
    lemmas = [leaf.token.lemma.lower() for leaf in words]
    return lemmas[0] == "one" or lemmas[1:3] == ["of", "them"] \
        or (len(words) == 1 and (words[0].token.pos == "CD" or lemmas[0] in _PART | {"most", "others"}))


# one-word determiners whose noun phrase names the scene's referents (or all or none of them)
_REFERENTIAL = frozenset({"a", "an", "the", "this", "that", "these", "those", "my", "your", "his", "her", "its",
                          "our", "their", "every", "all", "each", "both", "no", "neither", "one", NUMERAL})


def vague_subject(subject: Tree) -> bool:
    """A subject whose determiner counts vaguely ("some girls", "several", "most men", "at least two
    hikers", "very few hikers"), so the verb's negation may hold of others: not a, the, every, a numeral,
    "someone", "some person" or a bare plural, which SICK reads as the scene's referents."""
    words = spelt(leaves(subject))
    sig = default_lexicon().match_determiner(words)
    if sig is None or sig.kind is Kind.NP or (len(sig.words) == 1 and sig.words[0] in _REFERENTIAL):
        return False
    # "some person" (normalised "someone") is one referent, as "a person" is
    return not (sig.words == ("some",) and not any(leaf.token.pos in ("NNS", "NNPS") for leaf in leaves(subject)))


def few_subject(subject: Tree) -> bool:
    """A subject opening with "few" or "little": "Few men are running" and "Few men are not running" may
    both hold, and so may "There are no men running"."""
    return leaves(subject)[0].token.lemma.lower() in ("few", "little")



_PART = {"some", "several", "few", "many", "half", "couple"}         # "some of the nurses" (not "most of")
_POSSESSIVE = {"the", "these", "those", "his", "her", "their", "its", "my", "our", "your"}


def proportional(subject: Tree) -> bool:
    """A partitive subject that may leave others out ("two out of the five nurses", "some of the
    nurses", "half of them"): the verb's negation can speak of those others, so "two out of five
    worked" and "two out of five did not work" both hold. Not when the part is most of the whole
    ("four out of five", "most of the nurses")."""
    words = [leaf.token.word.lower() for leaf in leaves(subject)]
    words = [w for word in words for w in word.split("_")]          # "out_of" as one token
    for i, word in enumerate(words[1:], 1):
        of_the = word == "of" and (words[i - 1] in _PART or is_cardinal(words[i - 1])) \
            and words[i + 1:i + 2] and words[i + 1] in _POSSESSIVE
        if not (of_the or (word == "of" and words[i - 1] == "out")):
            continue
        part = next((number(w) for w in words[:i] if is_cardinal(w)), None)
        whole = next((number(w) for w in words[i + 1:] if is_cardinal(w)), None)
        return part is None or whole is None or 2 * part <= whole
    return False
