"""A main subject's determiner made weaker where ↑, as no edit of the search can (it visits one lemma key once, and
"the", "a", "some" and a bare plural share one):
- an opening "the" made "a" before a singular noun and "some" before a plural ("The spider is spinning a web" ⇒ "A
  spider is spinning a web", "The neighbours planted a tree" ⇒ "Some neighbours planted a tree"): the definite names
  things there are (MonaLog's the ≤ some, the fixed KB's). Only the subject's "the" (objects and places are full of
  definites that name no thing at all: "plays the piano", "in the morning"), before a common noun (if singular,
  no substance mostly uncounted: no "A paint dries"), after no adjective that picks the one thing ("the
  same", "the only", "the first", a superlative), before no "of" ("the top of the hill"), never before a noun of
  grammars/unique_nouns.txt ("the sun", "the police") or a time or measure ("the day");
- a bare plural subject made "some" ("Koreans don't like raw coriander" ⇒ "Some Koreans don't like raw
  coriander"): the existential reading MonaLog gives a bare plural, and the weakest reading of a generic."""
from __future__ import annotations

from functools import lru_cache
from typing import Iterator, Sequence, cast

from monalog.augment.generics import bare_subject
from monalog.augment.readability import picks_one
from monalog.augment.words import MEASURE, TITLES, first_sense_is, plainly_countable, replacing_leaf
from monalog.ccg.category import parse_category
from monalog.ccg.tree import Binary, Leaf, Rule, Token, Tree, Unary, leaves
from monalog.inference.capitals import lowered
from monalog.inference.negation import main_clause
from monalog.inference.proof import Step, StepKind
from monalog.inference.search import State
from monalog.inference.target import kb_leq, pair_fact
from monalog.inference.treeops import node_at, replace_at, sentence_text, surface
from monalog.knowledge.base import KnowledgeBase
from monalog.knowledge.wordnet_facts import synsets
from monalog.polarity.lexicon import default_lexicon
from monalog.polarity.marks import Polarity
from monalog.resources import grammar_lines
from monalog.text.morphology import countable, is_plural
from monalog.text.names import name_after

_DETERMINER = parse_category("NP/N")


@lru_cache(maxsize=1)
def unique_nouns() -> frozenset[str]:
    """grammars/unique_nouns.txt: nouns "the" makes one thing ("the sun")."""
    return frozenset(grammar_lines("unique_nouns.txt"))


def indefinite_subjects(states: Sequence[State], kb: KnowledgeBase) -> Iterator[tuple[Tree, tuple[Step, ...]]]:
    """(edited tree, steps from the premise) for each generated sentence (`states`, the premise first) whose subject
    opens with a "the" that may become "a" or "some", or is a bare plural (module docstring). After the search, not
    as one of its edits: the search visits a lemma key once, and "the", "a", "some" and none share one."""
    for state in states:
        found = _the_as_a(state, kb) or _some_for_bare(state)
        if found is not None:
            yield found[0], state.steps() + (found[1],)


def _the_as_a(state: State, kb: KnowledgeBase) -> tuple[Tree, Step] | None:
    first = leaves(state.tree)[0]
    path, node = next(((p, n) for p, n in state.polarized.walk_paths() if n.node is first), ((), None))
    article = _indefinite([leaf.token for leaf in leaves(state.tree)])
    facts = kb_leq(kb, "the", article) if article else None
    if node is None or node.polarity is not Polarity.UP or str(first.category) != "NP/N" or not facts:
        return None
    edited = replace_at(state.tree, path, replacing_leaf(first, cast(str, article)))
    return edited, Step(StepKind.REPLACE, first.token.word, leaves(edited)[0].token.word, sentence_text(edited),
                        Polarity.UP, facts)


def _some_for_bare(state: State) -> tuple[Tree, Step] | None:
    """"Dogs chase cats" -> "Some dogs chase cats": a bare plural main subject where ↑."""
    tree, clause, words = state.tree, main_clause(state.tree), bare_subject(state.tree)
    if clause is None or words is None or default_lexicon().match_determiner(list(words)) is not None:
        return None                             # "very few girls": a quantifier the parse left in the noun
    subject, polarized = node_at(tree, clause[0]), dict(state.polarized.walk_paths()).get(clause[0])
    if not isinstance(subject, Unary) or polarized is None or polarized.polarity is not Polarity.UP:
        return None
    head = leaves(subject)[-1]
    word, first_word = head.token.word, head is leaves(tree)[0]
    senses = synsets(word.lower(), "n")
    if word.isupper() and len(word) > 1 or word[:1].isupper() and not is_plural(word.lower()) \
            and not (first_word and senses and word not in senses[0].lemma_names()) \
            or any(leaf.token.word.lower() in TITLES for leaf in leaves(subject)):
        return None             # "Esperanto", "KOOG", "God", "Mr Hughes" tagged a plural: a name (not "Fish")
    first = leaves(tree)[0] is leaves(subject)[0]
    some = Leaf(_DETERMINER, Token("Some" if first else "some", "some", "DT"))
    noun = lowered(subject.child) if first else subject.child
    edited = replace_at(tree, clause[0], Binary(subject.category, Rule.FA, some, noun))
    fact = pair_fact(f"some {surface(noun)}", surface(subject), "a bare plural says some of them")
    return edited, Step(StepKind.REPLACE, surface(subject), f"{some.token.word} {surface(noun)}",
                        sentence_text(edited), Polarity.UP, (fact,))


def _indefinite(tokens: Sequence[Token]) -> str | None:
    """"a" or "some" for the sentence's opening "the" (module docstring), or None; none of a name's ("The United
    States")."""
    if tokens[0].word.lower() != "the" or name_after(tokens, 0):
        return None
    j = 1
    while j < len(tokens) and tokens[j].pos in ("JJ", "VBN", "VBG") and tokens[j].word.isalpha():
        j += 1
    while j + 1 < len(tokens) and tokens[j].pos == "NN" and tokens[j + 1].pos in ("NN", "NNS"):
        j += 1                                  # "the school bus": its head
    if j >= len(tokens) or tokens[j].pos not in ("NN", "NNS") or not tokens[j].word.isalpha() \
            or tokens[j + 1:j + 2] and tokens[j + 1].word.lower() in ("of", "'s") \
            or any(picks_one(t) for t in tokens[1:j]):
        return None
    noun = tokens[j].lemma.lower()
    if noun in unique_nouns() or not synsets(noun, "n") or first_sense_is(noun, MEASURE):
        return None
    if tokens[j].pos == "NNS":
        return "some"
    massy = not plainly_countable(noun) and first_sense_is(noun, "matter.n.03")
    return "a" if countable(noun) and not massy else None      # no "A paint dries": a substance, mostly uncounted
