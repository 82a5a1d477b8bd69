"""The knowledge of one premise/hypothesis pair: the KB extended with the pair's own facts (what
the premise says of its nouns, one noun spelt two ways, WordNet between the pair's words, light verbs)."""
from __future__ import annotations

import dataclasses

from monalog.ccg.tree import Tree, leaves
from monalog.inference.treeops import compounds, lemma_key, light_noun, sentence_text
from monalog.knowledge.base import KnowledgeBase, spaced
from monalog.knowledge.facts import Fact, Relation, Source, Term
from monalog.knowledge.wordnet_facts import WordNetSettings, glossed_as, light_verb_facts, pair_facts, synsets


def pair_knowledge(kb: KnowledgeBase, p_tree: Tree, h_tree: Tree, wordnet: WordNetSettings | None,
                   exclusions: bool) -> tuple[KnowledgeBase, bool]:
    """The KB with the pair's own facts, and whether those or the KB's own relate a phrase of the
    pair that stands for one word ("wind_instrument", a user's "chocolate bar": only then are such
    phrases looked for in every sentence). `wordnet`: None for no WordNet facts; `exclusions`: WordNet's
    antonyms too."""
    phrases = {tree: compounds(tree) for tree in (p_tree, h_tree)}
    facts = premise_facts(p_tree) + _spelling_facts(phrases[p_tree], h_tree) \
        + _spelling_facts(phrases[h_tree], p_tree)
    if wordnet is not None:
        wn = dataclasses.replace(wordnet, antonyms=("n", "v", "a", "r")) if exclusions else wordnet
        closed = {tree: _closed_compounds(phrases[tree]) for tree in (p_tree, h_tree)}
        words = {tree: _words(tree, phrases[tree]) + [(f.right.text, "NN") for f in closed[tree]]
                 for tree in (p_tree, h_tree)}
        facts += closed[p_tree] + closed[h_tree]
        facts += _compositional(pair_facts(words[p_tree], words[h_tree], wn), phrases[p_tree] + phrases[h_tree])
        for one, other in ((p_tree, h_tree), (h_tree, p_tree)):
            light = [(key, leaves(node)[0].token.lemma.lower(), noun) for key, _, node in phrases[one]
                     if (noun := light_noun(node)) is not None]
            facts += light_verb_facts(light, (leaf.token.lemma.lower() for leaf in leaves(other)
                                              if leaf.token.pos.startswith("VB")), wn)
    return kb.extended(facts), any("_" in f.left.text or "_" in f.right.text for f in facts) \
        or any(kb.knows(key) or kb.knows(spaced(key)) for tree in phrases for key, _, _ in phrases[tree])


def premise_facts(tree: Tree) -> list[Fact]:
    """'Every N1 is a N2' in a premise gives N1 ≤ N2."""
    key = lemma_key(tree)
    if len(key) in (4, 5) and key[0] in ("every", "all", "each") and key[2] == "be":
        rest = key[3:] if len(key) == 4 else (key[4:] if key[3] == "a" else ())
        if len(rest) == 1:
            return [Fact(Term(key[1], "n"), Relation.LEQ, Term(rest[0], "n"), Source.PAIR,
                         f"the premise says \"{sentence_text(tree)}\"")]
    return []


def _words(tree: Tree, phrases: list[tuple[str, tuple[int, ...], Tree]]) -> list[tuple[str, str]]:
    """(lemma, Penn tag) of each word, and of each noun of several words among `phrases`
    ("wind_instrument"); a predicative adjective is tagged one whatever the tagger said ("are
    scarlet": S[adj]\\NP)."""
    return [(leaf.token.lemma.lower(), "JJ") if str(leaf.category) == _PREDICATIVE else
            (leaf.token.lemma.lower(), leaf.token.pos) for leaf in leaves(tree)] \
        + [(key, "NN") for key, _, node in phrases if str(node.category) == "N"]


_PREDICATIVE = "S[adj]\\NP"


def _closed_compounds(phrases: list[tuple[str, tuple[int, ...], Tree]]) -> list[Fact]:
    """A noun of common nouns written apart is the noun WordNet writes as one word or with a hyphen
    ("pony tail" ≡ "ponytail", "sun glasses" ≡ "sunglasses", "ping pong" ≡ "ping-pong") when it lists
    no two-word form; never with an adjective ("black bird" is no "blackbird") or a name."""
    facts = []
    for key, _, node in phrases:
        if not _of_nouns(node) or synsets(key, "n"):
            continue
        spelt = [leaf.token.word.lower() for leaf in leaves(node)]
        closed = next((joined for joined in ("".join(spelt), "-".join(spelt)) if synsets(joined, "n")), None)
        if closed:
            facts.append(Fact(Term(key), Relation.EQ, Term(closed, "n"), Source.WORDNET,
                              f"\"{closed}\" written as two words"))
    return facts


def _compositional(facts: list[Fact], phrases: list[tuple[str, tuple[int, ...], Tree]]) -> list[Fact]:
    """The WordNet facts that may be used: a noun of several words with an adjective ("young man",
    "musical instrument") means what its words say, so WordNet may only place a word under it (guitar ≤
    musical_instrument), never equate it with a word or place it under one through a sense its words do
    not say (young_man ≡ boyfriend). Where a sense of the word is glossed by the phrase's own words, the
    phrase is placed under the word (young_woman ≤ girl: girl.n.01 is "a young woman"; not back, a girl
    may be a child)."""
    adjectival = {key for key, _, node in phrases if any(leaf.token.pos.startswith("JJ") for leaf in leaves(node))}
    out = []
    for f in facts:
        left, right = f.left.text in adjectival, f.right.text in adjectival
        if not (left and f.relation is not Relation.GEQ) and not (right and f.relation is not Relation.LEQ):
            out.append(f)
        elif f.relation is Relation.EQ and left != right:
            phrase, word = (f.left, f.right) if left else (f.right, f.left)
            if glossed_as(phrase.text, word.text):
                out.append(Fact(phrase, Relation.LEQ, word, f.source, f"{f.note}; glossed \"{spaced(phrase.text)}\""))
    return out


def _spelling_facts(phrases: list[tuple[str, tuple[int, ...], Tree]], other: Tree) -> list[Fact]:
    """A noun written as two words in one sentence (among its `phrases`) and as one in the other is
    one noun ("back yard", "backyard")."""
    words = {leaf.token.lemma.lower() for leaf in leaves(other)}
    return [Fact(Term(key), Relation.EQ, Term(key.replace("_", "")), Source.PAIR,
                 "one noun, written as two words or as one")
            for key, _, node in phrases if str(node.category) == "N" and key.replace("_", "") in words]


def _of_nouns(node: Tree) -> bool:
    """A noun of common nouns only ("back yard"; not "black bird", no name)."""
    return str(node.category) == "N" and all(leaf.token.pos in ("NN", "NNS") for leaf in leaves(node))
