"""Sentences whose parse is misread, so that every edit of it would be wrong: the generator makes no pairs
of them (readability checks single edits; this checks the parse the edits start from)."""
from __future__ import annotations

import re

from monalog.augment.words import pos_share, word_choice
from monalog.inference.collective import group_nouns
from monalog.ccg.tree import Binary, Leaf, Rule, Tree, leaves
from monalog.ccg.category import parse_category
from monalog.inference.treeops import AUXILIARIES, auxiliaries, walk
from monalog.knowledge.senses import sense_count
from monalog.knowledge.wordnet import wordnet
from monalog.parsing.checks import closed_class
from monalog.resources import grammar_lines
from monalog.text.lemmatize import CLITIC_HOSTS, CONTRACTION_HOSTS
from monalog.text.morphology import base_form, is_ing_form, is_participle, is_past_only, past_tense, third_person
from monalog.text.names import given_name

# a verb phrase's adverb, a preposition: categories a noun or a verb never has
_MODIFIERS = frozenset({"(S\\NP)\\(S\\NP)", "(S\\NP)/(S\\NP)", "((S\\NP)\\(S\\NP))/NP", "PP/NP", "(N\\N)/NP",
                        "(NP\\NP)/NP"})


def misread(tree: Tree) -> str | None:
    """The word that shows the parse of a premise misread, or None: a lower-case word read as a noun that WordNet knows
    only as a verb, or only as an adverb ("Understanding a document requires ...": "requires" a plural noun; "Let's
    listen to"; "hit the crossbar twice", "twice" a noun); a noun or verb in use (SemCor counts its senses), never an
    adverb or adjective, read as an adverb or a preposition ("drinks warmed up milk every morning" with "milk" an
    adverb, "says" a preposition); a verb's -ing form read as a determiner of its object ("without | seeing | some
    birds"); a given name read as an adverb ("I gave | Tom | a sedative"); a first name read as the modifier of a plural
    that is also a verb ("Tom drinks | warmed up milk"; not "Rugby players"); an order or a request (`_order`); a
    quotation ("\"Nobody\", she said, \"is coming.\""), whose words are a speaker's; a pronoun's "'s" read as a
    possessive ("It | 's five o'clock"); a modal read as a whole verb phrase before more words ("The library will | open
    after the holiday", "open" an adverb); a sentence read as a noun phrase around a finite verb not in a relative
    clause ("Children under five travel free" with "free" a verb inside it; not "A man who is playing a guitar"); "all"
    before a name or pronoun ("All Tom wanted was a bath", read "All Tom | wanted"); a participle read as a determiner
    ("Lost | property that is not collected"); a clause whose singular subject disagrees with its verb ("I know you and
    | Tom have had"); and the checks of `_LEAF_CHECKS`, each described where it is defined (a word read in a category it
    cannot have, an order, a condition, a list after a colon). Every edit of such a parse would be wrong; "were |
    pruned" (an auxiliary a modifier) reads right."""
    all_leaves = leaves(tree)
    first, *rest = all_leaves
    word = first.token.word
    if tree.category.without_features() == _NP and (verb := next(
            (leaf for before, leaf in zip([first, *rest], rest) if leaf.token.pos in ("VBZ", "VBP", "VBD")
             and before.token.word.lower() not in _RELATIVES), None)) is not None:
        return verb.token.word                  # a sentence read as a noun phrase
    if (quote := next((leaf.token.word for leaf in all_leaves if leaf.token.word in _QUOTES), None)) is not None:
        return quote                            # a quotation: its words are a speaker's, no claim of the sentence
    if word.lower() == "all" and rest and (rest[0].token.word.istitle() or rest[0].token.pos == "PRP"):
        return word                             # "All Tom wanted was a bath": a free relative, no "all Tom"
    if (order := _order(all_leaves)) is not None:
        return order
    if str(first.category) == "N/N" and word.istitle() and rest[1:] and rest[0].token.pos == "NNS" \
            and rest[0].token.word.islower() and wordnet().synsets(rest[0].token.lemma.lower(), "v") \
            and rest[1].token.lemma.lower() not in AUXILIARIES and _name_like(word):     # not "Tennis balls are"
        return word                             # "Tom drinks | warmed up milk": a name is no noun's modifier
    for i, leaf in enumerate(all_leaves):
        if leaf.token.word == "'s" and i and all_leaves[i - 1].token.word.lower() in CLITIC_HOSTS \
                and "(NP/N)" in str(leaf.category):
            return leaf.token.word              # "It's five o'clock" read as a possessive of "it"
        if leaf.token.lemma.lower() in _MODALS and leaf.category.without_features() == _INTRANSITIVE \
                and all_leaves[i + 1:] and all_leaves[i + 1].token.word.isalpha() \
                and all_leaves[i + 1].token.word.lower() not in _AFTER_ELLIPSIS:
            return leaf.token.word              # "The library will | open after ...": a modal without its verb
        word, lemma = leaf.token.word, leaf.token.lemma.lower()
        if _no_noun(leaf):
            return word                         # "requires" a plural noun; "hit the crossbar | twice" a noun
        if word.isalpha() and word.islower() and lemma not in AUXILIARIES \
                and (str(leaf.category) in _MODIFIERS and _content_only(word, lemma)
                                                  or str(leaf.category) == "NP/NP" and word.endswith("ing")
                                                  and wordnet().synsets(word, "v")):
            return word
    return _participle_determiner(all_leaves) or _disagreeing(tree) \
        or next((found for check in _LEAF_CHECKS if (found := check(all_leaves)) is not None), None)


def _tense_switch(words: list[Leaf]) -> str | None:
    """A base form read as a finite verb after "and" where the finite verb before it is a lexical past or third person
    ("Tom liked to sit outside and | gaze at the stars", "needs someone to admire and | emulate": the base form belongs
    under "to"), or None; a modal is none ("looked everywhere and | couldn't find", "and | ca n't remember")."""
    lowered = [leaf.token.word.lower() for leaf in words]
    finite = [i for i, leaf in enumerate(words) if _FINITE.match(str(leaf.category)) and leaf.token.word.isalpha()
              and not word_choice().fixed(lowered, i)]                # "paced to and | fro"
    for i in finite:
        word = words[i].token.word.lower()
        if i and words[i - 1].token.word.lower() == "and" and CONTRACTION_HOSTS.get(word, word) not in _MODALS \
                and _base_only(word) \
                and (before := [j for j in finite if j < i]) \
                and (form := words[before[-1]].token.word.lower()) != (lemma := words[before[-1]].token.lemma.lower()) \
                and lemma not in AUXILIARIES | _MODALS and form in (past_tense(lemma), third_person(lemma)):
            return words[i].token.word
    return None


def _modal_noun(words: list[Leaf]) -> str | None:
    """A modal read as a noun before a verb's base form ("The first train on Monday | will | depart", "Monday will"
    a noun), or None; not "can" or "may" ("a beer can"; the month)."""
    return next((leaf.token.word for leaf, after in zip(words, words[1:])
                 if leaf.token.word.lower() in _MODALS - {"can", "may"} and str(leaf.category) in ("N", "N/N")
                 and after.token.word.isalpha() and base_form(after.token.word.lower()) == after.token.word.lower()
                 and wordnet().synsets(after.token.word.lower(), "v")), None)


def _no_noun(leaf: Leaf) -> bool:
    """A lower-case word tagged a noun that WordNet knows only as a verb, or, standing as a noun, only as an adverb
    or, in use, almost only so ("Tokyo three years | ago"); not an adjective read as a noun's modifier, whatever its
    tag ("the | stale | bread")."""
    word, lemma = leaf.token.word, leaf.token.lemma.lower()
    if not (leaf.token.pos in ("NN", "NNS") and word.isalpha() and word.islower() and not word.endswith("ing")) \
            or wordnet().synsets(lemma, "n") or wordnet().synsets(word, "n"):
        return False
    adverb, adjective = bool(wordnet().synsets(word, "r")), bool(wordnet().synsets(word, "a"))
    return not (str(leaf.category) == "N/N" and adjective) and (
        any(wordnet().synsets(w, "v") for w in (lemma, word))
        or str(leaf.category) == "N" and adverb and (not adjective or pos_share(word, "r") >= 0.9))


def _adjective_object(words: list[Leaf]) -> str | None:
    """A word WordNet knows only as an adjective read as the noun "be" takes before "and" or "or" ("I was | nervous |
    and scared": "was nervous" and "scared" then read as two verb phrases), or None."""
    return next((leaf.token.word for before, leaf, after in zip(words, words[1:], words[2:])
                 if str(leaf.category) == "N" and before.token.lemma.lower() == "be"
                 and after.token.word.lower() in ("and", "or") and leaf.token.word.isalpha()
                 and wordnet().synsets(leaf.token.word.lower(), "a")
                 and not any(wordnet().synsets(leaf.token.word.lower(), pos) for pos in ("n", "v"))), None)


def _gapped(words: list[Leaf]) -> str | None:
    """The "and" or "or" after a comma that opens a clause whose verb is left out ("A dog runs after a cat, | and |
    the cat after a mouse"): no parse here has such a clause, so it reads its words as a noun phrase's ("runs after a
    cat, and the cat"), or None; not a noun phrase that ends the sentence ("bought tea, and coffee")."""
    for k in range(2, len(words) - 2):
        rest = [leaf for leaf in words[k + 1:] if leaf.token.word[:1].isalnum()]
        if words[k].token.word.lower() in ("and", "or") and words[k - 1].token.word == "," \
                and any(leaf.token.pos.startswith("VB") for leaf in words[:k]) \
                and not any(leaf.token.pos.startswith(("VB", "MD")) for leaf in rest) \
                and any(a.token.pos.startswith("NN") and b.token.pos == "IN" and b.token.word.lower() != "of"
                        for a, b in zip(rest, rest[1:])):          # not "and | most of all, non-violence"
            return words[k].token.word
    return None


def _unformed_verb(words: list[Leaf]) -> str | None:
    """A verb phrase of one word tagged a finite verb that WordNet knows as no verb ("young and | immature") and,
    ending in "s", as a noun ("We play football and | volleyball", "a dish with cheese and | crackers on the table"),
    or that is an -ing form ("use traditional designs and | knotting"), or a given name read as an adverb ("I gave |
    Tom | a sedative"), or None; taggers tag "play", "did" and even "health" VBZ, and "delicious" too, which its
    category S[adj]\\NP reads right."""
    return next((leaf.token.word for leaf in words if (leaf.token.pos in ("VBZ", "VBD", "VBP")
                 and leaf.category.without_features() == _INTRANSITIVE and leaf.token.word.isalpha()
                 and not str(leaf.category).startswith("S[adj]")           # "looked cool and | delicious"/VBZ
                 and leaf.token.word.lower() not in AUXILIARIES | _MODALS             # "She said she would."
                 and (is_ing_form(leaf.token.word.lower()) or not wordnet().synsets(leaf.token.word.lower(), "v")
                      and (not leaf.token.word.lower().endswith("s")
                           or wordnet().synsets(leaf.token.word.lower(), "n"))))
                 or (leaf.token.pos == "RB" and given_name(leaf.token.word))), None)


def _wrong_category(words: list[Leaf]) -> str | None:
    """A verb used almost only as a verb (SemCor), with no adverb's sense, read as a verb phrase's adverb ("let them |
    go", "go" an adverb), a word in "-s" or the first word given a gerund's category ("the gas | taps each evening",
    "Read | the list": an order), an -ing form given a base or finite verb's ("face charges for importing and |
    possessing drugs", read "will possessing drugs"; "in a green coat and | matching mini-skirt"), a word read as
    punctuation ("I think | the cat", "think" a comma), an adverb or "do" read as the subject ("Just | shut up", "Do |
    not eat": orders), a preposition read as taking a clause ("In | my region there are ..."), a past read as a
    participle ("I thought Tom and Mary | broke up") or a modal as an adverb ("knew it | would never work"), an
    article read as a noun's modifier under a quantifier ("gave every child | a | small taste"), or a past read as
    a noun's modifier with an object ("before the team | left the base"; a passive takes one only after a verb of
    giving or naming: "a boy called Tom"), or None."""
    for i, leaf in enumerate(words):
        word, category = leaf.token.word.lower(), str(leaf.category)
        if category in _VP_ADVERBS and word.isalpha() and word not in closed_class() \
                and leaf.token.lemma.lower() not in AUXILIARIES \
                and wordnet().synsets(word, "v") and not wordnet().synsets(word, "r") and pos_share(word, "v") >= 0.9:
            return leaf.token.word
        if word.isalpha() and ((word.endswith("s") or not i) and not word.endswith("ing")
                               and _GERUND.match(category) or category in _PUNCTUATION) \
                or _FORMED_VERB.match(category) and is_ing_form(word):
            return leaf.token.word
        if not i and category in ("NP", "N") and (word == "do" or _adverb_only(word)):
            return leaf.token.word              # "Just | shut up", "Do | not eat": an order, its first word a subject
        if word in _NO_CLAUSE and category.endswith("/S[dcl]"):
            return leaf.token.word              # "In | my region there are ...": a preposition takes no clause
        if _PARTICIPLE_VERB.match(category) and is_past_only(word) and i \
                and words[i - 1].token.lemma.lower() not in AUXILIARIES \
                or word in _MODALS and category.startswith("((S\\NP)\\(S\\NP))"):
            return leaf.token.word              # "thought Tom and Mary | broke up", "knew it | would never work"
        if word in ("a", "an", "the") and category == "(N\\N)/N" and _under_quantifier(words, leaf):
            return leaf.token.word              # "gave every | child a small taste": the object inside "every"
        if category == "(N\\N)/NP" and (is_participle(word) or is_past_only(word)) and word.isalpha() \
                and base_form(word) not in _TWO_OBJECTS and wordnet().synsets(base_form(word), "v"):
            return leaf.token.word              # "before the team | left the base": a clause read as a noun's modifier
    return None


# verbs whose passive participle takes an object ("a boy called Tom", "the girl given a prize")
_TWO_OBJECTS = frozenset({"call", "name", "dub", "title", "label", "give", "hand", "show", "offer", "award", "grant",
                          "teach", "tell", "ask", "pay", "send", "promise", "deny", "allow", "charge", "fine", "lend",
                          "sell", "serve", "feed", "bring", "owe", "elect", "appoint", "crown", "consider"})


def _not_a_verb(words: list[Leaf]) -> str | None:
    """A word WordNet knows as no verb read as a base or finite verb ("Brush your teeth | twice a day", "I love you
    and | vice versa"), or None; not inside one of kb/augment.json's fixed expressions ("paced to and | fro")."""
    lowered = [leaf.token.word.lower() for leaf in words]
    return next((leaf.token.word for i, (leaf, word) in enumerate(zip(words, lowered))
                 if _ANY_VERB.match(str(leaf.category)) and word.isalpha() and word not in closed_class()
                 and leaf.token.lemma.lower() not in AUXILIARIES | _MODALS and wordnet().synsets(word)
                 and not wordnet().synsets(word, "v") and not wordnet().synsets(base_form(word), "v")
                 and not word_choice().fixed(lowered, i)), None)


def _under_quantifier(words: list[Leaf], leaf: Leaf) -> bool:
    """The nearest determiner before `leaf` is a quantifier whose noun is ↓ ("every", "no"): the second object read
    inside the first ("gave every child | a small taste") would take its polarity; "gave the dog a bone" reads
    right."""
    before = words[:words.index(leaf)]
    det = next((w.token.word.lower() for w in reversed(before) if str(w.category) == "NP/N"), "")
    return det in ("every", "each", "all", "no", "few", "any")


def _participle_determiner(words: list[Leaf]) -> str | None:
    """A verb's participle read as a determiner ("Lost | property that is not collected"), or None."""
    for leaf in words:
        word = leaf.token.word.lower()
        if str(leaf.category) == "NP/N" and is_participle(word) and wordnet().synsets(base_form(word), "v"):
            return leaf.token.word
    return None


def _plural_form(leaf: Leaf) -> bool:
    """"have", "are", "were", "do", or a lexical verb's base form that is no past ("blow"; not "put", nor "still" an
    adverb)."""
    word = leaf.token.word.lower()
    return word in _PLURAL_VERBS or (word.isalpha() and word not in AUXILIARIES | _MODALS and _base_only(word)
                                     and bool(_FINITE.match(str(leaf.category))) and third_person(word) != word
                                     and bool(wordnet().synsets(word, "v")))


def _base_only(word: str) -> bool:
    """A verb's base form that is not also its past ("gaze", "blow"; not "put", nor "liked")."""
    return base_form(word) == word != past_tense(word)


def _disagreeing(tree: Tree) -> str | None:
    """The verb of a clause whose subject is a name, "one", "he", "she", "it" or a singular noun after "a", "every",
    "this" ... and whose verb is a plural form ("Tom have had"; "one | blow of the axe"; not the subjunctive "if he
    were"): the parse cut a coordinated subject ("you and | Tom") or read a noun as the verb."""
    for _, node in walk(tree):
        if isinstance(node, Binary) and node.rule is Rule.BA and str(node.left.category) == "NP" \
                and str(node.right.category) == "S[dcl]\\NP" and _plural_form(verb := leaves(node.right)[0]):
            subject = leaves(node.left)
            first = subject[0].token.word
            if (given_name(first) or first.lower() in _SINGULAR_PRONOUNS and verb.token.word.lower() != "were") \
                    if len(subject) == 1 else \
                    len(subject) == 2 and first.lower() in _SINGULAR and subject[1].token.pos == "NN" \
                    and subject[1].token.lemma.lower() not in group_nouns():        # "A couple are dancing"
                return verb.token.word
    return None


_BOUND_PREFIXES = frozenset(grammar_lines("bound_prefixes.txt"))


def _no_claim(all_leaves: list[Leaf]) -> str | None:
    """The word of a sentence that claims nothing to edit as written: the "and" of a condition ("One more step, and
    you'll ...": after the sentence's only comma, with no verb before it and one after), the "better" of advice ("You
    had better go", "You'd better go"; not "had better grades"), or a prefix written as a word ("She's lonely and un
    happy": dropped, it would reverse the meaning; not "The UN"), or a colon or semicolon, not a time's (what follows
    explains or lists: "The four seasons are: Spring, ..."; the parsers read it as a comma)."""
    words = [leaf.token.word for leaf in all_leaves]
    for i, word in enumerate(words[1:-1], 1):
        if word in _BOUND_PREFIXES or word in (":", ";") and not (words[i - 1].isdigit() and words[i + 1].isdigit()) \
                or word.lower() == "better" and words[i - 1].lower() in ("had", "'d") and _base_verb(words[i + 1]):
            return word
        if word.lower() == "and" and words[i - 1] == "," and "," not in words[:i - 1] \
                and not any(b.token.pos.startswith(("VB", "MD")) for b in all_leaves[:i - 1]) \
                and any(b.token.pos.startswith(("VB", "MD")) for b in all_leaves[i + 1:]):
            return word
    return None


def _adverb_only(word: str) -> bool:
    """An open-class word WordNet knows as an adverb and as no noun ("just", "twice")."""
    return word not in closed_class() and bool(wordnet().synsets(word, "r")) and not wordnet().synsets(word, "n")


def _base_verb(word: str) -> bool:
    """"go" of "had better go": a word in its base form that WordNet knows as a verb at least as often as a noun (not
    "grades", "luck")."""
    word = word.lower()
    verbs = len(wordnet().synsets(word, "v"))
    return base_form(word) == word and verbs > 0 and verbs >= len(wordnet().synsets(word, "n"))


_MODALS = auxiliaries("modal")
_PLURAL_VERBS = frozenset({"have", "are", "were", "do"})
_SINGULAR_PRONOUNS = frozenset({"one", "he", "she", "it"})
_SINGULAR = frozenset({"a", "an", "every", "each", "this", "that", "another"})
_NP = parse_category("NP")
_RELATIVES = frozenset({"who", "which", "that"})
_QUOTES = frozenset({'"', "“", "”", "``", "''"})
_INTRANSITIVE = parse_category("S\\NP")
_PUNCTUATION = frozenset({",", ".", ";", ":"})
_VP_ADVERBS = frozenset({"(S\\NP)\\(S\\NP)", "(S\\NP)/(S\\NP)"})
_GERUND = re.compile(r"^\(*S\[ng\]\\NP")         # a gerund's verb: S[ng]\NP, (S[ng]\NP)/NP ...
_NO_CLAUSE = frozenset({"in", "on", "at", "of", "under", "over", "into", "onto", "from", "by", "near"})
_PARTICIPLE_VERB = re.compile(r"^\(*S\[(pss|pt)\]\\NP")
_FINITE = re.compile(r"^\(*S\[dcl\]\\NP")
_FORMED_VERB = re.compile(r"^\(*S\[(b|dcl)\]\\NP")     # a base or finite verb: S[b]\NP, (S[dcl]\NP)/NP ...
_ANY_VERB = re.compile(r"^\(*S\[(b|dcl|pt)\]\\NP")   # a base, finite or perfect verb: S[b]\NP, (S[pt]\NP)/NP ...
# words after which a modal may stand alone ("I will if I can", "She can't and won't", "He will too")
_AFTER_ELLIPSIS = frozenset({"if", "when", "unless", "because", "and", "or", "but", "too", "not", "n't", "so"})


def _order(all_leaves: list[Leaf]) -> str | None:
    """misread's orders: "please" first or last (a request), a first word read as a modifier that is used almost only
    as a verb or tagged one, in its base form ("Take one tablet", "Open a book and ..."; not a name, "Jack stole"), or
    a verb's base form after a name and a comma ("Tom, come here")."""
    first, *rest = all_leaves
    word, category = first.token.word, str(first.category)
    spoken = [leaf.token.word.lower() for leaf in all_leaves if leaf.token.word[:1].isalnum()]
    if "please" in (spoken[:1] + spoken[-1:]):
        return word                             # a request, as an order, claims nothing
    if word[:1].isupper() and word.lower() == first.token.lemma.lower() and category.lstrip("(")[:1] != "S" \
            and "/" in category and not (rest and rest[0].token.word[:1].isupper()) \
            and wordnet().synsets(word.lower(), "v") \
            and (pos_share(word.lower(), "v") >= 0.9 or first.token.pos == "VB"):
        return word
    if len(rest) > 1 and rest[0].token.word == "," and word.istitle() and rest[1].token.word.islower() \
            and rest[1].token.word == rest[1].token.lemma and rest[1].token.lemma not in AUXILIARIES \
            and wordnet().synsets(rest[1].token.word, "v") and pos_share(rest[1].token.word, "v") >= 0.5:
        return rest[1].token.word               # "Tom, come here": an order to a named listener
    return None


def _name_like(word: str) -> bool:
    """A capitalised word WordNet knows as no adjective and, in SemCor, hardly as a noun: a name ("Tom",
    "Jack", "Emma"; not "Boston", "School")."""
    lower = word.lower()
    return not (wordnet().synsets(lower, "a") or wordnet().synsets(lower, "s")) \
        and sum(sense_count(s, lower) for s in wordnet().synsets(lower, "n")) <= 2


def _content_only(word: str, lemma: str) -> bool:
    """A noun or verb in use (SemCor counts its senses), never an adverb or adjective ("milk", not "home"), nor
    a participle or a closed-class word, which may make a preposition ("including", "except")."""
    if word.endswith(("ing", "ed")) or word in closed_class() \
            or any(wordnet().synsets(w, p) for w in (word, lemma) for p in "ras"):    # "including", "except"
        return False
    return sum(sense_count(s, lemma) for p in "nv" for s in wordnet().synsets(lemma, p)) > 0


# misread's checks of the leaves, in the order a found word is reported
_LEAF_CHECKS = (_unformed_verb, _wrong_category, _not_a_verb, _modal_noun, _tense_switch, _no_claim, _adjective_object,
                _gapped)
