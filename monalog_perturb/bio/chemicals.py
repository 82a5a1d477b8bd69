"""A finer kind for a chemical than its semantic type (issue 50, draw 3): a name in a slot where a
quantity is measured ("serum total <cholesterol>", "<cholesterol> levels", "a deficiency of <vitamin
B12>", "exposure to <estrogen>") is an analyte or nutrient; a name in a slot a drug takes ("treatment
with <statins>", "<aspirin> monotherapy", "a dose of <ramipril>", "receiving <pravastatin>") is a drug.
A name's own kind comes from the drug vocabulary: a DrugBank entry with a patient leaflet (MedlinePlus
or NHS) is a medicine, one without is a substance (cholesterol, homocysteine, glucose); a name not in
it has no kind. SRE/SREO keep the kind of the slot (a drug's slot takes only a medicine) and SEN never
swaps names standing in slots of two kinds."""
from __future__ import annotations

import re
from functools import lru_cache

ANALYTE = "analyte"
DRUG = "drug"
MEDICINE = "medicine"
SUBSTANCE = "substance"

_MARKERS = re.compile(r"</?(?:re|er|el|le)>")
_ANALYTE_BEFORE = re.compile(
    r"(?:\b(?:serum|plasma|blood|urinary|urine|circulating|salivary|dietary|fasting|intracellular)(?:\s+total|\s+free)?"
    r"|\b(?:levels?|concentrations?|deficiency|deficient|intake|status|exposure|excretion|depletion|content|"
    r"supplementation)\s+(?:of|to|in|with)(?:\s+the)?)\s*$", re.IGNORECASE)
_ANALYTE_AFTER = re.compile(r"\s*(?:levels?|concentrations?|intake|deficiency|status|excretion|content)\b",
                            re.IGNORECASE)
_DRUG_BEFORE = re.compile(
    r"(?:\b(?:therapy|therapies|treatments?|treated|monotherapy|pretreatment|pretreated|medications?)\s+with"
    r"|\bcombined|\bcombinations?\s+(?:therapy\s+|treatment\s+)?(?:of|with)|\bin\s+combination\s+with"
    r"|\b(?:doses?|dosage|dosing|administration|initiation|discontinuation|prescription)\s+of"
    r"|\b(?:receiving|received|given|taking|randomi[sz]ed\s+to)(?:\s+(?:both|either|only))?)\s*$", re.IGNORECASE)
_DRUG_AFTER = re.compile(r"\s*(?:-based\b|monotherapy\b|therapy\b|treatment\b|users?\b|tablets?\b|doses?\b|"
                         r"\d+(?:\.\d+)?\s*(?:mg|µg|mcg|g)\b)", re.IGNORECASE)
_JOINED = re.compile(r"(<(?:re|el)>[^<]*<(?:er|le)>)\s*(?:,|and|or|plus)\s*$")
# a plain name (one or two words) joined to the slot's name: "therapies with varenicline or <X>"
_JOINED_PLAIN = re.compile(r"(?<![\w-])((?:[A-Za-z][\w-]*\s+)?[A-Za-z][\w-]*)\s*(?:,|\band|\bor|\bplus)\s*$")
_PLUS_AFTER = re.compile(r"\s*plus\b")
_JOINED_AFTER = re.compile(r"\s*(?:,|and|or)\s+((?:[A-Za-z][\w-]*)(?:\s+[A-Za-z][\w-]*)?)")


def slot_kind(text: str, start: int, end: int) -> str | None:
    """ANALYTE or DRUG for the (marked or plain) name at text[start:end] by the words around it, else
    None; a name joined by and/or/plus/comma to a marked name before it takes that name's slot
    ("therapy with <perindopril> and <indapamide>"); a name coordinated with a medicine of the drug
    vocabulary ("combined clopidogrel and <X>", "varenicline or <X>", "<X> and aspirin") or joined by
    "plus" ("<X> plus aspirin") stands in a drug's slot (issue 50, draw 4)."""
    before, after = text[:start], _MARKERS.sub(" ", text[end:])
    joined = _JOINED.search(before)
    plain_before = re.sub(r"\s+", " ", _MARKERS.sub(" ", before)).rstrip() + " "
    if _ANALYTE_BEFORE.search(plain_before) or _ANALYTE_AFTER.match(after):
        return ANALYTE
    if _DRUG_BEFORE.search(plain_before) or _DRUG_AFTER.match(after):
        return DRUG
    if joined:
        return slot_kind(text, joined.start(1), joined.end(1))
    if _PLUS_AFTER.match(after) or _coordinated_medicine(text[:start], after):
        return DRUG
    return None


def _coordinated_medicine(before: str, after: str) -> bool:
    """Whether a medicine's name (one or two words) is coordinated with the slot's name, before or after."""
    plain = re.sub(r"\s+", " ", _MARKERS.sub(" ", before)).rstrip() + " "
    found = _JOINED_PLAIN.search(plain)
    names = [found.group(1), found.group(1).split()[-1]] if found else []
    later = _JOINED_AFTER.match(after)
    names += [later.group(1), later.group(1).split()[0]] if later else []
    return any(name_kind(n) == MEDICINE for n in names)


def partnered(text: str, start: int, end: int) -> bool:
    """Whether the name at text[start:end] is offered as an alternative to a medicine of the drug vocabulary,
    marked or not ("varenicline or <X>", "<X> or aspirin"): alternatives share a class of drug (a
    combination joined by "and"/"plus" may join two classes: perindopril and indapamide)."""
    plain = re.sub(r"\s+", " ", _MARKERS.sub(" ", text[:start])).rstrip() + " "
    before = _OR_BEFORE.search(plain)
    after = _OR_AFTER.match(_MARKERS.sub(" ", text[end:]))
    names = [before.group(1), before.group(1).split()[-1]] if before else []
    names += [after.group(1), after.group(1).split()[0]] if after else []
    return any(name_kind(n) == MEDICINE for n in names)


_OR_BEFORE = re.compile(r"(?<![\w-])((?:[A-Za-z][\w-]*\s+)?[A-Za-z][\w-]*)\s*,?\s*\bor\s*$")
_OR_AFTER = re.compile(r"\s*,?\s*or\s+((?:[A-Za-z][\w-]*)(?:\s+[A-Za-z][\w-]*)?)")


def slots_in(text: str, name: str) -> set[str | None]:
    """The slot kinds of every whole-word occurrence of `name` in a plain (premise) text."""
    return {slot_kind(text, m.start(), m.end())
            for m in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.IGNORECASE)}


@lru_cache(maxsize=1)
def _drugbank() -> dict[str, str]:
    try:
        from drug_named_entity_recognition import drugs_finder
    except ImportError:
        return {}
    out: dict[str, str] = {}
    for canonical, data in drugs_finder.drug_canonical_to_data.items():
        kind = MEDICINE if data.get("medline_plus_id") or data.get("nhs_url") else SUBSTANCE
        names = [data.get("name", canonical), *data.get("synonyms", ())]
        lows = [n.lower() for n in names]
        for key in lows:
            if kind == MEDICINE and _class_head(key, lows):
                continue                  # "phospholipids" of "omega-3 phospholipids": the class, no medicine
            if out.get(key) != MEDICINE:
                out[key] = kind
    return out


def _class_head(key: str, names: list[str]) -> bool:
    """Whether a medicine's synonym is a plural class noun that heads another of its names
    ("phospholipids" of "omega-3 phospholipids"): the class, not the medicine."""
    return key != names[0] and key.endswith("s") and not key.endswith(("ss", "is", "us")) \
        and any(other.endswith(" " + key) for other in names)


def name_kind(name: str) -> str | None:
    """MEDICINE or SUBSTANCE by the drug vocabulary (see the module docstring), None when not in it."""
    return _drugbank().get(name.strip().lower())
