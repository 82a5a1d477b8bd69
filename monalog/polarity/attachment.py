"""Where a parse's attachment decides an operator's scope: a prepositional phrase after a phrase with a
downward operator, which the parse cannot be trusted with, and a verb's complements after its object, in
the object's scope."""
from __future__ import annotations

from monalog.ccg.category import Atom, Category, Functor
from monalog.ccg.tree import Tree, first_leaves, iter_leaves
from monalog.polarity.lexicon import Lexicon, before_mass
from monalog.polarity.marks import Polarity


def after_operator(lexicon: Lexicon, functor: Tree, arg: Tree) -> tuple[Polarity, str] | None:
    """The marking (and operator) of a prepositional modifier of a verb phrase or clause that has a
    downward operator, None for any other functor. After a negated copula ("was n't | in the mood")
    the phrase is what is denied: ↓. Elsewhere ("had no friends | in Boston", "died without eating |
    at restaurants") whether it is inside the operator's scope is an attachment the parse cannot be
    trusted with, so nothing in it is monotone (=)."""
    cat = functor.category
    if not (isinstance(cat, Functor) and cat.result == cat.argument and cat.slash.value == "\\"
            and _clausal(cat.result)):       # a noun's modifier is its determiner's restrictor's
        return None
    first = first_leaves(functor, 1)
    if not first or first[0].token.pos not in ("IN", "TO") or first[0].token.lemma.lower() in _RELATIVES:
        return None
    words = list(iter_leaves(arg))
    operators = [w for i, w in enumerate(words)
                 if lexicon.downward(w.token.word, w.token.lemma, w.category, before_mass(words[i:i + 2]))]
    if not operators:
        return None
    if len(operators) == 1 and operators[0].token.word.lower() in _NEGATIONS \
            and all(w in operators or w.token.word.lower() in lexicon.transparent for w in words):
        return Polarity.DOWN, operators[0].token.word
    return Polarity.NONE, operators[0].token.word


_NEGATIONS = frozenset({"not", "n't", "never", "no_longer"})     # "is only | in the garden" is no denial
_RELATIVES = frozenset({"that", "which", "who", "whom", "whose", "where", "when"})


def _clausal(category: Category) -> bool:
    """A verb phrase or a clause (S\\NP, S)."""
    while isinstance(category, Functor):
        category = category.result
    return isinstance(category, Atom) and category.base == "S"


def in_object_scope(category: Category, marks: tuple[Polarity, ...], scope: Polarity) -> tuple[Polarity, ...]:
    """The marks left after a verb takes its object: the complements after the object ("gave no money | to
    the poor", "knew little | about it") are in the object's scope; the subject is not."""
    out = list(marks)
    for i in range(len(out)):
        if not (isinstance(category, Functor) and category.slash.value == "/"):
            break
        out[i], category = out[i] * scope, category.result
    return tuple(out)
