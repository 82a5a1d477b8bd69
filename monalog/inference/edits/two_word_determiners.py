"""A determiner of one word replaced by one of two words that the target has (`Target.pairs`), as its
polarity and the knowledge base allow: "three women" ≤ "a few women"."""
from __future__ import annotations

from monalog.ccg.tree import Binary, Leaf, Rule, Token
from monalog.inference.determiners import DETERMINER, MODIFIER, N, NP, known_pair, one_word_determiner
from monalog.inference.edits.context import EditContext, Edits
from monalog.inference.proof import Step, StepKind
from monalog.inference.target import licensed
from monalog.inference.treeops import replace_at, sentence_text
from monalog.polarity.lexicon import default_lexicon


def edits(ctx: EditContext) -> Edits:
    """Under the exact reading of numerals (`counting` off) no numeral is replaced."""
    target = ctx.target
    if target is None or not target.pairs:
        return
    polarity = dict(ctx.nodes)
    for path, node in ctx.nodes:
        if (split := one_word_determiner(node.node)) is None or known_pair(node.node) is not None:
            continue
        at, leaf, rest = split
        det = polarity.get(path + at)
        old = leaf.token.word.lower()
        if det is None or (not ctx.counting and default_lexicon().is_numeral(old)):
            continue
        for new_words, (first, second) in target.pairs:
            facts = licensed(ctx.leq, old, new_words, det.polarity)
            if facts is None:
                continue
            word = first.token.word.lower()
            word = word.capitalize() if leaf.token.word[:1].isupper() else word
            noun = Binary(N, Rule.FA, Leaf(MODIFIER, second.token), rest, True)
            new = Binary(NP, Rule.FA, Leaf(DETERMINER, Token(word, first.token.lemma, first.token.pos)), noun, True)
            edited = replace_at(ctx.tree, path, new)
            yield edited, Step(StepKind.REPLACE, leaf.token.word, f"{word} {second.token.word}", sentence_text(edited),
                               det.polarity, facts, operator=node.operator)
