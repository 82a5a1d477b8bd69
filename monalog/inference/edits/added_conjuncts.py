""""X" -> "X and Y" where ↓, for noun phrases ("doesn't eat salad" ⇒ "doesn't eat salad and greens":
"X and Y" ≤ X, the Boolean reading MED's labels mostly take; a reader who takes "and" under a negation as
"neither" reads the hypothesis as stronger). Not in a sentence with a collective word
(grammars/collective_words.txt: "compare A and B" is no comparing of A), nor where the premise's phrase
has a downward operator of its own."""
from __future__ import annotations

from monalog.ccg.tree import Leaf, Tree, Unary, leaves
from monalog.inference.collective import collective_words
from monalog.inference.edits.context import EditContext, Edits
from monalog.inference.edits.coordination import add_conjunct
from monalog.inference.target import conjunction, coordinable
from monalog.inference.treeops import Path, modifier_split, node_at, walk
from monalog.polarity.lexicon import default_lexicon
from monalog.polarity.marks import Polarity


def edits(ctx: EditContext) -> Edits:
    target = ctx.target
    if target is None:
        return
    if {leaf.token.lemma.lower() for leaf in (*target.leaves, *leaves(ctx.tree))} & collective_words():
        return
    for path, coordination in walk(target.tree):
        if _noun_phrases(target.tree, path, coordination) and (conj := conjunction(coordination)) \
                and conj[0] == "and" and coordinable(coordination, "and") and _nominal(conj[1]) and _nominal(conj[2]):
            yield from add_conjunct(ctx, coordination, Polarity.DOWN)


def _noun_phrases(tree: Tree, path: Path, node: Tree) -> bool:
    """A coordination of noun phrases, or of nouns that make a bare noun phrase ("salad and greens"):
    under a determiner "dog and cat" is the sum of the two ("every dog and cat" ≥ "every dog"), so up to
    the noun phrase only premodifiers that hold of each noun may stand over them ("love | stories and sad
    endings"; not "two | cats and dogs")."""
    if str(node.category) != "N":
        return str(node.category) == "NP"
    while path:                             # up through the nouns' premodifiers ("love | stories and ...")
        parent = node_at(tree, path[:-1])
        if isinstance(parent, Unary):
            return str(parent.category) == "NP"
        if (split := modifier_split(parent)) is None or split[1] != path[-1] or split[1] == 0 \
                or not _distributive(parent.children[split[0]]):
            return False
        path = path[:-1]
    return False


def _distributive(modifier: Tree) -> bool:
    """One word that says something of each noun it modifies: no numeral or quantity word ("two cats and
    dogs" are two in all), no determiner and no word of the lexicon's keep list (collective words, such
    as "matching", are refused for the whole sentence by `edits`)."""
    lexicon = default_lexicon()
    return isinstance(modifier, Leaf) and modifier.token.pos != "CD" and (word := modifier.token.word.lower()) \
        not in lexicon.numerals and word not in lexicon.keep and lexicon.match_determiner([word]) is None


def _nominal(conjunct: Tree) -> bool:
    """Ends in a noun, has no verb (a misparse joins other things: "no problem | and start talking",
    "Portuguese and | dance samba"; a word tagged a verb passes only as the noun's modifier, N/N:
    the tagger tags "sad" of "sad endings" VBD), no
    numeral (a measure's parts add up: "two hours and ten minutes" is more than two hours) and does not
    start with a coordinator ("and and rice")."""
    found = leaves(conjunct)
    tags = [leaf.token.pos for leaf in found]
    return tags[-1].startswith("NN") and tags[0] != "CC" and not any(
        tag.startswith("CD") or (tag.startswith("VB") and str(leaf.category) != "N/N")
        for tag, leaf in zip(tags, found))
