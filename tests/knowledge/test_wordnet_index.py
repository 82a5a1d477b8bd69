"""The compiled WordNet index against nltk's reader (the reference), and how the index file is
built, checked and rebuilt.

Equality: every word of SICK (and its morphy forms) and a random sample of WordNet's lemmas (fixed
seed; 10,000; every lemma and synset with -m slow): synsets per part of speech in
order, and for each synset reached its name, offset, definition, examples, lemmas, counts, verb
frames, relations, antonyms and hypernym closure; morphy of inflected forms; the exception lists.
"""
from __future__ import annotations

import multiprocessing
import os
import pickle
import random
import re
import sqlite3
import threading
from pathlib import Path

import pytest

from monalog.errors import ResourceError
from monalog.knowledge import wordnet as wordnet_module
from monalog.knowledge.wordnet import compile as wordnet_compile, index as wordnet_index
from monalog.knowledge.wordnet.index import Source, WordNetError, WordNetIndex, ensure_index

SEED = 16
POS_CHOICES = (None, "n", "v", "a", "r", "s")
RELATIONS = ("hypernyms", "instance_hypernyms", "hyponyms", "instance_hyponyms", "similar_tos")


@pytest.fixture(scope="module")
def nltk_wn():
    return wordnet_module.nltk_wordnet()


@pytest.fixture(scope="module")
def index():
    return wordnet_index.load()


# --- comparing answers ----------------------------------------------------------------------------


def synset_facts(synset) -> tuple:
    """Everything monalog reads from a synset, in a form both readers' objects reduce to (related
    synsets sorted: nltk keeps them in a set, whose order changes from process to process)."""
    lemmas = tuple((lem.name(), lem.count(), tuple(sorted((a.synset().name(), a.name()) for a in lem.antonyms())))
                   for lem in synset.lemmas())
    relations = tuple(tuple(sorted(s.name() for s in getattr(synset, rel)())) for rel in RELATIONS)
    closure = tuple(sorted(s.name() for s in synset.closure(lambda s: s.hypernyms() + s.instance_hypernyms())))
    return (synset.name(), synset.pos(), synset.offset(), synset.definition(), tuple(synset.examples()),
            tuple(synset.lemma_names()), lemmas, tuple(synset.frame_ids()), relations, closure)


class Comparison:
    """Compares lemmas and forms between the two readers, each synset once; counts what it saw."""

    def __init__(self, nltk_wn, index) -> None:
        self.nltk, self.index = nltk_wn, index
        self.seen: set[str] = set()
        self.lemmas = self.forms = 0

    def lemma(self, lemma: str) -> None:
        self.lemmas += 1
        for pos in POS_CHOICES:
            expected, got = self.nltk.synsets(lemma, pos), self.index.synsets(lemma, pos)
            assert [s.name() for s in got] == [s.name() for s in expected], (lemma, pos)
            for a, b in zip(expected, got):
                if a.name() not in self.seen:
                    self.seen.add(a.name())
                    assert synset_facts(b) == synset_facts(a), (lemma, pos, a.name())
                    assert self.index.synset(a.name()) == b
        self.form(lemma)

    def form(self, form: str) -> None:
        self.forms += 1
        for pos in POS_CHOICES:
            assert self.index.morphy(form, pos) == self.nltk.morphy(form, pos), (form, pos)


def inflections(lemma: str) -> list[str]:
    """Plural nouns, verb forms and comparatives, regular and not (morphy's rules must undo them)."""
    if not lemma.isalpha():
        return []
    stem = lemma[:-1] if lemma.endswith(("e", "y")) else lemma
    forms = [lemma + "s", lemma + "es", lemma + "ed", lemma + "d", lemma + "ing", stem + "ing", lemma + "er",
             lemma + "est", stem + "ier", stem + "iest", lemma + "r", lemma + "st"]
    if lemma.endswith("y"):
        forms += [stem + "ies", stem + "ied"]
    if lemma.endswith("f"):
        forms.append(stem + "ves")
    if lemma.endswith("man"):
        forms.append(lemma[:-3] + "men")
    return forms


def sick_words(path: Path) -> list[str]:
    words: set[str] = set()
    with open(path, encoding="utf-8") as stream:
        header = stream.readline().rstrip("\n").split("\t")
        a, b = header.index("sentence_A"), header.index("sentence_B")
        for line in stream:
            row = line.rstrip("\n").split("\t")
            for sentence in (row[a], row[b]):
                words.update(re.findall(r"[a-z0-9]+(?:['-][a-z0-9]+)*", sentence.lower()))
    return sorted(words)


def random_lemmas(nltk_wn, n: int) -> list[str]:
    return random.Random(SEED).sample(sorted(nltk_wn.all_lemma_names()), n)


def compare(nltk_wn, index, lemmas: list[str], forms: list[str]) -> Comparison:
    comparison = Comparison(nltk_wn, index)
    for lemma in lemmas:
        comparison.lemma(lemma)
        for form in inflections(lemma):
            comparison.form(form)
    for form in forms:
        comparison.lemma(form)
    return comparison


# --- equality with nltk ---------------------------------------------------------------------------


@pytest.mark.slow
def test_every_sick_word_and_its_morphy_forms(nltk_wn, index, sick_path):
    words = sick_words(sick_path)
    bases = sorted({b for w in words for p in "nvar" if (b := nltk_wn.morphy(w, p)) and b not in words})
    comparison = compare(nltk_wn, index, words + bases, [])
    assert len(words) > 2000 and len(comparison.seen) > 10000


def test_random_2000_lemmas(nltk_wn, index):
    """A sample beyond SICK's words by default; every lemma is the slow test below."""
    comparison = compare(nltk_wn, index, random_lemmas(nltk_wn, 2000), [])
    assert comparison.lemmas == 2000 and len(comparison.seen) > 2000


@pytest.mark.slow
def test_every_lemma_and_synset(nltk_wn, index):
    comparison = compare(nltk_wn, index, sorted(nltk_wn.all_lemma_names()), [])
    assert len(comparison.seen) == len(list(nltk_wn.all_synsets()))


@pytest.mark.parametrize("pos", ["n", "v", "a", "r"])
def test_exception_lists_and_their_forms(nltk_wn, index, pos):
    expected = {form: tuple(bases) for form, bases in nltk_wn._exception_map[pos].items()}
    assert index.exceptions(pos) == expected
    assert list(index.exceptions(pos)) == list(expected)          # file order
    comparison = Comparison(nltk_wn, index)
    for form in expected:
        comparison.form(form)
    wordnet_module.exceptions.cache_clear()
    assert wordnet_module.exceptions(pos) == expected


@pytest.mark.parametrize("form, pos, base", [("dogs", "n", "dog"), ("churches", "n", "church"),
                                             ("aardwolves", "n", "aardwolf"), ("abaci", "n", "abacus"),
                                             ("men", "n", "men"), ("women", "n", "woman"), ("geese", "n", "goose"),
                                             ("ran", "v", "run"), ("playing", "v", "play"), ("tied", "v", "tie"),
                                             ("bigger", "a", "bigger"), ("happier", "a", "happy"),
                                             ("hardrock", "r", None), ("book", "a", None), ("Dogs", "n", None)])
def test_morphy_examples(nltk_wn, index, form, pos, base):
    assert index.morphy(form, pos) == nltk_wn.morphy(form, pos) == base


def test_odd_inputs(nltk_wn, index):
    for word in ["", " ", "Dog", "DOGS", "hot dog", "hot_dog", "a.b", "\ud800", "naïve", "dog.n.01"]:
        for pos in POS_CHOICES:
            if word == "\ud800":                    # a lone surrogate: nltk finds nothing, nor do we
                assert index.synsets(word, pos) == [] and index.morphy(word, pos) is None
                continue
            assert [s.name() for s in index.synsets(word, pos)] == [s.name() for s in nltk_wn.synsets(word, pos)]
            assert index.morphy(word, pos) == nltk_wn.morphy(word, pos)
    assert [s.name() for s in index.synsets("dog", ["v", "n"])] == [s.name() for s in nltk_wn.synsets("dog", "vn")]


def test_synset_by_name(nltk_wn, index):
    for name in ["dog.n.01", "DOG.N.01", "big.s.01", "large.a.01", "big.a.02", "run.v.03"]:
        assert index.synset(name).name() == nltk_wn.synset(name).name()
    from nltk.corpus.reader.wordnet import WordNetError as NltkWordNetError

    for name in ["dog.n.99", "nosuchword.n.01", "dog.s.01", "good.r.05"]:
        with pytest.raises(NltkWordNetError):
            nltk_wn.synset(name)
        with pytest.raises(WordNetError, match="only has|No lemma"):
            index.synset(name)


def test_synsets_behave_as_values(index):
    dog = index.synset("dog.n.01")
    again = index.synsets("dogs", "n")[0]
    assert dog == again and hash(dog) == hash(again) and len({dog, again}) == 1
    assert sorted([index.synset("cat.n.01"), dog]) == [index.synset("cat.n.01"), dog]
    assert repr(dog) == "Synset('dog.n.01')" and repr(dog.lemmas()[0]) == "Lemma('dog.n.01.dog')"
    assert pickle.loads(pickle.dumps(dog)) == dog
    good = [lem for lem in index.synset("good.a.01").lemmas() if lem.name() == "good"][0]
    assert [a.name() for a in good.antonyms()] == ["bad"] and good.antonyms()[0].synset().name() == "bad.a.01"
    assert "person.n.01" in {s.name() for s in index.synset("man.n.01").closure(lambda s: s.hypernyms())}
    assert list(dog.closure(lambda s: s.hypernyms(), depth=1)) == dog.hypernyms()


# --- the default reader ---------------------------------------------------------------------------


def test_default_reader_is_the_index_and_nltk_on_request(monkeypatch, index, nltk_wn):
    wordnet_module.wordnet.cache_clear()
    try:
        monkeypatch.delenv("MONALOG_WORDNET", raising=False)
        assert isinstance(wordnet_module.wordnet(), WordNetIndex)
        wordnet_module.wordnet.cache_clear()
        monkeypatch.setenv("MONALOG_WORDNET", "nltk")
        assert wordnet_module.wordnet() is nltk_wn
        wordnet_module.wordnet.cache_clear()
        monkeypatch.setenv("MONALOG_WORDNET", "bogus")
        with pytest.raises(ResourceError, match="MONALOG_WORDNET"):
            wordnet_module.wordnet()
    finally:
        wordnet_module.wordnet.cache_clear()


def test_default_path_does_not_import_nltk():
    import subprocess
    import sys

    code = ("import sys; from monalog.knowledge.wordnet import wordnet; wn = wordnet(); "
            "assert wn.synsets('dog')[0].name() == 'dog.n.01'; "
            "assert not [m for m in sys.modules if m.startswith(('nltk', 'scipy'))], 'nltk imported'")
    env = {k: v for k, v in os.environ.items() if k != "MONALOG_WORDNET"}
    subprocess.run([sys.executable, "-c", code], check=True, env=env, timeout=120)


def test_threads_share_one_reader(index, nltk_wn):
    words = ["dog", "cat", "run", "big", "quickly", "guitar", "play", "men", "happier", "woman"] * 20
    expected = {w: [s.name() for s in nltk_wn.synsets(w)] for w in words}
    above = {w: [sorted(h.name() for h in s.hypernyms()) for s in nltk_wn.synsets(w)] for w in words}
    fresh = WordNetIndex(index.path)
    errors: list[BaseException] = []

    def work(offset: int) -> None:
        try:
            for w in words[offset:] + words[:offset]:
                assert [s.name() for s in fresh.synsets(w)] == expected[w]
                assert [sorted(h.name() for h in s.hypernyms()) for s in fresh.synsets(w)] == above[w]
        except BaseException as exc:                # reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


def _child_lookup(reader: WordNetIndex, queue) -> None:
    queue.put([s.name() for s in reader.synsets("guitar")])


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="needs fork")
def test_safe_after_fork(index):
    reader = WordNetIndex(index.path)
    reader.synsets("dog")                                   # the parent has a connection open
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    child = ctx.Process(target=_child_lookup, args=(reader, queue))
    child.start()
    assert queue.get(timeout=60) == ["guitar.n.01"]
    child.join(timeout=60)
    assert child.exitcode == 0
    assert reader.synsets("cat")[0].name() == "cat.n.01"   # the parent's connection still works


# --- building, checking, rebuilding (a tiny WordNet written here) -------------------------------------


def tiny_wordnet(folder: Path, definition: str = "a domestic animal") -> Source:
    """A three-synset WordNet: dog and cat under animal, with the files the index reads."""
    folder.mkdir(parents=True, exist_ok=True)
    files = {name: "" for name in wordnet_index.SOURCE_FILES}
    files["data.noun"] = (
        "  1 This software and database is being provided to you, the LICENSEE, by WordNet 3.0 Copyright\n"
        "00000100 05 n 01 animal 0 002 ~ 00000200 n 0000 ~ 00000300 n 0000 | a living organism\n"
        f"00000200 05 n 01 dog 0 001 @ 00000100 n 0000 | {definition}; \"the dog barked\"\n"
        "00000300 05 n 01 cat 0 001 @ 00000100 n 0000 | a feline\n")
    files["index.noun"] = ("  1 license\nanimal n 1 1 ~ 1 0 00000100\ncat n 1 1 @ 1 0 00000300\n"
                           "dog n 1 1 @ 1 1 00000200\n")
    files["noun.exc"] = "kine cow\n"
    files["cntlist.rev"] = "dog%1:05:00:: 1 7\n"
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return Source(folder)


def test_build_and_read_a_tiny_wordnet(tmp_path):
    path = ensure_index(tmp_path / "cache" / "wn.sqlite", tiny_wordnet(tmp_path / "wn"))
    reader = WordNetIndex(path)
    dog = reader.synsets("dogs")[0]
    assert dog.name() == "dog.n.01" and dog.definition() == "a domestic animal" and dog.examples() == ["the dog barked"]
    assert dog.hypernyms() == [reader.synset("animal.n.01")] and dog.lemmas()[0].count() == 7
    assert reader.exceptions("n") == {"kine": ("cow",)}
    assert sorted(p.name for p in path.parent.iterdir()) == ["wn.sqlite", "wn.sqlite.lock"]   # no temp file left


def test_stale_index_is_rebuilt_and_unchanged_one_kept(tmp_path):
    source, path = tiny_wordnet(tmp_path / "wn"), tmp_path / "wn.sqlite"
    ensure_index(path, source)
    built = path.stat().st_ino
    os.utime(tmp_path / "wn" / "data.noun")                 # touched, same content: kept
    assert ensure_index(path, source) == path and path.stat().st_ino == built
    tiny_wordnet(tmp_path / "wn", definition="a barking animal")
    ensure_index(path, source)
    assert path.stat().st_ino != built
    assert WordNetIndex(path).synset("dog.n.01").definition() == "a barking animal"


def test_index_of_another_schema_is_rebuilt(tmp_path, monkeypatch):
    source, path = tiny_wordnet(tmp_path / "wn"), tmp_path / "wn.sqlite"
    ensure_index(path, source)
    built = path.stat().st_ino
    monkeypatch.setattr(wordnet_compile, "SCHEMA_VERSION", wordnet_compile.SCHEMA_VERSION + 1)
    ensure_index(path, source)
    assert path.stat().st_ino != built


def test_build_is_atomic(tmp_path, monkeypatch):
    source, path = tiny_wordnet(tmp_path / "wn"), tmp_path / "cache" / "wn.sqlite"
    ensure_index(path, source)
    before = path.read_bytes()
    tiny_wordnet(tmp_path / "wn", definition="changed")

    def broken(source):
        yield "synset", [(1, "[]")]
        raise RuntimeError("killed halfway")

    monkeypatch.setattr(wordnet_compile, "_compile", broken)
    with pytest.raises(RuntimeError, match="halfway"):
        ensure_index(path, source)
    assert path.read_bytes() == before                       # the old index, whole
    assert sorted(p.name for p in path.parent.iterdir()) == ["wn.sqlite", "wn.sqlite.lock"]


@pytest.mark.parametrize("content", ["text", "sqlite", "folder"])
def test_a_file_that_is_not_ours_is_left_alone(tmp_path, content):
    path = tmp_path / "wn.sqlite"
    if content == "text":
        path.write_text("my notes\n" * 20)
    elif content == "sqlite":
        conn = sqlite3.connect(path)
        conn.execute("CREATE TABLE notes (text TEXT)")
        conn.commit()
        conn.close()
    else:
        path.mkdir()
    before = path.read_bytes() if path.is_file() else None
    with pytest.raises(ResourceError, match=re.escape(str(path))):
        ensure_index(path, tiny_wordnet(tmp_path / "wn"))
    assert (path.read_bytes() if path.is_file() else None) == before


def test_missing_source_is_a_resource_error(tmp_path):
    with pytest.raises(ResourceError, match="apt-get install wordnet-base"):
        ensure_index(tmp_path / "wn.sqlite", Source(tmp_path / "nowhere"))
    folder = tmp_path / "partial"
    tiny_wordnet(folder)
    (folder / "cntlist.rev").unlink()
    with pytest.raises(ResourceError, match="cntlist.rev"):
        ensure_index(tmp_path / "wn.sqlite", Source(folder))
    assert not (tmp_path / "wn.sqlite").exists()


def test_zipped_source_as_nltk_downloads_it(tmp_path):
    import zipfile

    folder = tmp_path / "wordnet"
    tiny_wordnet(folder)
    with zipfile.ZipFile(tmp_path / "wordnet.zip", "w") as zf:
        for name in wordnet_index.SOURCE_FILES:
            zf.write(folder / name, f"wordnet/{name}")
    path = ensure_index(tmp_path / "wn.sqlite", Source(tmp_path / "wordnet.zip", "wordnet/"))
    assert WordNetIndex(path).synsets("cat")[0].hypernyms()[0].name() == "animal.n.01"


def test_source_is_found_where_nltk_looks(tmp_path, monkeypatch):
    monkeypatch.setenv("NLTK_DATA", str(tmp_path))
    assert wordnet_index.find_source().location != tmp_path / "corpora" / "wordnet"
    tiny_wordnet(tmp_path / "corpora" / "wordnet")
    assert wordnet_index.find_source() == Source(tmp_path / "corpora" / "wordnet")


def test_an_unusable_cache_folder_is_a_clear_error(tmp_path):
    source = tiny_wordnet(tmp_path / "wn")
    (tmp_path / "file").write_text("not a folder")
    with pytest.raises(ResourceError, match="MONALOG_CACHE"):
        ensure_index(tmp_path / "file" / "wn.sqlite", source)             # a path through a file
    assert (tmp_path / "file").read_text() == "not a folder"
