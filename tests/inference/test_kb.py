"""The knowledge base: exclusion sets and per-pair overlays."""
from __future__ import annotations


def test_an_exclusion_line_is_one_set_and_pair_kbs_are_overlays(tmp_path):
    from monalog.knowledge.base import KnowledgeBase, load_kb
    from monalog.knowledge.facts import Fact, Relation, Source, Term

    words = [f"w{i}" for i in range(2000)]
    facts = tmp_path / "big.kb"
    facts.write_text(" | ".join(words) + "\n" + "\n".join(f"x{i}/n <= animal/n" for i in range(20_000)) + "\n")
    kb = load_kb([facts])
    assert len(kb._sets) < 100                           # one set, not 2,000 * 1,999 / 2 facts
    assert kb.excludes("w3", "w1999")[0].relation is Relation.EXCL and kb.excludes("w3", "w3") is None
    pair = kb.extended([Fact(Term("puppy"), Relation.LEQ, Term("w7"), Source.PAIR)])
    assert pair.layers[:-1] == kb.layers and pair.layers[0] is kb   # an overlay: nothing copied per pair
    assert pair.graph.number_of_edges() == 1 and not pair._sets
    assert [f.relation for f in pair.excludes("puppy", "w8")] == [Relation.LEQ, Relation.EXCL]
    assert kb.leq("puppy", "w7") is None and pair.leq("x5", "animal") is not None
    assert isinstance(pair, KnowledgeBase) and "w7" in pair.above("puppy") and pair.below("w7") == ["puppy"]


def test_exclusive_words_by_part_of_speech():
    from monalog.knowledge.base import load_kb

    kb = load_kb(exclusions=True)
    assert kb.exclusive("man") == kb.exclusive("man", "n") == ["woman"]
    assert kb.exclusive("man", "v") == []                     # the verb "man" excludes no "woman"
    assert kb.exclusive("sit", "v") == ["stand"]
