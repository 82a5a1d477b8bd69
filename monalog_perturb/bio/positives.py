"""Hard positives for biomedical NLI from the natural-logic engine (beyond BioNLI): a conclusion
entails itself without a modifier that sits in an upward (↑) position ("X strongly inhibits Y in
mice" ⊨ "X inhibits Y"), and with an entity in an ↑ position generalised to its parent in a
knowledge source ("... causes seizure" ⊨ "... causes abnormal nervous system physiology").
Each positive carries its proof step; the marked entities must survive."""
from __future__ import annotations

import re

from monalog_perturb.bio.bionli import Perturbation
from monalog_perturb.bio.records import REGULATED, REGULATOR, MechanismRecord, strip_markers
from monalog.errors import MonalogError
from monalog.polarity.marks import Polarity
from monalog.polarity.polarizer import Polarizer
from monalog.inference.treeops import modifier_split, replace_at, sentence_text, surface


def _remark(text: str, regulator: str, regulated: str) -> str | None:
    """Put the markers back around the entities, or None when one is gone."""
    for entity, (left, right) in ((regulator, REGULATOR), (regulated, REGULATED)):
        match = re.search(r"(?<!\w)" + re.escape(entity) + r"(?!\w)", text)
        if not match:
            return None
        text = text[:match.start()] + f"{left} {entity} {right}" + text[match.end():]
    return text


def positives(records: list[MechanismRecord], parser=None, limit_per_record: int = 3) -> list[Perturbation]:
    """Entailed variants of each record's conclusion, labelled ENTAILMENT, with the proof step."""
    from monalog.parsing.parser import get_parser

    parser = parser or get_parser()
    polarizer = Polarizer()
    usable = [r for r in records if r.regulator and r.regulated]
    parses = parser.parse_batch([strip_markers(r.hypothesis) for r in usable])
    out = []
    for record, parse in zip(usable, parses):
        if isinstance(parse, MonalogError):
            continue
        tree, made = parse.tree, 0
        for path, node in polarizer.polarize(tree).walk_paths():
            split = modifier_split(node.node)
            if not split or node.polarity is not Polarity.UP or node.children[split[0]].marks[:1] != (Polarity.UP,):
                continue
            modifier, head = node.node.children[split[0]], node.node.children[split[1]]
            dropped = surface(modifier)
            if record.regulator in dropped or record.regulated in dropped:
                continue
            text = re.sub(r" ([.,;:!?])", r"\1", sentence_text(replace_at(tree, path, head)))
            hypothesis = _remark(text, record.regulator, record.regulated)
            if hypothesis and hypothesis != record.hypothesis:
                out.append(Perturbation(record.id, record.premise, hypothesis, "NL-drop",
                                        f"dropped \"{dropped}\": {surface(node.node)} ≤ {surface(head)} in a ↑ position",
                                        "ENTAILMENT"))
                made += 1
                if made >= limit_per_record:
                    break
    return out


def generalisations(records: list[MechanismRecord], parents, source: str = "HPO", parser=None,
                    limit_per_record: int = 2) -> list[Perturbation]:
    """Replace a marked entity whose words are all in ↑ positions by a parent concept's name.
    `parents(name) -> [parent names]` (for example `vocabularies.hpo_parents`)."""
    from monalog.parsing.parser import get_parser
    from monalog.polarity.polarizer import polarize_batch

    usable = [r for r in records if r.regulator and r.regulated]
    results = polarize_batch([strip_markers(r.hypothesis) for r in usable], parser or get_parser())
    out = []
    for record, result in zip(usable, results):
        if isinstance(result, MonalogError):
            continue
        words = result.chunk_polarities()
        text = " ".join(w for w, _ in words)
        made = 0
        for markers, entity in ((REGULATOR, record.regulator), (REGULATED, record.regulated)):
            match = re.search(r"(?<!\w)" + re.escape(entity) + r"(?!\w)", text)
            if not match:
                continue
            first = len(text[:match.start()].split())
            span = words[first:first + len(entity.split())]
            if not span or any(p is not Polarity.UP for _, p in span):
                continue
            for parent in parents(entity)[:limit_per_record - made]:
                hypothesis = record.hypothesis.replace(f"{markers[0]} {entity} {markers[1]}",
                                                       f"{markers[0]} {parent} {markers[1]}", 1)
                out.append(Perturbation(record.id, record.premise, hypothesis, f"NL-{source}-parent",
                                        f"{entity} ≤ {parent} ({source}), in a ↑ position", "ENTAILMENT"))
                made += 1
    return out
