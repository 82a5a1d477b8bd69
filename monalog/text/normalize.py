"""Syntactic normalisation before parsing (passives, existentials, someone -> some person, ...).

The rules live in grammars/normalization.tsv; every rewrite is recorded so a proof can show it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from monalog.errors import ResourceError
from monalog.fileio import read_table
from monalog.knowledge.wordnet_facts import animal, concrete, living, place, synsets, wearable
from monalog.text.lemmatize import lemmatize
from monalog.text.morphology import (ING_NOUNS, agree_articles, be_for, indefinite, ing_form, is_cardinal,
                                     is_ing_form, is_past_form, is_participle)
from monalog.resources import grammar_path

_FILTERS = {
    "cap": lambda s: s[:1].upper() + s[1:],
    "lower": lambda s: s if re.match(r"[A-Z]{2}", s) else s[:1].lower() + s[1:],     # an acronym stays: "ATVs"
    "ing": ing_form,
    "be": be_for,
    "group_be": lambda s: be_for(s, members=True),         # "a herd of deer is" -> "some deer are"
    "singular": lambda s: lemmatize([s], ["NNS"])[0],      # "made of rocks" -> "rock"
    "indefinite": indefinite,                               # "onion" -> "a onion" (then "an onion")
    "full": lambda s: {"'re": " are", "'m": " am", "'s": " is"}.get(s.lower(), s),   # "You're" -> "You are"
}
_FUNCTION_WORDS = frozenset("""a an the this that these those some any no every each all both it him her them
me us you he she they we his its their my our your there here who which what when where why how not very
and or but of in on at by with for from to into onto over under up down out off""".split())


def _content_word(word: str) -> bool:
    word = word.lower()
    return bool(word) and word not in _FUNCTION_WORDS and not word.endswith("ing")


def _noun(phrase: str) -> bool:
    """A content word (`_content_word`); of two words, the second no listed verb's past form ("The boy
    fell, which is sad": no head "boy fell"; "the ground" is a noun)."""
    words = phrase.split()
    return _content_word(phrase) and not (len(words) > 1 and is_past_form(words[-1]))


_DETERMINERS = frozenset("a an the some one two three four five several many his her its their my our your".split())
_AFTER_HEAD = frozenset("in on at with of near next by from to into onto under behind beside across through along over "
                        "around toward towards down up off out and or who which that whose".split())


def _noun_lemma(word: str) -> str:
    """A noun's lemma, read as a plural where it ends in "s"."""
    return lemmatize([word], ["NNS" if word.endswith("s") else "NN"])[0]


def _head(phrase: str) -> str:
    """A noun phrase's head: its last word before a preposition, relative pronoun or a later -ing word."""
    words = phrase.lower().rstrip(".!?").split()
    words = words[1:] if words[:1] and words[0] in _DETERMINERS else words
    end = next((i for i, w in enumerate(words) if w in _AFTER_HEAD
                or (i and w.endswith("ing") and w not in ING_NOUNS)), len(words))      # "the old building"
    return words[end - 1] if end else ""


def _animate(phrase: str) -> bool:
    """Whether a noun phrase's head names, in its dominant WordNet sense, an animal, a person or people
    ("a young boy in a helmet", "its prey", "a smiling boy", "people"; not "the river", "a tree", "noon")."""
    head = _head(phrase)
    return bool(head) and living(_noun_lemma(head))


def _agent(phrase: str) -> bool:
    """Whether a passive's "by" phrase can name who does it: its head is no structure, region or landform
    ("by a man", "by the water", "by a tractor", "by one of them"; not "by the fence", "by the river",
    which say where), or a group of living things ("by a classroom of students"; not "by the side of a
    woman", a part of a place)."""
    head = _head(phrase)
    return not head or not place(_noun_lemma(head)) or (
        " of " in phrase and not default_fragment("part_noun").fullmatch(head) and _animate(phrase.split(" of ", 1)[1]))


def _wearable(phrase: str) -> bool:
    """Whether a noun phrase's last word names something worn, by WordNet ("a straw hat", "jeans"), or is
    a colour ("wearing black")."""
    words = phrase.lower().split()
    return bool(words) and (wearable(_noun_lemma(words[-1]))
                            or bool(default_fragment("colour").fullmatch(words[-1])))


def _animal(word: str) -> bool:
    """Whether a noun's dominant WordNet sense is an animal ("dog", not "man": a man's coat is clothing)."""
    return animal(_noun_lemma(word.lower()))


_AUXILIARIES = frozenset("""is are was were has have had do does did can could will would may might must should
shall""".split())


def _verb(phrase: str) -> bool:
    """Whether a phrase opens with a finite verb (an auxiliary, or a word WordNet knows as a verb), as
    a subject's relative clause does ("who became", "that bark"; not "that I know", "which the men saw")."""
    word = phrase.split()[0].lower() if phrase.split() else ""
    return word in _AUXILIARIES or (word not in _FUNCTION_WORDS and bool(synsets(lemmatize([word], ["VBD"])[0], "v")))


def _one_subject(clause: str) -> bool:
    """Whether every "and" of a clause joins verb phrases of its one subject, as far as the next word shows
    (an auxiliary, a past form, a participle, or an -ing form after another: "I drank water and slept", "staying at
    home and doing nothing"; not "there are no grades and students have ...", "beautiful and living cities")."""
    words = clause.lower().split()
    return all(i + 1 < len(words) and (words[i + 1] in _AUXILIARIES or is_past_form(words[i + 1])
                                       or is_participle(words[i + 1])
                                       or is_ing_form(words[i + 1]) and any(map(is_ing_form, words[:i])))
               for i, word in enumerate(words) if word == "and")


_ADVERBS = frozenset("not never just already always also ever still often really recently finally".split())
_HAS_PARTICIPLES = frozenset("been got gotten had done gone seen taken given made".split())   # "He's gone"


def _copula(words: str) -> bool:
    """Whether a pronoun's "'s" before these one or two words is "is": no past participle or -ing form follows it,
    nor one after an adverb ("She's hungry", "it's not a joke"; not "He's gone", "He's never been", "She's
    eating": "has", or a form the taggers read well)."""
    first, *rest = words.lower().split()
    verb = rest[0] if first in _ADVERBS and rest else first
    return not (is_participle(verb) or is_past_form(verb) or verb in _HAS_PARTICIPLES or verb.endswith("ing"))


_CONJUNCT_OPENERS = _DETERMINERS | {"another", "this", "that", "these", "those"}     # "a cat and another dog"


def _descriptive(word: str) -> bool:
    """A word WordNet knows as an adjective at least as often as a noun ("long", "warm", "soapy"; not "apple")."""
    adjective = len(synsets(word.lower(), "a"))
    return _content_word(word) and adjective > 0 and adjective >= len(synsets(word.lower(), "n"))


def _adjectives_joined(phrase: str) -> bool:
    """Whether every "and" of a noun phrase joins its modifiers, the head coming later ("big and old cat"),
    never two nouns, whose verb would agree with both ("a man and woman")."""
    words = phrase.lower().split()
    return all(i + 2 < len(words) and words[i + 1] not in _CONJUNCT_OPENERS and not is_cardinal(words[i + 1])
               for i, word in enumerate(words) if word == "and")


def _plain(phrase: str) -> bool:
    """Whether no word of a noun phrase is a verb's past form or an auxiliary ("old sailors", not "man saw
    dogs")."""
    return not any(word in _AUXILIARIES or is_past_form(word) for word in phrase.lower().split())


def _common(word: str) -> bool:
    return word[:1].islower() and word not in _FUNCTION_WORDS


# purposes ("for lunch") and indefinite pronouns ("for everything"): no noun's modifier
_NO_MODIFIERS = frozenset({"breakfast", "brunch", "lunch", "dinner", "supper", "tea", "dessert", "sale", "rent", "hire",
                           "fun", "sport", "free", "life"}) \
    | frozenset(a + b for a in ("every", "some", "any", "no") for b in ("thing", "one", "body"))


def _unperson(word: str) -> bool:
    """A common noun that names no person ("a pen for cattle"; "the water for the children" is a beneficiary), no
    pronoun ("a place for everything") and no purpose ("a trout for lunch", "a house for sale", "a race for fun")."""
    return _common(word) and word.lower() not in _NO_MODIFIERS \
        and (not _animate(word) or _animal(word))


_CHECKS = {"participle": is_participle, "adjective": _content_word, "noun": _noun,
           "thing": lambda phrase: _noun(phrase) and not _animate(phrase), "animate": _animate, "agent": _agent,
           "object": lambda phrase: _noun(phrase) and not _animate(phrase) and concrete(_noun_lemma(_head(phrase))),
           "animal": _animal, "wearable": _wearable, "verb": _verb,
           "plain": _plain, "one_subject": _one_subject, "adjectives_joined": _adjectives_joined,
           "headed": lambda phrase: not (is_past_form(last := phrase.split()[-1]) or is_participle(last)),
           "copula": _copula, "descriptive": _descriptive,
           "common": _common, "unperson": _unperson}
_FIELD = re.compile(r"\{(\w+)(?:\|(\w+))?\}")


@dataclass(frozen=True)
class Rewrite:
    """One applied rule: its name and the sentence before and after."""

    rule: str
    before: str
    after: str


@dataclass(frozen=True)
class Normalized:
    original: str
    text: str
    rewrites: tuple[Rewrite, ...]


@dataclass(frozen=True)
class Rule:
    name: str
    pattern: re.Pattern
    replacement: str
    requires: tuple[tuple[str, str], ...] = ()
    example_in: str = ""
    example_out: str = ""

    def apply(self, text: str) -> str:
        """The rewritten text, or the same text when the rule does not apply."""
        def substitute(match: re.Match) -> str:
            groups = {k: v or "" for k, v in match.groupdict().items()}
            if not all(_CHECKS[check](groups.get(group, "")) for group, check in self.requires):
                return match.group(0)
            out = _FIELD.sub(lambda f: _FILTERS[f.group(2)](groups[f.group(1)]) if f.group(2)
                             else groups[f.group(1)], self.replacement)
            first = match.group(0)[:1]
            return out[:1].upper() + out[1:] if first.isupper() and match.start() == 0 else out

        out = self.pattern.sub(substitute, text)
        if out.rstrip().endswith(",") and not text.rstrip().endswith(","):
            out = out.rstrip(" ,")          # a moved clause's comma left at the end ("... a boy, who is ...,")
        return out


_FRAGMENT = re.compile(r"\{@(\w+)\}")


def read_rules(path: str | Path) -> tuple[Rule, ...]:
    """The rules of a rule file, in order; a row named "@name" is a pattern fragment that later
    patterns use as {@name}."""
    return _read(path)[0]


@lru_cache(maxsize=None)
def default_fragment(name: str) -> re.Pattern:
    """A fragment of the default rule file, for code that must agree with the rules ("@part_noun")."""
    return re.compile(_default()[1][name], re.IGNORECASE)


def _read(path: str | Path) -> tuple[tuple[Rule, ...], dict[str, str]]:
    path = Path(path)
    rules = []
    fragments: dict[str, str] = {}
    for row in read_table(path):
        try:
            pattern = _FRAGMENT.sub(lambda m: _fragment(fragments, m.group(1)), row["pattern"])
            if row["name"].startswith("@"):
                fragments[row["name"][1:]] = pattern
                continue
            requires = tuple(_requirement(item) for item in (row["requires"] or "").split(",") if item)
            for _, check in requires:
                if check not in _CHECKS:
                    raise ValueError(f"unknown check {check!r}")
            for _, filt in _FIELD.findall(row["replacement"]):
                if filt and filt not in _FILTERS:
                    raise ValueError(f"unknown filter {filt!r}")
            rules.append(Rule(row["name"], re.compile(pattern, re.IGNORECASE), row["replacement"],
                              requires, row.get("example_in") or "", row.get("example_out") or ""))
        except (KeyError, ValueError, re.error) as exc:
            raise ResourceError(f"{path}: bad normalisation rule {row.get('name')!r}: {exc}",
                                input=row) from exc
    return tuple(rules), fragments


def _fragment(fragments: dict[str, str], name: str) -> str:
    if name not in fragments:
        raise ValueError(f"unknown fragment {{@{name}}} (a fragment row comes before the rules that use it)")
    return fragments[name]


def _requirement(item: str) -> tuple[str, str]:
    """"field:check" as a pair."""
    name, colon, check = item.partition(":")
    if not colon:
        raise ValueError(f"requirement {item!r} is not field:check")
    return name, check


@lru_cache(maxsize=1)
def _default() -> tuple[tuple[Rule, ...], dict[str, str]]:
    """The default rule file, read once for its rules and its fragments."""
    return _read(grammar_path("normalization.tsv"))


def default_rules() -> tuple[Rule, ...]:
    return _default()[0]


_CLAUSE_BREAK = re.compile(r"(,? and )(?=there (?:is|are)\b|(?:(?!(?:and|or|is|are)\b)[\w'-]+ ){1,4}(?:is|are) being "
                           r"[\w-]+ by\b)", re.IGNORECASE)
_MAIN_VERB = re.compile(r"(?<!\bwho )(?<!\bwhich )(?<!\bthat )\b(?:is|are|isn't|aren't)\b", re.IGNORECASE)


def _clauses(text: str) -> list[str]:
    """Clause, separator, clause, ...: split before "and there is" and before a passive clause of its
    own ("... and the ball is being grabbed by another one"), so rules anchored at a sentence's start
    reach it; never inside a subject: the part before "and" needs a verb of its own (not a relative
    clause's: "A man who is tall and a woman are being chased") and no "and" after it ("A man is
    sleeping and a woman and a child are being watched")."""
    parts = _CLAUSE_BREAK.split(text)
    out = parts[:1]
    for separator, clause in zip(parts[1::2], parts[2::2]):
        verbs = list(_MAIN_VERB.finditer(out[-1]))
        if verbs and " and " not in out[-1][verbs[-1].end():]:
            out += [separator, clause]
        else:
            out[-1] += separator + clause
    return out


def normalize(sentence: str, rules: tuple[Rule, ...] | None = None, passes: int = 3) -> Normalized:
    """Apply the rules in file order, again while any applies (at most `passes` rounds: "There is
    no milk being drunk by a cat" needs the existential rule, then the passive one), recording
    each rewrite. "A and there is B" is rewritten clause by clause, so the rules anchored at a
    sentence's start also reach the second clause ("... and no man is smiling")."""
    text = " ".join(sentence.split())
    tidied = _tidy(text)        # articles agree before any rule ("a animal"), so a rule's rewrite is its own
    rewrites = [Rewrite("articles", text, tidied)] if tidied != text else []
    # the final stop is set aside: a rule's last group would take it ("by his father." -> "His father. is ...")
    body = tidied.rstrip(".!?").rstrip()
    end = tidied[len(body):]
    parts = _clauses(body)
    for _ in range(passes):
        before = len(rewrites)
        for rule in rules or default_rules():
            for i in range(0, len(parts), 2):
                applied = rule.apply(parts[i])
                if applied == parts[i]:
                    continue
                after = _tidy(applied)
                if after != parts[i]:
                    edited = parts[:i] + [after if i == 0 else _lowered(after, parts[i])] + parts[i + 1:]
                    rewrites.append(Rewrite(rule.name, "".join(parts) + end, "".join(edited) + end))
                    parts = edited
        if len(rewrites) == before:
            break
    return Normalized(sentence, "".join(parts) + end, tuple(rewrites))


def _lowered(clause: str, before: str) -> str:
    """A later clause's first word in lower case where the clause had it in lower case before the
    rewrite ("there is no man" -> "No man" -> "no man"); a name keeps its capital."""
    first = clause.split(" ")[0]
    return clause[:1].lower() + clause[1:] if first.lower() in before.split(" ") else clause


def _tidy(text: str) -> str:
    """Squeeze spaces left by empty groups and make a/an agree with the word after it."""
    return agree_articles(" ".join(text.split()))
