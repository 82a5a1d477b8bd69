"""Contradictories of a sentence, built on its derivation (MonaLog's contradiction rules):
sentence-initial "no" <-> "a"/"some"/"the"; object quantifier <-> "no"; negate the main verb or
drop its negation. SICK reads "A man is playing" and "A man is not playing" as contradictory (the
same man), and so do these rules; a verb's negation contradicts only for the same referent, so the
prover asks for it only when both sentences name the subject alike (`referents.two_referents`)."""
from __future__ import annotations

from functools import lru_cache
from typing import Callable, Iterator, TypeGuard, cast

from monalog.ccg.category import Atom, Category, Functor, parse_category
from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree, Unary, leaves
from monalog.inference.capitals import is_name, lowered
from monalog.inference.plain_negation import modal_have, plain_negation
from monalog.inference.some_any import ANY, SOME, swap_items
from monalog.inference.treeops import AUXILIARIES, Path, node_at, replace_at, surface, walk
from monalog.inference.subjects import (EXISTENTIAL, bare_few, few_subject, is_quantity, picks, proportional,
                                        quantified_noun, vague_subject, without_few)

NEGATIONS = frozenset({"not", "n't", "never"})
NOT = Leaf(parse_category("(S\\NP)\\(S\\NP)"), Token("not", "not", "RB"))
_NOT_NP = parse_category("NP/NP")


def _clauses(tree: Tree) -> Iterator[tuple[Path, Path]]:
    """(subject path, verb phrase path) of every declarative clause, the main one first; in
    "A and B" either conjunct can be contradicted, in "A or B" neither alone ("No flight was
    cancelled or the train was late" is no contradictory). Relative clauses have no subject NP here."""
    disjunctions = [path for path, node in walk(tree) if _disjunction(node)]
    complements = [path for path, node in walk(tree) if _clause_argument(node)]
    for path, node in walk(tree):
        if (isinstance(node, Binary) and node.rule is Rule.BA and str(node.left.category).startswith("NP")
                and str(node.category).startswith("S")
                and not any(path[:len(d)] == d and len(path) > len(d) for d in disjunctions)
                and not any(path[:len(c)] == c for c in complements)):
            yield path + (0,), path + (1,)


def _clause_argument(node: Tree) -> bool:
    """A node that takes a clause as its argument ("told the king | that ...", "tracking | how ...", "if | ..."): its
    clause is reported, asked about or supposed, not asserted, so negating it contradicts nothing."""
    if not isinstance(node, Binary) or node.rule not in (Rule.FA, Rule.BA):
        return False
    functor = node.left if node.rule is Rule.FA else node.right
    category = functor.category
    return isinstance(category, Functor) and isinstance(category.argument, Atom) and category.argument.base == "S" \
        and category.result.without_features() != category.argument.without_features()   # not "Then |", "If A, |"


@lru_cache(maxsize=4096)
def main_clause(tree: Tree) -> tuple[Path, Path] | None:
    """The main clause's (subject path, verb phrase path), remembered: the prover asks for the
    subject of each sentence several times."""
    return next(_clauses(tree), None)


def coordination(node: Tree, word: str) -> tuple[Tree, Tree] | None:
    """The two sides of "A <word> B" as the parser builds it (A, then the conjunction and B on its right)."""
    if (isinstance(node, Binary) and node.rule is Rule.BA and isinstance(node.right, Binary)
            and node.right.rule is Rule.CONJ and isinstance(node.right.left, Leaf)
            and node.right.left.token.lemma.lower() == word):
        return node.left, node.right.right
    return None


def _disjunction(node: Tree) -> bool:
    return coordination(node, "or") is not None


def _determiner(np: Tree) -> tuple[Path, Leaf] | None:
    node: Tree = np
    path: Path = ()
    while not isinstance(node, Leaf):
        if isinstance(node, Binary) and node.rule is Rule.FA and str(node.left.category) == "NP/N":
            node, path = node.left, path + (0,)
        elif isinstance(node, Binary) and node.rule is Rule.BA:      # NP with a modifier
            if isinstance(node.right, Binary) and node.right.rule is Rule.CONJ:
                return None                        # "A woman and three men": no one determiner
            node, path = node.left, path + (0,)
        else:
            return None
    return (path, node) if str(node.category) == "NP/N" else None


def _swap_det(tree: Tree, np_path: Path, label: str, vp: Path | None = None) -> Iterator[tuple[Tree, str]]:
    """The NP's quantifier swapped ("a" <-> "no", a bare plural given "no"). `vp`: the clause's verb
    phrase, whose "any" goes back to "some" when the subject's "no" goes ("No dog is chasing any
    cat" -> "A dog is chasing a cat", not "... any cat"), and whose "some" becomes "any" when it comes."""
    np = node_at(tree, np_path)
    if isinstance(np, Unary) and np.rule is Rule.LEX and str(np.child.category) == "N":   # bare plural
        first = not any(np_path)
        no = Leaf(parse_category("NP/N"), Token("No" if first else "no", "no", "DT"))
        noun, note = np.child, "\"no\" added"
        if isinstance(noun, Binary) and noun.rule is Rule.FA and isinstance(noun.left, Leaf) \
                and noun.left.token.lemma.lower() in ("few", "little"):
            return                                 # "Few men are running" and "No men are running" may both hold
        if isinstance(noun, Binary) and noun.rule is Rule.FA and is_quantity(quantity := noun.left):
            noun, note = noun.right, f"\"{quantity.token.word}\" -> \"no\""     # "Five kids": no stacking
        elif isinstance(noun, Binary) and noun.rule is Rule.FA and str((count := noun.left).category) == "N/N" \
                and leaves(count)[0].token.lemma.lower() in ("at_least", "more_than"):    # "at least five"
            noun, note = noun.right, f"\"{surface(count)}\" -> \"no\""
        elif quantified_noun(noun) or is_name(noun):
            return                                 # "No very few hikers", "No exactly four pupils", "No Brown, Lee"
        if first:
            noun = lowered(noun)                                   # "People ..." -> "No people ..."
        new = replace_at(tree, np_path, Binary(np.category, Rule.FA, no, noun, True))
        yield (swap_items(new, vp, ANY) if vp is not None else new), f"{label}: {note}"   # "... at any restaurants"
        return
    found = _determiner(np)
    if not found:
        return
    path, det = found
    lemma = det.token.lemma.lower()
    words = [leaf.token.word.lower().split("_")[0] for leaf in leaves(np)]
    after = words[words.index(det.token.word.lower()) + 1:][:1]
    if lemma == "no" and after and after[0] in ("less", "fewer", "more"):
        return                                     # "No less than five": a count, no "no" to swap
    first = not any(np_path) and not any(path)
    parent = node_at(tree, np_path + path[:-1]) if path else None
    if lemma in ("a", "an") and isinstance(parent, Binary) and bare_few(parent.right):
        return                                     # "A few are running": no noun to say "no" of
    if lemma in ("a", "an") and isinstance(parent, Binary) and (noun := without_few(parent.right)) is not parent.right:
        no = Leaf(det.category, Token("No" if first else "no", "no", "DT"))      # "A few men" -> "No men"
        yield replace_at(tree, np_path + path[:-1], Binary(parent.category, parent.rule, no, noun, True)), \
            f"{label}: \"{det.token.word} few\" -> \"{no.token.word}\""
        return
    if lemma in _UNIVERSAL and first and label == SUBJECT_SWAP:       # "Every boy" / "Not every boy"
        yield _not_every(tree, np_path, path, det), f"{label}: \"{det.token.word}\" -> \"not {_UNIVERSAL[lemma]}\""
        return
    if lemma in EXISTENTIAL or lemma == "most":       # "Most roads stay open" / "No roads stay open"
        word = "No" if first else "no"
    elif lemma == "no":                          # "no children" -> "some children", "no child" -> "a child"
        plural = any(leaf.token.pos in ("NNS", "NNPS") for leaf in leaves(node_at(tree, np_path)))
        word = ("Some" if first else "some") if plural else ("A" if first else "a")
    else:
        return
    new = replace_at(tree, np_path + path, Leaf(det.category, Token(word, word.lower(), "DT")))
    if vp is not None:        # the whole verb phrase: "no" scopes over it ("No dog chased any cat")
        new = swap_items(new, vp, SOME, back=True) if lemma == "no" else swap_items(new, vp, ANY)
    yield new, f"{label}: \"{det.token.word}\" -> \"{word}\""


_UNIVERSAL = {"every": "every", "all": "all", "each": "every"}


def _not_every(tree: Tree, np_path: Path, det_path: Path, det: Leaf) -> Tree:
    """The subject "Every boy" as "Not every boy" ("Each" -> "Not every"), its contradictory."""
    word = _UNIVERSAL[det.token.lemma.lower()]
    np = replace_at(node_at(tree, np_path), det_path, Leaf(det.category, Token(word, word, "DT")))
    not_ = Leaf(_NOT_NP, Token("Not", "not", "RB"))
    return replace_at(tree, np_path, Binary(np.category, Rule.FA, not_, np, False))


def _is_negation(node: Tree) -> TypeGuard[Leaf]:
    return isinstance(node, Leaf) and node.token.lemma.lower() in NEGATIONS


def _negations_of_vp(tree: Tree, vp_path: Path) -> Iterator[tuple[Tree, str]]:
    """Drop the verb phrase's negations (each, then all at once: "is not V and is not W"), or
    negate its auxiliaries (the first, then all: "is V and is W"); none under "may" or "might", whose
    possibility leaves room for its negation ("Winds may damage ..." / "Winds may not damage ...")."""
    vp = node_at(tree, vp_path)
    if leaves(vp)[0].token.word.lower() in ("may", "might"):
        return
    negated = _negated(tree, vp_path)
    for path in negated:
        neg = _negation_at(node := node_at(tree, path))
        yield _unnegated(tree, path, neg), f"the negation \"{cast(Leaf, node.children[neg]).token.word}\" removed"
    if len(negated) > 1:
        edited = tree
        for path in reversed(negated):          # deepest last-first, so earlier paths stay valid
            edited = _unnegated(edited, path, _negation_at(node_at(edited, path)))
        yield edited, "every negation removed"
    if negated:
        return
    auxiliaries = [vp_path + sub for sub, node in walk(vp)
                   if isinstance(node, Binary) and node.rule is Rule.FA and isinstance(node.left, Leaf)
                   and not _embedded(vp, sub) and node.left.token.lemma.lower() in AUXILIARIES
                   and str(node.left.category).startswith("(S[dcl]")
                   and "S" in str(getattr(node.left.category, "argument", ""))     # "has dirt": a main verb
                   and not modal_have(vp, sub + (0,))]
    for count, label in ((1, "the verb negated"), (len(auxiliaries), "every verb negated")):
        if not auxiliaries or (label.startswith("every") and len(auxiliaries) < 2):
            continue
        edited = tree
        for path in auxiliaries[:count]:
            aux = node_at(edited, path + (0,))
            edited = replace_at(edited, path + (0,), Binary(aux.category, Rule.BX, aux, NOT, True))
            edited = swap_items(edited, path + (1,), ANY, conjunct=True)
        first_aux = cast(Leaf, node_at(tree, auxiliaries[0] + (0,)))   # the filter above: a Leaf
        yield edited, f"{label}: \"{first_aux.token.word} not\""


def never_as_not(tree: Tree) -> tuple[Path, Tree] | None:
    """(the path of the main clause's only negation, `tree` with it as "not" in the form people write) when that
    negation is "never" ("Bush never lied" -> "Bush did not lie", "I have never seen" -> "I have not seen")."""
    clause = main_clause(tree)
    paths = _negated(tree, clause[1]) if clause else []
    neg = _negation_at(node := node_at(tree, paths[0])) if len(paths) == 1 else 0
    if clause is None or len(paths) != 1 or cast(Leaf, node.children[neg]).token.lemma.lower() != "never":
        return None
    positive = _unnegated(tree, paths[0], neg)
    negated = next(_negations_of_vp(positive, clause[1]), None) or plain_negation(positive, *clause)
    return (paths[0] + (neg,), negated[0]) if negated else None


def _negated(tree: Tree, vp_path: Path) -> list[Path]:
    """The nodes of the verb phrase at `vp_path` with a negation among their children, outside its noun phrases
    and reported clauses (`_embedded`), never after a modal's "have" ("could have not won": `modal_have`)."""
    vp = node_at(tree, vp_path)
    return [vp_path + sub for sub, node in walk(vp)
            if isinstance(node, Binary) and any(_is_negation(c) for c in node.children) and not _embedded(vp, sub)
            and not modal_have(vp, sub + (_negation_at(node),), before=1)]


def _negation_at(node: Tree) -> int:
    return next(i for i, c in enumerate(node.children) if _is_negation(c))


def _embedded(vp: Tree, sub: Path) -> bool:
    """The node at `sub` of `vp` is inside a noun phrase (a relative clause of the object: "rides a
    bike | that is not red") or a clause the verb phrase reports or supposes ("said that she was not
    at home"), where negating it contradicts nothing."""
    for i in range(1, len(sub)):
        parent = node_at(vp, sub[:i - 1])
        if str(node_at(vp, sub[:i]).category) in ("N", "NP") or \
                (_clause_argument(parent) and sub[i - 1] == (1 if cast(Binary, parent).rule is Rule.FA else 0)):
            return True
    return False


def _unnegated(tree: Tree, path: Path, neg: int) -> Tree:
    """The node at `path` without its negation (child `neg`), its scope's "any" back to "some"
    ("is not cutting any onions" -> "is cutting some onions"). The scope: the node's parent when
    the negation joins an auxiliary ("is not" + "cutting ..."), else the node's other child."""
    node = node_at(tree, path)
    tree = replace_at(tree, path, node.children[1 - neg])
    scope = path[:-1] if isinstance(node.children[1 - neg], Leaf) and path else path
    return swap_items(tree, scope, SOME, back=True)


def _object_np(tree: Tree, vp_path: Path) -> Path | None:
    """The verb's object NP, through auxiliaries and past the verb phrase's modifiers ("is cutting
    no paper with scissors")."""
    node, path = node_at(tree, vp_path), vp_path
    for _ in range(4):
        if (isinstance(node, Binary) and node.rule is Rule.BA and _vp_modifier(node.right.category)
                and not (isinstance(node.right, Binary) and node.right.rule is Rule.CONJ)):   # "... or singing"
            node, path = node.left, path + (0,)
            continue
        if not isinstance(node, Binary) or node.rule is not Rule.FA:
            return None
        if str(node.right.category) == "NP" and isinstance(node.left, Leaf) and node.left.token.pos.startswith("VB"):
            return path + (1,)
        node, path = node.right, path + (1,)
    return None


def _vp_modifier(category: Category) -> bool:
    """(S\\NP)\\(S\\NP) and the like: an adverb or PP after the verb phrase."""
    return (isinstance(category, Functor) and category.result == category.argument
            and str(category.result.without_features()) == "S\\NP")


def _existential(subject: Tree) -> bool:
    """The subject is a bare plural or opens with an existential or definite determiner ("a man", "the
    men", "two dogs"; not "no man", "every man": below them a modifier's negation is no contradictory)."""
    if isinstance(subject, Unary) and subject.rule is Rule.LEX:
        return True
    found = _determiner(subject)
    return found is not None and found[1].token.lemma.lower() in EXISTENTIAL


def _with_phrase_negations(tree: Tree, subject: Path) -> list[tuple[Tree, str]]:
    """The subject's own "with" or "wearing" phrase negated and its "without" phrase made positive: "A man
    with a dog" / "A man with no dog", "A man wearing a shirt" / "A man wearing no shirt", "A man without
    a dog" / "A man with a dog" (the same referent, as for a verb's negation). Only modifiers of the
    subject's head noun, not of a noun inside them ("a man next to a woman wearing a dress")."""
    out: list[tuple[Tree, str]] = []
    path: Path = subject
    node = node_at(tree, path)
    if isinstance(node, Binary) and node.rule is Rule.FA and str(node.left.category) == "NP/N":
        path, node = path + (1,), node.right                        # past the determiner to the noun
    while isinstance(node, Binary) and node.rule is Rule.BA and str(node.right.category) == "N\\N":
        phrase, at = node.right, path + (1,)
        if isinstance(phrase, Unary):                               # "wearing a shirt" as a noun modifier
            phrase, at = phrase.child, at + (0,)
        if isinstance(phrase, Binary) and phrase.rule is Rule.FA and isinstance(phrase.left, Leaf) \
                and str(phrase.right.category) == "NP":
            word = phrase.left.token.lemma.lower()
            if word in ("with", "wear"):
                out += _swap_det(tree, at + (1,), f"the quantifier of the subject's \"{phrase.left.token.word}\" "
                                                  "phrase swapped")
            elif word == "without":
                with_ = Leaf(phrase.left.category, Token("with", "with", phrase.left.token.pos))
                out.append((replace_at(tree, at + (0,), with_), "the subject's \"without\" -> \"with\""))
        path, node = path + (0,), node.left
    return out


def _conjunct_objects(tree: Tree, vp: Path) -> list[tuple[Tree, str]]:
    """The object's quantifier swapped in either conjunct of the main verb phrase ("is sitting and is
    wearing no hat" / "is sitting and is wearing a hat"): what contradicts a conjunct contradicts the whole,
    for a verb phrase with no negation (below one, it would not)."""
    node, path = node_at(tree, vp), vp
    if any(_is_negation(leaf) for leaf in leaves(node)):
        return []
    for _ in range(2):                                              # through "is" to "sitting and wearing"
        if isinstance(node, Binary) and node.rule is Rule.FA and isinstance(node.left, Leaf) \
                and node.left.token.lemma.lower() in AUXILIARIES:
            node, path = node.right, path + (1,)
    if coordination(node, "and") is None:
        return []
    out: list[tuple[Tree, str]] = []
    for conjunct in (path + (0,), path + (1, 1)):
        obj = _object_np(tree, conjunct)
        if obj:
            out += _swap_det(tree, obj, "the object's quantifier swapped in a conjunct")
    return out


SUBJECT_SWAP = "the subject's quantifier swapped"     # the note's start for "no" put before the subject


def contradictories(tree: Tree, objects: bool = True, verbs: bool = True,
                    conjuncts: Callable[[Tree], bool] | None = None,
                    modifiers: bool = False, vague: bool = True, plain: bool = False) -> list[tuple[Tree, str]]:
    """Sentences that contradict `tree` (under SICK's same-situation reading), with a note each.
    `objects`: also by the object's quantifier ("is playing no guitar": sound, but not what people
    write; augmentation leaves it out); `verbs`: also by negating the verb or dropping its negation
    (these need the same referent: "A boy is not playing" does not contradict "A kid is playing");
    `conjuncts`: for "A and B", also the contradictories of A alone and of B alone (what contradicts
    a conjunct contradicts the whole; the prover's, not a generated sentence's), by a verb's
    negation where `conjuncts(clause)` says the clause's subject is the other sentence's referent;
    `modifiers` (with `verbs`): also by the subject's "with" / "wearing" / "without" phrase ("A man with no
    shirt") and by the object of a verb phrase's conjunct ("is sitting and is wearing no hat"): the
    prover's (a generated "a man with no black hair" reads badly); `vague` (with `verbs`): also under a
    subject with a vague count ("some", "several", "many": SICK's annotators read "Some girls are
    dancing" / "Some girls are not dancing" as one scene; logically both may hold, so generated
    contradictions leave it out); `plain` (with `verbs`): also a verb phrase with no auxiliary, by "do
    not" or the copula's "not" (plain_negation; generated contradictions)."""
    out: list[tuple[Tree, str]] = []
    for i, (subject, vp) in enumerate(_clauses(tree)):
        np = node_at(tree, subject)
        picked = bool(i) and picks(np)
        if not picked:                 # "... and no two are jumping": the others may be
            out += list(_swap_det(tree, subject, SUBJECT_SWAP, vp)) + _some_not(tree, subject, vp)
        one = verbs and not proportional(np) and not picked and not few_subject(np) and (vague or not vague_subject(np))
        if one:
            negated = list(_negations_of_vp(tree, vp))
            out += negated or ([found] if plain and (found := plain_negation(tree, subject, vp)) else [])
        obj = _object_np(tree, vp) if objects and not picked else None
        if obj:
            out += _swap_det(tree, obj, "the object's quantifier swapped")
        if one and modifiers and _existential(np):    # last: the rarer forms
            out += _with_phrase_negations(tree, subject) + _conjunct_objects(tree, vp)
    if conjuncts is not None:
        for i, clause in enumerate(clause_conjuncts(tree)):
            note = f"a contradictory of the conjunct \"{' '.join(leaf.token.word for leaf in leaves(clause))}\""
            main = main_clause(clause)
            picked = bool(i) and main is not None and picks(node_at(clause, main[0]))
            alone = contradictories(clause, objects and not picked, verbs=not picked and conjuncts(clause),
                                    modifiers=modifiers, vague=vague)
            out += [(negated, f"{note}, {what}") for negated, what in alone]
    return out


def _some_not(tree: Tree, subject: Path, vp: Path) -> list[tuple[Tree, str]]:
    """"Some pachyderms are not pink" -> "All pachyderms are pink": the O and A corners of the square of
    opposition, contradictories whatever the scene (unlike "Some pachyderms are pink", which may hold beside it)."""
    found = _determiner(node_at(tree, subject))
    negated = _negated(tree, vp)
    words = [leaf.token.word.lower() for leaf in leaves(node_at(tree, vp))]
    if found is None or found[1].token.lemma.lower() != "some" or len(negated) != 1 \
            or words[0] in ("may", "might", "could") or {"and", "or", "but"} & set(words):
        return []               # "Some dogs may not bark", "... are barking or not running": both may hold
    det = found[1]
    plural = any(leaf.token.pos in ("NNS", "NNPS") for leaf in leaves(node_at(tree, subject)))
    word = ("All" if plural else "Every") if det.token.word[:1].isupper() else ("all" if plural else "every")
    edited = _unnegated(tree, negated[0], _negation_at(node_at(tree, negated[0])))
    edited = replace_at(edited, subject + found[0], Leaf(det.category, Token(word, word.lower(), "DT")))
    return [(edited, f"{SUBJECT_SWAP}: \"{det.token.word} ... not\" -> \"{word}\"")]


def picks_from_earlier(tree: Tree) -> bool:
    """A clause after the first has a subject that picks from an earlier subject's many: "No men are
    standing and one is jumping" leaves that "one" without anything to pick from."""
    return any(i and picks(node_at(tree, subject)) for i, (subject, _) in enumerate(_clauses(tree)))


def clause_conjuncts(tree: Tree) -> list[Tree]:
    """The clauses "A and B" coordinates ("A and B and C": all three), each a sentence the whole
    entails; [] for a sentence that coordinates no clauses. Final punctuation is looked through."""
    while isinstance(tree, Binary) and tree.rule is Rule.RP:
        tree = tree.left
    sides = coordination(tree, "and")
    if sides is None or not str(tree.category).startswith("S[dcl]"):
        return []
    return [part for side in sides for part in (clause_conjuncts(side) or [side])
            if str(part.category).startswith("S[dcl]")]
