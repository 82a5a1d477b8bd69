"""Adjectives added where a noun is ↓, and "very" where a gradable word is (MonaLog's insertion of a
modifier under a downward operator):
"Tom doesn't like cats in the house" ⇒ "Tom doesn't like small cats in the house", "No student left"
⇒ "No young student left". A subsective adjective makes the noun a special case, so the edit is sound
wherever the noun is ↓; the adjective comes from grammars/down_adjectives.txt by the noun's WordNet
class in its usual readings. Only a noun right after an indefinite or quantifying determiner (or a bare
plural), without other modifiers, in no compound: a definite ("the girl") reads as one referent, and
"the young girl" would say more than it."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable, Iterator

from monalog.augment.words import first_sense_is, in_compound, sense_share, surface_tag, universal_pronoun, word_choice
from monalog.ccg.category import parse_category
from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree, leaves
from monalog.inference.proof import Step, StepKind
from monalog.inference.target import pair_fact
from monalog.inference.treeops import leaf_positions, norm_lemma, replace_at, sentence_text
from monalog.knowledge.wordnet import wordnet
from monalog.knowledge.wordnet_facts import synsets
from monalog.polarity.lexicon import DEFINITES
from monalog.polarity.marks import Polarity
from monalog.polarity.polarizer import PolarizedNode
from monalog.resources import grammar_lines
from monalog.text.morphology import countable, is_cardinal

_ADJECTIVE = parse_category("N/N")
# determiners after which an added adjective reads as a restriction, not as news about a known referent
_OPEN_DETERMINERS = frozenset({"a", "an", "any", "no", "every", "each", "all", "some", "few"})


@lru_cache(maxsize=1)
def _classes() -> tuple[tuple[str, str], ...]:
    return tuple((line.split()[0], line.split()[1]) for line in grammar_lines("down_adjectives.txt"))


@lru_cache(maxsize=20000)
def adjective_for(lemma: str) -> str | None:
    """The adjective for the noun `lemma`: its first class above the noun's usual readings, or at most two steps
    above its first sense, or None. The adjective is sound in any sense (a subsective adjective only narrows); the
    class picks one that fits how the noun is read ("a big mistake", "a simple question"; not "a good point",
    whose geometric first sense lies four steps under idea.n.01)."""
    if not word_choice().common(lemma, False, "n"):
        return None
    senses = synsets(lemma, "n")
    near = set(senses[:1]) | {h for s in senses[:1] for h in s.hypernyms()}
    near |= {h for s in near for h in s.hypernyms()}
    for synset, adjective in _classes():
        general = frozenset([wordnet().synset(synset)])
        if general & near or sense_share(lemma, general) >= word_choice().min_sense_share:
            return adjective if adjective != "-" else None
    return None


def down_insertions(tree: Tree, nodes: Iterable[tuple[Any, PolarizedNode]]) -> Iterator[tuple[Tree, Step]]:
    """(edited tree, step) for each noun of `tree` where ↓ that takes an adjective (module docstring)."""
    all_leaves = leaves(tree)
    tokens = [leaf.token for leaf in all_leaves]
    words = [t.word.lower() for t in tokens]
    tags = [t.pos for t in tokens]
    positions = leaf_positions(tree)
    for path, node in nodes:
        leaf = node.node
        if node.polarity is not Polarity.DOWN or not isinstance(leaf, Leaf) or str(leaf.category) != "N" \
                or surface_tag(leaf.token) not in ("NN", "NNS") or not leaf.token.word.isalpha() \
                or not leaf.token.word.islower():
            continue
        i = positions[path]
        if not _open_slot(tokens, i) or in_compound(words, i, tags) or word_choice().fixed(words, i) \
                or universal_pronoun(words, i):
            continue
        adjective = adjective_for(lemma := norm_lemma(leaf))
        if adjective is None or adjective in words \
                or (adjective == "young" and lemma in word_choice().clashes.get("old", ())):
            continue                     # "young toddlers": the nouns "old" clashes with are young already
        new = Binary(leaf.category, Rule.FA, Leaf(_ADJECTIVE, Token(adjective, adjective, "JJ")), leaf)
        edited = replace_at(tree, path, new)
        fact = pair_fact(leaf.token.word, f"{adjective} {leaf.token.word}", "a modified noun is a special case")
        yield edited, Step(StepKind.INSERT, "", adjective, sentence_text(edited), Polarity.DOWN, (fact,),
                           operator=node.operator)


_VERY = Token("very", "very", "RB")
# the category of "very" before each category of a gradable word: a predicative or attributive adjective, an adverb
_DEGREE = {"S[adj]\\NP": "(S[adj]\\NP)/(S[adj]\\NP)", "N/N": "(N/N)/(N/N)",
           "(S\\NP)\\(S\\NP)": "((S\\NP)\\(S\\NP))/((S\\NP)\\(S\\NP))"}
_GRADERS = frozenset({"very", "so", "too", "more", "most", "less", "least", "as", "how", "quite", "rather", "really",
                      "extremely", "pretty", "fairly", "that", "this", "slightly"})


@lru_cache(maxsize=1)
def _gradable() -> frozenset[str]:
    return frozenset(grammar_lines("gradable.txt"))


def very_insertions(tree: Tree, nodes: Iterable[tuple[Any, PolarizedNode]]) -> Iterator[tuple[Tree, Step]]:
    """"very" before a gradable adjective or adverb (grammars/gradable.txt) where ↓: "Jack doesn't drive fast" ⇒ "Jack
    doesn't drive very fast", "No tall man ran" ⇒ "No very tall man ran"; never after another word of degree ("so
    fast") or another adjective ("alternative very clean"), inside a compound or fixed expression ("fast food"),
    nor after a "to" infinitive, whose purpose or wish need not hold of the degree ("don't have to go there to
    get a good education"), nor after a definite or possessive, whose phrase names one thing ("its new toy" is no
    "its very new toy")."""
    all_leaves = leaves(tree)
    words = [leaf.token.word.lower() for leaf in all_leaves]
    tags = [leaf.token.pos for leaf in all_leaves]
    positions = leaf_positions(tree)
    infinitive = next((i for i, leaf in enumerate(all_leaves) if words[i] == "to" and "S[" in str(leaf.category)),
                      len(words))                 # "to get a good education": no degree after it
    for path, node in nodes:
        leaf = node.node
        if node.polarity is not Polarity.DOWN or not isinstance(leaf, Leaf) or str(leaf.category) not in _DEGREE:
            continue
        i = positions[path]
        before = all_leaves[i - 1] if i else None
        if words[i] not in _gradable() or not leaf.token.word.islower() or words[i + 1:i + 2] == ["enough"] \
                or (before is not None and (words[i - 1] in _GRADERS or str(before.category) in ("N/N", "N")
                                            or before.token.pos in ("CD", "PRP$", "POS")
                                            or words[i - 1] in DEFINITES)) \
                or in_compound(words, i, tags) or word_choice().fixed(words, i) or infinitive < i:
            continue
        new = Binary(leaf.category, Rule.FA, Leaf(parse_category(_DEGREE[str(leaf.category)]), _VERY), leaf)
        edited = replace_at(tree, path, new)
        fact = pair_fact(leaf.token.word, f"very {leaf.token.word}", "a high degree is a special case")
        yield edited, Step(StepKind.INSERT, "", "very", sentence_text(edited), Polarity.DOWN, (fact,),
                           operator=node.operator)


def _meal(lemma: str) -> bool:
    """A meal's name, bare after a verb ("never cooks dinner") and yet no mass noun: with an adjective it
    takes its article again ("a big dinner", not "cooks big dinner")."""
    return first_sense_is(lemma, "meal.n.01")


def _open_slot(tokens: list[Token], i: int) -> bool:
    """The noun at i follows an indefinite or quantifying determiner directly, or is a bare plural
    after a verb or preposition or a bare mass noun after a verb; it is no noun's modifier (the next word is no
    noun)."""
    if i + 1 < len(tokens) and tokens[i + 1].pos.startswith("NN"):
        return False
    if not i:
        return False
    before = tokens[i - 1]
    if before.word.lower() == "no" and i > 1 and tokens[i - 2].word.lower() in ("wearing", "with"):
        return False                     # "wearing no shirt" (from "shirtless"): no "wearing no new shirt"
    if before.word.lower() in _OPEN_DETERMINERS or is_cardinal(before.word.lower()):   # "at most three elephants"
        return True
    verb = before.pos.startswith("VB") and bool(wordnet().synsets(before.lemma.lower(), "v"))    # not "news"
    if surface_tag(tokens[i]) == "NN":              # "doesn't like coffee"; not "go to school", "cooks dinner"
        return verb and not countable(lemma := tokens[i].lemma.lower()) and not _meal(lemma)
    return surface_tag(tokens[i]) == "NNS" and (verb or before.pos.startswith(("IN", "TO")))
