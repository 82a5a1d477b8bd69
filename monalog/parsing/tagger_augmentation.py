"""Training-time augmentation of silver derivations for the supertagger.

SICK's silver parses are nearly all progressive ("is eating") and rarely contain the operators the
polarizer cares about. Swapping words within one supertag (grammars/tagger_augmentation.json) and
rewriting verb phrases into other tenses keeps every tree a valid rebank derivation while teaching
the tagger "every", "at_most three", "eats", "ate", "has eaten", "can eat", "never eats", ...
"""
from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import cast

from monalog.ccg.category import Atom, Category, Functor, parse_category
from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree, Unary, leaves
from monalog.resources import grammar_path
from monalog.text.morphology import participle, past_tense, third_person

@dataclass(frozen=True)
class TreeAugmenter:
    """Swaps words within one supertag (grammars/tagger_augmentation.json) and replaces whole
    determiner-noun phrases by NP words, so rare operators are seen in training."""

    swap: dict[str, tuple[str, ...]]
    swap_only: dict[str, frozenset[str]]
    noun_phrases: tuple[str, ...]
    numeral_operators: tuple[str, ...]
    present_rate: float
    rate: float = 0.5
    subject_pronouns: tuple[str, ...] = ()
    object_pronouns: tuple[str, ...] = ()
    conditionals: tuple[str, ...] = ()
    conditional_rate: float = 0.0
    conditional_comma_rate: float = 1.0
    embedding_rate: float = 0.0
    embedding_subjects: tuple[str, ...] = ()
    embedding_verbs: tuple[str, ...] = ()

    @classmethod
    def from_data(cls, rate: float = 0.5) -> "TreeAugmenter":
        import json

        data = json.loads(grammar_path("tagger_augmentation.json").read_text(encoding="utf-8"))
        return cls({k: tuple(v) for k, v in data["swap"].items()},
                   {k: frozenset(v) for k, v in data["swap_only"].items()},
                   tuple(data["noun_phrases"]), tuple(data["numeral_operators"]),
                   float(data["present_rate"]), rate, tuple(data["subject_pronouns"]),
                   tuple(data["object_pronouns"]), tuple(data["conditionals"]), float(data["conditional_rate"]),
                   float(data["conditional_comma_rate"]), float(data["embedding_rate"]),
                   tuple(data["embedding_subjects"]), tuple(data["embedding_verbs"]))

    @property
    def words(self) -> list[str]:
        """Every word the augmentation can introduce (they join the tagger's vocabulary)."""
        return ([w for ws in self.swap.values() for w in ws] + list(self.noun_phrases)
                + list(self.subject_pronouns) + list(self.object_pronouns) + list(self.conditionals)
                + [w for phrase in self.embedding_subjects for w in phrase.split()] + list(self.embedding_verbs)
                + ["it", "is", "not", "true", "that"]
                + list(self.numeral_operators) + ["does", "do", "did", "has", "have", "can", "will", "may",
                                                  "must", "should"] + list(_ADVERBS))

    def categories(self, trees) -> set[str]:
        """Every supertag the augmentation can produce from these trees (for the tag vocabulary)."""
        rng = random.Random(0)
        out = {"(N/N)/(N/N)", "(S\\NP)/(S\\NP)", "NP", "N", str(_CONDITIONAL), ",",
               *(str(c) for c in _EMBEDDING.values())}
        for tree in trees:
            for tense in ("present", "past", "perfect", "modal"):
                new = retense(tree, tense, rng)
                if new is not tree:
                    out.update(str(leaf.category) for leaf in leaves(new))
        return out

    def __call__(self, tree: Tree, rng: random.Random) -> Tree:
        if rng.random() < self.present_rate:
            tree = retense(tree, rng.choice(TENSES), rng)
        if rng.random() >= self.rate:
            return tree
        return self._visit(tree, rng, first=True)[0]

    def clauses(self, batch: list[Tree], rng: random.Random) -> list[Tree]:
        """Some sentences of a batch joined to the one before them into a conditional, and some
        embedded as a that-clause."""
        out = []
        for i, tree in enumerate(batch):
            if rng.random() < self.conditional_rate:
                tree = self.join(batch[i - 1], tree, rng)
            elif rng.random() < self.embedding_rate:
                tree = self.embed(tree, rng)
            out.append(tree)
        return out

    def join(self, first: Tree, second: Tree, rng: random.Random) -> Tree:
        """"If S1 , s2": two sentences joined by a fronted subordinating conjunction (both S[dcl],
        else `second` unchanged)."""
        if not (self.conditionals and str(first.category) == str(second.category) == "S[dcl]"):
            return second
        word = rng.choice(self.conditionals)
        conj = Leaf(_CONDITIONAL, Token(word.capitalize(), word, "IN"))
        clause = Binary(_CONDITIONAL.result, Rule.FA, conj, _recase(first, str.lower), True)
        if rng.random() < self.conditional_comma_rate:
            clause = Binary(clause.category, Rule.RP, clause, Leaf(Atom(","), Token(",", ",", ",")), True)
        return Binary(second.category, Rule.FA, clause, _recase(second, str.lower), False)

    def embed(self, tree: Tree, rng: random.Random) -> Tree:
        """"It is not true that s" or "The manager doubts that s" (an S[dcl], else unchanged)."""
        if str(tree.category) != "S[dcl]" or not self.embedding_verbs:
            return tree
        e, atoms = _EMBEDDING, _EMBEDDING_ATOMS
        that = Binary(e["that"].result, Rule.FA, _leaf(e["that"], "that", "IN"), _recase(tree, str.lower), True)
        if rng.random() < 0.3:
            is_not = Binary(e["is"], Rule.BX, _leaf(e["is"], "is", "VBZ"), _leaf(e["not"], "not", "RB"), True)
            true = Binary(e["true"].result, Rule.FA, _leaf(e["true"], "true", "JJ"), that, True)
            return Binary(tree.category, Rule.BA, _leaf(atoms["it"], "It", "PRP"),
                          Binary(e["is"].result, Rule.FA, is_not, true, True), False)
        words = rng.choice(self.embedding_subjects).split()
        subject: Tree = _leaf(atoms["it"], words[0].capitalize(), "NN")
        if len(words) == 2:
            subject = Binary(atoms["it"], Rule.FA, _leaf(e["det"], words[0].capitalize(), "DT"),
                             _leaf(atoms["noun"], words[1], "NN"), True)
        verb = _leaf(e["verb"], rng.choice(self.embedding_verbs), "VBZ")
        return Binary(tree.category, Rule.BA, subject, Binary(e["verb"].result, Rule.FA, verb, that, True), False)

    def _visit(self, node: Tree, rng: random.Random, first: bool) -> tuple[Tree, bool]:
        """Returns (new node, whether it still begins the sentence)."""
        if isinstance(node, Leaf):
            return self._leaf(node, rng, first), False
        if (isinstance(node, Binary) and str(node.category) == "NP" and node.rule is Rule.FA
                and str(node.left.category) == "NP/N" and rng.random() < 0.1):
            word = rng.choice(self.noun_phrases + (self.subject_pronouns if first else self.object_pronouns))
            word = word.capitalize() if first or word == "i" else word
            return Leaf(node.category, Token(word, word.lower(), "NN")), False
        children = []
        for child in node.children:
            new, first = self._visit(child, rng, first)
            children.append(new)
        if isinstance(node, Binary):
            return Binary(node.category, node.rule, children[0], children[1], node.head_is_left), first
        return Unary(node.category, node.rule, children[0]), first

    def _leaf(self, leaf: Leaf, rng: random.Random, first: bool) -> Tree:
        cat = str(leaf.category)
        word = leaf.token.word.lower()
        if cat not in self.swap or (cat in self.swap_only and word not in self.swap_only[cat]):
            return leaf
        if cat == "NP/N" and leaf.token.pos != "DT":
            return leaf
        new = rng.choice(self.swap[cat])
        new = new.capitalize() if first else new
        swapped = Leaf(leaf.category, Token(new, new.lower(), leaf.token.pos, leaf.token.ner, leaf.token.chunk))
        if cat == "N/N" and rng.random() < 0.3:     # "at_most three"
            op = rng.choice(self.numeral_operators)
            op = op.capitalize() if first else op
            modifier = Leaf(parse_category("(N/N)/(N/N)"), Token(op, op.lower(), "RB"))
            numeral = Leaf(leaf.category, Token(new.lower(), new.lower(), leaf.token.pos))
            return Binary(leaf.category, Rule.FA, modifier, numeral, True)
        return swapped


_NG, _DCL, _BASE, _PT = Atom("S", "ng"), Atom("S", "dcl"), Atom("S", "b"), Atom("S", "pt")
_CONDITIONAL = cast(Functor, parse_category("(S/S)/S[dcl]"))
_EMBEDDING: dict[str, Functor] = {name: cast(Functor, parse_category(cat)) for name, cat in (
    ("that", "S[em]/S[dcl]"), ("verb", "(S[dcl]\\NP)/S[em]"), ("true", "(S[adj]\\NP)/S[em]"),
    ("is", "(S[dcl]\\NP)/(S[adj]\\NP)"), ("not", "(S\\NP)\\(S\\NP)"), ("det", "NP/N"))}
_EMBEDDING_ATOMS = {"it": Atom("NP"), "noun": Atom("N")}


def _leaf(cat: Category, word: str, pos: str) -> Leaf:
    return Leaf(cat, Token(word, word.lower(), pos))


def _recase(tree: Tree, case) -> Tree:
    """The tree with its first word re-cased (kept as is for "I" and names)."""
    if isinstance(tree, Leaf):
        word = tree.token.word
        if word == "I" or tree.token.pos.startswith("NNP"):
            return tree
        return Leaf(tree.category, dataclasses.replace(tree.token, word=case(word[:1]) + word[1:]))
    if isinstance(tree, Unary):
        return Unary(tree.category, tree.rule, _recase(tree.child, case))
    return Binary(tree.category, tree.rule, _recase(tree.left, case), tree.right, tree.head_is_left)
_ADVERBS = ("never", "always", "often", "sometimes", "rarely", "usually", "no_longer")
TENSES = ("present", "present", "past", "perfect", "modal")


def _refeature(cat: Category, old: Atom, new: Atom) -> Category:
    if isinstance(cat, Atom):
        return new if cat == old else cat
    return Functor(_refeature(cat.result, old, new), cat.slash, _refeature(cat.argument, old, new))


def _contains(cat: Category, atom: Atom) -> bool:
    if isinstance(cat, Atom):
        return cat == atom
    return _contains(cat.result, atom) or _contains(cat.argument, atom)


def _retense(node: Tree, target: Atom, inflect, pos: str) -> Tree:
    """Turn a progressive verb phrase (S[ng]) into `target` along its head spine."""
    cat = _refeature(node.category, _NG, target)
    if isinstance(node, Leaf):
        return Leaf(cat, Token(inflect(node.token.lemma), node.token.lemma, pos))
    kids = [_retense(c, target, inflect, pos) if _contains(c.category, _NG) else c for c in node.children]
    if isinstance(node, Unary):
        return Unary(cat, node.rule, kids[0])
    return Binary(cat, node.rule, kids[0], kids[1], node.head_is_left)


def _aux(word: str, lemma: str, complement: Atom) -> Leaf:
    cat = _refeature(parse_category("(S[dcl]\\NP)/(S[ng]\\NP)"), _NG, complement)
    return Leaf(cat, Token(word, lemma, "MD" if lemma not in ("have", "do") else "VBZ"))


def _rewrite(vp_node: Binary, singular: bool, tense: str, negation: Leaf | None, rng: random.Random) -> Tree:
    """'is (not) V-ing ...' in another tense; `vp_node` is fa(aux, VP[ng])."""
    vp = vp_node.right
    base = lambda lemma: lemma  # noqa: E731
    if tense in ("present", "past") and negation is None:
        inflect = (third_person if singular else base) if tense == "present" else past_tense
        new = _retense(vp, _DCL, inflect, "VBZ" if tense == "present" else "VBD")
        if rng.random() < 0.2:
            word = rng.choice(_ADVERBS)
            adverb = Leaf(parse_category("(S\\NP)/(S\\NP)"), Token(word, word, "RB"))
            new = Binary(new.category, Rule.FA, adverb, new, True)
        return new
    aux: Tree
    if tense in ("present", "past"):
        aux = _aux("did" if tense == "past" else ("does" if singular else "do"), "do", _BASE)
        complement, inflect, pos = _BASE, base, "VB"
    elif tense == "perfect":
        aux = _aux("has" if singular else "have", "have", _PT)
        complement, inflect, pos = _PT, participle, "VBN"
    else:
        word = rng.choice(("can", "will", "may", "must", "should"))
        aux = _aux(word, word, _BASE)
        complement, inflect, pos = _BASE, base, "VB"
    if negation is not None:
        aux = Binary(aux.category, Rule.BX, aux, negation, True)
    return Binary(vp_node.category, Rule.FA, aux, _retense(vp, complement, inflect, pos), vp_node.head_is_left)


def retense(tree: Tree, tense: str, rng: random.Random) -> Tree:
    """Every progressive verb phrase ("is eating", "are not eating") rewritten in `tense`:
    present ("eats", "do not eat"), past ("ate", "did not eat"), perfect ("has eaten"), modal ("can eat")."""
    if isinstance(tree, Leaf):
        return tree
    if isinstance(tree, Binary) and tree.rule is Rule.FA and str(tree.right.category) == "S[ng]\\NP":
        aux: Tree = tree.left
        negation: Leaf | None = None
        if (isinstance(aux, Binary) and aux.rule is Rule.BX and isinstance(aux.right, Leaf)
                and aux.right.token.lemma in ("not", "n't")):
            negation = aux.right
            aux = aux.left
        if isinstance(aux, Leaf) and aux.token.lemma == "be" and str(aux.category) == "(S[dcl]\\NP)/(S[ng]\\NP)":
            return _rewrite(tree, aux.token.word.lower() == "is", tense, negation, rng)
    kids = [retense(c, tense, rng) for c in tree.children]
    if isinstance(tree, Unary):
        return Unary(tree.category, tree.rule, kids[0])
    return Binary(tree.category, tree.rule, kids[0], kids[1], tree.head_is_left)
