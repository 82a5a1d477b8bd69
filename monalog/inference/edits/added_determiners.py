"""The target's determiner put before a bare noun phrase of the premise where it is ↓: "We don't make
mistakes" ⇒ "We don't make many mistakes", "I don't need beds" ⇒ "I don't need your beds". A bare noun
phrase is existential ("some mistakes"), and every determiner here says that some exist ("many X",
"your X", "two X" are each some X), so the phrase with it is a special case. Only where the bare
noun is ↓ too: read universally ("Dogs bark" as all dogs) its noun is ↑ in a downward context, and
"not all dogs" says nothing of many dogs."""
from __future__ import annotations

from monalog.ccg.tree import Binary, Leaf, Tree, Unary, leaves
from monalog.inference.determiners import N, NP
from monalog.inference.edits.context import EditContext, Edits
from monalog.inference.proof import Step, StepKind
from monalog.inference.target import pair_fact
from monalog.inference.treeops import lemma_key, replace_at, sentence_text, surface, walk
from monalog.polarity.lexicon import Kind, default_lexicon
from monalog.polarity.marks import Polarity

_SINGULAR = frozenset({"a", "an", "one", "another"})     # before a bare plural or mass noun: no match


def edits(ctx: EditContext) -> Edits:
    target = ctx.target
    if target is None:
        return
    wanted: dict[tuple[str, ...], tuple[Tree, Leaf]] = {}
    for _, np in walk(target.tree):
        if (split := _determined(np)) is not None:
            wanted.setdefault(lemma_key(split[1]), (np, split[0]))
    if not wanted:
        return
    polarity = {path: node.polarity for path, node in ctx.nodes}
    for path, node in ctx.nodes:
        bare = node.node
        if node.polarity is not Polarity.DOWN or not isinstance(bare, Unary) or bare.category != NP \
                or bare.child.category != N or polarity.get(path + (0,)) is not Polarity.DOWN \
                or _determined(bare) is not None:
            continue
        if (found := wanted.get(lemma_key(bare.child))) is None:
            continue
        phrase, determiner = found
        edited = replace_at(ctx.tree, path, phrase)
        fact = pair_fact(surface(bare), surface(phrase), "a determiner's noun phrase is a special case of the bare one")
        yield edited, Step(StepKind.INSERT, "", determiner.token.word, sentence_text(edited), Polarity.DOWN,
                           (fact,), operator=node.operator)


def _determined(np: Tree) -> tuple[Leaf, Tree] | None:
    """The determiner and noun of a noun phrase that starts with an existential determiner ("your |
    beds", "(many | mistakes)"), read off the categories: the tagger's part of speech for a
    possessive is not to be trusted ("your" tagged RB)."""
    if isinstance(np, Unary) and np.category == NP:
        np, functor = np.child, "N/N"
    elif np.category == NP:
        functor = "NP/N"
    else:
        return None
    if not (isinstance(np, Binary) and isinstance(np.left, Leaf) and str(np.left.category) == functor
            and np.right.category == N):
        return None
    return (np.left, np.right) if _existential(np.left, np.right) else None


def _existential(determiner: Leaf, noun: Tree) -> bool:
    """A one-word determiner that says some exist: a numeral but zero before a plural (not "8 | ball pool"), or a
    lexicon determiner upward in both arguments ("several", "the", "your"), or "many", whose restrictor is
    non-monotone only on its proportional reading (inserted before the premise's own noun, it counts), except
    those of one thing."""
    lexicon, word = default_lexicon(), determiner.token.word.lower()
    if lexicon.is_numeral(word):
        head = leaves(noun)[-1].token
        return word not in _SINGULAR and word.strip("0.,") != "" and word != "zero" \
            and head.word.lower() != head.lemma.lower()
    sig = lexicon.determiners.get((word,))
    return sig is not None and sig.kind is Kind.DET and word not in _SINGULAR \
        and (sig.restrictor is Polarity.UP or word == "many") and sig.scope == (Polarity.UP,)
