"""The training recipe: label shares, per-premise cap, NEUTRAL from strict entailments, seeding."""
from __future__ import annotations

from collections import Counter

import pytest

from monalog.augment.recipe import ALL_PAIRS, PairRecipe, select
from monalog.inference.proof import Label


def _row(premise: str, hypothesis: str, label: str, *steps: tuple[str, str | None]) -> dict:
    """A generated row as `monalog augment` writes it (a negated form's step has no facts)."""
    return {"premise": premise, "hypothesis": hypothesis, "label": label,
            "proof": [{"kind": kind, "facts": [{"relation": r}] if r else []} for kind, r in steps]}


ROWS = [_row(f"A dog {i} is running", f"An animal {i} is running", "ENTAILMENT", ("replace", "≤")) for i in range(20)] \
    + [_row(f"A man {i} is playing", f"A guy {i} is playing", "ENTAILMENT", ("replace", "≡")) for i in range(20)] \
    + [_row(f"A cat {i} is sleeping", f"No cat {i} is sleeping", "CONTRADICTION", ("negate", None))
       for i in range(20)] \
    + [_row("A dog is running", f"A far edit {i}", "ENTAILMENT", *[("delete", "≤")] * 3) for i in range(5)]


def _sick(n: int) -> list:
    """`n` SICK TRAIN pairs (only their number matters to the proportional recipes)."""
    return [(f"Premise {i}", f"Hypothesis {i}", Label.NEUTRAL) for i in range(n)]


def test_shares_and_neutral_from_strict_entailments_only():
    chosen = select(ROWS, _sick(50), PairRecipe(ratio=1.0, per_premise=100), seed=0)
    counts = Counter(label for _, _, label in chosen)
    assert counts == {Label.ENTAILMENT: 20, Label.CONTRADICTION: 15, Label.NEUTRAL: 15}
    neutral = [(p, h) for p, h, label in chosen if label is Label.NEUTRAL]
    assert all(p.startswith("An animal") and h.startswith("A dog") for p, h in neutral)   # reversed, strict only
    assert not any(h.startswith("A far edit") for _, h, _ in chosen)                      # over max_edits


def test_prior_takes_the_label_shares_of_the_sick_pairs():
    sick = [(f"P {i}", f"H {i}", label) for i, label in enumerate([Label.NEUTRAL] * 20 + [Label.ENTAILMENT] * 12
                                                                    + [Label.CONTRADICTION] * 8)]
    chosen = select(ROWS, sick, PairRecipe(ratio=1.0, per_premise=100, train_shares=True), seed=0)
    assert Counter(label for _, _, label in chosen) == {Label.NEUTRAL: 20, Label.ENTAILMENT: 12,
                                                        Label.CONTRADICTION: 8}


def test_exclusion_contradictions_get_their_share():
    excluding = [_row(f"A man {i} is sleeping", f"A woman {i} is sleeping", "CONTRADICTION", ("negate", "⊥"))
                 for i in range(20)]
    recipe = PairRecipe(ratio=1.0, per_premise=100, exclusion=0.25)
    contradictions = [h for _, h, label in select(ROWS + excluding, _sick(50), recipe, seed=0)
                      if label is Label.CONTRADICTION]
    assert len(contradictions) == 15 and sum(h.startswith("A woman") for h in contradictions) == 4   # round(15 / 4)
    without = [h for _, h, label in select(ROWS, _sick(50), recipe, seed=0) if label is Label.CONTRADICTION]
    assert len(without) == 15 and all(h.startswith("No cat") for h in without)     # a file without them: as before
    few_negated = [r for r in ROWS if r["label"] != "CONTRADICTION"] + ROWS[40:42] + excluding
    short = [h for _, h, label in select(few_negated, _sick(50), recipe, seed=0) if label is Label.CONTRADICTION]
    assert len(short) == 15 and sum(h.startswith("No cat") for h in short) == 2     # the rest: excluding pairs
    with pytest.raises(ValueError):
        PairRecipe(exclusion=1.5)


def test_per_premise_cap_and_seeding():
    rows = [_row("A dog is running", f"Hypothesis {i}", "ENTAILMENT", ("delete", "≤")) for i in range(30)]
    chosen = select(rows, _sick(100), PairRecipe(per_premise=4, neutral=0.0), seed=1)
    assert Counter(label for _, _, label in chosen) == {Label.ENTAILMENT: 4}
    assert chosen == select(list(reversed(rows)), _sick(100), PairRecipe(per_premise=4, neutral=0.0), seed=1)
    assert chosen != select(rows, _sick(100), PairRecipe(per_premise=4, neutral=0.0), seed=2)


def test_all_pairs_keeps_every_generated_pair():
    chosen = select(ROWS, _sick(10), ALL_PAIRS, seed=0)
    assert len(chosen) == len(ROWS) and {label for _, _, label in chosen} == {Label.ENTAILMENT, Label.CONTRADICTION}


def test_sample_draws_the_same_pairs_for_every_training_seed():
    from monalog.augment.recipe import Sample

    chosen = select(ROWS, _sick(50), Sample(pairs=10, seed=0), seed=1)
    assert len(chosen) == 10 and chosen == select(ROWS, _sick(50), Sample(pairs=10, seed=0), seed=2)
    assert {label for _, _, label in chosen} <= {Label.ENTAILMENT, Label.CONTRADICTION}


def test_transitive_composes_generated_pairs_with_sick_entailments():
    import pytest

    from monalog.augment.recipe import Transitive

    sick = [("A puppy is running fast", "A dog is running", Label.ENTAILMENT),
            ("A cat is sleeping", "A cat is not sleeping", Label.CONTRADICTION),
            ("A man is playing", "A man is singing", Label.NEUTRAL)]
    rows = [_row("A dog is running", "An animal is running", "ENTAILMENT", ("replace", "≤")),
            _row("A dog is running", "A hound is running", "ENTAILMENT", ("replace", "≡")),
            _row("A dog is running", "No dog is running", "CONTRADICTION", ("negate", "⊥")),
            _row("A man is singing", "A person is singing", "ENTAILMENT", ("replace", "≤"))]
    chosen = select(rows, sick, Transitive(per_pair=5), seed=0, held_out=[])
    assert sorted(chosen) == sorted([
        ("A puppy is running fast", "An animal is running", Label.ENTAILMENT),   # P ⇒ H ⇒ H'
        ("A puppy is running fast", "A hound is running", Label.ENTAILMENT),
        ("A puppy is running fast", "No dog is running", Label.CONTRADICTION),   # P ⇒ H ⊥ H'
        ("An animal is running", "A puppy is running fast", Label.NEUTRAL)])     # strictly more general H'
    # only SICK's entailments compose (nothing follows from a NEUTRAL pair); one pair per label here
    one = select(rows, sick, Transitive(per_pair=1), seed=0, held_out=[])
    assert Counter(label for _, _, label in one) == {Label.ENTAILMENT: 1, Label.CONTRADICTION: 1, Label.NEUTRAL: 1}
    assert one == select(list(reversed(rows)), list(reversed(sick)), Transitive(per_pair=1), seed=0, held_out=[])
    with pytest.raises(ValueError):
        select(rows, sick, Transitive(), seed=0)                # the dev share must be named


def test_transitive_never_remakes_the_premise_or_a_held_out_pair():
    from monalog.augment.recipe import Transitive

    # an "entailment" that only added a modifier: dropping it gives the premise back
    sick = [("A dog is climbing a hill", "A dog is wildly climbing a hill", Label.ENTAILMENT),
            ("No dog is climbing", "A dog is climbing a hill", Label.CONTRADICTION)]      # the dev share
    rows = [_row("A dog is wildly climbing a hill", "A dog is climbing a hill", "ENTAILMENT", ("delete", "≤")),
            _row("A dog is wildly climbing a hill", "A dog is wildly climbing", "ENTAILMENT", ("delete", "≤")),
            _row("A dog is wildly climbing a hill", "No dog is climbing", "CONTRADICTION", ("negate", "⊥"))]
    chosen = select(rows, sick, Transitive(per_pair=5), seed=0, held_out=sick[1:])
    assert all(p != h for p, h, _ in chosen)
    assert not any({p, h} == {"No dog is climbing", "A dog is climbing a hill"} for p, h, _ in chosen)
    assert ("A dog is climbing a hill", "A dog is wildly climbing", Label.ENTAILMENT) in chosen


def test_nothing_is_generated_from_the_held_out_dev_share():
    from monalog.augment.recipe import Sample

    held_out = [("A dog 3 is running", "A dog 3 is moving", Label.ENTAILMENT),
                ("An animal 4 is running", "A man 4 is playing", Label.NEUTRAL)]
    for recipe in (ALL_PAIRS, PairRecipe(per_premise=100), Sample(pairs=100)):
        chosen = select(ROWS, _sick(50), recipe, seed=0, held_out=held_out)
        assert chosen and not any("dog 3 " in p for p, _, _ in chosen)                   # its premises
        everything = select(ROWS, _sick(50), recipe, seed=0)
        assert any("dog 3 " in p for p, _, _ in everything)
