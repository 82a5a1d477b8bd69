"""Helpers the BioNLI rule tests share: a context whose typer knows the given names, a record, and what
a rule produced or skipped."""
import random

from monalog_perturb.bio.bionli import Context
from monalog_perturb.bio.entity_typing import DictionaryTyper
from monalog_perturb.bio.records import MechanismRecord


def make_context(names, outside=None):
    typer = DictionaryTyper()
    for name, type_ in names:
        typer.add(name, type_)
    return Context(typer=typer, rng=random.Random(0), per_record=5, outside=outside or {})


def rec(hypothesis, premise="Nothing related."):
    return MechanismRecord("x", premise, hypothesis)


def texts(out):
    return [p.hypothesis for p in out]


def reasons(ctx):
    return {reason for (_, reason) in ctx.skipped}
