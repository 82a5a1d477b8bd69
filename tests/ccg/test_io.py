import pytest

from monalog.ccg import (Atom, Binary, Leaf, Rule, Token, leaves, parse_category, read_auto, read_braces,
                         read_derivation, read_derivation_file, sentence, spans, write_auto, write_braces)
from monalog.errors import DerivationFormatError

BRACES = ("{<T S[dcl] ba 0 2> {<T NP fa 0 2> {<L NP/N A a DT O XX NP/N>} {<L N dog dog NN O XX N>} } "
          "{<L S[dcl]\\NP barks bark VBZ O XX S[dcl]\\NP>} }")


def test_read_braces_builds_typed_tree():
    tree = read_braces(BRACES)
    assert isinstance(tree, Binary) and tree.rule is Rule.BA and tree.head_is_left
    assert tree.category == Atom("S", "dcl")
    assert leaves(tree)[1] == Leaf(Atom("N"), Token("dog", "dog", "NN", "O", "XX"))
    assert sentence(tree) == "A dog barks"
    assert [(b, e, str(n.category)) for b, e, n in spans(tree)][:2] == [(0, 3, "S[dcl]"), (0, 2, "NP")]


def test_write_is_exact_and_auto_round_trips():
    tree = read_braces(BRACES)
    assert write_braces(tree) == BRACES
    auto = write_auto(tree)
    assert auto.startswith("(<T S[dcl] ba 0 2> (<T NP fa 0 2> (<L NP/N A a DT O XX NP/N>)")
    assert read_auto(auto) == tree
    assert read_derivation(auto) == read_derivation(BRACES)


def test_reads_standard_ccgbank_auto():
    tree = read_auto("(<T S[dcl] 0 2> (<L NP NNP NNP John NP>) (<L S[dcl]\\NP VBZ VBZ runs S[dcl]\\NP>) )")
    assert sentence(tree) == "John runs"
    assert tree.rule is Rule.OTHER
    assert leaves(tree)[1].token.pos == "VBZ"
    assert leaves(tree)[1].category == parse_category("S[dcl]\\NP")


def test_trees_are_hashable_values():
    assert hash(read_braces(BRACES)) == hash(read_braces(BRACES))
    assert len({read_braces(BRACES), read_braces(BRACES)}) == 1


@pytest.mark.parametrize("bad", ["", "{<L N dog>}", "{<T S[dcl] ba 0 2> {<L N dog dog NN O XX N>}",
                                 "(<L N dog dog NN O XX N>", "garbage", "{<L N/ dog dog NN O XX N/>}"])
def test_malformed_derivations_raise_typed_errors(bad):
    with pytest.raises(DerivationFormatError) as err:
        read_derivation(bad)
    assert getattr(err.value, "input", None) is not None


def test_silver_file_round_trips_exactly(silver_path):
    lines = [line.rstrip("\n") for line in silver_path.read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("ID=")]
    trees = [tree for _, tree in read_derivation_file(silver_path)]
    assert len(trees) == len(lines) == 5465
    mismatches = [i for i, (line, tree) in enumerate(zip(lines, trees)) if write_braces(tree) != line]
    assert mismatches == []
    assert all(read_auto(write_auto(tree)) == tree for tree in trees[::7])


def test_file_errors_name_the_line(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("ID=1\n" + BRACES + "\nID=2\n{<L broken\n", encoding="utf-8")
    with pytest.raises(DerivationFormatError, match=r"bad.txt:4"):
        list(read_derivation_file(path))


def _hash_in_fresh_process(payload: bytes) -> tuple[bool, bool]:
    import pickle

    tree = pickle.loads(payload)
    rebuilt = read_braces(BRACES)           # built here: string hashes differ from the parent's
    return hash(tree) == hash(rebuilt), {rebuilt: True}.get(tree, False)


def test_trees_keep_their_leaves_and_hash_and_pickle_without_them(monkeypatch):
    import dataclasses
    import multiprocessing
    import pickle
    from concurrent.futures import ProcessPoolExecutor

    tree = read_braces(BRACES)
    copy = pickle.loads(pickle.dumps(tree))
    assert copy == tree and hash(copy) == hash(tree) and leaves(copy) == leaves(tree)
    flipped = dataclasses.replace(tree, head_is_left=False)
    assert flipped != tree and leaves(flipped) == leaves(tree)
    assert hash(dataclasses.replace(flipped, head_is_left=True)) == hash(tree)
    monkeypatch.setenv("PYTHONHASHSEED", "random")         # the worker's string hashes differ from ours
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        assert pool.submit(_hash_in_fresh_process, pickle.dumps(tree)).result(timeout=60) == (True, True)
