"""Contradictions in the forms people write, for augmentation: the engine's contradictories of a
sentence (negated verb, "no" for the subject's quantifier) without the object-quantifier form
("is playing no guitar"), plus "There is no man playing a guitar" and, for a person,
"Nobody is playing a guitar"; and, under SICK's convention that the two sentences describe one
situation, a word replaced by one that excludes it ("A woman is playing a guitar", "sitting" ->
"standing")."""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable, Iterable, Iterator

from monalog.augment.generics import group_habit, simple_present
from monalog.augment.genders import gender_clash
from monalog.augment.readability import NEGATIVE_WORDS, readability
from monalog.augment.words import (in_compound, is_a, plainly_countable, premodified_from, replacing_leaf, surface_tag,
                                   word_choice)
from monalog.ccg.category import Functor
from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree, Unary, leaves
from monalog.inference.negation import NEGATIONS, SUBJECT_SWAP, contradictories, main_clause, picks_from_earlier
from monalog.inference.some_any import ANY, swap_items
from monalog.inference.subjects import EXISTENTIAL, bare_few, few_subject, is_quantity, vague_subject, without_few
from monalog.inference.proof import Step, StepKind
from monalog.inference.treeops import (auxiliaries, leaf_positions, node_at, norm_lemma, replace_at, sentence_text,
                                      surface)
from monalog.knowledge.base import KnowledgeBase
from monalog.knowledge.senses import sense_count
from monalog.knowledge.superlatives import superlative
from monalog.knowledge.facts import Fact, Relation
from monalog.knowledge.wordnet import wordnet
from monalog.knowledge.wordnet_facts import WordNetSettings, coarse_pos, relate, synsets
from monalog.polarity.lexicon import DEFINITES
from monalog.polarity.marks import Polarity
from monalog.polarity.polarizer import PolarizedNode
from monalog.text.morphology import be_for, is_ing_form, past_tense, third_person

_RECIPROCAL = {"other", "another", "together"}     # "Nobody is chasing each other" reads badly


def natural_contradictions(tree: Tree, verbs: bool = True) -> list[tuple[str, str]]:
    """(sentence, note) for each contradiction of `tree`, in natural forms: no "no" before nouns
    coordinated under one determiner ("The man and woman" -> "No man and woman are walking") nor
    before a subject a later clause picks one of ("No men are standing and one is jumping") or a superlative
    ("The latest incident" picks one thing, no kind to deny).
    `verbs`: also by negating a verb or making the object's "no" existential (not for a subject that
    may be no referent of the premise: "He is no ordinary student" / "Someone is an ordinary student")."""
    coordinated, picked = _coordinated_nouns(tree), picks_from_earlier(tree)
    found = [(t, sentence_text(t), note)
             for t, note in contradictories(tree, objects=False, verbs=verbs, vague=False, plain=True)]
    out = [(_nobody(t, _mass_some(t, text, note)), note) for t, text, note in found
           if not (note.startswith(SUBJECT_SWAP) and (coordinated or (picked and text.startswith("No "))
                                                     or (text.startswith("No ") and superlative(text.split()[1]))))]
    plain = [(text, f"{note}, in the plain tense") for t, _, note in found
             if note.startswith("the negation") and (text := _without_do(t, tree)) is not None]
    return [(_DO_ADVERB.sub(r"\2 \1", text) if note.startswith("the negation") else text, note)
            for text, note in out + plain + _there_is_no(tree) + (_object_no(tree) if verbs else [])
            if not (_NOT_TO.search(text) or _NOT_EXCEPT.search(text)
                    or ("verb negated" in note and _WIDE_UNDER_NOT.search(text)))]


_NOT_TO = re.compile(r"\b(?:has|have|had) not to\b")       # "He had not to go": people write "did not have to go"
_NOT_EXCEPT = re.compile(r"^Not every\w*(?: \w+)? (?:except|but)\b")     # "Not every one except Tom was ..."
# "The shop does not sell prints of several portraits" reads as "there are several it does not sell" (these take
# scope over the negation, within the clause); the form with "any" is the contradiction
_WIDE_UNDER_NOT = re.compile(r"\b(?:not|n't|never)\b[^,;]*\b(?:several|a few|a couple of|a number of)\b")
# the "do" a removed "n't" leaves before an adverb: "I don't really want" -> "I really do want"
_DO_ADVERB = re.compile(r"\b(do|does|did) (really|actually|truly|certainly|definitely)\b")


def _mass_some(tree: Tree, text: str, note: str) -> str:
    """A subject's "no" made existential as people write it for a mass noun: "No rain has fallen" ->
    "Some rain has fallen", not "A rain"."""
    if not (note.startswith(SUBJECT_SWAP) and note.endswith('-> "A"')):
        return text
    noun = next((leaf.token for leaf in leaves(tree)[1:] if leaf.token.pos.startswith("NN")), None)
    if noun is None or plainly_countable(noun.lemma.lower()) or is_person(noun.lemma.lower()):
        return text                                # "wives" is rarer than "wife", yet a wife is counted
    return re.sub(r"^An? ", "Some ", text)


_SINGULAR = {"are": "is", "were": "was"}


def _nobody(tree: Tree, text: str) -> str:
    """"No people" as people write it: "No people play football" -> "Nobody plays football"."""
    words = [leaf.token for leaf in leaves(tree)]
    if not text.startswith("No people ") or len(words) < 3 or words[1].word.lower() != "people":
        return text
    verb = words[2]                 # "No people | in the park are ...": no verb, left as it is
    if not (verb.pos.startswith("VB") or verb.pos == "MD") or not text.startswith(f"No people {verb.word} "):
        return text
    word = verb.word.lower()
    if word in _SINGULAR:
        word = _SINGULAR[word]
    elif verb.pos not in ("MD", "VBD") and word == verb.lemma.lower() and word not in auxiliaries("modal"):
        word = third_person(word)
    return f"Nobody {word} {text[len(f'No people {verb.word} '):]}"


_HEDGES = frozenset({"may", "might", "want", "wish", "hope", "plan", "intend", "try", "expect"})
# verbs of liking before a "to" or an -ing form: "liked to sit outside" / "liked to sit inside" may both hold
_LIKES = frozenset({"like", "love", "prefer", "enjoy"})
# what someone believes or says, or could or can do: "He believed that they could win" / "... could lose" both
# hold, and "Every customer can open an account" / "... can close an account"
_REPORTS = frozenset({"believe", "think", "say", "claim", "suppose", "imagine", "doubt", "could", "would"})
_DEGREES = frozenset({"very", "so", "too", "as", "how", "that"})     # "so much" reads well anywhere
_DO = {"do": lambda verb: verb, "does": third_person, "did": past_tense}


def _without_do(tree: Tree, negated: Tree) -> str | None:
    """"Tom does eat meat" (`tree`, the negation taken from `negated`, "Tom doesn't eat meat") as people
    mostly write it, "Tom eats meat": where a "do" that `negated` had before its "n't" or "not" is
    followed by a verb its category calls a base form (the tagger's tags are no guide here; not an
    adverb: "doesn't even like"), and not first (an order: "Don't eat the cake" gives no claim); not with
    a bare "much", which asks for a negation or an emphatic "does" ("doesn't get much sun" -> "does get much
    sun", no "gets much sun")."""
    found, before = leaves(tree), [leaf.token.word.lower() for leaf in leaves(negated)]
    if any(word == "much" and (not i or before[i - 1] not in _DEGREES) for i, word in enumerate(before)):
        return None
    for i in range(1, len(found) - 1):
        do, verb = found[i].token, found[i + 1].token
        if do.word.lower() in _DO and verb.word.isalpha() and verb.word.islower() \
                and str(found[i + 1].category).startswith(("S[b]", "(S[b]")) \
                and before[i:i + 2] in ([do.word.lower(), "n't"], [do.word.lower(), "not"]):
            text = sentence_text(tree)
            return re.sub(rf"\b{do.word} {verb.word}\b", _DO[do.word.lower()](verb.word), text, count=1)
    return None


def _object_no(tree: Tree) -> list[tuple[str, str]]:
    """The object's "no" made existential, the form people write ("John saw no student" -> "John saw
    a student", "We have no funds" -> "We have some funds", "had no food" -> "had some food": "some" for a
    singular noun often read as mass); not under a vague subject, whose people may be others."""
    tokens = [leaf.token for leaf in leaves(tree)]
    clause = main_clause(tree)
    if "no" not in [t.word.lower() for t in tokens[1:]] or (clause and vague_subject(node_at(tree, clause[0]))):
        return []                   # "Some people have no patience" / "Some people have some patience": others
    out = []
    for swapped, note in contradictories(tree, objects=True, verbs=False, vague=False):
        if not note.startswith("the object's quantifier swapped: \"no\""):
            continue
        new = [leaf.token for leaf in leaves(swapped)]
        j = next(i for i, (a, b) in enumerate(zip(tokens, new)) if a.word != b.word)
        noun = next((t for t in tokens[j + 1:] if t.pos.startswith("NN")), None)
        if new[j].word.lower() in ("a", "an"):
            if noun is None:
                continue
            if not plainly_countable(noun.lemma.lower()):          # "had no food": "some food", not "a food"
                path = next(path for path, i in leaf_positions(swapped).items() if i == j)
                swapped = replace_at(swapped, path, Leaf(node_at(swapped, path).category, Token("some", "some", "DT")))
        out.append((sentence_text(swapped), note))
    return out


def _coordinated_nouns(tree: Tree) -> bool:
    """The main clause's subject coordinates its head nouns ("the man and woman"), not adjectives
    ("a brown and white dog") nor nouns inside a modifier ("a man in a hat and coat")."""
    if not (isinstance(tree, Binary) and tree.rule is Rule.BA and str(tree.left.category) == "NP"):
        return False
    noun = _noun(tree.left)
    while isinstance(noun, Binary) and noun.rule is Rule.FA and str(noun.left.category) == "N/N":
        noun = noun.right                        # over pre-modifiers to the head
    return isinstance(noun, Binary) and isinstance(noun.right, Binary) and noun.right.rule is Rule.CONJ \
        and str(noun.right.category) == "N\\N"


@lru_cache(maxsize=20000)
def is_person(lemma: str) -> bool:
    """The noun's first WordNet sense is a person or a kind of person ("person", "man", "kid"),
    and no attested animal sense is as frequent ("tiger": "a fierce person" and the big cat, one
    SemCor occurrence each)."""
    senses = synsets(lemma, "n")
    if not (senses and is_a(senses[0], "person.n.01")):
        return False
    base = wordnet().morphy(lemma, "n") or lemma
    first = sense_count(senses[0], base)
    return not any(is_a(s, "animal.n.01") and 0 < sense_count(s, base) >= first for s in senses[1:])


def _liking(all_leaves: list[Leaf]) -> bool:
    """A verb of liking before a "to" or an -ing form ("liked to sit", "enjoys swimming"; not "looks like a woman")."""
    return any(leaf.token.lemma.lower() in _LIKES and leaf.token.pos.startswith("VB")
               and (after.token.word.lower() == "to" or is_ing_form(after.token.word.lower()))
               for leaf, after in zip(all_leaves, all_leaves[1:]))


def _there_is_no(tree: Tree) -> list[tuple[str, str]]:
    """"There is no N V-ing ..." and "Nobody is V-ing ..." from "A N is V-ing ..." (the main clause
    only; its subject an existential or definite NP without coordination, its verb progressive)."""
    if not (isinstance(tree, Binary) and tree.rule is Rule.BA and str(tree.left.category) == "NP"):
        return []
    noun = _noun(tree.left)
    vp = tree.right
    if noun is None or few_subject(tree.left) or not (isinstance(vp, Binary) and isinstance(vp.left, Leaf)
                            and vp.left.token.lemma.lower() == "be"
                            and str(vp.right.category).startswith("S[ng]")):
        return []
    words = [leaf.token for leaf in leaves(noun)]
    if any(t.lemma.lower() in ("and", "or") for t in words):
        return []
    rest = surface(swap_items(vp.right, (), ANY, conjunct=True))     # "no dog herding any sheep"
    text = surface(noun)
    be = be_for(text)
    if not words[0].pos.startswith("NNP"):
        text = text[:1].lower() + text[1:]       # no longer sentence-initial
    out = [(f"There {be} no {text} {rest}", "the subject said not to exist: \"there is no\"")]
    head = next((words[i - 1] for i, t in enumerate(words) if i and t.pos in ("IN", "WDT", "WP")), words[-1])
    if head.pos.startswith("NN") and is_person(head.lemma.lower()) and not _RECIPROCAL & set(rest.lower().split()):
        out.append((f"Nobody is {rest}", "the subject, a person, said not to exist: \"nobody\""))
    return out


def _noun(np: Tree) -> Tree | None:
    """The N of an NP "DET N" with an existential or definite determiner, or of a bare plural."""
    if isinstance(np, Unary) and np.rule is Rule.LEX and str(np.child.category) == "N":
        noun = np.child                          # "Five kids": the numeral goes with the "no"
        return noun.right if isinstance(noun, Binary) and noun.rule is Rule.FA and is_quantity(noun.left) else noun
    if (isinstance(np, Binary) and np.rule is Rule.FA and isinstance(np.left, Leaf)
            and str(np.left.category) == "NP/N" and np.left.token.lemma.lower() in EXISTENTIAL):
        return None if bare_few(np.right) else without_few(np.right)    # "A few men": "There are no men"
    return None


_ANTONYMS = WordNetSettings(antonyms=("n", "v", "a", "r"))
# the categories of an adjective or adverb that takes no argument and modifies no other modifier
_PLAIN = {"n": ("N",), "a": ("N/N", "S[adj]\\NP"), "r": ("(S\\NP)\\(S\\NP)", "(S\\NP)/(S\\NP)")}


def exclusive_swaps(tree: Tree, nodes: Iterable[tuple[Any, PolarizedNode]], kb: KnowledgeBase,
                    sense_of: Callable[[str, str], Any], premise: frozenset[str] = frozenset()
                    ) -> Iterator[tuple[Tree, Step]]:
    """One word where ↑ replaced by a word that excludes it: a noun by the KB's exclusion sets (man | woman), an
    adjective, verb or adverb also by WordNet's antonyms of the sense read in the premise (`sense_of(lemma, pos)`),
    but only in a scene or an event, not in the simple present ("A worn brake pad makes a loud noise" / "A new brake
    pad ...", "He owns a private jet" / "... a public jet" may both hold), and for a verb only in its -ing form ("will
    arrive" / "will leave", "has" / "lacks": outside the scenes of SICK, the judged rounds 15-25 found WordNet's verb
    antonyms wrong 8 times in 9); each kept only when the prover's own rules (kb.excludes, or WordNet antonyms in the
    word's two most frequent senses) relate the two words. Never in a negative sentence ("A man is not climbing" / "A
    woman is not climbing" may both hold), never a word the premise already has ("a man and a woman"), a gender a
    pronoun contradicts ("A woman ... his hat"), a word in a fixed expression ("in front of"), nor an adjective or
    adverb that takes an argument ("far from") or modifies another modifier, a noun modifying a noun or in a two-noun
    compound ("boy scout", "flower girl"), an adjective after a definite (it picks the referent: "the small vase" is
    another vase than "the large vase"), a verb taking a verb phrase ("has always been": no "lacks"), a past form
    ("spread" -> "gathered"), a particle verb ("standing up"), a word whose replacement turns rare once inflected
    ("dirtying"), nor in a sentence negated by "no" or "nothing", hedged by "may" or "might" or about what someone
    wants or likes ("I want to buy" / "I want to sell" may both hold), believes, says or could or can do ("could win"
    / "could lose"), nor "little" in the quantity "a little milk", nor under a subject that counts vaguely ("Some
    girls are dancing" / "Some boys are dancing" may both hold) nor, but for an adverb, in a group's habit ("The young
    elephants follow their mothers" / "The old elephants ...": generics.group_habit). `premise`: the lemmas of the
    premise `tree` was reached from, whose words count as the sentence's own."""
    all_leaves = leaves(tree)
    words = [leaf.token.word.lower() for leaf in all_leaves]
    tags = [leaf.token.pos for leaf in all_leaves]
    lemmas = {norm_lemma(leaf) for leaf in all_leaves} | premise     # "A man and a woman" -> "A man" -> no "A woman"
    clause = main_clause(tree)
    if lemmas & (NEGATIONS | NEGATIVE_WORDS | _HEDGES | _REPORTS) or _can(all_leaves) or _liking(all_leaves) \
            or (clause and vague_subject(node_at(tree, clause[0]))):
        return                                  # "A man may be sleeping" / "A woman may be sleeping": both may hold
    index, habit = leaf_positions(tree), group_habit(tree)
    subject = {norm_lemma(leaf) for leaf in leaves(node_at(tree, clause[0]))} if clause else lemmas  # "A truck sat"
    scene = not simple_present(tree)     # WordNet's antonyms only in a scene or an event, a verb's in its -ing form
    choice = word_choice()
    for path, node in nodes:
        leaf = node.node
        if not isinstance(leaf, Leaf) or node.polarity is not Polarity.UP or leaf.token.pos.startswith("NNP") \
                or choice.fixed(words, i := index[path]) or _kept(all_leaves, words, tags, i, habit):
            continue
        lemma, pos = norm_lemma(leaf), coarse_pos(leaf.token.pos)
        assert pos is not None                  # _kept keeps a word of no part of speech
        sense = sense_of(lemma, pos) if pos != "n" and scene \
            and (pos != "v" or surface_tag(leaf.token) == "VBG") else None
        antonyms = [a.name() for x in sense.lemmas() if x.name() == lemma for a in x.antonyms()] if sense else []
        for new_lemma in dict.fromkeys(kb.exclusive(lemma, pos) + antonyms):
            if new_lemma in lemmas or not choice.common(new_lemma, above=True, pos=pos) \
                    or not choice.swappable(lemma, new_lemma, subject if pos == "v" else lemmas) or gender_clash(
                        words, lemma, new_lemma):
                continue
            new = replacing_leaf(leaf, new_lemma)
            if not choice.common(new.token.word.lower()) or (pos == "v" and str(leaf.category).endswith("/NP")
                                                              and not _transitive(new_lemma)):
                continue                        # "leave the bank" / "arrive the bank"
            facts = kb.excludes(lemma, new_lemma) or _antonymy(lemma, new_lemma, pos)
            if not facts:
                continue
            edited = replace_at(tree, path, new)
            yield edited, Step(StepKind.NEGATE, leaf.token.word, new.token.word, sentence_text(edited), Polarity.UP,
                               facts, note=f"\"{lemma}\" and \"{new_lemma}\" exclude each other (one situation)")


def _can(all_leaves: list[Leaf]) -> bool:
    """The modal "can", taking a verb phrase (not the noun: "opening a can")."""
    return any(leaf.token.word.lower() in ("can", "ca") and isinstance(leaf.category, Functor)
               and str(leaf.category.argument).startswith("S") for leaf in all_leaves)


def _kept(all_leaves: list[Leaf], words: list[str], tags: list[str], i: int, habit: bool) -> bool:
    """The word at i is never swapped for one that excludes it (exclusive_swaps's docstring)."""
    leaf = all_leaves[i]
    lemma, pos = norm_lemma(leaf), coarse_pos(leaf.token.pos)
    nouns = [after.token.lemma.lower() for after in all_leaves[i + 1:i + 3] if after.token.pos.startswith("NN")]
    if lemma == "little" and i and words[i - 1] == "a" and not any(plainly_countable(noun) for noun in nouns):
        return True                             # "a little milk" is a quantity, not a size
    before = premodified_from(all_leaves, i)
    if str(leaf.category) == "N/N" and before and words[before - 1] in DEFINITES:
        return True                             # "the large (old) vase": "the small vase" is another vase
    return pos is None or lemma == "be" or (habit and pos != "r") \
        or (pos in _PLAIN and str(leaf.category) not in _PLAIN[pos]) \
        or (pos == "v" and isinstance(leaf.category, Functor) and str(leaf.category.argument).startswith("S")) \
        or surface_tag(leaf.token) in ("VBD", "VBN") or in_compound(words, i, tags) \
        or (pos == "v" and i + 1 < len(words) and words[i + 1] in readability().particles
            and tags[i + 1].startswith(("RP", "RB")))


# WordNet's frames of a verb with an object: "Somebody ----s something", "... somebody", "Something ----s something" ...
_OBJECT_FRAMES = frozenset({8, 9, 10, 11, 14, 15, 16, 17, 18, 19, 20, 21, 24, 25, 30, 31})


def _transitive(lemma: str) -> bool:
    """One of the verb's two first senses takes an object."""
    return any(set(s.frame_ids()) & _OBJECT_FRAMES for s in synsets(lemma, "v")[:2])


def _antonymy(a: str, b: str, pos: str) -> tuple[Fact, ...]:
    fact = relate(a, b, pos, _ANTONYMS)
    return (fact,) if fact is not None and fact.relation is Relation.EXCL else ()
