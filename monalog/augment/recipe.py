"""How generated pairs join SICK TRAIN to train the fallback (`monalog train --augment`).

MonaLog adds every generated pair, all of them ENTAILMENT or CONTRADICTION. That shifts the label
prior away from SICK's (57 % NEUTRAL) and floods training with near-copies of a few premises.
The recipe instead takes a fixed number of pairs per SICK pair, at most a few per premise, in set
label shares, and adds NEUTRAL pairs the engine can vouch for: an entailment read backwards when
every edit made the sentence strictly more general ("An animal is running" does not entail "A dog
is running"). Everything is drawn with a seeded generator over the rows sorted by content, so the
selection does not depend on the order of the input files.

The transitive recipe composes generated pairs with SICK's own entailments instead (the transitivity
of logic-guided augmentation, Asai & Hajishirzi 2020): pairs whose two sentences differ as SICK's
do, by a paraphrase plus an edit, rather than a premise and its one-edit copy.
"""
from __future__ import annotations

import random
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from monalog.inference.proof import Label

Example = tuple[str, str, Label]

_STRICT_STEPS = {"replace", "delete", "insert"}


@dataclass(frozen=True)
class PairRecipe:
    """`ratio`: generated pairs per SICK TRAIN pair; `per_premise`: at most this many from one
    premise; label shares of the generated pairs (NEUTRAL from reversed strict entailments);
    `max_edits`: proof steps at most (normalisation not counted); `exclusion`: the share of the
    contradictions drawn from those by an excluding word ("A woman is ..." from "A man is ...",
    `monalog augment` makes them unless `--no-exclusions`), when the file has them: a quarter, about
    the share of SICK TRAIN's own contradictions without a negation word (23 %), where the negated
    forms would otherwise crowd them out (7 % of the generated contradictions)."""

    ratio: float = 1.0
    per_premise: int = 6
    entailment: float = 0.4
    contradiction: float = 0.3
    neutral: float = 0.3
    max_edits: int = 2
    exclusion: float = 0.25
    train_shares: bool = False      # label shares those of the SICK pairs trained with, not the three above

    def __post_init__(self) -> None:
        if not 0.0 <= self.exclusion <= 1.0:
            raise ValueError(f"exclusion is a share of the contradictions, 0 to 1, not {self.exclusion}")


@dataclass(frozen=True)
class Sample:
    """MonaLog's way at a set size: `pairs` generated pairs drawn uniformly (labels as generated),
    with a data seed of their own, so every training seed sees the same pairs."""

    pairs: int = 4000
    seed: int = 0


@dataclass(frozen=True)
class Transitive:
    """Generated pairs read from the hypothesis H of each SICK TRAIN entailment P ⇒ H: H ⇒ H' gives
    P ⇒ H' (ENTAILMENT), H ⊥ H' gives P ⊥ H' (CONTRADICTION), and an H' strictly more general than H
    is not entailed back: H' ⇏ P (NEUTRAL, when `neutral`). `per_pair` pairs of each label per SICK
    pair, of at most `max_edits` edits. Run `monalog augment` on SICK's hypotheses to make them."""

    per_pair: int = 1
    max_edits: int = 2
    neutral: bool = True


BALANCED = PairRecipe()
PRIOR = PairRecipe(train_shares=True)       # SICK TRAIN's own shares: 55 % NEUTRAL, 27 % ENTAILMENT, 17 % CONTRADICTION
SAMPLE = Sample()
ALL_PAIRS = PairRecipe(ratio=float("inf"), per_premise=10**9, entailment=1.0, contradiction=1.0, neutral=0.0,
                   max_edits=10**9)   # MonaLog's way: every generated pair as it is
TRANSITIVE = Transitive()
RECIPES: dict[str, PairRecipe | Sample | Transitive] = {"balanced": BALANCED, "prior": PRIOR, "sample": SAMPLE,
                                                    "all": ALL_PAIRS, "transitive": TRANSITIVE}
DEFAULT_RECIPE: PairRecipe | Sample | Transitive = BALANCED


def _edits(row: Mapping) -> list[Mapping]:
    return [s for s in row.get("proof") or [] if s.get("kind") != "normalize"]


def _strict(row: Mapping) -> bool:
    """Every edit made the sentence strictly more general (no synonym, no reordering), so the
    hypothesis does not entail the premise back."""
    edits = _edits(row)
    return bool(edits) and all(
        s.get("kind") in _STRICT_STEPS and all(f.get("relation") != "≡" for f in s.get("facts") or [])
        for s in edits)


def by_exclusion(row: Mapping) -> bool:
    """A contradiction made by a word that excludes the premise's (its last step a negation with facts)."""
    edits = _edits(row)
    return row["label"] == "CONTRADICTION" and bool(edits) and edits[-1].get("kind") == "negate" \
        and bool(edits[-1].get("facts"))


def candidates(rows: Iterable[Mapping], recipe: PairRecipe | Transitive) -> dict[Label, list[tuple[str, Example]]]:
    """(premise, example) per label: generated E/C pairs, and NEUTRAL pairs from strict entailments."""
    out: dict[Label, list[tuple[str, Example]]] = defaultdict(list)
    for row in rows:
        if len(_edits(row)) - (row["label"] == "CONTRADICTION") > recipe.max_edits:
            continue
        label = Label(row["label"])
        out[label].append((row["premise"], (row["premise"], row["hypothesis"], label)))
        if label is Label.ENTAILMENT and recipe.neutral > 0 and _strict(row):
            out[Label.NEUTRAL].append((row["premise"], (row["hypothesis"], row["premise"], Label.NEUTRAL)))
    return out


def select(rows: Iterable[Mapping], sick: Sequence[Example],
           recipe: PairRecipe | Sample | Transitive = DEFAULT_RECIPE, seed: int = 0,
           held_out: Iterable[Example] | None = None) -> list[Example]:
    """The generated examples to add to the SICK TRAIN pairs `sick`, by `recipe`, seeded.
    `held_out` is the dev share that selects the model (the transitive recipe needs it): nothing is
    generated from its premises, composed with its pairs, or made again from one of them (either
    way round), so the dev share stays as unseen as SICK's own pairs leave it."""
    if held_out is not None and not isinstance(recipe, Transitive):
        held_out = list(held_out)
        premises = {p for p, _, _ in held_out}
        pairs = {frozenset(example[:2]) for example in held_out}
        rows = [r for r in rows if r["premise"] not in premises
                and frozenset((r["premise"], r["hypothesis"])) not in pairs]
    if isinstance(recipe, Sample):
        rows = list(rows)
        chosen_rows = random.Random(recipe.seed).sample(rows, min(recipe.pairs, len(rows)))
        return [(r["premise"], r["hypothesis"], Label(r["label"])) for r in chosen_rows]
    if isinstance(recipe, Transitive):
        if held_out is None:
            raise ValueError("the transitive recipe needs the held-out dev share (held_out)")
        return _transitive(rows, sick, recipe, seed, list(held_out))
    rows = list(rows)
    pools = candidates(rows, recipe)
    rng = random.Random(seed)
    shares = {Label.ENTAILMENT: recipe.entailment, Label.CONTRADICTION: recipe.contradiction,
              Label.NEUTRAL: recipe.neutral}
    if recipe.train_shares:
        counts = Counter(label for _, _, label in sick)
        shares = {label: counts[label] / len(sick) for label in shares}
    total = recipe.ratio * len(sick)
    excluding = {(r["premise"], r["hypothesis"]) for r in rows if by_exclusion(r)}
    chosen: list[Example] = []
    for label in (Label.ENTAILMENT, Label.CONTRADICTION, Label.NEUTRAL):
        pool = sorted(set(pools.get(label, [])))
        rng.shuffle(pool)
        want = len(pool) if total == float("inf") else round(total * shares[label])
        used: dict[str, int] = defaultdict(int)
        if label is Label.CONTRADICTION and excluding and total != float("inf"):
            first = [entry for entry in pool if entry[1][:2] in excluding]
            drawn = _capped(first, round(want * recipe.exclusion), recipe.per_premise, used)
            rest = _capped([entry for entry in pool if entry[1][:2] not in excluding], want - len(drawn),
                           recipe.per_premise, used)
            taken = set(drawn)      # too few negated forms: the excluding pairs not drawn make up the rest
            drawn += _capped([e for e in first if e[1] not in taken], want - len(drawn) - len(rest),
                             recipe.per_premise, used)
            chosen += drawn + rest
            continue
        chosen += _capped(pool, want, recipe.per_premise, used)
    rng.shuffle(chosen)
    return chosen


def _capped(pool: Sequence[tuple[str, Example]], want: int, per_premise: int,
            used: dict[str, int] | None = None) -> list[Example]:
    """The first `want` examples of `pool`, at most `per_premise` from one premise (counting `used`)."""
    used = defaultdict(int) if used is None else used
    out: list[Example] = []
    for premise, example in pool:
        if len(out) >= want:
            break
        if used[premise] < per_premise:
            used[premise] += 1
            out.append(example)
    return out


def _transitive(rows: Iterable[Mapping], sick: Sequence[Example], recipe: Transitive, seed: int,
                held_out: Sequence[Example]) -> list[Example]:
    """Each SICK entailment P ⇒ H with `per_pair` generated sentences of H per label, composed
    (`Transitive`): never P itself (an "entailment" that only added a modifier gives H' = P back),
    never a held-out pair either way round, each pair once."""
    pools: dict[str, dict[Label, set[str]]] = defaultdict(lambda: defaultdict(set))
    for label, entries in candidates(rows, recipe).items():
        for source, example in entries:          # a NEUTRAL example reads the generated sentence first
            pools[source][label].add(example[0] if label is Label.NEUTRAL else example[1])
    held = {frozenset(pair[:2]) for pair in held_out}
    rng = random.Random(seed)
    chosen: dict[Example, None] = {}
    for premise, hypothesis, gold in sorted(set(sick) - set(held_out)):
        if gold is not Label.ENTAILMENT or hypothesis not in pools:
            continue
        for label, pool in sorted(pools[hypothesis].items()):
            options = sorted(generated for generated in pool - {premise} if frozenset((premise, generated)) not in held)
            for generated in rng.sample(options, min(recipe.per_pair, len(options))):
                chosen[(generated, premise, label) if label is Label.NEUTRAL else (premise, generated, label)] = None
    out = list(chosen)
    rng.shuffle(out)
    return out
