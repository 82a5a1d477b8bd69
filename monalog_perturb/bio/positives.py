"""Hard positives for biomedical NLI from the natural-logic engine (beyond BioNLI): a conclusion
entails itself without a modifier that sits in an upward (↑) position ("X strongly inhibits Y in
mice" ⊨ "X inhibits Y"), and with an entity in an ↑ position generalised to its parent in a
knowledge source ("... causes seizure" ⊨ "... causes abnormal nervous system physiology").
Each positive carries its proof step; the marked entities must survive."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from monalog_perturb.bio.bionli import Perturbation
from monalog_perturb.bio.records import REGULATED, REGULATOR, MechanismRecord, strip_markers
from monalog.errors import MonalogError
from monalog.polarity.marks import Polarity
from monalog.inference.generation import droppable_modifier
from monalog.inference.treeops import replace_at, sentence_text, surface

if TYPE_CHECKING:
    from monalog.parsing.parser import Parser
    from monalog.pipeline import Pipeline


def _remark(text: str, regulator: str, regulated: str) -> str | None:
    """Put the markers back around the entities, or None when one is gone."""
    for entity, (left, right) in ((regulator, REGULATOR), (regulated, REGULATED)):
        match = re.search(r"(?<!\w)" + re.escape(entity) + r"(?!\w)", text)
        if not match:
            return None
        text = text[:match.start()] + f"{left} {entity} {right}" + text[match.end():]
    return text


def _marked(records: list[MechanismRecord]) -> list[tuple[MechanismRecord, str, str]]:
    """The records with both entities marked, with the regulator's and the regulated's names."""
    return [(r, regulator, regulated) for r in records if (regulator := r.regulator) and (regulated := r.regulated)]


def _pipeline(pipeline: "Pipeline | None", parser: "Parser | None") -> "Pipeline":
    from monalog.pipeline import Pipeline

    return pipeline or Pipeline(parser)


def positives(records: list[MechanismRecord], parser: "Parser | None" = None, limit_per_record: int = 3,
              pipeline: "Pipeline | None" = None) -> list[Perturbation]:
    """Entailed variants of each record's conclusion, labelled ENTAILMENT, with the proof step."""
    usable = _marked(records)
    sentences = _pipeline(pipeline, parser).run([strip_markers(r.hypothesis) for r, _, _ in usable])
    out = []
    for (record, regulator, regulated), sentence in zip(usable, sentences):
        if isinstance(sentence, MonalogError):
            continue
        tree, made = sentence.parse.tree, 0
        for path, node in sentence.tree.walk_paths():
            droppable = droppable_modifier(node)
            if not droppable:
                continue
            modifier, head = droppable
            dropped = surface(modifier)
            if regulator in dropped or regulated in dropped:
                continue
            text = re.sub(r" ([.,;:!?])", r"\1", sentence_text(replace_at(tree, path, head)))
            hypothesis = _remark(text, regulator, regulated)
            if hypothesis and hypothesis != record.hypothesis:
                reason = f"dropped \"{dropped}\": {surface(node.node)} ≤ {surface(head)} in a ↑ position"
                out.append(Perturbation(record.id, record.premise, hypothesis, "NL-drop", reason, "ENTAILMENT"))
                made += 1
                if made >= limit_per_record:
                    break
    return out


def generalisations(records: list[MechanismRecord], parents, source: str = "HPO", parser=None,
                    limit_per_record: int = 2) -> list[Perturbation]:
    """Replace a marked entity whose words are all in ↑ positions by a parent concept's name.
    `parents(name) -> [parent names]` (for example `vocabularies.hpo_parents`)."""
    from monalog.pipeline import Pipeline

    usable = _marked(records)
    results = Pipeline(parser).run([strip_markers(r.hypothesis) for r, _, _ in usable])
    out = []
    for (record, regulator, regulated), result in zip(usable, results):
        if isinstance(result, MonalogError):
            continue
        words = result.chunk_polarities()
        text = " ".join(w for w, _ in words)
        made = 0
        for markers, entity in ((REGULATOR, regulator), (REGULATED, regulated)):
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
