"""WordNet facts between the words of one premise/hypothesis pair (POS-aware, on lemmas).

Only words of the pair are related, as in MonaLog, so a word sense never reaches a word the pair
does not contain. Synonyms (a shared synset among the first `max_senses` senses) give ≡, hypernyms
within `max_depth` steps give ≤, antonyms give ⊥.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Any, Iterable

from monalog.knowledge.facts import Fact, Relation, Source, Term
from monalog.knowledge.wordnet import wordnet

_WN_POS = {"n": "n", "v": "v", "a": "a", "r": "r"}


def coarse_pos(penn: str) -> str | None:
    """n v a r from a Penn tag; None for function words."""
    if penn.startswith("NN"):
        return "n"
    if penn.startswith("VB"):
        return "v"
    if penn.startswith("JJ"):
        return "a"
    if penn.startswith("RB"):
        return "r"
    return None


@dataclass(frozen=True)
class WordNetSettings:
    """`lower_senses`: senses tried for the more specific word (its dominant senses only, against
    word-sense errors); the more general word may be read in any sense. `max_depth`: hypernym steps.
    `antonyms`: the parts of speech whose WordNet antonyms count as exclusions: none by default,
    as documented (exclusions are opt-in: the prover's `exclusions` option turns on all four)."""

    lower_senses: int = 3
    max_depth: int = 8
    antonyms: tuple[str, ...] = ()


@lru_cache(maxsize=20000)
def synsets(lemma: str, pos: str) -> tuple:
    """The WordNet synsets of a lemma in one coarse part of speech (n v a r; "a" includes the
    satellite adjectives), most frequent sense first as WordNet orders them."""
    wn = wordnet()
    found = wn.synsets(lemma, pos=_WN_POS[pos])
    if pos == "a":
        found = found + wn.synsets(lemma, pos="s")
    return tuple(dict.fromkeys(found))          # readers that give the satellites with "a" list them once


@lru_cache(maxsize=20000)
def _ancestors(synset, max_depth: int) -> frozenset:
    """The synset and its hypernyms (instance hypernyms too) up to max_depth steps."""
    seen, frontier = {synset}, {synset}
    for _ in range(max_depth):
        frontier = {h for s in frontier for h in s.hypernyms() + s.instance_hypernyms()} - seen
        if not frontier:
            break
        seen |= frontier
    return frozenset(seen)


def _common(lemma: str, found: tuple) -> tuple:
    """The senses of a lemma without those in which WordNet writes it as a name ("Milk", a river, of
    milk.n.03), when it has others: a pair's lower-cased lemma is read as the common noun first."""
    common = tuple(s for s in found if any(name.name() == lemma for name in s.lemmas()))
    return common or found


def _below(a: tuple, b: tuple, settings: WordNetSettings):
    """(lower synset, upper synset) when a dominant sense of a is b's synset or under it."""
    for x in a[:settings.lower_senses]:
        above = _ancestors(x, settings.max_depth)
        for y in b:
            if y in above:
                return x, y
    return None


def _satellite_head(synset) -> str | None:
    """The word a satellite adjective synset is named by ("red" of red.s.01, whose other words, "scarlet",
    "crimson", are shades of it), None for other synsets."""
    return synset.lemma_names()[0].lower() if synset.pos() == "s" else None


@lru_cache(maxsize=1 << 16)
def relate(a: str, b: str, pos: str, settings: WordNetSettings = WordNetSettings()) -> Fact | None:
    """The WordNet fact between lemmas a and b of one part of speech, if any (remembered: every pair
    made from one premise asks about the same words)."""
    sa, sb = synsets(a, pos), synsets(b, pos)
    if not sa or not sb:
        return None
    ta, tb = Term(a, pos), Term(b, pos)
    up, down = _below(_common(a, sa), sb, settings), _below(_common(b, sb), sa, settings)
    if up and down:
        head = _satellite_head(up[0]) if up[0] == down[0] else None
        if head is not None and head not in (a, b):
            return None             # "crimson" and "scarlet": two shades of red, neither the other
        if head is not None:        # "scarlet" in red.s.01: a kind of red, not its synonym
            relation = Relation.LEQ if head == b else Relation.GEQ
            return Fact(ta, relation, tb, Source.WORDNET, f"{up[0].name()} is headed by \"{head}\"")
        return Fact(ta, Relation.EQ, tb, Source.WORDNET, f"{up[0].name()} ~ {down[0].name()}")
    if up:
        return Fact(ta, Relation.LEQ, tb, Source.WORDNET, f"{up[0].name()} is a kind of {up[1].name()}"
                    if up[0] != up[1] else f"synonyms in {up[0].name()}")
    if down:
        return Fact(ta, Relation.GEQ, tb, Source.WORDNET, f"{down[0].name()} is a kind of {down[1].name()}"
                    if down[0] != down[1] else f"synonyms in {down[0].name()}")
    if pos in settings.antonyms:
        # an adjective's antonymy holds between the heads of its clusters (Gross & Miller 1990): big
        # (a lemma of large.a.01) and small (of small.a.01), not only the lemma pair big / little;
        # other parts of speech keep WordNet's lemma antonyms ("draw" is no antonym of "push")
        pairs = [(x, lemma, ant) for x in sa[:2] for lemma in x.lemmas() for ant in lemma.antonyms()]
        if any(lemma.name() == a and ant.name() == b for _, lemma, ant in pairs):
            return Fact(ta, Relation.EXCL, tb, Source.WORDNET, "antonyms")
        for x, lemma, ant in pairs if pos == "a" else ():
            if ant.synset() in sb[:2]:
                return Fact(ta, Relation.EXCL, tb, Source.WORDNET,
                            f"antonyms {lemma.name()} / {ant.name()} ({x.name()} / {ant.synset().name()})")
    return None


@lru_cache(maxsize=20000)
def another_kind(modifier: str, noun: str) -> bool:
    """"modifier noun" is a compound WordNet lists that is no kind of `noun` ("sea lion", "teddy bear",
    "attorney general", "guinea pig"): adding the modifier changes what the noun names. Only for a
    modifier WordNet knows as no adjective: "cold water" and "wise man" also have literal readings."""
    compound = f"{modifier.lower()}_{noun.lower()}"
    if not synsets(compound, "n") or synsets(modifier.lower(), "a"):
        return False
    fact = relate(compound, noun.lower(), "n")
    return fact is None or fact.relation not in (Relation.LEQ, Relation.EQ)


@lru_cache(maxsize=20000)
def antonyms(a: str, b: str) -> bool:
    """Whether WordNet lists b as an antonym of a in any part of speech and sense."""
    return any(ant.name() == b for s in wordnet().synsets(a) for lemma in s.lemmas() if lemma.name() == a
               for ant in lemma.antonyms())


@lru_cache(maxsize=20000)
def unrelated_nouns(a: str, b: str, max_depth: int = 8) -> bool:
    """Two single words WordNet knows as nouns and relates in no sense, either way ("soda" / "coke"):
    its silence on two nouns it files is knowledge, and no similarity overrides it."""
    sa, sb = synsets(a, "n"), synsets(b, "n")
    if " " in a + b or not sa or not sb:
        return False
    above_a = frozenset().union(*(_ancestors(x, max_depth) for x in sa))
    above_b = frozenset().union(*(_ancestors(x, max_depth) for x in sb))
    return not (above_a & set(sb) or above_b & set(sa))


def pair_facts(premise: Iterable[tuple[str, str]], hypothesis: Iterable[tuple[str, str]],
               settings: WordNetSettings = WordNetSettings()) -> list[Fact]:
    """Facts between content words (lemma, Penn tag) of the premise and of the hypothesis."""
    left = {(lemma, pos) for lemma, tag in premise if (pos := coarse_pos(tag))}
    right = {(lemma, pos) for lemma, tag in hypothesis if (pos := coarse_pos(tag))}
    facts = []
    for (a, pa), (b, pb) in product(sorted(left), sorted(right)):      # sorted: the same facts, same order
        if a != b and pa == pb:
            fact = relate(a, b, pa, settings)
            if fact:
                facts.append(fact)
    return facts


@lru_cache(maxsize=5000)
def glossed_as(phrase: str, word: str) -> bool:
    """A noun sense of `word` is one of `phrase`'s and its gloss says the phrase's words ("young_woman",
    girl: girl.n.01 is "a young woman")."""
    said = re.compile(rf"\b{re.escape(phrase.replace('_', ' '))}\b")
    return any(said.search(s.definition()) for s in synsets(phrase, "n") if s in synsets(word, "n"))


_LIGHT_FORMS = {"make": "make|makes|making|made", "take": "take|takes|taking|took|taken",
                "give": "give|gives|giving|gave|given", "have": "have|has|having|had",
                "do": "do|does|doing|did|done", "perform": "perform|performs|performing|performed"}
LIGHT_VERBS = frozenset(_LIGHT_FORMS)      # verbs that lend their event to a noun ("making a sketch")


@lru_cache(maxsize=5000)
def light_verbs(noun: str, light: str) -> tuple[tuple[str, Any, str], ...]:
    """(verb, its synset, its gloss) for the verbs WordNet derives from `noun` (its first three
    senses) and glosses as the light verb `light` with the noun: ("sketch", "make") -> sketch.v.01,
    "make a sketch of". The gloss is the evidence that "making a sketch" is that sense of sketching; a
    derived verb alone is not ("taking a picture" is no picturing), nor another light verb's gloss
    ("give a massage to" says nothing of "having a massage")."""
    forms = _LIGHT_FORMS.get(light)
    if forms is None:
        return ()
    gloss = re.compile(rf"^(?:{forms})(?: [\w-]+){{0,2}} {re.escape(noun)}(?:e?s)?\b")
    found: dict[str, tuple[str, Any, str]] = {}
    for synset in synsets(noun, "n")[:3]:
        for lemma in synset.lemmas():
            if lemma.name() != noun:
                continue
            for verb in lemma.derivationally_related_forms():
                definition = verb.synset().definition()
                if verb.synset().pos() == "v" and gloss.search(definition):
                    found.setdefault(verb.name(), (verb.name(), verb.synset(), definition))
    return tuple(found.values())


def light_verb_facts(phrases: Iterable[tuple[str, str, str]], verbs: Iterable[str],
                     settings: WordNetSettings = WordNetSettings()) -> list[Fact]:
    """phrase ≤ verb facts between light verb phrases (key "make_sketch", light verb, noun) and the
    verbs of the other sentence: the glossed sense of the phrase's verb is that verb's sense or under
    one of its senses (make_sketch ≤ draw, as sketch.v.01 is a kind of draw). Never ≥ or ≡: the verb
    has other senses than the glossed one ("speaking" is no "giving a speech")."""
    facts = []
    others = sorted(set(verbs))
    for key, light, noun in phrases:
        for verb, synset, gloss in light_verbs(noun, light):
            above = _ancestors(synset, settings.max_depth)
            for other in others:
                upper = next((s for s in synsets(other, "v") if s in above), None)
                if upper is not None:
                    how = f"{synset.name()} is a kind of {upper.name()}" if upper != synset else synset.name()
                    facts.append(Fact(Term(key), Relation.LEQ, Term(other, "v"), Source.WORDNET,
                                      f"\"{light} a {noun}\" is \"{verb}\" (\"{gloss}\"); {how}"))
    return facts


def _dominant_kind(noun: str, kinds: tuple[str, ...]) -> Any | None:
    """The noun's dominant sense when it is one of the synsets named `kinds` or under one (at any depth),
    else None."""
    wn = wordnet()
    wanted = {wn.synset(name) for name in kinds}
    return next((s for s in synsets(noun, "n")[:1] if wanted & (_ancestors(s, 100) | {s})), None)


# clothing that covers a part of the body only, or the hair or face: "in a black tie" is not "in black"
_ACCESSORIES = ("headdress.n.01", "head_covering.n.01", "hairpiece.n.01", "mask.n.01", "scarf.n.01",
                "hosiery.n.01", "neckwear.n.01", "handwear.n.01", "footwear.n.01", "footwear.n.02")


@lru_cache(maxsize=5000)
def worn(noun: str) -> str | None:
    """The name of the noun's dominant sense when it is clothing one is dressed in (under clothing.n.01,
    not a hat, wig, mask, scarf, tie, sock, glove or shoe), else None: "in a blue leotard" says one is in
    blue."""
    sense = _dominant_kind(noun, ("clothing.n.01",))
    return None if sense is None or _dominant_kind(noun, _ACCESSORIES) else str(sense.name())


@lru_cache(maxsize=5000)
def animal(noun: str) -> bool:
    """Whether the noun's dominant sense is an animal ("dog", "horse"; not "man", "crowd")."""
    return _dominant_kind(noun, ("animal.n.01",)) is not None


@lru_cache(maxsize=5000)
def living(noun: str) -> bool:
    """Whether the noun's dominant sense is an animal, a person or people: an agent that acts ("by a
    boy", "by a horse", "by the crowd"; not "by the river", "by a tree")."""
    return _dominant_kind(noun, ("animal.n.01", "person.n.01", "people.n.01", "social_group.n.01")) is not None


def concrete(noun: str) -> bool:
    """Whether the noun's dominant sense is a physical thing or an event ("a pen", "salad", "a race"; not "the
    mood", "a reason")."""
    return _dominant_kind(noun, ("physical_entity.n.01", "event.n.01")) is not None


@lru_cache(maxsize=5000)
def place(noun: str) -> bool:
    """Whether the noun's dominant sense is a structure, a region, a landform, a body of water or a way
    ("the fence", "a house", "the beach", "the river", "the road"; not "the water", "a tractor", "the
    wind"): after a passive, "by the fence" says where."""
    return _dominant_kind(noun, ("structure.n.01", "location.n.01", "geological_formation.n.01",
                                 "body_of_water.n.01", "way.n.06")) is not None


# what one wears: clothing (hats and shoes too), helmets and glasses
_WEARABLE = ("clothing.n.01", "footwear.n.02", "headdress.n.01", "helmet.n.01", "helmet.n.02", "spectacles.n.01")


@lru_cache(maxsize=5000)
def wearable(noun: str) -> bool:
    """Whether one of the noun's three most frequent senses is something worn ("a hat", "jeans", "a
    jersey", "sunglasses", "a helmet"; not "a bag", "a camera", "a ball"): "a man in a hat", "a man with a
    hat" and "a man wearing a hat" say the same."""
    wn = wordnet()
    kinds = {wn.synset(name) for name in _WEARABLE}
    return any(kinds & (_ancestors(s, 100) | {s}) for s in synsets(noun, "n")[:3])
