"""Entity candidates that earn the name (issue 50, item 1): never a number with a unit, a function
word or a generic noun; one type per name whatever the order the vocabularies are read in, with its
source; and no same-type swap to an entity the premise likens, to a variant of the name, inside a
longer term, or leaving an acronym behind. Invented entities in the shapes of the issue's examples."""
from __future__ import annotations

import random

import pytest

from monalog_perturb.bio.bionli import Context, sen, sre, sreo
from monalog_perturb.bio.entity_typing import DictionaryTyper, Mention
from monalog_perturb.bio.names import refusal
from monalog_perturb.bio.records import MechanismRecord
from monalog_perturb.bio.semtypes import SemType
from monalog_perturb.bio.swaps import acronym_after, in_longer_term, name_variant

G, C, D = SemType.GENE_PROTEIN, SemType.CHEMICAL, SemType.DISEASE


@pytest.mark.parametrize("name", ["at 5", "5 nM", "nM", "5nM", "of the", "same", "buffers", "Buffers", "biomarker",
                                  "HR", "patients", "cells", "levels"])
def test_refused_names(name):
    assert refusal(name) is not None
    typer = DictionaryTyper()
    assert not typer.add(name, "drug") and typer.type_of(name) is None


@pytest.mark.parametrize("name", ["budesonide", "IL-1", "5-HT", "vitamin B6", "Mg", "p53", "type 2 diabetes"])
def test_names_kept(name):
    assert refusal(name) is None


def test_a_hyphen_free_key_is_no_back_door():
    typer = DictionaryTyper()
    assert typer.add("SAM-e", "drug")                # a synonym of S-adenosylmethionine
    assert typer.type_of("SAM-e") == C and typer.type_of("same") is None


class _Tagger(DictionaryTyper):
    """A matcher that marks whatever it is told to (stands for an NER model)."""

    def _matches(self, text):
        return [Mention(w, C, text.index(w), text.index(w) + len(w)) for w in ("Budesonide", "at 5", "nM", "buffers")]


def test_mentions_drop_non_names_whatever_the_matcher():
    text = "Budesonide at 5 nM inhibits the secretion of IL-1 in buffers."
    assert [m.text for m in _Tagger().mentions(text)] == ["Budesonide"]


def test_a_defined_abbreviation_stays_an_entity():
    typer = DictionaryTyper()
    typer.add("homologous recombination", "process")
    text = "Loss of homologous recombination (HR) sensitises cells; HR repairs breaks."
    assert any(m.text == "HR" and m.long_form == "homologous recombination" for m in typer.mentions(text))


def test_default_typer_on_the_issue_shapes():
    from monalog_perturb.recipes.bionli import make_typer

    typer = make_typer()
    for text in ("Budesonide at 5 nM inhibits the secretion of IL-1 in buffers.",
                 "The same biomarker HR was lower in patients and in cells."):
        found = {m.text for m in typer.mentions(text)}
        assert not found & {"at 5", "5 nM", "nM", "buffers", "same", "biomarker", "HR", "patients", "cells"}
    assert typer.type_of("Budesonide") == C


@pytest.mark.parametrize("order", [(0, 1), (1, 0)])
def test_one_type_per_name_whatever_the_order(tmp_path, order):
    files = [tmp_path / "genes.tsv", tmp_path / "drugs.tsv"]
    files[0].write_text("zorbicin\tgene\n", encoding="utf-8")
    files[1].write_text("zorbicin\tdrug\n", encoding="utf-8")
    typer = DictionaryTyper.from_files([files[i] for i in order])
    assert typer.origin("Zorbicin") == (G, "genes.tsv")         # semtypes.PRECEDENCE: gene/protein first
    bundled = DictionaryTyper()
    for source, type_ in [("hpo", "disease"), ("drugs", "drug"), ("famplex", "gene")][::1 if order[0] else -1]:
        bundled.add("quellamine", type_, source=source)
    assert bundled.origin("quellamine") == (G, "famplex")       # the bundled sources' fixed order
    bundled.add("quellamine", "drug", source="mine.tsv")
    assert bundled.origin("quellamine") == (C, "mine.tsv")      # a user's vocabulary before the bundled ones
    mention = bundled.mentions("Quellamine binds zorbicin.")[0]
    assert (mention.text, mention.source) == ("Quellamine", "mine.tsv")


# --- the swap checks -------------------------------------------------------------------------------

@pytest.mark.parametrize("a,b,same", [("TNF antagonist", "TNF antagonists", True), ("IL-6", "il6", True),
                                      ("Statins", "statin", True), ("zorbicin", "quellamine", False),
                                      ("virus", "viruses", False)])
def test_name_variant(a, b, same):
    assert name_variant(a, b) is same


def test_longer_term_and_acronym_after():
    text = "Brutinab prolongs survival in chronic lymphocytic <el> leukemia <le>."
    assert in_longer_term(text, text.index("<el>"))
    text = "Brutinab prolongs survival in severe <el> asthma <le> and exogenous <re> IL-6 <er>."
    assert not in_longer_term(text, text.index("<el>")) and not in_longer_term(text, text.index("<re>"))
    for text in ("<re> Retinoic acid receptor <er>-related orphan receptor gamma is a target.",
                 "IL-10 inhibits <el> CD4 <le> + T cell responses.", "IL-10 inhibits <el> CD4 <le>+ cells."):
        start = text.index("<") + 4
        assert in_longer_term(text, start, text.index(" <", start) + 5)
    text = "<el> IL-6 <le>-induced STAT3 activation and <el> RhoA <le> activation."
    assert not in_longer_term(text, 4, text.index("<le>") + 4)
    text = "<re> lamivudine <er> (3TC) suppresses viral load (n = 12)."
    assert acronym_after(text, text.index("lamivudine") + len("lamivudine")) == "3TC"
    assert acronym_after(text, text.index("load") + 4) is None


@pytest.fixture
def ctx():
    typer = DictionaryTyper()
    for name, type_ in [("zorbicin", "drug"), ("quellamine", "drug"), ("tnf antagonist", "drug"),
                        ("tnf antagonists", "drug"), ("psoriasis", "disease"), ("leukemia", "disease"),
                        ("lymphoma", "disease"), ("brutinab", "drug"), ("lamivudine", "drug"), ("entecavir", "drug"),
                        ("hbv", "organism"), ("pain", "disease")]:
        typer.add(name, type_)
    return Context(typer=typer, rng=random.Random(0), per_record=5,
                   outside={C: ["entecavir", "fentacil"], D: ["lymphoma", "melanoma"]})


def rec(hypothesis, premise="Nothing related."):
    return MechanismRecord("x", premise, hypothesis)


def reasons(ctx, strategy):
    return {reason for (name, reason) in ctx.skipped if name == strategy}


@pytest.mark.parametrize("premise", [
    "Zorbicin and quellamine had the same effect on pain.",
    "Quellamine was as effective as zorbicin in reducing pain.",
    "Zorbicin acts on pain much like quellamine.",
])
def test_no_swap_to_an_entity_the_premise_likens(ctx, premise):
    assert sre(rec("<re> Zorbicin <er> reduces <el> pain <le> in adults.", premise), ctx) == []
    assert reasons(ctx, "SRE") == {"only entities the premise describes as alike"}


def test_no_swap_to_a_variant_of_the_name(ctx):
    record = rec("<re> TNF antagonist <er> therapy improves <el> psoriasis <le>.",
                 "TNF antagonists were given for 12 weeks; psoriasis improved.")
    assert sre(record, ctx) == []
    assert reasons(ctx, "SRE") == {"the new entity is a variant of the old one's name (number, case or hyphens)"}


def test_no_swap_inside_a_longer_term(ctx):
    record = rec("<re> Brutinab <er> prolongs survival in chronic lymphocytic <el> leukemia <le>.",
                 "Patients with leukemia or lymphoma took brutinab.")
    out = sre(record, ctx) + sreo(record, ctx)
    assert all("chronic lymphocytic <el> leukemia" in p.hypothesis for p in out)
    assert sen(record, ctx) == [] and "the entity is part of a longer term" in reasons(ctx, "SEN")


def test_no_swap_leaving_an_acronym_behind(ctx):
    record = rec("<re> Lamivudine <er> (3TC) suppresses <el> HBV <le> replication.",
                 "Entecavir and lamivudine were compared in 40 patients.")
    assert sreo(record, ctx) == [] and sre(record, ctx) == []
    assert "an acronym in parentheses follows the entity" in reasons(ctx, "SREO")


def test_kbin_leaves_no_acronym_and_no_longer_term_behind():
    from monalog_perturb.candidate import Candidate
    from monalog_perturb.knowledge.linking import ConceptVectors, EntityLinker
    from monalog_perturb.knowledge.sources import Concept, KnowledgeSource
    from monalog_perturb.transformations.kb import SiblingReplacement

    class Toy(KnowledgeSource):
        name = "toy"

        def _load(self) -> None:
            for c in [Concept("nrti", "Nucleoside analogues", C, "toy"), Concept("lam", "Lamivudine", C, "toy"),
                      Concept("ent", "Entecavir", C, "toy"), Concept("can", "Neoplasms", D, "toy"),
                      Concept("leu", "Leukemia", D, "toy"), Concept("lym", "Lymphoma", D, "toy")]:
                self.add(c)
            for child, parent in [("lam", "nrti"), ("ent", "nrti"), ("leu", "can"), ("lym", "can")]:
                self.link(child, parent)

    swap = SiblingReplacement(EntityLinker([Toy().load()]), ConceptVectors())
    out = [c.text for c in swap(Candidate.original("Lamivudine (3TC) is safe in chronic lymphocytic leukemia."))]
    assert out == []
    assert set(swap.skipped) == {"an acronym in parentheses follows the entity", "the entity is part of a longer term"}
    assert [c.text for c in swap(Candidate.original("Lamivudine is safe in leukemia."))] == [
        "Entecavir is safe in leukemia.", "Lamivudine is safe in lymphoma."]
