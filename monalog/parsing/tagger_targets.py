"""What the two supertaggers' training shares (monalog.parsing.training, the BiLSTM, and
monalog.parsing.contextual, the MiniLM tagger): the vocabulary, derivations with a final full stop,
and each derivation's training targets (supertags, POS tags, heads as depccg scores them)."""
from __future__ import annotations

from collections import Counter
from typing import Sequence

import torch

from monalog.ccg.category import Atom
from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree, leaves
from monalog.parsing.tagger import Vocab, normalize_word

PERIOD = Leaf(Atom("."), Token(".", ".", ".", "O", "XX"))


def heads(tree: Tree) -> list[int]:
    """Head of every word as depccg scores it: 0 for the root, else 1 + the head word's index."""
    out = [0] * len(leaves(tree))

    def visit(node: Tree, start: int) -> tuple[int, int]:
        """Returns (lexical head index, end of span)."""
        if isinstance(node, Leaf):
            return start, start + 1
        if isinstance(node, Binary):
            lh, mid = visit(node.left, start)
            rh, end = visit(node.right, mid)
            head, dependent = (lh, rh) if node.head_is_left else (rh, lh)
            out[dependent] = head + 1
            return head, end
        return visit(node.children[0], start)

    root, _ = visit(tree, 0)
    out[root] = 0
    return out


def with_period(tree: Tree) -> Tree:
    """The same derivation with a sentence-final full stop (teaches the tagger punctuation)."""
    return Binary(tree.category, Rule.RP, tree, PERIOD, head_is_left=True)


def build_vocab(trees: Sequence[Tree], extra_words: Sequence[str] = (), extra_tags: Sequence[str] = ()) -> Vocab:
    words = Counter(map(normalize_word, extra_words))
    chars: Counter[str] = Counter()
    tags: Counter[str] = Counter()
    pos: Counter[str] = Counter()
    for word in extra_words:
        chars.update(word + word.capitalize())
    for tree in trees:
        for leaf in leaves(tree):
            words[normalize_word(leaf.token.word)] += 1
            chars.update(leaf.token.word)
            tags[str(leaf.category)] += 1
            pos[leaf.token.pos] += 1
    specials = ("<pad>", "<unk>")
    return Vocab(
        words=specials + tuple(sorted(words)),
        chars=specials + tuple(sorted(chars) + ["."] * ("." not in chars)),
        tags=tuple(sorted(set(tags) | {"."} | set(extra_tags))),
        pos=tuple(sorted(set(pos) | {"."})),
    )


def targets(vocab: Vocab, trees: Sequence[Tree], device) -> tuple[torch.Tensor, ...]:
    """Supertag, POS and head indices per word (-100 where none: padding, an unknown tag)."""
    t = max(len(leaves(tree)) for tree in trees)
    tag_index = {tag: i for i, tag in enumerate(vocab.tags)}
    pos_index = {p: i for i, p in enumerate(vocab.pos)}
    tags = torch.full((len(trees), t), -100, dtype=torch.long)
    pos = torch.full((len(trees), t), -100, dtype=torch.long)
    hd = torch.full((len(trees), t), -100, dtype=torch.long)
    for i, tree in enumerate(trees):
        lv = leaves(tree)
        tags[i, :len(lv)] = torch.tensor([tag_index.get(str(leaf.category), -100) for leaf in lv])
        pos[i, :len(lv)] = torch.tensor([pos_index.get(leaf.token.pos, -100) for leaf in lv])
        hd[i, :len(lv)] = torch.tensor(heads(tree))
    return tags.to(device), pos.to(device), hd.to(device)
