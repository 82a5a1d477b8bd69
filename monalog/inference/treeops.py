"""Editing derivations by path (child indices from the root) and reading them at lemma level."""
from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Iterator

from monalog.ccg.category import Atom, Category, Functor, Slash
from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree, Unary, leaves, preorder
from monalog.fileio import read_table
from monalog.parsing.checks import closed_class
from monalog.parsing.tokens import multiword_tokens
from monalog.text.lemmatize import CONTRACTION_HOSTS
from monalog.knowledge.wordnet_facts import LIGHT_VERBS
from monalog.resources import grammar_path
from monalog.text.morphology import agree_articles, countable

Path = tuple[int, ...]

# The matching equivalence of MonaLog's search ({a, be, ing}): lemmas are compared, so "-ing" forms
# are their verb; the existential articles (a, an, the, some, or none, as in a bare plural) and the
# auxiliary "be" are not compared at all ("is wearing a hat and is riding" = "is wearing a hat and
# riding"), as SICK's annotators read them alike.
_EQUIVALENT = {"an": "a", "the": "a", "some": "a", "n't": "not"}
ARTICLE = "a"
_UNCOMPARED = {ARTICLE, "be", "do"}      # "do": do-support ("did reduce" = "reduced")
_IGNORED = {".", ",", "!", "?", ";", ":"}
_NOUN_MODIFIER = Functor(Atom("N"), Slash.FORWARD, Atom("N"))     # N/N: an adjective


def node_at(tree: Tree, path: Path) -> Tree:
    for index in path:
        tree = tree.children[index]
    return tree


def replace_at(tree: Tree, path: Path, new: Tree) -> Tree:
    """A new tree with the node at `path` replaced (the rest shared, nothing mutated)."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    child = replace_at(tree.children[head], rest, new)
    if isinstance(tree, Unary):
        return Unary(tree.category, tree.rule, child)
    if isinstance(tree, Binary):
        left, right = (child, tree.right) if head == 0 else (tree.left, child)
        return Binary(tree.category, tree.rule, left, right, tree.head_is_left)
    raise IndexError(f"path {path} goes below a leaf")


def walk(tree: Tree, path: Path = ()) -> Iterator[tuple[Path, Tree]]:
    """Every node with its path, pre-order."""
    return preorder(tree, path)


def leaf_positions(tree: Tree) -> dict[Path, int]:
    """Each leaf's path -> its index among the leaves (left to right)."""
    return {path: i for i, (path, _) in enumerate(p for p in walk(tree) if isinstance(p[1], Leaf))}


def norm_lemma(leaf: Leaf) -> str:
    lemma = (leaf.token.lemma or leaf.token.word).lower()
    return _EQUIVALENT.get(lemma, lemma)


@lru_cache(maxsize=1 << 14)
def lemma_key(tree: Tree) -> tuple[str, ...]:
    """The lemmas a hypothesis is matched on (punctuation ignored; articles and "be" not compared,
    except the "a" of the quantifiers "a few" and "a little" ("a little water"), which are not "few"
    and "little"; the adjective of "a little girl" is the "little" of "the little girl"). Remembered for
    recent trees: a search reads the key of each sentence it reaches several times."""
    return tuple(lemma for lemma, _ in keyed_leaves(tree))


def lower_words(tree: Tree) -> list[str]:
    """The sentence's words, lower-cased, as written."""
    return [leaf.token.word.lower() for leaf in leaves(tree)]


def word_key(tree: Tree) -> tuple[str, ...]:
    """The lemma key's words, lower-cased: one sentence whose two parses lemmatise a word differently
    ("left" a verb's "leave" in one, an adverb in the other) is still one sentence."""
    all_leaves = leaves(tree)
    return tuple(all_leaves[i].token.word.lower() for _, i in keyed_leaves(tree))


def keyed_leaves(tree: Tree) -> list[tuple[str, int]]:
    """The lemma key with the position of each lemma's leaf among the tree's leaves."""
    all_leaves = leaves(tree)
    kept = [(norm_lemma(leaf), i) for i, leaf in enumerate(all_leaves) if leaf.token.word not in _IGNORED]
    lemmas = [lemma for lemma, _ in kept]
    return [(lemma, i) for n, (lemma, i) in enumerate(kept)
            if lemma not in _UNCOMPARED or lemmas[n + 1:n + 2] == ["few"]
            or (lemmas[n + 1:n + 2] == ["little"] and not _little_adjective(all_leaves, kept[n + 1][1]))]


def same_words(a: Tree, b: Tree) -> bool:
    """The same lemmas, word for word ("is singing" is not the conjunct "singing")."""
    return len(leaves(a)) == len(leaves(b)) and lemma_key(a) == lemma_key(b)


def has_run(key: tuple[str, ...], run: tuple[str, ...]) -> bool:
    """`run` occurs in `key` as consecutive lemmas (a reordered phrase the target has)."""
    return any(key[i:i + len(run)] == run for i in range(len(key) - len(run) + 1))


def differing_spans(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[tuple[int, int], tuple[int, int]]:
    """The spans ([i, j) of a, [k, m) of b) left when the two keys' common start and common end are
    taken off: where they differ."""
    prefix = 0
    while prefix < min(len(a), len(b)) and a[prefix] == b[prefix]:
        prefix += 1
    suffix = 0
    while suffix < min(len(a), len(b)) - prefix and a[-1 - suffix] == b[-1 - suffix]:
        suffix += 1
    return (prefix, len(a) - suffix), (prefix, len(b) - suffix)


def _little_adjective(all_leaves: list[Leaf], at: int) -> bool:
    """Whether "little" at `at` is the adjective (before a countable noun: "a little girl"), not
    the quantifier ("a little water", "talking a little")."""
    if all_leaves[at].category != _NOUN_MODIFIER:
        return False
    noun = next((leaf for leaf in all_leaves[at + 1:] if leaf.token.pos.startswith("NN")), None)
    return noun is not None and countable(norm_lemma(noun))


_FUNCTION_CAPS = {"A", "An", "The", "No", "Some", "Every", "All", "Each", "Two", "Three", "Several", "Many", "Few"}


def surface(tree: Tree) -> str:
    """The words of a constituent (a/an agreeing with the next word)."""
    return agree_articles(" ".join(leaf.token.word for leaf in leaves(tree)))


def spelt(words: Iterable[Leaf]) -> list[str]:
    """The lower-cased words of `words`, a multi-word token's apart ("At_least" -> "at", "least"), as the
    lexicon's determiner phrases are written."""
    return [part for leaf in words for part in leaf.token.word.lower().split("_")]


@lru_cache(maxsize=1)
def _joined() -> frozenset[str]:
    return frozenset(multiword_tokens().values())


def sentence_text(tree: Tree) -> str:
    """A whole sentence, capitalised at its start only (edits move sentence-initial words around), its
    multi-word tokens spelt as words ("At_least" -> "At least")."""
    joined = _joined()
    all_leaves = leaves(tree)
    words = [leaf.token.word.replace("_", " ") if leaf.token.word.lower() in joined else leaf.token.word
             for leaf in all_leaves]
    # a capital function word moved inside the sentence is lowered, a noun "A" (a note, a letter) is not
    words = [w.lower() if i and w in _FUNCTION_CAPS and all_leaves[i].category.arity else w
             for i, w in enumerate(words)]
    # a contraction's host without its "n't" (a negation dropped): "ca" -> "can"
    words = [CONTRACTION_HOSTS[w.lower()] if w.lower() in CONTRACTION_HOSTS and words[i + 1:i + 2] != ["n't"]
             else w for i, w in enumerate(words)]
    if words:
        words[0] = words[0][:1].upper() + words[0][1:]
    return agree_articles(" ".join(words))


def head_noun(words: list[Leaf]) -> Token | None:
    """The head noun of a noun phrase's words: the last of its first run of nouns, a possessor's run
    skipped ("dog" in "a man 's old dog"); None without a noun (a pronoun: "he" is tagged NN too)."""
    head = None
    for leaf in words:
        if leaf.token.pos == "POS":
            head = None                 # what came before was the possessor
        elif leaf.token.pos.startswith("NN") and closed_class().get(leaf.token.lemma.lower()) != "np":
            head = leaf.token
        elif head is not None:
            break
    return head


def same_category(a: Category, b: Category) -> bool:
    return a.without_features() == b.without_features()


_DETERMINER_WORDS = frozenset({"several", "many", "few", "various", "numerous", "both", "each", "every", "all",
                               "most"})   # the tagger may tag "most" NN or JJS


def is_determiner(leaf: Leaf) -> bool:
    """A determiner or numeral leaf (NP/N, or N/N before a bare plural)."""
    return str(leaf.category) in ("NP/N", "N/N") and (
        leaf.token.pos in ("DT", "CD") or leaf.token.lemma.lower() in _DETERMINER_WORDS)


def modifier_split(node: Tree) -> tuple[int, int] | None:
    """(modifier index, head index) when one child of a binary node modifies the other: X/X or
    X\\X over X (adjectives, adverbs, prepositional phrases, relative clauses), applied or composed
    ("sitting steadily" composed before its PP). Auxiliaries ((S[dcl]\\NP)/(S[ng]\\NP)) are not
    modifiers: their result and argument differ in features."""
    if not isinstance(node, Binary):
        return None
    if node.rule in (Rule.FA, Rule.FC, Rule.GFC):
        functor, arg = 0, 1
    elif node.rule in (Rule.BA, Rule.BX, Rule.GBX):
        functor, arg = 1, 0
    else:
        return None
    f = node.children[functor]
    if isinstance(f, Binary) and f.rule is Rule.CONJ:
        return None
    cat = f.category
    if (isinstance(cat, Functor) and cat.result == cat.argument
            and same_category(node.category, node.children[arg].category)):
        return functor, arg
    return None


def unmodified(node: Tree) -> Tree:
    """The node without the modifiers that follow it ("state" of "state | to drive", "food" of "food |
    for days"): where a hypothesis's parse attaches a phrase lower than the premise's, its premodifiers
    and determiners still find the premise's node."""
    while (split := modifier_split(node)) is not None and split[0] == 1:
        node = node.children[split[1]]
    return node



_N = Atom("N")
_NP = Atom("NP")


def compound_key(node: Tree) -> str | None:
    """A phrase that stands for one word, as one lemma joined by "_": a noun of two or three words
    ("wind_instrument", "body_of_water", "panda_bear"), the form WordNet lists such nouns in, or a
    light verb with its noun ("make_sketch" of "making a sketch"); None for any other node."""
    if not isinstance(node, Binary):
        return None
    words = leaves(node)
    if 2 <= len(words) <= 3 and node.category == _N and words[-1].token.pos.startswith("NN") \
            and all(leaf.token.word.isalpha() for leaf in words):
        return "_".join(norm_lemma(leaf) for leaf in words)
    noun = light_noun(node)
    return f"{norm_lemma(words[0])}_{noun}" if noun else None


def light_noun(node: Tree) -> str | None:
    """The noun of a light verb's phrase ("sketch" of "making a sketch"): a verb of wordnet_facts'
    LIGHT_VERBS applied to a noun phrase of an article and a noun; None for any other node."""
    if not (isinstance(node, Binary) and isinstance(node.left, Leaf) and node.left.token.pos.startswith("VB")
            and norm_lemma(node.left) in LIGHT_VERBS and node.right.category.without_features() == _NP):
        return None
    words = leaves(node.right)
    if len(words) == 2 and words[0].token.lemma.lower() in ("a", "an", "some"):
        words = words[1:]
    return norm_lemma(words[0]) if len(words) == 1 and words[0].token.pos.startswith("NN") else None


def compounds(tree: Tree) -> list[tuple[str, Path, Tree]]:
    """The phrases in `tree` that stand for one word (`compound_key`), with their paths: what a
    single word may be replaced by, or may replace, when the knowledge base relates the two (flute ≤
    wind_instrument, make_sketch ≤ draw)."""
    out: list[tuple[str, Path, Tree]] = []
    stack: list[tuple[Path, Tree]] = [((), tree)]
    while stack:                        # pre-order, as `walk`, without a generator per node
        path, node = stack.pop()
        if isinstance(node, Binary):
            if (key := compound_key(node)) is not None:
                out.append((key, path, node))
            stack += [(path + (1,), node.right), (path + (0,), node.left)]
        elif isinstance(node, Unary):
            stack.append((path + (0,), node.child))
    return out


# -- verb phrases ------------------------------------------------------------------------------------
_VP = Functor(Atom("S"), Slash.BACKWARD, Atom("NP"))


@lru_cache(maxsize=8)
def auxiliaries(*kinds: str) -> frozenset[str]:
    """Auxiliary verbs by lemma (grammars/auxiliaries.tsv) of the kinds given: primary, modal, form."""
    return frozenset(row["word"] for row in read_table(grammar_path("auxiliaries.tsv")) if row["kind"] in kinds)


#: the words whose verb phrase stands for the whole ("is running" for "running")
AUXILIARIES = auxiliaries("primary", "modal")


def verb_phrase(node: Tree) -> bool:
    return node.category.without_features() == _VP


def coordination(node: Tree) -> bool:
    """A coordination or one of its halves ("and Y")."""
    return isinstance(node, Binary) and (node.rule is Rule.CONJ or (isinstance(node.right, Binary)
                                                                   and node.right.rule is Rule.CONJ))


def spine(path: Path, node: Tree) -> Iterator[tuple[Path, Tree]]:
    """The verb phrases that stand for `node` itself: it, the head a modifier modifies ("running" of
    "running behind its prey") and the verb phrase of an auxiliary ("is running"); never the complement
    of a lexical verb ("learning to swim") nor a phrase inside a modifier ("while singing")."""
    while isinstance(node, Binary) and verb_phrase(node) and not coordination(node):
        yield path, node
        if node.rule is Rule.BA and verb_phrase(node.left):
            path, node = path + (0,), node.left
        elif node.rule is Rule.FA and isinstance(node.left, Leaf) and norm_lemma(node.left) in AUXILIARIES:
            path, node = path + (1,), node.right
        else:
            return
    if isinstance(node, Leaf) and verb_phrase(node):
        yield path, node
