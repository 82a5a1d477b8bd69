"""Training, saving and loading the supertagger on a few hand-made trees (tiny model, seconds)."""
import numpy as np
import pytest

from monalog.ccg import read_braces, leaves
from monalog.parsing.decoder import Decoder
from monalog.parsing.tagger import TaggerConfig, encode_batch, load_tagger, save_tagger
from monalog.parsing.tagger_targets import heads, with_period
from monalog.parsing.training import TrainSettings, score_parses, split_holdout, train_tagger

A_DOG_BARKS = ("{<T S[dcl] ba 0 2> {<T NP fa 0 2> {<L NP/N A a DT O XX NP/N>} {<L N dog dog NN O XX N>} } "
               "{<L S[dcl]\\NP barks bark VBZ O XX S[dcl]\\NP>} }")
A_CAT_SEES_A_DOG = (
    "{<T S[dcl] ba 0 2> {<T NP fa 0 2> {<L NP/N A a DT O XX NP/N>} {<L N cat cat NN O XX N>} } "
    "{<T S[dcl]\\NP fa 0 2> {<L (S[dcl]\\NP)/NP sees see VBZ O XX (S[dcl]\\NP)/NP>} "
    "{<T NP fa 0 2> {<L NP/N a a DT O XX NP/N>} {<L N dog dog NN O XX N>} } } }")
TREES = [read_braces(A_DOG_BARKS), read_braces(A_CAT_SEES_A_DOG)]
TINY = TaggerConfig(word_dim=16, char_dim=8, char_filters=16, hidden=16, mlp=16, arc_dim=16, dropout=0.0)


def test_heads_follow_depccg_head_first_convention():
    # "A dog barks": A is the lexical head of NP, and NP's head is the head of the sentence
    assert heads(TREES[0]) == [0, 1, 1]
    assert heads(TREES[1]) == [0, 1, 1, 3, 4]
    assert heads(with_period(TREES[0])) == [0, 1, 1, 1]


def test_split_is_fixed_and_disjoint():
    items = list(range(100))
    train, held = split_holdout(items, 0.1, seed=0)
    assert len(held) == 10 and not set(train) & set(held)
    assert split_holdout(items, 0.1, seed=0) == (train, held)


def test_train_save_load_decode(tmp_path):
    settings = TrainSettings(epochs=60, batch_size=2, lr=1e-2, word_dropout=0.0, period_rate=0.0, seed=1)
    model = train_tagger(TREES * 4, TINY, settings, device="cpu")
    path = tmp_path / "tiny.npz"
    save_tagger(model, path, {"note": "test"})
    loaded = load_tagger(path)
    assert loaded.meta == {"note": "test"}
    sents = [[leaf.token.word for leaf in leaves(t)] for t in TREES]
    tags, pos, arcs = loaded(*encode_batch(loaded.vocab, sents))
    predicted = [[loaded.vocab.tags[i] for i in row[:len(s)]] for row, s in zip(tags.argmax(-1).tolist(), sents)]
    assert predicted == [[str(leaf.category) for leaf in leaves(t)] for t in TREES]

    decoder = Decoder(loaded.vocab.tags)
    scores = []
    for i, s in enumerate(sents):
        n = len(s)
        scores.append((tags[i, :n].log_softmax(-1).detach().numpy(),
                       arcs[i, :n, :n + 1].log_softmax(-1).detach().numpy()))
    trees = decoder.decode([list(leaves(t)[j].token for j in range(len(s))) for t, s in zip(TREES, sents)], scores)
    result = score_parses(TREES, trees, 0.0)
    assert result.failed == 0 and result.span_f1 == 1.0 and result.tag_accuracy == 1.0


def test_decoder_reports_failure_as_none():
    decoder = Decoder(["NP/N"])        # three determiners cannot form a sentence
    tokens = list(t.token for t in leaves(TREES[0]))
    tags = np.zeros((3, 1), dtype=np.float32)
    deps = np.log(np.full((3, 4), 0.25, dtype=np.float32))
    assert decoder.decode([tokens], [(tags, deps)]) == [None]
    assert decoder.decode([], []) == []


A_BABY_IS_NOT_EATING = (
    "{<T S[dcl] ba 0 2> {<T NP fa 0 2> {<L NP/N A a DT O XX NP/N>} {<L N baby baby NN O XX N>} } "
    "{<T S[dcl]\\NP fa 0 2> {<T (S[dcl]\\NP)/(S[ng]\\NP) bx 0 2> "
    "{<L (S[dcl]\\NP)/(S[ng]\\NP) is be VBZ O XX (S[dcl]\\NP)/(S[ng]\\NP)>} "
    "{<L (S\\NP)\\(S\\NP) not not RB O XX (S\\NP)\\(S\\NP)>} } "
    "{<T S[ng]\\NP fa 0 2> {<L (S[ng]\\NP)/NP eating eat VBG O XX (S[ng]\\NP)/NP>} "
    "{<T NP fa 0 2> {<L NP/N a a DT O XX NP/N>} {<L N tree tree NN O XX N>} } } } }")


@pytest.mark.parametrize("tense, positive, negative", [
    ("present", "A dog barks", "A baby does not eat a tree"),
    ("past", "A dog barked", "A baby did not eat a tree"),
    ("perfect", "A dog has barked", "A baby has not eaten a tree"),
])
def test_retense_keeps_valid_derivations(tense, positive, negative):
    import random

    from monalog.ccg import sentence
    from monalog.parsing.tagger_augmentation import retense

    progressive = read_braces(
        "{<T S[dcl] ba 0 2> {<T NP fa 0 2> {<L NP/N A a DT O XX NP/N>} {<L N dog dog NN O XX N>} } "
        "{<T S[dcl]\\NP fa 0 2> {<L (S[dcl]\\NP)/(S[ng]\\NP) is be VBZ O XX (S[dcl]\\NP)/(S[ng]\\NP)>} "
        "{<L S[ng]\\NP barking bark VBG O XX S[ng]\\NP>} } }")
    rng = random.Random(5)   # no adverb is drawn for this seed
    for tree, expected in ((progressive, positive), (read_braces(A_BABY_IS_NOT_EATING), negative)):
        new = retense(tree, tense, rng)
        assert sentence(new) == expected
        assert new.category == tree.category
        assert _decodes(new)


def _decodes(tree) -> bool:
    """depccg's grammar derives the tree's sentence when forced to its supertags."""
    from monalog.ccg import sentence

    cats = [str(leaf.category) for leaf in leaves(tree)]
    vocab = sorted(set(cats))
    tags = np.full((len(cats), len(vocab)), -20.0, dtype=np.float32)
    tags[np.arange(len(cats)), [vocab.index(c) for c in cats]] = 0.0
    deps = np.zeros((len(cats), len(cats) + 1), dtype=np.float32)
    decoded = Decoder(vocab).decode([[leaf.token for leaf in leaves(tree)]], [(tags, deps)])[0]
    return decoded is not None and sentence(decoded) == sentence(tree)


@pytest.mark.slow      # decodes every augmented silver tree (14 s); the tagger training path keeps its fast test
def test_clause_augmentations_are_derivations_the_grammar_accepts():
    import random

    from monalog.ccg import sentence
    from monalog.parsing.tagger_augmentation import TreeAugmenter

    augmenter = TreeAugmenter.from_data()
    baby = read_braces(A_BABY_IS_NOT_EATING)
    rng = random.Random(0)
    seen = set()
    for _ in range(12):
        for tree in (augmenter.join(baby, baby, rng), augmenter.embed(baby, rng)):
            text = sentence(tree)
            seen.add(text.split()[0])
            assert text.endswith("a baby is not eating a tree") and len(heads(tree)) == len(leaves(tree))
            assert _decodes(tree), text
    assert {"It", "If"} <= seen          # "It is not true that ...", "If a baby is not eating ..."
    assert {str(leaf.category) for leaf in leaves(augmenter.embed(baby, random.Random(1)))} \
        <= augmenter.categories([baby]) | {str(leaf.category) for leaf in leaves(baby)}


def test_pronouns_take_the_case_of_their_position():
    import random

    from monalog.ccg import sentence
    from monalog.parsing.tagger_augmentation import TreeAugmenter

    augmenter = TreeAugmenter.from_data(rate=1.0)
    subjects, objects = set(), set()
    for seed in range(300):
        words = sentence(augmenter(read_braces(A_BABY_IS_NOT_EATING), random.Random(seed))).split()
        subjects.add(words[0])
        objects.add(words[-1])
    assert {"He", "They", "I"} & subjects and not {"Him", "Them", "Me"} & subjects
    assert {"him", "them", "me"} & objects and not {"he", "they", "i", "I"} & objects
