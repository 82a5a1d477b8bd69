"""A conclusion's parse read once for the natural-logic positives (`positives`): its tokens aligned to
the marked text, its main verb, and the words no drop may touch (the subject, the verbs, the marked
entities, what follows an evaluative word); or why nothing may be dropped from it at all (a doubtful
parse, a hedge, a negation, a comparison, an untrusted verb). The rules then only ask this view."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

from monalog.ccg.category import Functor
from monalog.ccg.tree import Binary, Leaf, Tree, Unary
from monalog.polarity.doubt import doubt
from monalog_perturb.bio.positives.tokens import (
    Token, finite_category, is_adverb, is_comparative, is_s, is_vp, plain, reverses, trusted_verb)
from monalog_perturb.bio.positives.words import EVALUATIVE, FINITE_TAGS, HEDGES, NEGATIVE_STEMS, QUANTIFYING

if TYPE_CHECKING:
    from monalog.polarity.polarizer import PolarizedSentence



def subjects(tree: Tree) -> list[tuple[int, int]]:
    """Leaf spans of subjects: the NP a verb phrase applies to (NP S\\NP => S), or an NP raised to
    take one (NP => S/(S\\NP))."""
    out: list[tuple[int, int]] = []

    def visit(node: Tree, start: int) -> int:
        if isinstance(node, Leaf):
            return start + 1
        if isinstance(node, Unary):
            end = visit(node.child, start)
            cat = node.category
            if isinstance(cat, Functor) and is_s(cat.result) and is_vp(cat.argument) \
                    and plain(node.child.category) == "NP":
                out.append((start, end))
            return end
        assert isinstance(node, Binary)
        middle = visit(node.left, start)
        end = visit(node.right, middle)
        if plain(node.left.category) == "NP" and is_vp(node.right.category) and is_s(node.category):
            out.append((start, middle))
        return end

    visit(tree, 0)
    return out


def align(marked: str, words: Iterable[str]) -> list[tuple[int, int]] | None:
    """Character spans of the parser's tokens in the marked hypothesis (markers skipped), or None."""
    blanked = re.sub(r"</?(?:re|er|el|le)>", lambda m: "\0" * len(m.group()), marked)
    spans, at = [], 0
    for word in words:
        pattern = r"\s+".join(re.escape(part) for part in word.split("_")) if "_" in word else re.escape(word)
        match = re.compile(pattern).search(blanked, at)
        if match is None or blanked[at:match.start()].strip(" \0"):
            return None
        spans.append((match.start(), match.end()))
        at = match.end()
    return spans



@dataclass
class ConclusionParse:
    """A conclusion's parse, read once: its tokens aligned to the marked text, what is protected."""

    marked: str
    tokens: list[Token]
    protected: set[int]
    verb: Token
    negative: bool              # a word of prevention or decrease: no adjective is dropped
    copula: bool                # "X is (a) Y": a PP may restrict the predicate's domain, none is dropped

    @classmethod
    def read(cls, marked: str, sentence: "PolarizedSentence") -> "ConclusionParse | str":
        """The sentence, or why nothing may be dropped from it."""
        tree = sentence.parse.tree
        reason = doubt(tree)
        if reason:
            return f"doubtful parse ({reason})"
        if not is_s(tree.category, "dcl"):
            return f"not a declarative sentence ({tree.category})"
        polarized = sentence.tree.leaves()
        spans = align(marked, [pn.token.word for pn in polarized])
        if spans is None:
            return "tokens not aligned with the text"
        probabilities = sentence.parse.tag_probabilities or (1.0,) * len(polarized)
        tokens = [Token(i, pn.token.word, pn.token.lemma.lower(), pn.token.pos, pn.node.category, p, s, e)
                  for i, (pn, p, (s, e)) in enumerate(zip(polarized, probabilities, spans))]
        for t in tokens:
            if t.word.isupper() and len(t.word) > 1:
                continue                    # an acronym: "NO" is nitric oxide, "MAY" a gene
            if t.lower in HEDGES or t.lemma in HEDGES:
                return f"hedged (\"{t.word}\")"
            if t.lower in QUANTIFYING:
                return f"quantified (\"{t.word}\")"
            if reverses(t.lower, t.lemma):
                return f"negated or downward (\"{t.word}\")"
            if t.pos in ("JJR", "JJS", "RBR", "RBS") or is_comparative(t.lower):
                return f"a comparison (\"{t.word}\")"
        verbs = [t for t in tokens if finite_category(t.category)]
        if not verbs:
            return "no finite verb"
        untrusted = next((t for t in verbs if not trusted_verb(t)), None)
        if untrusted:
            return f"untrusted verb (\"{untrusted.word}\" as {untrusted.category}, {untrusted.pos})"
        protected = set(range(verbs[0].index + 1))          # the subject and the main verb, at least
        before = tokens[verbs[0].index - 1] if verbs[0].index else None
        if before is not None and is_adverb(before) and isinstance(before.category, Functor) \
                and before.category.slash.value == "/" and is_vp(before.category.result):
            protected.discard(before.index)                 # "X strongly inhibits Y": the adverb may go
        for start, end in subjects(tree):
            protected.update(range(start, end))
        entities = [(m.start(), m.end()) for m in re.finditer(r"<(re|el)>.*?<(er|le)>", marked)]
        protected.update(t.index for t in tokens if any(s <= t.start < e for s, e in entities))
        protected.update(t.index for t in tokens if t.pos in FINITE_TAGS or finite_category(t.category))
        complement = verbs[0].category.argument if isinstance(verbs[0].category, Functor) else None
        copula = verbs[0].lemma == "be" and complement is not None and (
            plain(complement) == "NP" or (isinstance(complement, Functor) and is_vp(complement)
                                           and is_s(complement.result, "adj")))
        negative = any(t.lemma.startswith(NEGATIVE_STEMS) or t.lower.startswith(NEGATIVE_STEMS)
                       for t in tokens[verbs[0].index:])                # the main verb and its object
        evaluative = next((t.index for t in tokens[verbs[0].index:] if t.lower in EVALUATIVE), None)
        if evaluative is not None:
            protected.update(range(evaluative + 1, len(tokens)))
        return cls(marked, tokens, protected, verbs[0], negative, copula)

    def at(self, i: int) -> Token | None:
        return self.tokens[i] if 0 <= i < len(self.tokens) else None
