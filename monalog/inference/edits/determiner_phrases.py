"""A determiner of two words that the parser reads as an article and an adjective ("a few children":
A + few children) replaced as one by a determiner the target has, as the polarity of its first word
and the knowledge base allow: "a few children" ≤ "some children" (the lexicon's multi-word
determiners, grammars/monotonicity.tsv)."""
from __future__ import annotations

from monalog.ccg.tree import Binary, Leaf, Rule, Token
from monalog.inference.determiners import DETERMINER, NP, determiner_pair
from monalog.inference.edits.context import EditContext, Edits
from monalog.inference.proof import Step, StepKind
from monalog.inference.target import licensed
from monalog.inference.treeops import is_determiner, replace_at, sentence_text
from monalog.polarity.lexicon import default_lexicon


def edits(ctx: EditContext) -> Edits:
    """Numerals replace it only where they read "at least N" (`counting`: "a few" ≤ "two")."""
    target = ctx.target
    if target is None:
        return
    wanted = {leaf.token.lemma.lower(): leaf for leaf in target.leaves if is_determiner(leaf)
              and (ctx.counting or not default_lexicon().is_numeral(leaf.token.lemma.lower()))}
    if not wanted:
        return
    polarity = dict(ctx.nodes)
    for path, node in ctx.nodes:
        if (split := determiner_pair(node.node)) is None:
            continue
        first_at, pair, rest = split
        words = tuple(leaf.token.word.lower() for leaf in pair)
        first = polarity.get(path + first_at)
        if first is None or words not in default_lexicon().determiners:
            continue
        old = " ".join(words)
        for lemma, leaf in wanted.items():
            facts = licensed(ctx.leq, old, lemma, first.polarity)
            if facts is None or lemma in words:
                continue
            word = leaf.token.word.lower()
            word = word.capitalize() if pair[0].token.word[:1].isupper() else word
            new = Binary(NP, Rule.FA, Leaf(DETERMINER, Token(word, leaf.token.lemma, leaf.token.pos)), rest, True)
            edited = replace_at(ctx.tree, path, new)
            yield edited, Step(StepKind.REPLACE, old, word, sentence_text(edited), first.polarity,
                               facts, operator=node.operator)
