"""Labels, proof steps and proofs: the chain of edits that shows why a label holds."""
from __future__ import annotations

import enum
from dataclasses import dataclass, field

from monalog.knowledge.facts import Fact
from monalog.polarity.marks import Polarity


class Label(enum.StrEnum):
    """The three NLI answers; `str(label)` is the upper-case name used in every file format."""

    ENTAILMENT = "ENTAILMENT"
    CONTRADICTION = "CONTRADICTION"
    NEUTRAL = "NEUTRAL"


class StepKind(enum.StrEnum):
    NORMALIZE = "normalize"       # syntactic normalisation of an input sentence
    REPLACE = "replace"           # a word replaced by a bigger (↑) or smaller (↓) one
    DELETE = "delete"             # a modifier or conjunct dropped in an upward context
    INSERT = "insert"             # a modifier added in a downward context
    REORDER = "reorder"           # "X and Y" -> "Y and X" (an equivalence, any polarity)
    NEGATE = "negate"             # the contradictory of the hypothesis, for contradiction proofs


@dataclass(frozen=True)
class Step:
    """One edit: what changed, the polarity that licensed it, the facts used, and the result."""

    kind: StepKind
    before: str
    after: str
    result: str
    polarity: Polarity | None = None
    facts: tuple[Fact, ...] = ()
    note: str = ""
    operator: str = ""      # the operator that fixed the polarity ("no", "not", "at most N")

    def describe(self) -> str:
        """One line a person can read without knowing CCG."""
        under = f" (under \"{self.operator}\")" if self.operator else ""
        where = {Polarity.UP: f"an upward (↑) position{under}, so it may become more general",
                 Polarity.DOWN: f"a downward (↓) position{under}, so it may become more specific",
                 Polarity.NONE: f"a non-monotone (=) position{under}"}
        if self.kind is StepKind.NORMALIZE:
            return f"rewrite ({self.note}): \"{self.before}\" -> \"{self.after}\""
        if self.kind is StepKind.NEGATE:
            return f"\"{self.result}\" contradicts the hypothesis ({self.note})"
        verb = {StepKind.REPLACE: f"replace \"{self.before}\" with \"{self.after}\"",
                StepKind.REORDER: f"{self.note or 'swap the conjuncts'}: \"{self.before}\" -> \"{self.after}\"",
                StepKind.DELETE: f"drop \"{self.before}\"",
                StepKind.INSERT: f"add \"{self.after}\""}[self.kind]
        because = f" because {'; '.join(str(f) for f in self.facts)}" if self.facts else ""
        if self.kind is StepKind.REORDER:
            return verb
        return f"{verb}: it is in {where[self.polarity]}{because}" if self.polarity else verb + because


@dataclass(frozen=True)
class Proof:
    """The verdict for a pair and the chain of steps behind it (empty for NEUTRAL)."""

    premise: str
    hypothesis: str
    label: Label
    steps: tuple[Step, ...] = ()
    explored: int = 0
    depth: int = 0
    normalization: tuple[Step, ...] = ()
    search_tree: tuple[tuple[str, str, str], ...] = field(default=(), compare=False, repr=False)
    note: str = ""

    def explain(self) -> str:
        """The proof as text a person can read: premise, hypothesis, each edit and why it is licensed."""
        return proof_text(self)

    def as_json(self) -> dict:
        """The proof as a JSON-ready dict (the `--trace json` form)."""
        return proof_json(self)


def step_json(step: Step) -> dict:
    """One step as a JSON-ready dict (an element of `--trace json`'s "steps")."""
    return {"kind": step.kind.value, "before": step.before, "after": step.after, "result": step.result,
            "polarity": step.polarity.value if step.polarity else None, "operator": step.operator or None,
            "facts": [{"left": f.left.text, "relation": f.relation.value, "right": f.right.text,
                       "source": f.source.value, "note": f.note} for f in step.facts],
            "note": step.note, "text": step.describe()}


def proof_json(proof: Proof) -> dict:
    """`Proof.as_json`."""
    return {"premise": proof.premise, "hypothesis": proof.hypothesis, "label": proof.label.value,
            "normalization": [step_json(s) for s in proof.normalization],
            "steps": [step_json(s) for s in proof.steps], "depth": proof.depth,
            "explored": proof.explored, "note": proof.note}


def proof_text(proof: Proof) -> str:
    """`Proof.explain`."""
    lines = [f"premise:    {proof.premise}", f"hypothesis: {proof.hypothesis}"]
    for step in proof.normalization:
        lines.append(f"  normalised: {step.describe()}")
    if proof.label is Label.NEUTRAL:
        lines.append(f"no proof: {proof.note or 'nothing licensed reaches the hypothesis'} "
                     f"({proof.explored} sentences explored)")
        return "\n".join(lines)
    for number, step in enumerate(proof.steps, 1):
        lines.append(f"  {number}. {step.describe()}")
        if step.kind.value != "negate":
            lines.append(f"     -> {step.result}")
    if proof.label is Label.ENTAILMENT:
        lines.append("  = the hypothesis (compared word by word on lemmas; a/an/the/some and 'be' not compared)")
    return "\n".join(lines)
