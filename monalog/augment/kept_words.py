"""Words a deletion never takes, whatever their category says: a superlative, which picks its referent ("Our oldest
tortoise is more than a hundred years old" is no claim about "our tortoise"), or the phrase it is relative to ("the
tallest building in London"); "other" before its noun ("the other man's work" is no "the man's work"); a word of a name
of several capitalised words ("The branch on High Street" -> "on Street") or its title ("Mrs Patel"), of a day or month
when the rest of its phrase stays ("reported Monday morning" -> "reported morning"; "visited the castle on Wednesday"
may lose "on Wednesday"), or of a phrase that is one word with a meaning of its own ("won medals in the long jump" ->
"in the jump"); a phrasal verb's particle ("brought in with a broken leg" -> "brought with"); the adjective of a body
part after "with" or "have" ("limped off with a sprained ankle" -> "with an ankle", "has blue eyes"); a phrase after a
particle, the next phrase left to it ("came in with a thorn in its paw" -> "came in its paw"); the complement of a
participle after a noun ("The rink placed outdoors is full" -> "The rink placed is full"); what a verb needs
(augment/verb_needs.py: "got in the car" -> "got", "told Mary to buy coffee" -> "told Mary"); a count of a second
conjunct ("41 teachers and about 800 students" -> "41 teachers and students"), or the conjunct itself when a plural
takes up the pair ("he and Mary spent their vacation", "Both he and I were members", "They're Tom and Mary") or
"between" pairs ("The dispute between Albania and the UK" -> "The UK"); the first conjunct's auxiliary or article before
the second's ("I've been ... and still haven't", "a very long body and short legs"), or its frequency adverb or phrase
when the second's would seem to share it ("often skirt around the truth and don't give direct answers", "started at 2:30
and ended at 5:00"); the event a later "ever since" or "then" counts from; "ago", "early" or "late" after a time unit,
and the unit before them ("twenty minutes ago", "an hour early") or before a time after "from" ("from early summer");
the noun before a final -ing form ("sends the keeper flying"); a clause's verb after its subject ("before the wind gets
up"); a comparative's "than" and standard ("It's more ridiculous to X than to Y"); the "and" of a list ("a yellow
jacket, orange tie and a pink shirt" -> "a yellow jacket, orange tie"); the adjective after "and" and another adjective
before their noun, or the phrase between two "of"s ("the fluent and use", "a couple of toast"); "too" before its "for"
or "to" ("too high for wading"); the noun a name stands beside ("his dog Waldo"); "old" and the time unit before it ("23
years old"); a fronted "By" with its -ing form, a condition ("By signing a contract, you agree to ...")."""
from __future__ import annotations

import re
from typing import Sequence

from monalog.augment.verb_needs import PARTICLES, last_verb, verb_needs
from monalog.augment.words import TITLES, first_sense_is, phrase_head, plainly_countable
from monalog.ccg.tree import Token
from monalog.inference.treeops import AUXILIARIES
from monalog.knowledge.superlatives import superlative
from monalog.knowledge.wordnet import wordnet
from monalog.knowledge.wordnet_facts import synsets
from monalog.text.morphology import is_cardinal, is_ing_form
from monalog.text.normalize import default_fragment

_DATES = frozenset({"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january",
                    "february", "march", "april", "may", "june", "july", "august", "september", "october",
                    "november", "december"})
_POSSESSIVES = frozenset({"its", "his", "her", "their", "my", "your", "our"})
FREQUENCY = frozenset({"often", "usually", "always", "sometimes", "frequently", "generally", "normally", "seldom",
                       "rarely"})
_SHARED_ADVERBS = FREQUENCY | {"never", "occasionally"}     # may say how often a second conjunct holds too
_PERSONAL = frozenset({"i", "you", "he", "she", "we", "they", "me", "him", "us", "them"})    # tagged JJ, NN ...
_TOGETHER = frozenset({"their", "they", "them", "theirs", "themselves", "both"})    # a plural the conjuncts make
_AFTER_TIME = frozenset({"before", "later", "earlier", "early", "late", "old"})     # "23 years old"
_TIME_UNITS = frozenset({"second", "minute", "hour", "day", "week", "month", "year", "decade", "century"})
# a time counted from an event named before it
_SINCE = re.compile(r"\b(?:ever since|since then|after that|afterwards|(?<!now and )then)\b")


def kept_word(tokens: Sequence[Token], start: int, end: int) -> str | None:
    """Why the words start..end of a sentence must stay, or None."""
    if start > 1 and tokens[start - 1].pos == "VBN" and tokens[start - 2].pos.startswith("NN") \
            and end < len(tokens) and tokens[end].pos.startswith(("VB", "MD")):
        return f"a participle's complement dropped (\"{tokens[start - 1].word}\" left: \"the rink placed is full\")"
    if end - start == 1 and start > 1 and tokens[start].pos == "JJ" and end < len(tokens) \
            and ("with" in (tokens[start - 2].word.lower(), tokens[start - 1].word.lower())
                 or "have" in (tokens[start - 2].lemma.lower(), tokens[start - 1].lemma.lower())) \
            and first_sense_is(tokens[end].lemma.lower(), "body_part.n.01"):
        return f"\"{tokens[start].word}\" dropped before a body part everyone has (\"with an ankle\", \"has eyes\")"
    if start and tokens[start - 1].word.lower() in PARTICLES and tokens[start].pos == "IN" and end < len(tokens) \
            and tokens[end].word.lower() in _POSSESSIVES:
        return f"a phrase after \"{tokens[start - 1].word}\" dropped, the next one left to it (\"came in its paw\")"
    if (needed := _needed(tokens, start, end)) is not None:
        return needed
    if start == 0 and tokens[0].word.lower() == "by" and tokens[1:2] and tokens[1].pos == "VBG":
        return "a fronted \"By\" and its -ing form dropped (\"By signing a contract, you agree ...\": a condition)"
    if start > 1 and tokens[start - 1].word.lower() in ("and", "or", "of") and end < len(tokens) \
            and (end - start == 1 and tokens[start].pos == "JJ" and tokens[end].pos.startswith("NN")
                 and _adjective_only(tokens[start - 2].word.lower())               # not "a shirt and | clown makeup"
                 or tokens[start - 1].word.lower() == tokens[end - 1].word.lower() == "of"):
        return f"\"{tokens[start - 1].word}\" left without its phrase (\"the fluent and use\", \"a couple of toast\")"
    if end - start == 1 and start > 2 and tokens[start - 1].word.lower() == "and" and end < len(tokens) \
            and tokens[end].pos.startswith("NN") and _adjective_only(tokens[start - 3].word.lower()):
        return "a second conjunct's adjective dropped, the first's left to read over both (\"a beautiful face and " \
            "voice\")"
    if end - start == 1 and tokens[start].pos.startswith(("NN", "JJ")) and end < len(tokens) \
            and is_ing_form(tokens[end].word.lower()) and not any(t.word[:1].isalnum() for t in tokens[end + 1:][:1]):
        return f"the noun before \"{tokens[end].word}\" dropped (\"sends the keeper flying\" -> \"sends the flying\")"
    if (timed := _timed(tokens, start, end)) is not None:
        return timed
    if tokens[start].word.lower() in ("in", "of", "on", "at", "among") \
            and any(superlative(t.word) or t.pos == "JJS" for t in tokens[:start]):
        return "the phrase a superlative is relative to dropped (\"the tallest building in London\")"
    if start and tokens[start - 1].pos.startswith("VB") and tokens[start + 1:start + 2] \
            and tokens[start + 1].pos in ("IN", "TO", ".", ",") \
            and synsets(f"{tokens[start - 1].lemma.lower()}_{tokens[start].word.lower()}", "v"):
        return f"the particle of \"{tokens[start - 1].word} {tokens[start].word}\" dropped (\"was brought with\")"
    for i in range(start, end):
        word = tokens[i].word
        if word.lower() in ("other", "another") and i == end - 1 and end < len(tokens) \
                and tokens[end].pos.startswith(("NN", "JJ")):
            return f"\"{word}\" dropped (\"the other man's work\" is no \"the man's work\")"
        if word.lower() == "too" and any(t.word.lower() in ("for", "to") for t in tokens[end:end + 3]):
            return "\"too\" dropped before its \"for\" or \"to\" (\"too high for wading\" -> \"high for wading\")"
        if superlative(word) or tokens[i].pos == "JJS":
            return f"a superlative dropped (\"{word}\" picks the referent: \"our oldest tortoise\" -> \"our tortoise\")"
        if word.lower() == "little" and i and tokens[i - 1].word.lower() == "a" and i + 1 < len(tokens) \
                and not plainly_countable(tokens[i + 1].lemma.lower()):
            return "\"little\" of \"a little\" before a noun that may be a mass (\"ate a little squid\": some squid)"
        if (named := _named(tokens, start, end, i)) is not None:
            return named
    if end < len(tokens) and tokens[end].pos.startswith("NN") and _idiom(
            " ".join(t.word.lower() for t in tokens[start:end + 1]), named=start > 0 and tokens[start].word.istitle()):
        return f"a word of \"{' '.join(t.word for t in tokens[start:end + 1])}\" dropped (WordNet's one word, " \
               "no kind of its last)"
    return None


def _named(tokens: Sequence[Token], start: int, end: int, i: int) -> str | None:
    """kept_word's checks of the word at `i` (in start..end) of a name or a date."""
    word = tokens[i].word
    if word[:1].isupper() and word.lower() in _DATES and (
            (end < len(tokens) and tokens[end].pos.startswith("NN")) or (start and tokens[start - 1].pos == "IN")):
        return "a day's or month's name dropped (\"reported Monday morning\" -> \"reported morning\")"
    if word.lower() in TITLES and end <= i + 1 < len(tokens) and tokens[i + 1].word[:1].isupper():
        return f"a title dropped from a name (\"{word}\" of \"{word} {tokens[i + 1].word}\")"
    if i and word[:1].isupper() and any(0 < j < len(tokens) and tokens[j].word[:1].isupper()
                                        for j in (i - 1, i + 1) if not start <= j < end):
        return f"a word of a name dropped (\"{word}\" of \"High Street\")"
    if start == i == end - 1 and word.islower() and tokens[i].pos.startswith("NN") and end < len(tokens) \
            and tokens[end].word.istitle() and tokens[i - 1].word.lower() in _POSSESSIVES | {"the", "'s"}:
        return f"the noun beside a name dropped (\"his {word} {tokens[end].word}\" -> \"his {tokens[end].word}\")"
    return None


def _needed(tokens: Sequence[Token], start: int, end: int) -> str | None:
    """kept_word's checks of what the rest of the sentence needs: what a verb needs (verb_needs), a conjunct's
    count, a conjunct a plural takes up, the first conjunct's auxiliary or article, a first conjunct's frequency
    adverb or phrase the second's would seem to share, a list's "and", a conjunct of "between", a clause's verb, a
    comparative's standard."""
    if (needed := verb_needs(tokens, start, end)) is not None:
        return needed
    if start > 1 and tokens[start - 1].word.lower() == "and" and tokens[start - 2].pos.startswith("NN") \
            and any(map(_count, tokens[start:end])) and any(map(_count, tokens[:start - 1])):
        return "a count dropped from a second conjunct (\"41 teachers and about 800 students\" -> \"41 teachers and " \
            "students\": a total)"
    if "and" in (tokens[start].word.lower(), tokens[end - 1].word.lower()) \
            and any(t.pos.startswith(("NN", "PRP")) or t.word.lower() in _PERSONAL for t in tokens[start:end]) \
            and not any(t.pos.startswith(("VB", "MD")) for t in tokens[start:end]) \
            and _taken_up(tokens, start, end):                                  # not "are racing and | have their"
        return "a conjunct dropped that a plural takes up (\"he and Mary spent their vacation\" -> \"Mary spent " \
            "their vacation\"; \"Both he and I were members\", \"They're Tom and Mary\")"
    head = phrase_head(tokens[end:]) or Token("", "")                             # "still | have", "short | legs"
    if "and" in (t.word.lower() for t in tokens[start:end]) and start and (
            tokens[start - 1].lemma.lower() in AUXILIARIES and head.lemma.lower() in AUXILIARIES
            or tokens[start - 1].word.lower() in ("a", "an") and head.pos == "NNS"):
        return f"the first conjunct's \"{tokens[start - 1].word}\" left before the second's (\"I've still haven't\", " \
            "\"with a short legs\")"
    if tokens[start].word.lower() in _SHARED_ADVERBS and tokens[end - 1].word.lower() in ("and", "or"):
        return f"\"{tokens[start].word}\" dropped with the first conjunct, though it may say how often the second " \
            "holds (\"Politicians often skirt around the truth and don't give direct answers\")"
    if tokens[start].pos == "IN" and [t.word.lower() for t in tokens[end:end + 1]] in (["and"], ["or"]) \
            and tokens[end + 1:end + 2] and tokens[end + 1].pos.startswith("VB") \
            and next((t.word.lower() for t in tokens[end + 2:] if not t.pos.startswith("RB")), "") \
            == tokens[start].word.lower():                                 # "ended | at 5:00", "arrives there | at"
        return "a first conjunct's phrase dropped that the second's would seem to share (\"started at 2:30 and ended " \
            "at 5:00\" -> \"started and ended at 5:00\")"
    finite = tokens[start].pos in ("VBZ", "VBD", "VBP") or tokens[start].pos == "VBN" and tokens[start].word[-1] == "s"
    if start and finite and tokens[start - 1].pos.startswith(("NN", "PRP")) \
            and not any(t.pos.startswith(("VB", "MD")) for t in tokens[end:]):       # "dogs | are racing and | have"
        return "a clause's verb dropped, its subject kept (\"before the wind\" from \"before the wind gets up\")"
    first = start + (tokens[start].word == "," and end - start > 1)                  # ", and dinner"
    if start > 1 and tokens[first].word.lower() in ("and", "or") and not any(t.word == "," for t in tokens[first:end]) \
            and any(t.word == "," for t in tokens[last_verb(tokens, start) + 1:start - 1]):
        return "a list's last item dropped, its commas left (\"in a yellow jacket, orange tie\", \"for breakfast, " \
            "lunch\")"
    if tokens[start].word.lower() != "between" and any(
            tokens[i].word.lower() == "and" and "between" in (t.word.lower() for t in tokens[max(0, i - 4):i])
            for i in range(start, end)):                                            # "between A and B" goes whole
        return "a conjunct of \"between A and B\" dropped (\"The dispute between Albania and the UK\" -> \"The UK\")"
    than = [i for i, t in enumerate(tokens) if "than" in t.word.lower().split("_")]     # "less_than" one token
    if any(start <= i < end for i in than) and any(map(_comparative, tokens[:start])) \
            or any(i >= end and tokens[i].word.lower() == "than" and not any(map(_comparative, tokens[end:i]))
                   for i in than) \
            and any(map(_comparative, tokens[start:end])):     # "taller" of "The older boy is taller than"
        return "a comparative cut from its standard (\"It is more ridiculous.\", \"has grades than Kate\")"
    return None


def _timed(tokens: Sequence[Token], start: int, end: int) -> str | None:
    """kept_word's checks of a time: "early" before it after "from", the word that names a day ("after the open
    day"), the unit before "late", "old" or "ago", "ago", "late" or "old" after its unit, the event a later "ever
    since" counts from."""
    word = tokens[start].word.lower()
    if end - start == 1 and start and word in ("early", "late", "mid") and end < len(tokens) \
            and default_fragment("time_noun").fullmatch(tokens[end].word.lower()) \
            and tokens[start - 1].word.lower() in ("from", "since", "until", "till", "by"):
        return f"\"{tokens[start].word}\" dropped from its time (\"from early summer\" -> \"from summer\")"
    if end - start == 1 and start > 1 and end < len(tokens) and tokens[start - 1].word.lower() == "the" \
            and tokens[start - 2].word.lower() in _TIME_PREPOSITIONS and tokens[end].word.lower() in ("day", "days"):
        return f"the word that names a day dropped (\"after the {word} day\" -> \"after the day\")"
    if end < len(tokens) and tokens[end].word.lower() in _AFTER_TIME | {"ago"} \
            and any(map(_unit, tokens[start:end])):
        return f"the time before \"{tokens[end].word}\" dropped (\"arrived an hour late\" -> \"arrived a late\")"
    if end - start == 1 and (word == "ago" or word in _AFTER_TIME and start
                             and _unit(tokens[start - 1])):
        return f"\"{tokens[start].word}\" dropped from its time (\"twenty minutes ago\" -> \"twenty minutes\")"
    if any(t.pos.startswith("VB") for t in tokens[start:end]) \
            and _SINCE.search(" ".join(t.word.lower() for t in tokens[end:])):
        return "the event a later time counts from dropped (\"came to Tokyo and has been living here ever since\")"
    return None


_TIME_PREPOSITIONS = frozenset({"after", "before", "since", "until", "till", "during", "on", "from", "by"})


def _unit(token: Token) -> bool:
    """A time unit, by its lemma or its plural ("years" tagged RB keeps its form as its lemma)."""
    return token.lemma.lower() in _TIME_UNITS or token.word.lower().removesuffix("s") in _TIME_UNITS


def _adjective_only(word: str) -> bool:
    """WordNet knows `word` as an adjective and not as a noun ("fluent"; not "shirt", nor "orange")."""
    return bool(wordnet().synsets(word, "a")) and not wordnet().synsets(word, "n")


def _count(token: Token) -> bool:
    """A number, whatever the tagger says ("forty-one" tagged JJ)."""
    return token.pos == "CD" or all(map(is_cardinal, token.word.split("-")))


def _taken_up(tokens: Sequence[Token], start: int, end: int) -> bool:
    """Whether a plural takes up the conjuncts: a later "their", "they", "them" or "both"; a "both" before them; a
    later "be" before a plural noun ("were members", "are good friends"; not "are riding bikes"); an earlier plural
    pronoun subject of "be" ("They're Tom and")."""
    before, after = [t.word.lower() for t in tokens[:start]], [t.word.lower() for t in tokens[end:]]
    be = [i for i, t in enumerate(tokens) if t.lemma.lower() == "be"]
    return bool(_TOGETHER & set(after)) or "both" in before \
        or any(i >= end and _plural_noun([t for t in tokens[i + 1:i + 3] if t.pos != "JJ"][:1]) for i in be) \
        or any(i < start and {"they", "we", "these", "those"} & set(before[:i]) for i in be)


def _plural_noun(tokens: Sequence[Token]) -> bool:
    return bool(tokens) and tokens[0].pos == "NNS" and tokens[0].word.lower() != tokens[0].lemma.lower()


def _comparative(token: Token) -> bool:
    """"more", "prettier", "better", whatever the tagger says ("prettier" tagged VB)."""
    word = token.word.lower()
    return token.pos in ("JJR", "RBR") or word in ("more", "less", "better", "worse") \
        or word.endswith("er") and wordnet().morphy(word, "a") not in (None, word)


def _idiom(phrase: str, named: bool = False) -> bool:
    """A phrase WordNet has as one noun naming an activity or event, none of whose senses is a kind of its last
    word's ("long jump", "small talk", "red tape"; not "little girl" or "swimming pool"). Not a thing's name, which
    is read literally as often ("big fish", "deep water": WordNet lists only their idioms), unless its first word is
    `named` (capitalised: "Turkish delight" is no delight)."""
    senses = synsets(phrase.replace(" ", "_"), "n")
    heads = set(synsets(phrase.split()[-1], "n"))
    above = [set(s.closure(lambda h: h.hypernyms())) for s in senses]
    acts = {wordnet().synset("act.n.02"), wordnet().synset("event.n.01")}
    return bool(senses) and all((named or acts & ups) and not heads & (ups | {s}) for s, ups in zip(senses, above))
