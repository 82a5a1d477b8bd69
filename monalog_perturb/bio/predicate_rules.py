"""BioNLI's predicate rules (Bastan et al. 2022, section 3.3): VNeg negates (or un-negates) the main
clause's verb, SN changes a quantity to another of the premise, LPR reverses a regulation word.
Numbers inside names (IL-6, COVID-19) are never quantities, and LPR skips a negated predicate."""
from __future__ import annotations

import re
from functools import lru_cache

from monalog.text.morphology import is_participle, past_tense, third_person
from monalog_perturb.bio import clauses
from monalog_perturb.bio.lexicon import NEGATABLE, polarity_reversals
from monalog_perturb.bio.perturbation import Context, Perturbation, outside_entities, put
from monalog_perturb.bio.premise import states_opposite, states_variant
from monalog_perturb.bio.quantities import Quantity, quantities
from monalog_perturb.bio.records import MechanismRecord, strip_markers
from monalog_perturb.bio.sentences import first_sentence_end
from monalog_perturb.resources import data_path


def _unnegated(ws: list[clauses.Word], k: int) -> tuple[list[tuple[int, int, str]], str] | None:
    """The edits that drop the negation of the auxiliary ws[k] ("does not inhibit" -> "inhibits",
    "is not" -> "is", "cannot" -> "can", "didn't reduce" -> "reduced"), or None when it has none."""
    word, low = ws[k], ws[k].low
    following = ws[k + 1] if k + 1 < len(ws) else None
    if low == "cannot":
        return [(word.start, word.end, "Can" if word.text[0].isupper() else "can")], "cannot -> can"
    contracted = low.endswith("n't")
    if not contracted and not (following is not None and following.low == "not"):
        return None
    aux = {"ca": "can", "wo": "will", "sha": "shall"}.get(low[:-3], low[:-3]) if contracted else low
    aux_text = word.text[:len(aux)] if contracted and word.text.lower().startswith(aux) else aux
    if aux_text and word.text[0].isupper():
        aux_text = aux_text[0].upper() + aux_text[1:]
    verb_at = k + 1 if contracted else k + 2
    adverbs = ""
    while verb_at + 1 < len(ws) and clauses.is_surface_adverb(ws[verb_at]) and not ws[verb_at].entity:
        adverbs += ws[verb_at].text + " "            # "did not significantly increase"
        verb_at += 1
    verb = ws[verb_at] if verb_at < len(ws) else None
    end = word.end if contracted else following.end if following else word.end
    if aux in ("do", "does", "did") and verb is not None and not verb.entity and verb.low.isalpha():
        inflected = adverbs + {"do": verb.low, "does": third_person(verb.low), "did": past_tense(verb.low)}[aux]
        return [(word.start, verb.end, inflected)], f"{aux} not {adverbs}{verb.low} -> {inflected}"
    return [(word.start, end, aux_text)], f"{low}{'' if contracted else ' not'} -> {aux}"


def _perfect(ws: list[clauses.Word], k: int) -> bool:
    """Whether has/have/had at ws[k] is an auxiliary (a participle follows, adverbs apart)."""
    j = k + 1
    while j < len(ws) and ws[j].low != "not" and ws[j].low.endswith("ly"):
        j += 1
    return j < len(ws) and (ws[j].low in ("been", "not") or is_participle(ws[j].low))


EMBEDDED = ("the verb is inside an embedded complement (\"the hypothesis that ...\", \"support for ...\") and the "
            "main reporting predicate cannot be negated")
COORDINATED = ("coordinated predicates (\"is feasible and safe and may be superior\"): negating the first alone "
               "is no claim")
_COMPLEMENT_NOUNS = frozenset({"hypothesis", "notion", "idea", "possibility", "view", "concept", "conclusion",
                               "assumption", "premise", "theory", "claim", "proposal", "suggestion"})


def _complement_start(ws: list[clauses.Word], k: int) -> int | None:
    """The index of the noun that opens an embedded complement holding ws[k] ("the hypothesis that",
    "support for", "evidence for/that"), or None."""
    for c in range(min(k, len(ws) - 1)):
        w, after = ws[c], ws[c + 1].low
        if w.entity:
            continue
        if (w.low in _COMPLEMENT_NOUNS and after == "that") or \
                (w.low in ("support", "evidence") and after in ("for", "that", "of", "against")):
            return c
    return None


def _coordinated(ws: list[clauses.Word], k: int, kind: str) -> bool:
    """Whether the predicate of ws[k] is joined to another one by and/or/but: an auxiliary or modal
    after the coordinator ("is feasible and safe and may be superior"), or, for a full verb, a verb of
    its form ("increases X and decreases Y"); adverbs apart."""
    form = clauses.verb_base(ws[k].low) if kind == "verb" else None
    for j in range(k + 1, len(ws) - 1):
        w = ws[j]
        if w.entity or w.low not in ("and", "or", "but"):
            continue
        n = j + 1
        while n < len(ws) - 1 and not ws[n].entity and clauses.is_surface_adverb(ws[n]):
            n += 1
        nxt = ws[n]
        if nxt.entity:
            continue
        if clauses.is_aux(nxt) and nxt.low not in ("be", "been", "being"):
            return True
        if form is not None and clauses.verb_forms().get(nxt.low, ("", ""))[0] == form[0]:
            return True
    return False


def negate_main_clause(text: str) -> tuple[list[tuple[int, int, str]], str] | str:
    """The edits that flip the polarity of the main clause's finite verb, with a description
    ("inhibits -> does not inhibit", "is not -> is"), or why there are none. A verb in a subordinate
    clause ("X, which is ..., inhibits Y"; "When X is ..., Y ...") or a reporting frame ("These data
    suggest that X ...", "We therefore conclude that X ...": X's verb is negated) is left alone."""
    all_words = clauses.words(text)
    if clauses.negation_words(all_words[:clauses.frame_end(all_words)]):
        return "negated reporting frame (its claim is not asserted)"
    found = clauses.main_verb(text)
    if found is None:
        return "no finite verb found in the main clause"
    ws, k, kind = found
    complement = _complement_start(ws, k)
    if complement is not None:            # "provide no support for the hypothesis that X is": not X's verb
        if clauses.negation_words(ws[:complement]):
            return EMBEDDED
        head = complement - 1 if complement and ws[complement - 1].low in clauses.role("determiner") else complement
        outer = negate_main_clause(text[:ws[head].start]) if head else EMBEDDED
        return EMBEDDED if isinstance(outer, str) else outer
    if _coordinated(ws, k, kind):
        return COORDINATED
    word = ws[k]
    following = ws[k + 1] if k + 1 < len(ws) else None
    if following is not None and following.low != "not" and following.low in clauses.roles()["negation"]:
        return "negated by no, never or a negative word (not a verb negation)"
    if kind != "aux":
        found_form = clauses.verb_base(word.low)
        if found_form is None:
            return "no finite verb found in the main clause"
        form, base = found_form
        aux = {"3sg": "does", "past": "did", "base": "do"}[form]
        j = k
        while j and ws[j - 1].low.endswith("ly") and not ws[j - 1].entity and clauses.is_surface_adverb(ws[j - 1]):
            j -= 1                                    # "X strongly inhibits" -> "X does not strongly inhibit"
        between = "".join(w.text + " " for w in ws[j:k])
        return ([(ws[j].start, word.end, f"{aux} not {between}{base}")],
                f"{word.low} -> {aux} not {between}{base}")
    undone = _unnegated(ws, k)
    if undone is not None:
        return undone
    if word.low in ("has", "have", "had") and not _perfect(ws, k):
        aux = {"has": "does", "have": "do", "had": "did"}[word.low]
        return [(word.start, word.end, f"{aux} not have")], f"{word.low} -> {aux} not have"
    negated = NEGATABLE.get(word.low)
    if negated is None:
        return "no finite verb found in the main clause"
    new = negated[0].upper() + negated[1:] if word.text[0].isupper() else negated
    return [(word.start, word.end, new)], f"{word.low} -> {negated}"


_OPPOSITE_STATED = "the premise states the conclusion's opposite (the flip would be entailed)"


def _opposite_stated(record: MechanismRecord) -> bool:
    """Whether the premise says the conclusion's opposite, so that a polarity flip would be entailed."""
    names = (record.regulator, record.regulated)
    return all(names) and states_opposite(record.premise, record.hypothesis, names)


_VARIANT_STATED = "the premise states the claim about the same entities in other words (the flip may be entailed)"
_CI_RESULT = "a numeric result with its confidence interval (its negation is no claim a curator writes)"
_CI = re.compile(r"\b(?:\d{2}\s*%\s*(?:CI|confidence interval)|CI\s*[:=,]|confidence intervals?)\b", re.IGNORECASE)


def _variant_stated(record: MechanismRecord) -> bool:
    """Whether the premise makes the conclusion's claim about the same entities in other words."""
    names = (record.regulator, record.regulated)
    return all(names) and states_variant(record.premise, record.hypothesis, names)


REFERS_BACK = ("a later clause refers back to the predicate (\"reduced X, and this was related to ...\", \"thereby "
               "lowering ...\"): negated, the sentence no longer holds together")
_THIS_CLAUSE = re.compile(r"(?:[,;]\s*(?:and\s+|but\s+)?|\band\s+)(?:this|these)\s+(?:[a-z]+\s+)?"
                          r"(?:is|was|are|were|may|might|could|can|has|had|have|led|leads|resulted|results|"
                          r"suggests?|indicates?|explains?|appears?|seems?)\b", re.IGNORECASE)


def refers_back(after: str) -> bool:
    """Whether the text after a predicate opens a clause that refers back to it: "this"/"these" as the
    subject of a later clause (", and this was related to"), or a consequence connective (", thereby
    lowering", "leading to")."""
    return bool(_THIS_CLAUSE.search(after) or _CONSEQUENCE.search(after))


def vneg(record: MechanismRecord, ctx: Context) -> list[Perturbation]:
    """Flip the polarity of the main clause's finite verb: "inhibits" -> "does not inhibit", "is" ->
    "is not", "is not" -> "is", "did not reduce" -> "reduced", "cannot" -> "can". Not where the
    premise states the opposite or the same claim in other words, nor of a numeric result given with
    its confidence interval ("a reduction of 19.4 % (95 % CI ...)")."""
    if _opposite_stated(record):
        return ctx.skip("VNeg", _OPPOSITE_STATED)
    if _variant_stated(record):
        return ctx.skip("VNeg", _VARIANT_STATED)
    if _CI.search(record.hypothesis):
        return ctx.skip("VNeg", _CI_RESULT)
    flipped = negate_main_clause(record.hypothesis)
    if isinstance(flipped, str):
        return ctx.skip("VNeg", flipped)
    edits, edit = flipped
    if refers_back(strip_markers(record.hypothesis[max(e for _, e, _ in edits):])):
        return ctx.skip("VNeg", REFERS_BACK)
    return [Perturbation(record.id, record.premise, put(record.hypothesis, edits), "VNeg", edit)]


_DEPENDENT = ("a number other numbers in the sentence depend on (a value with its confidence interval, a percentage "
              "with its absolute value in parentheses)")


def _fits(new: Quantity, old: Quantity) -> bool:
    """Whether the premise's number `new` can stand where `old` is: the same kind, or an integer for
    a percentage (at most 100); never an integer for a decimal ("odds ratio = 1.510" -> "= 778") nor
    the reverse ("in 40 patients" -> "in 1.5 patients")."""
    if new.kind == old.kind:
        return True
    return old.kind == "percent" and new.kind == "integer" and float(new.text.replace(",", "")) <= 100


def _unit(text: str, q: Quantity) -> str:
    """The word a quantity counts or measures ("12 patients" -> "patient", "3.5 mg" -> "mg"), if any."""
    m = re.match(r"%|(?:\s*-\s*|\s*)([A-Za-z]+)", text[q.end:])
    return m.group(1).lower().rstrip("s") if m and m.group(1) else ""


@lru_cache(maxsize=1)
def _count_nouns() -> frozenset[str]:
    """Words that count people, animals or study units, as `_unit` reads them (kb/count_nouns.txt)."""
    lines = data_path("count_nouns.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip().rstrip("s") for line in lines if line.strip() and not line.startswith("#"))


def _similar(q: Quantity, value: float) -> bool:
    """Whether a count `q` is of a size similar to `value` (a tenth to ten times it)."""
    new = float(q.text.replace(",", ""))
    return value > 0 and 0.1 <= new / value <= 10


def sn(record: MechanismRecord, ctx: Context) -> list[Perturbation]:
    """Replace the conclusion's first quantity (outside the entities) by a different quantity of the
    premise, one counting the same thing first ("in 40 patients" -> "in 12 patients"), else of the same
    kind ("40%" -> "12%"); a count of people or animals only by an integer of similar size
    (kb/count_nouns.txt: never "over 2300 patients" -> "over 1.4 patients"); only in the conclusion's
    first sentence. Numbers inside names (IL-6, COVID-19, MCF-7, p53, type 2 diabetes) are never
    quantities (`bio.quantities`)."""
    h = record.hypothesis
    numbers = [q for q in quantities(h) if outside_entities(h, q.start, q.end)]
    if not numbers:
        return ctx.skip("SN", "no quantity in the conclusion")
    numbers = [q for q in numbers if q.end <= first_sentence_end(h)]
    if not numbers:
        return ctx.skip("SN", "quantities only after the conclusion's first sentence")
    target = numbers[0]
    if _CI.search(h) or re.match(r"\s*%?\s*\([^()]*\d", h[target.end:]):
        return ctx.skip("SN", _DEPENDENT)
    premise = strip_markers(record.premise)
    value = float(target.text.replace(",", ""))
    pool: dict[str, tuple[Quantity, str]] = {}
    for q in quantities(premise):
        if float(q.text.replace(",", "")) != value:
            pool.setdefault(q.text, (q, _unit(premise, q)))
    unit = _unit(h, target)
    tiers = [[q for q, u in pool.values() if q.kind == target.kind and unit and u == unit],
             [q for q, _ in pool.values() if q.kind == target.kind],
             [q for q, _ in pool.values() if _fits(q, target)]]
    if target.kind == "integer" and unit in _count_nouns():
        counts = [(q, u) for q, u in pool.values() if q.kind in ("integer", "year") and _similar(q, value)]
        tiers = [[q for q, u in counts if u == unit], [q for q, _ in counts]]
        if not any(tiers):
            return ctx.skip("SN", "a count with no integer of similar size in the premise")
    candidates = sorted(next((tier for tier in tiers if tier), []), key=lambda q: q.text)
    if not candidates:
        return ctx.skip("SN", "no other quantity of the same kind in the premise")
    ctx.rng.shuffle(candidates)
    return [Perturbation(record.id, record.premise, h[:target.start] + q.text + h[target.end:], "SN",
                         f"{target.text} -> {q.text}") for q in candidates[:ctx.per_record]]


def _comparative(text: str, m: re.Match) -> bool:
    """Whether a reversal word is used as a comparative adjective ("has lower sensitivity", "a lower
    birth weight", "lower than"): kb/bionli_clause_words.tsv, role adjective."""
    if m.group().lower() not in clauses.roles().get("adjective", frozenset()):
        return False
    before = re.findall(r"[A-Za-z']+", strip_markers(text[:m.start()]))
    after = re.findall(r"[A-Za-z']+", strip_markers(text[m.end():]))
    previous = before[-1].lower() if before else ""
    return previous in clauses.roles().get("determiner", frozenset()) or previous in NEGATABLE \
        or previous in ("be", "been", "being") or (bool(after) and after[0].lower() == "than") \
        or previous in clauses.roles().get("preposition", frozenset())      # "related to lower mortality"


_NOMINAL = ("ment", "tion", "sion")
_CLAUSE_GO_ON = frozenset({"and", "or", "but", "is", "was", "are", "were", "has", "have", "had", "may", "might",
                           "can", "could", "will", "would", "should", "that", "which", "than"})


def _in_compound(text: str, m: re.Match) -> bool:
    """Whether a nominal reversal word modifies the noun after it, a term of its own ("late gadolinium
    enhancement cardiovascular magnetic resonance"): no preposition, punctuation or clause word next;
    or a participle hyphened to the name before it ("<statin>-induced remodelling": a modifier of a
    noun phrase, not the claim's predicate)."""
    if text[:m.start()].endswith("-"):
        return True
    if not m.group().lower().endswith(_NOMINAL):
        return False
    after = re.match(r"\s*([A-Za-z][\w-]*)", strip_markers(text[m.end():]))
    if after is None:
        return False
    word = after.group(1).lower()
    return word not in clauses.roles().get("preposition", frozenset()) and word not in _CLAUSE_GO_ON


LINKED = ("two regulation words linked as cause and effect (\"decrease X, thus increasing the risk of Y\"): "
          "reversing one leaves a chain a reader sees is fake")
_CONSEQUENCE = re.compile(r"\b(?:thus|thereby|hence|therefore|consequently|so that|which (?:in turn )?(?:leads?|led)"
                          r" to|leading to|resulting in|which results? in|and so)\b", re.IGNORECASE)


def _linked(text: str, a: re.Match, b: re.Match) -> bool:
    """Whether two regulation words of one sentence are linked by a consequence connective between them
    ("increase X, thus increasing Y"; "reduces X, thereby lowering Y")."""
    first, second = sorted((a, b), key=lambda m: m.start())
    between = text[first.end():second.start()]
    return not re.search(r"[.;!?](?:\s|$)", between) and _CONSEQUENCE.search(between) is not None


def lpr(record: MechanismRecord, ctx: Context) -> list[Perturbation]:
    """Reverse a regulation word (inhibit <-> promote, ...), keeping its inflection: the first one of
    the main clause (else of the sentence) outside the entities. Not under a negated predicate ("did
    not inhibit" -> "did not promote" is compatible with the original), nor where the premise states
    the opposite."""
    if _opposite_stated(record):
        return ctx.skip("LPR", _OPPOSITE_STATED)
    if _variant_stated(record):
        return ctx.skip("LPR", _VARIANT_STATED)
    reversals = polarity_reversals()
    text = record.hypothesis
    found = [m for m in re.finditer(r"[A-Za-z][A-Za-z-]*", text)
             if m.group().lower() in reversals and outside_entities(text, m.start(), m.end())
             and not _comparative(text, m) and not _in_compound(text, m)]
    if not found:
        return ctx.skip("LPR", "no regulation word outside the entities")
    if clauses.negated(text):
        return ctx.skip("LPR", "negated predicate (the reversal would not contradict)")
    ws = clauses.words(text)
    start = clauses.frame_end(ws)
    if start:                             # "These data suggest that X inhibits Y": the claim's word
        found = [m for m in found if m.start() >= ws[start].start] or found
    mask = clauses.claim_clause(ws)
    main = {(w.start, w.end) for w, in_main in zip(ws, mask or []) if in_main}
    verb = clauses.main_verb(text)
    head = (verb[0][verb[1]].start, verb[0][verb[1]].end) if verb else None
    m = next((m for m in found if m.span() == head), None) \
        or next((m for m in found if any(s <= m.start() and m.end() <= e for s, e in main)), found[0])
    if any(_linked(text, m, other) for other in found if other is not m):
        return ctx.skip("LPR", LINKED)
    word = m.group()
    opposite = reversals[word.lower()]
    opposite = opposite.capitalize() if word[0].isupper() else opposite
    return [Perturbation(record.id, record.premise, put(text, [(m.start(), m.end(), opposite)]), "LPR",
                         f"{word} -> {opposite}")]


