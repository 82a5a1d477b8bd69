"""The generator's replacements: a premise word where ↑ by a word above it, where ↓ by a word below it
(the fixed KB, numerals of a bound, WordNet's neighbours of the word's sense in the premise), each with
the fact that licenses it. A noun whose sense cannot do what its verb says is left alone: "Slugs ate
the lettuce" with "slug" read as a bullet (its only frequent sense) would give "Weapons ate the lettuce"."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterator

from monalog.augment.genders import gender_clash
from monalog.augment.readability import picks_one, readability
from monalog.augment.words import (bare_count, bound_neighbours, in_compound, is_a, noun_forms, phrase_head,
                                   premodified_from, replacing_leaf, surface_tag, universal_pronoun, word_choice)
from monalog.ccg.tree import Leaf, Token, Tree, leaves
from monalog.inference.negation import main_clause
from monalog.inference.plain_negation import head_verb
from monalog.inference.proof import Step, StepKind
from monalog.inference.target import kb_leq
from monalog.inference.treeops import Path, is_determiner, leaf_positions, node_at, norm_lemma, replace_at, \
    sentence_text, walk
from monalog.knowledge.base import KnowledgeBase
from monalog.knowledge.facts import Fact, Relation
from monalog.knowledge.senses import takes_object
from monalog.knowledge.wordnet_facts import WordNetSettings, coarse_pos, relate, synsets
from monalog.text.lemmatize import POSSESSIVES
from monalog.text.morphology import countable
from monalog.text.names import name_after
from monalog.polarity.marks import Polarity

Neighbours = dict[tuple[str, str, bool], tuple[tuple[str, ...], Any]]    # (lemma, pos, up) -> (words, sense)
_DEMONSTRATIVES = frozenset({"this", "that", "these", "those"})
# WordNet verb frames whose subject is a thing ("Something ----s", "Something ----s something", ...)
_THING_FRAMES = frozenset({1, 3, 4, 5, 6, 10, 11, 12, 34, 35})
_PREMODIFIERS = frozenset({"NP/N", "N/N"})
_AGENTS = frozenset({"living_thing.n.01", "group.n.01", "person.n.01", "causal_agent.n.01"})


def replacements(tree: Tree, nodes, premise_lemmas: set[str], neighbours: Neighbours, kb: KnowledgeBase,
                 settings: WordNetSettings) -> Iterator[tuple[Tree, Step]]:
    """Premise words only (a replaced word is not replaced again: no chains through word senses),
    never inside a fixed expression or a compound; WordNet's words from the word's sense in the premise."""
    all_leaves = leaves(tree)
    tokens = [leaf.token for leaf in all_leaves]
    words = [t.word.lower() for t in tokens]
    positions = leaf_positions(tree)
    agent = _agent_subject(tree)
    nouns = {norm_lemma(leaf) for leaf in all_leaves if leaf.token.pos.startswith("NN")}
    stems = {stem for leaf in all_leaves if leaf.token.word.isalpha() and len(stem := norm_lemma(leaf)) >= 4}
    for path, node in nodes:
        leaf = node.node
        if not isinstance(leaf, Leaf) or node.polarity not in (Polarity.UP, Polarity.DOWN) \
                or word_choice().fixed(words, positions[path]) or in_compound(words, positions[path]):
            continue
        if _noun_modifier(leaf) or (positions[path] and _noun_modifier(all_leaves[positions[path] - 1])) \
                or (words[positions[path] + 1:positions[path] + 2] == ["'s"] and leaf.token.pos == "NNS"):
            continue                           # "police bike", "violin player", "the children's section": kinds
        if leaf.token.pos.startswith("NN") and _judged(all_leaves, positions[path]):
            continue                           # "a terrible (young) dancer" is no "terrible performer"
        up, lemma = node.polarity is Polarity.UP, norm_lemma(leaf)
        if universal_pronoun(words, positions[path]):
            continue                           # "everyone" (normalised "every person") -> "every worker"
        owned = up and leaf.token.pos.startswith("NN") and (_owned(all_leaves, positions[path])
                                                             or _had_person(all_leaves, positions[path], lemma))
        pos = "d" if is_determiner(leaf) else coarse_pos(leaf.token.pos)
        if pos == "d" and _fixed_determiner(tokens, positions[path]):
            continue
        # a transitive verb's hypernym may not take its object, nor a light verb; "(not) those of a lady" is a
        # pronoun, for which "these ≡ those" is no fact
        if lemma not in premise_lemmas or pos is None or (pos != "d" and leaf.token.pos.startswith("NNP")) \
                or (pos != "d" and lemma in _DEMONSTRATIVES) \
                or lemma == "be" or (pos == "v" and (str(leaf.category.without_features()) != "S\\NP"
                                                     or lemma in word_choice().light_verbs)):
            continue
        candidates, sense = _candidates(leaf, pos, up, kb, neighbours, tokens, positions[path])
        passive = pos == "v" and str(leaf.category).startswith("S[pss]")     # "be left" is no "be departed"
        if path == agent and not _can_act(sense):
            continue
        for new_lemma in candidates:
            if gender_clash(words, lemma, new_lemma) or (pos == "n" and new_lemma in nouns) \
                    or _echoes(stems, new_lemma) or (passive and not takes_object(new_lemma)) \
                    or (pos == "n" and _covers_conjunct(all_leaves, positions[path], new_lemma, settings)) \
                    or (new_lemma == "person" and _predicate(all_leaves, positions[path])) \
                    or (pos == "d" and new_lemma == "some" and _singular_count(tokens, positions[path])):
                continue                       # "No girl ... with his family"; "two rooms and a large room"
            facts = _facts(kb, lemma, new_lemma, up, pos, sense, settings)
            if facts is None or (owned and any(fact.relation is not Relation.EQ for fact in facts)):
                continue                       # "her dog" is no "her animal"; "her bicycle" is
            new = replacing_leaf(leaf, new_lemma)
            if new.token.word.lower() == leaf.token.word.lower():
                continue                       # "people" -> "person" -> "people": the same sentence again
            edited = replace_at(tree, path, new)
            yield edited, Step(StepKind.REPLACE, leaf.token.word, new.token.word, sentence_text(edited),
                               node.polarity, facts, operator=node.operator)


def _predicate(all_leaves: list[Leaf], i: int) -> bool:
    """The noun at i is a predicate's after a form of "be" ("was a contestant": "was a person" says nothing)."""
    return i > 1 and all_leaves[i - 1].token.word.lower() in ("a", "an") \
        and all_leaves[i - 2].token.lemma.lower() == "be"


def _fixed_determiner(tokens: list[Token], i: int) -> bool:
    """A determiner of a name ("The United States", "the Netherlands") or the "both" of "both A and B" ("both
    through multilateral and bilateral activities"), which no other determiner replaces."""
    return name_after(tokens, i) or tokens[i].word.lower() == "both" and any(t.word.lower() == "and"
                                                                            for t in tokens[i + 1:])


def _singular_count(tokens: list[Token], i: int) -> bool:
    """The noun after determiner i (the head of "audience members") is a singular count noun: no "some" before it
    ("That child" -> "Some child")."""
    noun = phrase_head(tokens[i + 1:], ("JJ",))
    return noun is not None and noun.pos.startswith("NN") and noun.word.lower() == noun.lemma.lower() \
        and countable(noun.lemma.lower())


def _echoes(stems: set[str], new: str) -> bool:
    """`new` repeats a word of the sentence in another form ("painted the mural" -> "painted the painting")."""
    return any(new != stem and new.startswith(stem) for stem in stems)


def _covers_conjunct(all_leaves: list[Leaf], i: int, new: str, settings: WordNetSettings) -> bool:
    """The noun at i is a conjunct of a noun right across "and" / "or" that `new` names too ("women and men"
    -> "women and people")."""
    def premodifier(j: int) -> bool:
        return 0 <= j < len(all_leaves) and str(all_leaves[j].category) in _PREMODIFIERS

    across = []
    for step in (-1, 1):            # left: past the noun's own determiner and adjectives; right: the other's
        j = i + step
        while step == -1 and premodifier(j):
            j += step
        if not (0 <= j < len(all_leaves) and all_leaves[j].token.word.lower() in ("and", "or")):
            continue
        j += step
        while step == 1 and premodifier(j):
            j += step
        if 0 <= j < len(all_leaves) and all_leaves[j].token.pos.startswith("NN"):
            across.append(all_leaves[j])
    return any((fact := relate(norm_lemma(leaf), new, "n", settings)) is not None
               and fact.relation in (Relation.LEQ, Relation.EQ) for leaf in across)


def _owned(all_leaves: list[Leaf], i: int) -> bool:
    """The noun at i follows a possessive, past its adjectives ("her (old) dog", "Tom's dog")."""
    i = premodified_from(all_leaves, i)
    return bool(i) and (all_leaves[i - 1].token.word.lower() in POSSESSIVES or all_leaves[i - 1].token.word == "'s")


def _had_person(all_leaves: list[Leaf], i: int, lemma: str) -> bool:
    """The noun at i names a person and is the object of "have" ("I have two children" is no "two people": a
    kinship, as "her dog" is no "her animal")."""
    i = premodified_from(all_leaves, i)
    while i and (is_determiner(all_leaves[i - 1]) or all_leaves[i - 1].token.pos == "CD"):
        i -= 1
    senses = synsets(lemma, "n")
    return bool(i) and all_leaves[i - 1].token.lemma.lower() == "have" and bool(senses) \
        and is_a(senses[0], "person.n.01")


def _judged(all_leaves: list[Leaf], i: int) -> bool:
    """An evaluative or a picking adjective among the modifiers right before the noun at i ("a terrible young
    dancer"; "the next meeting" is no "the next gathering")."""
    return any(leaf.token.word.lower() in readability().evaluative_adjectives
               or picks_one(leaf.token) and leaf.token.word.lower() != "other"       # "two other boys": children
               for leaf in all_leaves[premodified_from(all_leaves, i):i])


def _candidates(leaf: Leaf, pos: str, up: bool, kb: KnowledgeBase, neighbours: Neighbours, tokens,
                i: int) -> tuple[list[str], Any]:
    """The words that may replace `leaf` (at position `i`), and the WordNet sense they come from."""
    lemma = norm_lemma(leaf)
    candidates = kb.above(lemma) if up else kb.below(lemma)
    if pos == "d":
        if i + 1 < len(tokens) and tokens[i + 1].pos == "CD" or i and tokens[i - 1].word.lower() == "the":
            return [], None                    # "several thousand" is no "some thousand"; "the most effective"
        det = leaf.token.lemma.lower()
        if det in POSSESSIVES:
            return [], None                    # "cutting his hair" is no "cutting a hair" (vague_phrases: "someone")
        words = [t.word.lower() for t in tokens]
        kept = [w for w in candidates if word_choice().same_number(det, w) and w not in POSSESSIVES  # "that" -> "this":
                and not {det, w} <= _DEMONSTRATIVES and (w != "most" or i == 0)]    # another; "don't have most secrets"
        if up and bare_count(tokens, i):
            kept.append("some")                 # "Two robins built a nest" ⇒ "Some robins built a nest"
        return kept + bound_neighbours(words, i, up), None
    wordnet_words, sense = neighbours.get((lemma, pos, up), ((), None))
    candidates += [w for w in wordnet_words if w not in candidates]
    candidates = [w for w in candidates if word_choice().common(w, up, pos)]
    if pos == "n":
        candidates = noun_forms(candidates, tokens, i, lemma, up)
    return candidates, sense


def _facts(kb: KnowledgeBase, lemma: str, new: str, up: bool, pos: str, sense: Any,
           settings: WordNetSettings) -> tuple[Fact, ...] | None:
    """What licenses `new` for `lemma`: the KB (numerals too), else WordNet (never where the KB relates
    both words otherwise: girl ≤ child, not ≤ woman; never antonyms)."""
    facts = kb_leq(kb, lemma, new) if up else kb_leq(kb, new, lemma)
    if facts is not None:
        return facts
    if _kb_knows(kb, lemma) and _kb_knows(kb, new):
        return None
    low, high = (lemma, new) if up else (new, lemma)
    fact = relate(low, high, pos, settings) if pos != "d" else None
    if fact is None or fact.relation is Relation.EXCL:
        return None
    note = f"\"{lemma}\" read as {sense.name()}: {sense.definition()}" if sense is not None else ""
    return (replace(fact, note=note),)


def _agent_subject(tree: Tree) -> Path | None:
    """The path of the main clause's head noun (its subject's first noun) where the verb's usual senses
    all want someone acting ("eat": "Somebody ----s something"; not "crack": "Something ----s")."""
    clause = main_clause(tree)
    if clause is None or (found := head_verb(node_at(tree, clause[1]))) is None:
        return None
    verb = node_at(tree, clause[1] + found)
    assert isinstance(verb, Leaf)
    senses = synsets(verb.token.lemma.lower(), "v")[:2]
    if not senses or any(set(s.frame_ids()) & _THING_FRAMES for s in senses):
        return None
    subject = node_at(tree, clause[0])
    return next((clause[0] + path for path, node in walk(subject) if isinstance(node, Leaf)
                 and str(node.category) == "N" and node.token.pos.startswith("NN")), None)


def _can_act(sense: Any) -> bool:
    """The noun's sense is a living thing, a group or an agent (not a bullet); True when unknown."""
    if sense is None:
        return True
    return sense.name() in _AGENTS or any(h.name() in _AGENTS for h in sense.closure(lambda s: s.hypernyms()))


def _kb_knows(kb: KnowledgeBase, lemma: str) -> bool:
    return bool(kb.above(lemma) or kb.below(lemma))


def _noun_modifier(leaf: Leaf) -> bool:
    return str(leaf.category) == "N/N" and surface_tag(leaf.token).startswith(("NN", "VBG"))
