"""BioNLI's entity rules (Bastan et al. 2022, section 3.3): SEN swaps the two names, SEP the two
entity phrases, SRE/SREO replace an entity by another of its type from the premise or from outside it.
Each is checked against the premise and the conclusion: no swap of a relation that reads the same both
ways, SEP only where it differs from SEN, no replacement under a negated predicate or by an entity the
premise describes as behaving alike, names cased and verbs agreeing in their new places."""
from __future__ import annotations

import re
from collections import Counter
from typing import Callable

from monalog_perturb.bio import chemicals, clauses, phrases, swaps, vocabularies
from monalog_perturb.bio.abbreviations import find_abbreviations
from monalog_perturb.bio.entity_typing import SYMBOL_WORD_ZIPF
from monalog_perturb.bio.names import is_common_word, name_key
from monalog_perturb.bio.perturbation import Context, Perturbation, marked_span, put
from monalog_perturb.bio.premise import alike, mentions_name, states
from monalog_perturb.bio.semtypes import SemType
from monalog_perturb.bio.records import REGULATED, REGULATOR, MechanismRecord, strip_markers
from monalog_perturb.bio.surface import agree, at_sentence_start, cased, is_plural


def _swap(record: MechanismRecord, first: tuple[int, int], second: tuple[int, int],
          extra: list[tuple[int, int, str]] | None = None) -> str:
    """The conclusion with two spans swapped (`first` before `second`; `extra` changes after the
    first), each cased for its new place, and the verb after a new subject (one opening its clause)
    made to agree with it."""
    text, evidence = record.hypothesis, record.premise + " " + record.hypothesis
    a, b = text[first[0]:first[1]], text[second[0]:second[1]]
    at_start = at_sentence_start(text, first[0])
    new_first, new_second = cased(b, at_start, evidence), cased(a, False, evidence)
    swapped = put(text, [(first[0], first[1], new_first), (second[0], second[1], new_second), *(extra or [])])
    if _opens_clause(text, first[0]) and is_plural(a) != is_plural(b):
        swapped = agree(swapped, first[0] + len(new_first), is_plural(b))
    return swapped


def _opens_clause(text: str, index: int) -> bool:
    """Whether position `index` opens a clause, where a name is its subject: the sentence's start, the
    claim after a reporting frame ("These data suggest that X was ...") or a fronted phrase's comma
    ("In mice, X was ...")."""
    if at_sentence_start(text, index):
        return True
    before = clauses.words(text[:index])
    return clauses.frame_end(before) == len(before) or strip_markers(text[:index]).endswith(",")


def _entity_spans(text: str) -> tuple[re.Match, re.Match] | None:
    a, b = marked_span(text, REGULATOR), marked_span(text, REGULATED)
    if not a or not b:
        return None
    first, second = sorted((a, b), key=lambda m: m.start())
    return first, second


def _opening(m: re.Match) -> str:
    return m.group(0)[:4]


def _sen_text(record: MechanismRecord) -> str | None:
    """SEN's conclusion: the names swapped, a parenthesis after a name ("folic acid (FA)") moving with it."""
    spans = _entity_spans(record.hypothesis)
    if spans is None:
        return None
    first, second = spans
    text = record.hypothesis
    pa, pb = (phrases.parenthesis_after(text, _opening(m)) for m in (first, second))
    extra = []
    if pa or pb:
        a_text, b_text = text[pa[0]:pa[1]] if pa else "", text[pb[0]:pb[1]] if pb else ""
        a_at, b_at = pa or (first.end(), first.end()), pb or (second.end(), second.end())
        extra = [(a_at[0], a_at[1], b_text), (b_at[0], b_at[1], a_text)]
    return _swap(record, first.span(1), second.span(1), extra)


def _acronym_in_parentheses(text: str) -> bool:
    return phrases.in_parentheses(text, "<re>") or phrases.in_parentheses(text, "<el>")


def sen(record: MechanismRecord, ctx: Context) -> list[Perturbation]:
    """Swap the two entity names; the markers stay where they are. Not for a relation that reads the
    same both ways ("X is associated with Y", "X and Y"): the swap would be entailed."""
    x, y = record.regulator, record.regulated
    spans = _entity_spans(record.hypothesis)
    if not x or not y or spans is None:
        return ctx.skip("SEN", "fewer than two marked entities")
    if x.lower() == y.lower() or swaps.name_variant(x, y):
        return ctx.skip("SEN", "the two entities have one name")
    if swaps.related_names(x, y):
        return ctx.skip("SEN", "one entity abbreviates, contains or is contained in the other")
    if re.fullmatch(r"\s*(?:<(?:er|le)>)\s*(?:protein|gene|receptor)?\s*(?:<(?:re|el)>)\s*",
                    record.hypothesis[spans[0].end(1):spans[1].start(1)]):
        return ctx.skip("SEN", "the two names stand in apposition (one entity: \"G-Beta protein GNB1\")")
    bare = strip_markers(record.hypothesis).lower()
    if any(len(re.findall(rf"(?<![\w-]){re.escape(n.lower())}(?![\w-])", bare)) > 1 for n in (x, y)):
        return ctx.skip("SEN", "an entity is named again unmarked (\"aspirin plus aspirin\" after the swap)")
    if _acronym_in_parentheses(record.hypothesis):
        return ctx.skip("SEN", "an entity is an acronym in parentheses")
    first, second = spans
    if any(swaps.in_longer_term(record.hypothesis, m.start(), m.end()) for m in spans):
        return ctx.skip("SEN", swaps.LONGER_TERM)
    if phrases.symmetric_swap(record.hypothesis, first.span(), second.span()):
        return ctx.skip("SEN", "symmetric relation (the swap would be entailed)")
    if not (ctx.any_type_swaps or _same_type(record, ctx)):
        return ctx.skip("SEN", DIFFERENT_TYPES)
    kinds = [chemicals.slot_kind(record.hypothesis, m.start(), m.end()) for m in spans]
    if None not in kinds and kinds[0] != kinds[1]:
        return ctx.skip("SEN", DIFFERENT_KINDS)
    text = _sen_text(record)
    if text is None:
        return ctx.skip("SEN", "fewer than two marked entities")
    return [Perturbation(record.id, record.premise, text, "SEN", f"swapped names {x!r} <-> {y!r}")]


def sep(record: MechanismRecord, ctx: Context) -> list[Perturbation]:
    """Swap the two entities' phrases, markers included (the roles travel with them): each entity
    with the nouns it heads ("<el> IL6 <le> release", "the expression of <el> IL6 <le>"). Emitted only
    when the text differs from SEN's, i.e. when a phrase is more than its name, and only when both
    phrases are whole noun phrases (not "Cholesterol" of "Cholesterol loading")."""
    spans = _entity_spans(record.hypothesis)
    if not record.regulator or not record.regulated or spans is None:
        return ctx.skip("SEP", "fewer than two marked entities")
    text = record.hypothesis
    if _acronym_in_parentheses(text):
        return ctx.skip("SEP", "an entity is an acronym in parentheses")
    phrase_spans = sorted([phrases.entity_phrase(text, "<re>"), phrases.entity_phrase(text, "<el>")])
    if phrase_spans[0][1] > phrase_spans[1][0]:
        return ctx.skip("SEP", "the entity phrases overlap")
    if not all(phrases.complete_phrase(text, p) for p in phrase_spans):
        return ctx.skip("SEP", "an entity is part of a longer noun phrase")
    if phrases.symmetric_swap(text, phrase_spans[0], phrase_spans[1]):
        return ctx.skip("SEP", "symmetric relation (the swap would be entailed)")
    if not (ctx.any_type_swaps or _same_type(record, ctx)):
        return ctx.skip("SEP", DIFFERENT_TYPES)
    swapped = _swap(record, phrase_spans[0], phrase_spans[1])
    sen_text = _sen_text(record)
    if sen_text is not None and strip_markers(swapped).lower() == strip_markers(sen_text).lower():
        return ctx.skip("SEP", "same text as SEN (the phrases are just the names)")
    a, b = (strip_markers(text[start:end]) for start, end in phrase_spans)
    return [Perturbation(record.id, record.premise, swapped, "SEP", f"swapped the entity phrases {a!r} <-> {b!r}")]


DIFFERENT_KINDS = ("the entities are of different kinds where they stand (a drug in \"treatment with <statins>\", an "
                   "analyte in \"<cholesterol> levels\"): the swap reads as nonsense")
DIFFERENT_TYPES = "the entities are of different types (the swap reads as nonsense: \"depletion of vasospasm\")"


def _same_type(record: MechanismRecord, ctx: Context) -> bool:
    """Both marked entities have one known type: a gene swapped with a gene reverses a relation a
    reader can weigh; a disease swapped with a drug makes a sentence no curator keeps."""
    x, y = record.regulator, record.regulated
    first = _type_in_place(record, x, ctx) if x else None
    return first is not None and y is not None and first == _type_in_place(record, y, ctx)


def _type_in_place(record: MechanismRecord, entity: str, ctx: Context) -> SemType | None:
    """The entity's type by name, else as the typer reads it in the conclusion (a long form typed by its
    head noun, an acronym by its long form)."""
    known = ctx.typer.type_of(entity)
    if known is not None:
        return known
    return next((m.type for m in ctx.typer.mentions(strip_markers(record.hypothesis)) if m.text == entity), None)


def _slots(record: MechanismRecord, ctx: Context,
           refused: Counter[str]) -> list[tuple[tuple[str, str], str, SemType, str]]:
    """The marked entities a same-type replacement may take: (markers, entity, type, the other entity);
    not an acronym in parentheses, nor (counted in `refused`) part of a longer term or followed by
    its acronym in parentheses."""
    out: list[tuple[tuple[str, str], str, SemType, str]] = []
    if _SHARED_HEAD.search(record.hypothesis):
        refused[swaps.LONGER_TERM] += 1   # "<HLA-DR4> and <DR5> antigens": both modify one head noun
        return out
    for markers, other in ((REGULATOR, record.regulated), (REGULATED, record.regulator)):
        entity = record.entity(markers)
        type_ = _type_in_place(record, entity, ctx) if entity else None
        if entity and type_ and other and not phrases.in_parentheses(record.hypothesis, markers[0]):
            slot = marked_span(record.hypothesis, markers)
            assert slot is not None                      # the entity is marked
            if swaps.in_longer_term(record.hypothesis, slot.start(), slot.end()):
                refused[swaps.LONGER_TERM] += 1
            elif _named_again(record.hypothesis, entity):
                refused[swaps.REPEATED] += 1
            elif swaps.acronym_after(record.hypothesis, slot.end()):
                refused[swaps.ACRONYM_AFTER] += 1
            else:
                out.append((markers, entity, type_, other))
    return out


def _named_again(text: str, entity: str) -> bool:
    """Whether the conclusion names the entity more than once (markers apart)."""
    bare = strip_markers(text).lower()
    return len(re.findall(rf"(?<![\w-]){re.escape(entity.lower())}(?![\w-])", bare)) > 1


# two coordinated names before one plural head noun: "<X> and <Y> antigens" (each is "X antigen")
_SHARED_HEAD = re.compile(r"<(?:er|le)>\s*(?:,|and|or|/)\s*<(?:re|el)>[^<]*<(?:er|le)>\s*"
                          r"(?:antigens|receptors|genes|proteins|alleles|variants|polymorphisms|isoforms|"
                          r"subunits|channels|kinases|enzymes|antibodies|ligands|mutations|haplotypes)\b")


def _same_type_swap(record: MechanismRecord, ctx: Context, name: str, pool: Callable[[str], list[str]],
                    outside: Callable[[str], bool] = lambda _: True,
                    long_forms: dict[str, str] | None = None) -> list[Perturbation]:
    """At most K replacements in all, drawn in a seeded order from both marked entities' same-type
    candidates (`pool`, those passing `outside`); none under a negated predicate, none for an entity
    that is part of a longer term or has its acronym after it, none already in the conclusion, none a
    variant of the entity's name, none the premise describes as behaving like the entity, none whose
    claim it states."""
    if not record.regulator or not record.regulated:
        return ctx.skip(name, "fewer than two marked entities")
    if clauses.negated(record.hypothesis):
        return ctx.skip(name, "negated predicate (the result would not contradict)")
    if swaps.name_variant(record.regulator, record.regulated):
        return ctx.skip(name, swaps.ONE_NAME)
    refused = Counter[str]()
    slots = _slots(record, ctx, refused)
    if not slots:
        return ctx.skip(name, refused.most_common(1)[0][0] if refused else "no marked entity has a type")
    taken = {record.regulator.lower(), record.regulated.lower()}
    drawn = []
    for markers, entity, type_, other in slots:
        names = {c.lower(): c for c in sorted(pool(type_), reverse=True) if c.lower() not in taken}
        drawn += [(markers, entity, type_, other, names[low]) for low in sorted(names)]
    ctx.rng.shuffle(drawn)
    made: list[Perturbation] = []
    excluded = Counter[str]()
    evidence, bare = record.premise + " " + record.hypothesis, strip_markers(record.hypothesis)
    for markers, entity, type_, other, candidate in drawn:
        if len(made) == ctx.per_record:
            break
        if not outside(candidate) or mentions_name(bare, candidate):
            continue                      # in the premise (SREO), or already in the conclusion
        slot = marked_span(record.hypothesis, markers)
        assert slot is not None                      # _slots found the entity marked
        reason = _refusal(record, entity, candidate, other, type_)
        long_form = (long_forms or {}).get(candidate)
        if reason is None and long_form and is_plural(long_form) and not is_plural(entity):
            reason = "class acronym"      # "bnAb" of "broadly neutralizing antibodies": a class
        if reason is None and type_ == SemType.CHEMICAL:
            reason = _chemical_refusal(record, slot, entity, candidate)
        if reason is None and type_ == SemType.DISEASE and not vocabularies.same_hpo_branch(entity, candidate):
            reason = "disease branch"     # "renal insufficiency" -> "pyloric stenosis": another organ system
        if reason is None and swaps.called_gene(record.hypothesis, slot.start(), slot.end()) \
                and (not swaps.gene_symbol(candidate) or vocabularies.famplex_family(candidate)):
            reason = "gene word"
        if reason is not None:
            excluded[reason] += 1
            continue
        at_start = at_sentence_start(record.hypothesis, slot.start(1))
        new = candidate if type_ == SemType.GENE_PROTEIN and not at_start else cased(candidate, at_start, evidence)
        made.append(Perturbation(record.id, record.premise, put(record.hypothesis, [(*slot.span(1), new)]),
                                 name, f"{entity!r} -> {candidate!r} (both {type_})"))
    return made or ctx.skip(name, _skip_reason(excluded, refused))


def _refusal(record: MechanismRecord, entity: str, candidate: str, other: str, type_: SemType) -> str | None:
    """Why `candidate` may not replace `entity` (None: it may): a variant or a relative of its name or
    of the other entity's, another grammatical number, a generic class name, another kind of thing
    (`swaps.kind`: its head noun or shape), alike in the premise, or stated there."""
    if swaps.name_variant(entity, candidate):
        return "variant"
    if swaps.related_names(entity, candidate) or swaps.related_names(other, candidate):
        return "related"
    if is_plural(entity) != is_plural(candidate):
        return "number"
    if swaps.generic_class(candidate):
        return "generic"                  # "Growth Factor", "cytokine receptor": a class, no entity
    if not swaps.same_kind(entity, candidate):
        return "kind"                     # "mitochondrial DNA" -> "varenicline", "HLA-DR4" -> "Growth Factor"
    if type_ == SemType.GENE_PROTEIN and " " not in candidate.strip() \
            and is_common_word(name_key(candidate), SYMBOL_WORD_ZIPF):
        return "word"                     # "Snail", "Notch": a reader takes the gene for the English word
    if alike(record.premise, entity, candidate):
        return "alike"
    if states(record.premise, record.hypothesis, (candidate, other)):
        return "stated"
    return None


ANALYTE_SLOT = ("the entity stands where an analyte or nutrient is measured (\"serum <cholesterol>\", \"a deficiency "
                "of <vitamin B12>\") and the new one is not seen measured in the premise")
DRUG_SLOT = ("the entity stands in a drug's slot (\"therapy with <X>\", \"<X> monotherapy\") and the new one is no "
             "medicine of the drug vocabulary")
ALTERNATIVE_DRUG = ("the entity is a drug offered as an alternative to another medicine (\"varenicline or "
                       "<bupropion>\"): alternatives share a class, and only a medicine the premise names may (SREO "
                       "skips it)")
CHEMICAL_KIND = "a medicine would be replaced by a chemical the drug vocabulary does not hold"
DISEASE_BRANCH = ("the new disease is in another organ-system branch of the HPO than the old one "
                  "(\"functional <pyloric stenosis>\" for renal insufficiency)")


def _chemical_refusal(record: MechanismRecord, slot: re.Match, entity: str, candidate: str) -> str | None:
    """Why the chemical `candidate` may not stand in the entity's slot (`chemicals`): in an analyte's slot
    only a name the premise also shows measured; in a drug's slot only a medicine; elsewhere a medicine
    only by a name of the drug vocabulary."""
    place = chemicals.slot_kind(record.hypothesis, slot.start(), slot.end())
    premise = strip_markers(record.premise)
    seen = chemicals.slots_in(premise, candidate)
    if place == chemicals.ANALYTE:
        return None if chemicals.ANALYTE in seen else "analyte slot"
    if place == chemicals.DRUG:
        if chemicals.name_kind(candidate) != chemicals.MEDICINE or chemicals.ANALYTE in seen:
            return "drug slot"
        partnered = chemicals.partnered(record.hypothesis, slot.start(), slot.end())
        return "alternative drug" if partnered and not seen else None   # "varenicline or <X>": one class
    if chemicals.name_kind(entity) == chemicals.MEDICINE and chemicals.name_kind(candidate) is None:
        return "chemical kind"            # a medicine replaced by a name the drug vocabulary does not hold
    return None


def _skip_reason(excluded: Counter[str], refused: Counter[str]) -> str:
    """The reason counted when no replacement was made."""
    if excluded["alike"] and not excluded["stated"]:
        return "only entities the premise describes as alike"
    if excluded["alike"] or excluded["stated"]:
        return "only entities the premise describes as alike or doing the same"
    for key, reason in (("variant", swaps.VARIANT), ("related", swaps.RELATED), ("number", swaps.NUMBER),
                        ("word", swaps.WORD), ("generic", swaps.GENERIC), ("kind", swaps.KIND),
                        ("gene word", swaps.GENE_WORD), ("class acronym", swaps.CLASS_ACRONYM),
                        ("analyte slot", ANALYTE_SLOT), ("drug slot", DRUG_SLOT),
                        ("alternative drug", ALTERNATIVE_DRUG), ("chemical kind", CHEMICAL_KIND),
                        ("disease branch", DISEASE_BRANCH)):
        if excluded[key] and excluded[key] == max(excluded.values()):
            return reason
    return refused.most_common(1)[0][0] if refused else "no other entity of the same type"


def sre(record: MechanismRecord, ctx: Context) -> list[Perturbation]:
    """Replace an entity by another entity of the same type found in the premise."""
    mentions = ctx.typer.mentions(record.premise)
    long_forms = {a.short: record.premise[a.long_start:a.long_end] for a in find_abbreviations(record.premise)}
    long_forms.update({m.text: m.long_form for m in mentions if m.long_form})
    return _same_type_swap(record, ctx, "SRE", lambda t: [m.text for m in mentions if m.type == t],
                           long_forms=long_forms)


def sreo(record: MechanismRecord, ctx: Context) -> list[Perturbation]:
    """Replace an entity by one of the same type from outside the premise (corpus or vocabulary)."""
    in_premise = {m.text.lower() for m in ctx.typer.mentions(record.premise)}
    return _same_type_swap(record, ctx, "SREO", lambda t: ctx.outside.get(t, []),
                           lambda n: n.lower() not in in_premise and not mentions_name(record.premise, n))


