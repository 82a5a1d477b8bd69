"""Generic bare plurals: in a sentence in the simple present ("A layer of mulch keeps the soil moist
during dry summers", "Older pupils help younger ones"), a plural noun without a determiner in the
subject or in a modifier of the verb phrase, or a bare mass noun as the subject ("Fresh milk contains
calcium"), speaks of the kind, as "every", not of some: "during summers" does not follow from "during
dry summers", nor "Pupils help" from "Older pupils help", and "wet summers" contradicts nothing. The
generator leaves such phrases as they are (the prover's polarity reads bare plurals as existential,
SICK's convention for its progressive scenes), and likewise the phrase after "nothing but" (`only_paths`), a
universal subject of a negated verb phrase (`scoped_universal`), a singular indefinite after a downward "of"
(`kind_objects`), a cognate object ("died a peaceful death": `cognate_objects`) and, for exclusions, the words of
a group's habit (`group_habit`)."""
from __future__ import annotations

from functools import lru_cache
from typing import Sequence, TypeVar

from monalog.augment.words import word_choice
from monalog.ccg.category import Atom, Functor
from monalog.ccg.tree import Binary, Leaf, Rule, Tree, Unary, leaves
from monalog.inference.aspect import PRESENT_BE
from monalog.inference.negation import main_clause
from monalog.inference.plain_negation import head_verb
from monalog.inference.treeops import AUXILIARIES, Path, head_noun, leaf_positions, node_at, walk
from monalog.polarity.lexicon import default_lexicon
from monalog.polarity.marks import Polarity
from monalog.polarity.polarizer import PolarizedNode
from monalog.resources import grammar_lines
from monalog.text.morphology import is_cardinal, is_participle, past_tense, third_person
from monalog.text.names import given_name
from monalog.text.normalize import default_fragment

_NOT_PRESENT = frozenset({"would", "could", "might", "did", "was", "were", "had", "'d"})
_COUNTS = frozenset({"few", "many", "several", "most", "some", "all", "both", "various", "numerous"})   # read as N/N
Node = TypeVar("Node")


def simple_present(tree: Tree) -> bool:
    """The main clause's verb is a present form, not a progressive ("Dogs are running": a scene), or a
    present modal ("Dogs can swim")."""
    clause = main_clause(tree)
    if clause is None:
        return False
    found = head_verb(node_at(tree, clause[1]))           # else the first word: "must | not take"
    verb = node_at(tree, clause[1] + found) if found is not None else leaves(node_at(tree, clause[1]))[0]
    assert isinstance(verb, Leaf)
    word, lemma = verb.token.word.lower(), verb.token.lemma.lower()
    following = leaves(node_at(tree, clause[1]))[1:2]
    if word in _NOT_PRESENT or (lemma == "have" and following and is_participle(following[0].token.word)):
        return False                              # "Scientists have discovered": an event
    if word in PRESENT_BE:                          # past "not" and adverbs: "Boys are not dancing" is a scene
        after = [leaf for leaf in leaves(node_at(tree, clause[1]))[1:] if leaf.token.pos != "RB"][:1]
        return not (after and str(after[0].category).startswith(("S[ng]", "(S[ng]")))   # "is nothing" tagged VBG
    return lemma in AUXILIARIES or word == third_person(lemma) or (   # "follow" tagged VBD is no past; "put" may be
        word == lemma and (verb.token.pos != "VBD" or past_tense(lemma) != lemma))


def group_habit(tree: Tree) -> bool:
    """A sentence in the simple present, not a copula's, about a plural subject ("The young elephants
    follow their mothers", "They eat black rice"): a habit of a group, which another group ("the old
    elephants") may share, so a word excluding one of its words contradicts nothing."""
    clause = main_clause(tree)
    if clause is None or not simple_present(tree):
        return False
    verb = leaves(node_at(tree, clause[1]))[0].token.word.lower()
    subject = leaves(node_at(tree, clause[0]))
    head = head_noun(subject)
    plural = subject[-1].token.word.lower() in ("we", "they") if head is None else head.pos in ("NNS", "NNPS")
    return verb not in PRESENT_BE and plural


def bare_subject(tree: Tree) -> tuple[str, ...] | None:
    """The words of the main clause's subject when it is a bare plural ("Regional governors could not
    rely"), else None: made more general ("Governors"), it names more than the premise's, some of whom
    may have relied, so negating its verb contradicts nothing."""
    clause = main_clause(tree)
    subject = node_at(tree, clause[0]) if clause else None
    return tuple(leaf.token.word.lower() for leaf in leaves(subject)) if subject and _bare_plural(subject) else None


def _bare_plural(node: Tree, mass: bool = False) -> bool:
    """A plural noun raised to a noun phrase with no determiner ("dry summers", "older pupils",
    "patients with high blood pressure"); with `mass`, a singular common noun too ("Stracciatella
    ice-cream is nothing but ...")."""
    if not (isinstance(node, Unary) and node.rule is Rule.LEX and str(node.category) == "NP"):
        return False
    head = node.child
    while isinstance(head, Binary):        # past modifiers to the head noun ("patients | with high blood pressure")
        head = head.right if head.rule is Rule.FA else head.left
    if not (isinstance(head, Leaf) and head.token.pos in (("NNS", "NNPS", "NN") if mass else ("NNS", "NNPS"))) \
            or given_name(head.token.word):
        return False                        # "Tom" tagged NN is a name, no mass noun
    before = [leaf.token.word.lower() for leaf in leaves(node)[:leaves(node).index(head)]]
    return not (before and before[0] in _COUNTS) and not any(is_cardinal(w) for w in before)   # "at most three"


def generic_paths(tree: Tree) -> list[Path]:
    """The paths of the generic bare plurals of `tree` (and of the verb-phrase modifier each one is the
    object of; a bare mass noun there, as the subject or in an activity's subject too: "is closed after heavy
    rain", "The eating of delicious food is a pleasure"; a verb-phrase modifier naming a time: "is humid in the
    summer"), for a sentence in the simple present; none otherwise."""
    if not simple_present(tree):
        return []
    clause = main_clause(tree)
    assert clause is not None
    subject, vp = clause
    out: list[Path] = []
    subject_node = node_at(tree, subject)
    activity = _activity(subject_node)
    for path, node in walk(tree):
        modifier = path[:len(vp)] == vp and len(path) > 1 and _vp_modifier(node_at(tree, path[:-1]))
        in_subject = path[:len(subject)] == subject
        if modifier and str(node.category) == "NP" and _time(node):
            out += [path, path[:-1]]            # a habit's time: "Japan is humid in the summer"
            continue
        heads = _heads(subject_node, node)
        if not _bare_plural(node, mass=modifier or heads or (in_subject and activity)):   # mass: "after heavy rain"
            continue
        if in_subject:
            out.append(subject if heads else path)   # "Children | under twelve"
        elif modifier:
            out += [path, path[:-1]]
        elif (opening := _opening_phrase(tree, path, node)) is not None:
            out += [path, opening]
    return out


def generic_spans(tree: Tree, paths: Sequence[Path]) -> list[tuple[int, int]]:
    """The word spans [start, end) of `tree`'s generic phrases at `paths` (`generic_paths`): a deletion
    that takes any of their words widens a habit's restriction ("The library closes early on public
    holidays" -> "The library closes early")."""
    positions = leaf_positions(tree)
    spans = []
    for path in paths:
        inside = [i for p, i in positions.items() if p[:len(path)] == path]
        spans.append((min(inside), max(inside) + 1))
    return spans


def _opening_phrase(tree: Tree, path: Path, bare: Tree) -> Path | None:
    """The path of the clause's opening phrase of one word and `bare`, with its comma ("In grounded
    communication tasks, | speakers face ..."), however it was derived (the SICK-trained tagger reads
    "In" as a verb), or None."""
    for k in range(len(path) - 1, 0, -1):
        category = node_at(tree, path[:k]).category
        if isinstance(category, Functor) and category.result == category.argument and category.slash.value == "/" \
                and str(category.result.without_features()) == "S":
            words = [leaf for leaf in leaves(node_at(tree, path[:k])) if leaf.token.word != ","]
            return path[:k] if len(words) == len(leaves(bare)) + 1 else None
    return None


_ONLY = frozenset({"nothing", "anything", "all"})
_FOCUS = frozenset({"only", "merely"})      # after the sentence's first word: "Only 12 aliens" is a determiner


def only_paths(tree: Tree) -> list[Path]:
    """The paths of the phrases after "nothing but", "anything but", "all but" ("is nothing but a plain ice-cream
    with chocolate chips"), after a focus "only" or "merely" ("I was only a child": "only a person" says another
    thing) and after a phrase of grammars/privative_phrases.txt ("at a loss for an excuse"): an "only" neither up
    nor down in its phrase, or a phrase ↓ that the polarizer reads ↑, which the generator leaves as it is."""
    words = [leaf.token.word.lower() for leaf in leaves(tree)]
    return [path[:-1] + (1,) for path, i in leaf_positions(tree).items()
            if i and path[-1:] == (0,) and (words[i] == "but" and words[i - 1] in _ONLY or words[i] in _FOCUS
                                            or any(words[i + 1 - len(p):i + 1] == p for p in _privative()))]


@lru_cache(maxsize=1)
def _privative() -> tuple[list[str], ...]:
    return tuple(line.split() for line in grammar_lines("privative_phrases.txt"))


def reported_clauses(tree: Tree) -> list[Path]:
    """The clauses a verb reports or supposes ("says that he doesn't like children", "thinks he is right"): what
    someone says or believes is not closed under entailment ("says he doesn't like toddlers" was not said), so the
    generator leaves them as they are ("if" and "because" clauses are no verb's)."""
    out = []
    for path, node in walk(tree):
        cat = node.left.category if isinstance(node, Binary) and node.rule is Rule.FA else None
        if isinstance(cat, Functor) and isinstance(cat.argument, Atom) and cat.argument.base == "S" \
                and isinstance(cat.result, Functor) and isinstance(cat.result.result, Atom) \
                and cat.result.result.base == "S" and str(cat.result.argument) == "NP":
            out.append(path + (1,))
    return out


def scoped_universal(tree: Tree) -> list[Path]:
    """The subject of "Every man can't be an artist", "All that glitters is not gold": a universal subject of a
    negated verb phrase is read "not every" as often as "every ... not", and its restrictor is ↓ in one reading
    and ↑ in the other, so the generator leaves it as it is ("Every gentleman can't be an artist")."""
    clause = main_clause(tree)
    if clause is None:
        return []
    subject, vp = clause
    first = leaves(node_at(tree, subject))[0].token.word.lower()
    verbs = {leaf.token.word.lower() for leaf in leaves(node_at(tree, vp))[:3]}
    return [subject] if first in ("every", "all") and verbs & {"not", "n't", "never"} else []


def kind_objects(tree: Tree, nodes: Sequence[tuple[Path, PolarizedNode]]) -> list[Path]:
    """The paths of singular indefinites after an "of" that a determiner makes ↓ ("all the attributes of a
    leader", "no member of a team"): read as a kind, not as some one thing, so never made more specific ("all the
    attributes of a young leader" says another thing); not the "of" of a fixed expression ("in front of")."""
    words = [leaf.token.word.lower() for leaf in leaves(tree)]
    positions = leaf_positions(tree)
    out = []
    for path, node in nodes:
        phrase = node.node
        if isinstance(phrase, Binary) and isinstance(phrase.left, Leaf) and phrase.left.token.word.lower() == "of" \
                and node.polarity is Polarity.DOWN and leaves(phrase.right)[0].token.word.lower() in ("a", "an") \
                and default_lexicon().match_determiner(node.operator.lower().split()) is not None \
                and not word_choice().fixed(words, positions[path + (0,)]):
            out.append(path + (1,))
    return out


@lru_cache(maxsize=1)
def _cognates() -> frozenset[tuple[str, str]]:
    return frozenset(tuple(line.split()) for line in grammar_lines("cognate_objects.txt"))      # type: ignore[misc]


def cognate_objects(tree: Tree) -> list[Path]:
    """The paths of the objects that name their verb's own event ("lived a happy life", "died a peaceful death";
    grammars/cognate_objects.txt): neither made vague ("died something") nor stripped ("died a death")."""
    out = []
    for path, node in walk(tree):
        if isinstance(node, Binary) and isinstance(node.left, Leaf) and node.left.token.pos.startswith("VB") \
                and str(node.right.category) == "NP" and (noun := head_noun(leaves(node.right))) is not None \
                and (node.left.token.lemma.lower(), noun.lemma.lower()) in _cognates():
            out.append(path + (1,))
    return out


def _heads(np: Tree, bare: Tree) -> bool:
    """`bare` heads the noun phrase `np`, past the modifiers after it ("children | under twelve")."""
    while np is not bare and isinstance(np, Binary) and np.rule is Rule.BA and isinstance(np.right.category, Functor) \
            and np.right.category.result == np.right.category.argument:
        np = np.left
    return np is bare


def _activity(subject: Tree) -> bool:
    """A subject that names an activity by its -ing noun ("The eating of delicious food"): its bare mass noun
    is a kind, as the activity's is."""
    words = [leaf.token.word.lower() for leaf in leaves(subject)]
    words = words[1:] if words[:1] in (["the"], ["a"], ["an"]) else words
    return len(words) > 2 and words[0].endswith("ing") and words[1] == "of"


def _time(node: Tree) -> bool:
    """A noun phrase that names a time (grammars' @time_noun: "the summer", "Sundays")."""
    head = head_noun(leaves(node))
    return head is not None and bool(default_fragment("time_noun").fullmatch(head.lemma.lower()))


def _vp_modifier(node: Tree) -> bool:
    """A preposition with its object modifying a verb phrase ("during dry summers")."""
    category = node.category
    return isinstance(node, Binary) and isinstance(category, Functor) and category.result == category.argument \
        and str(category.result.without_features()) == "S\\NP"


def outside(nodes: Sequence[tuple[Path, Node]], paths: Sequence[Path]) -> list[tuple[Path, Node]]:
    """The (path, node) pairs not at or under any of `paths`."""
    return [(path, node) for path, node in nodes if not any(path[:len(p)] == p for p in paths)]
