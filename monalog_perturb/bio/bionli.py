"""BioNLI's seven rule-based negatives (Bastan et al. 2022, section 3.3). Each returns a list of
perturbations, empty when it does not apply (the reason counted in `Context.skipped`); every
perturbation records its edit.

Each rule is checked against its definition and the premise: SEN/SEP skip a relation that reads the
same both ways ("X is associated with Y"), SEP is emitted only when its text differs from SEN's,
SRE/SREO skip a negated predicate and entities the premise describes as behaving alike or says do the
same, VNeg negates the main clause, SN changes quantities only (never IL-6 or COVID-19), LPR skips a
negated predicate, and a moved name is cased for its new place."""
from __future__ import annotations

from typing import Callable

from monalog_perturb.bio.entity_rules import sen, sep, sre, sreo
from monalog_perturb.bio.perturbation import NOT_ENTAILMENT, Context, Perturbation
from monalog_perturb.bio.predicate_rules import lpr, sn, vneg
from monalog_perturb.bio.records import MechanismRecord

__all__ = ["NOT_ENTAILMENT", "STRATEGIES", "Context", "Perturbation", "lpr", "sen", "sep", "sn", "sre", "sreo",
           "vneg"]

STRATEGIES: dict[str, Callable[[MechanismRecord, Context], list[Perturbation]]] = {
    "SEN": sen, "SEP": sep, "SRE": sre, "SREO": sreo, "VNeg": vneg, "SN": sn, "LPR": lpr}
