"""BioNLI rule-based negatives: each strategy's applicable and not-applicable cases, inflections."""
import random
from pathlib import Path

import pytest

from monalog_perturb.bio.bionli import STRATEGIES, Context, lpr, sen, sep, sn, sre, sreo, vneg
from monalog_perturb.bio.entity_rules import DIFFERENT_TYPES
from monalog_perturb.bio.records import MechanismRecord, read_records, strip_markers
from monalog_perturb.bio.entity_typing import DictionaryTyper
from monalog_perturb.bio.semtypes import SemType

DATA = Path(__file__).parents[1] / "data" / "bionli_records.jsonl"


@pytest.fixture
def records():
    return {r.id: r for r in read_records(DATA)}


@pytest.fixture
def ctx():
    typer = DictionaryTyper()
    for name, type_ in [("metformin", "drug"), ("aspirin", "drug"), ("insulin", "drug"), ("phenformin", "drug"),
                        ("tnf", "gene"), ("il6", "gene"), ("kras", "gene"), ("erk", "family"),
                        ("hepatic gluconeogenesis", "process")]:
        typer.add(name, type_)
    return Context(typer=typer, rng=random.Random(0), per_record=2,
                   outside={SemType.CHEMICAL: ["phenformin", "metformin", "buformin"], SemType.GENE_PROTEIN: ["BRCA1"]})


def test_records_and_markers(records):
    r1 = records["r1"]
    assert r1.regulator == "Metformin" and r1.regulated == "hepatic gluconeogenesis"
    assert strip_markers(r1.hypothesis) == "Metformin inhibits hepatic gluconeogenesis in 40 patients."
    assert records["r3"].regulator is None


def test_bad_lines_are_reported(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"id": 1, "premise": "p", "hypothesis": "h"}\nnot json\n{"premise": "p"}\n', encoding="utf-8")
    items = list(read_records(path))
    assert isinstance(items[0], MechanismRecord)
    assert [(i.line, i.reason.split(":")[0]) for i in items[1:]] == [
        (2, "bad JSON"), (3, "needs \"premise\" and a non-empty \"hypothesis\" (strings)")]


def test_csv_reader(tmp_path):
    path = tmp_path / "bionli.csv"
    path.write_text("supp_set,conclusion,label_cat,ori_conclusion,pmid\n"
                    "\"A causes B.\",\"<re> A <er> inhibits <el> B <le>\",pos,"
                    "\"<re> A <er> inhibits <el> B <le>\",123\n",
                    encoding="utf-8")
    (record,) = list(read_records(path))
    assert record.pmid == "123" and record.regulator == "A"


def test_sen_swaps_names_keeps_markers(records, ctx):
    (p,) = sen(records["r2"], ctx)
    assert p.hypothesis == "<re> IL6 <er> is required for <el> TNF <le> release."
    assert p.label == "NOT_ENTAILMENT" and p.strategy == "SEN"
    assert sen(records["r3"], ctx) == []


def test_sen_and_sep_swap_only_entities_of_one_type(records, ctx):
    """A drug swapped with a process ("hepatic gluconeogenesis inhibits metformin") is nonsense, no
    negative a curator keeps; a gene with a protein family is one type."""
    assert sen(records["r1"], ctx) == [] and sep(records["r1"], ctx) == []
    assert ctx.skipped[("SEN", DIFFERENT_TYPES)] == 1
    (swapped,) = sen(records["r4"], ctx)
    assert swapped.hypothesis == "<re> ERK <er> cannot activate <el> KRAS <le>."


def test_sep_moves_the_phrases_with_their_markers(records, ctx):
    (p,) = sep(records["r2"], ctx)
    assert p.hypothesis == "<el> IL6 <le> release is required for <re> TNF <er>."
    assert sep(records["r3"], ctx) == []


def test_sre_uses_same_type_entities_of_the_premise(records, ctx):
    out = sre(records["r1"], ctx)
    assert {p.hypothesis.split(" <er>")[0] for p in out} == {"<re> Aspirin", "<re> Insulin"}   # sentence start
    assert all("drug" in p.edit for p in out)
    assert sre(records["r3"], ctx) == []


def test_sreo_uses_outside_vocabulary(records, ctx):
    out = sreo(records["r1"], ctx)
    assert {p.hypothesis.split(" <er>")[0] for p in out} == {"<re> Phenformin", "<re> Buformin"}
    assert len(out) == 2                                       # per_record caps the candidates


@pytest.mark.parametrize("rid, expected", [
    ("r1", "<re> Metformin <er> does not inhibit <el> hepatic gluconeogenesis <le> in 40 patients."),
    ("r2", "<re> TNF <er> is not required for <el> IL6 <le> release."),
    ("r4", "<re> KRAS <er> can activate <el> ERK <le>."),
])
def test_vneg_inflections(records, ctx, rid, expected):
    (p,) = vneg(records[rid], ctx)
    assert p.hypothesis == expected


def test_vneg_past_and_not_applicable(ctx):
    past = MechanismRecord("x", "p", "<re> A <er> induced <el> B <le>.")
    assert vneg(past, ctx)[0].hypothesis == "<re> A <er> did not induce <el> B <le>."
    assert vneg(MechanismRecord("y", "p", "<re> A <er> and <el> B <le> co-occur."), ctx) == []


def test_sn_takes_numbers_from_the_premise(records, ctx):
    out = sn(records["r1"], ctx)
    assert [p.hypothesis for p in out] == [
        "<re> Metformin <er> inhibits <el> hepatic gluconeogenesis <le> in 12 patients."]
    assert sn(records["r2"], ctx) == []


@pytest.mark.parametrize("text, expected", [
    ("<re> A <er> inhibits <el> B <le>", "<re> A <er> promotes <el> B <le>"),
    ("<re> A <er> inhibited <el> B <le>", "<re> A <er> promoted <el> B <le>"),
    ("Inhibition of <el> B <le> by <re> A <er>", "Promotion of <el> B <le> by <re> A <er>"),
    ("<re> A <er> up-regulates <el> B <le>", "<re> A <er> down-regulates <el> B <le>"),
    ("<re> A <er> is decreasing <el> B <le>", "<re> A <er> is increasing <el> B <le>"),
])
def test_lpr_keeps_inflection(ctx, text, expected):
    (p,) = lpr(MechanismRecord("x", "p", text), ctx)
    assert p.hypothesis == expected


def test_every_strategy_is_registered():
    assert list(STRATEGIES) == ["SEN", "SEP", "SRE", "SREO", "VNeg", "SN", "LPR"]


def test_typer_reads_openbel_namespaces(tmp_path):
    belns = tmp_path / "drugs.belns"
    belns.write_text("[Namespace]\nKeyword=CHEBI\n[Values]\nmetformin|A\nsalicylic acid|A\n", encoding="utf-8")
    typer = DictionaryTyper.from_files([belns])
    mentions = typer.mentions("Metformin and salicylic acid were given.")
    assert [(m.text, m.type) for m in mentions] == [("Metformin", SemType.CHEMICAL),
                                                    ("salicylic acid", SemType.CHEMICAL)]


def test_conclusion_extraction_and_marking():
    from monalog_perturb.bio.conclusions import conclusion_of, extract

    typer = DictionaryTyper()
    typer.add("metformin", "drug")
    typer.add("AMPK", "gene")
    abstract = ("Metformin was given to mice. AMPK was measured in the liver. "
                "Thus, we conclude that metformin activates AMPK in the liver.")
    record = extract("a1", abstract, typer)
    assert record.premise == "Metformin was given to mice. AMPK was measured in the liver."
    assert record.hypothesis == "<re> Metformin <er> activates <el> AMPK <le> in the liver."
    assert extract("a2", "Nothing is concluded. Only data.") is None
    assert extract("a3", "Data. In conclusion, mice sleep.", typer) is None          # no two entities
    assert conclusion_of("These results suggest that X binds Y.") == "X binds Y."


def test_runner_positives_balance_and_stats(records, ctx):
    from monalog_perturb.recipes.bionli import perturb

    recs = list(records.values())
    out, stats = perturb(recs, ["SEN", "VNeg"], ctx.typer, with_positives=True)
    assert [p.strategy for p in out if p.source == "r2"] == ["original", "SEN", "VNeg"]
    assert [p.strategy for p in out if p.source == "r1"] == ["original", "VNeg"]       # a drug and a process
    assert stats.records == 4 and stats.applicable["SEN"] == 2 and stats.produced["VNeg"] == 4
    assert "SEN" in stats.table(["SEN", "VNeg"])
    balanced, stats = perturb(recs, ["SEN", "VNeg"], ctx.typer, balance=1)
    assert sorted(p.strategy for p in balanced) == ["SEN", "VNeg"]
    again, _ = perturb(recs, ["SEN", "VNeg"], ctx.typer, balance=1)
    assert again == balanced                                                            # seeded


def test_cli_perturb_bionli(tmp_path, capsys):
    import json

    from monalog.cli import main

    vocab = tmp_path / "vocab.tsv"
    vocab.write_text("metformin\tdrug\naspirin\tdrug\ninsulin\tdrug\n", encoding="utf-8")
    out = tmp_path / "neg.jsonl"
    assert main(["perturb", "bionli", str(DATA), "-o", str(out), "--vocab", str(vocab),
                 "--strategies", "SEN,SRE,LPR", "--seed", "3"]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert {r["provenance"]["strategy"] for r in rows} == {"SEN", "SRE", "LPR"}
    assert all(set(r) == {"source", "original", "text", "label", "recipe", "edit", "scores", "provenance", "premise"}
               for r in rows)
    assert all(r["original"][:r["edit"]["span"][0]] + r["edit"]["after"] + r["original"][r["edit"]["span"][1]:]
               == r["text"] for r in rows)
    assert "strategy" in capsys.readouterr().err
    assert main(["perturb", "bionli", str(DATA), "-o", str(out), "--strategies", "XYZ"]) == 2


def test_consistency_metric_table_and_plot(tmp_path, capsys):
    import json

    from monalog_perturb.bio.consistency import consistency
    from monalog.cli import main

    rows = [{"source": "a", "label": "NOT_ENTAILMENT", "prediction": "CONTRADICTION"},
            {"source": "a", "label": "NOT_ENTAILMENT", "prediction": "ENTAILMENT"},
            {"source": "b", "label": "NOT_ENTAILMENT", "prediction": "NEUTRAL"},
            {"source": "b", "label": "ENTAILMENT", "prediction": "ENTAILMENT"}]
    result = consistency(rows)
    assert result.mechanisms == 2
    assert result.shares[0] == 1.0 and result.shares[50] == 1.0
    assert result.shares[60] == 0.5 and result.shares[100] == 0.5
    path = tmp_path / "pred.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    png = tmp_path / "consistency.png"
    assert main(["perturb", "consistency", str(path), "--png", str(png)]) == 0
    assert "mechanisms" in capsys.readouterr().out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_packaged_vocabularies_type_real_names():
    from monalog_perturb.knowledge.registry import typed_names

    famplex = Path(__file__).parents[3] / "shared" / "data" / "bio" / "famplex" / "entities.csv"
    if not famplex.exists():
        pytest.skip(f"FamPlex entities not found at {famplex}")
    typer = DictionaryTyper()
    for source in ("drugs", "hpo", f"famplex:{famplex}"):
        for name, type_ in typed_names(source):
            typer.add(name, type_)
    assert typer.type_of("metformin") == SemType.CHEMICAL
    assert typer.type_of("Seizure") == SemType.DISEASE
    assert typer.type_of("ERK") == SemType.GENE_PROTEIN


def test_natural_logic_positives_keep_entities_and_polarity(parser):
    from monalog_perturb.bio.positives import positives

    records = [MechanismRecord("1", "p",
                               "<re> Metformin <er> strongly inhibits <el> gluconeogenesis <le> in obese mice."),
               MechanismRecord("2", "p", "<re> TNF <er> is not required for <el> IL6 <le> release in human cells.")]
    out = positives(records, parser)
    # the PP is dropped, nothing comes from the negated record; whether "strongly" is dropped too
    # depends on the tagger reading it as an adverb (the shipped one reads "Metformin strongly" as a
    # noun compound: see issue 13's note)
    hypotheses = {p.hypothesis for p in out}
    assert "<re> Metformin <er> strongly inhibits <el> gluconeogenesis <le>." in hypotheses
    assert hypotheses <= {"<re> Metformin <er> strongly inhibits <el> gluconeogenesis <le>.",
                          "<re> Metformin <er> inhibits <el> gluconeogenesis <le> in obese mice."}
    assert all(p.label == "ENTAILMENT" and p.source == "1" and "↑" in p.edit for p in out)


def test_cli_from_medline_abstracts(tmp_path, capsys):
    import json

    from monalog.cli import main

    medline = tmp_path / "abstracts.txt"
    medline.write_text("PMID- 111\nAB  - Metformin was given to mice. AMPK was measured.\n"
                       "      In conclusion, metformin activates AMPK in the liver.\n\nPMID- 222\nAB  - Only data.\n",
                       encoding="utf-8")
    vocab = tmp_path / "vocab.tsv"
    vocab.write_text("metformin\tdrug\nAMPK\tgene\n", encoding="utf-8")
    out = tmp_path / "neg.jsonl"
    assert main(["perturb", "bionli", str(medline), "--abstracts", "--vocab", str(vocab), "-o", str(out),
                 "--strategies", "SEN,LPR", "--nl-positives", "--any-type-swaps"]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert {r["source"] for r in rows} == {"111"}
    assert {r["provenance"]["strategy"] for r in rows} >= {"SEN", "NL-drop"}
    assert "abstract 222" in capsys.readouterr().err


def test_spacy_phrase_matcher_agrees_with_the_dictionary(ctx):
    from monalog_perturb.bio.entity_typing import SpacyTyper

    spacy_typer = SpacyTyper(ctx.typer.names)
    text = "Metformin and aspirin lower hepatic gluconeogenesis; TNF was high."
    assert [(m.text, m.type) for m in spacy_typer.mentions(text)] == \
        [(m.text, m.type) for m in ctx.typer.mentions(text)] == \
        [("Metformin", SemType.CHEMICAL), ("aspirin", SemType.CHEMICAL), ("hepatic gluconeogenesis", SemType.PROCESS),
         ("TNF", SemType.GENE_PROTEIN)]


def test_missing_ner_model_is_a_clear_error():
    from monalog_perturb.bio.entity_typing import NerTyper
    from monalog.errors import ResourceError

    with pytest.raises(ResourceError, match="not installed"):
        NerTyper("en_core_sci_md_not_here")


@pytest.mark.slow
def test_cli_with_spacy_matcher(tmp_path):
    import json

    from monalog.cli import main

    vocab = tmp_path / "vocab.tsv"
    vocab.write_text("metformin\tdrug\naspirin\tdrug\ninsulin\tdrug\n", encoding="utf-8")
    out = tmp_path / "neg.jsonl"
    assert main(["perturb", "bionli", str(DATA), "-o", str(out), "--vocab", str(vocab), "--matcher", "spacy",
                 "--strategies", "SRE"]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert rows and all(r["provenance"]["strategy"] == "SRE" and "drug" in r["provenance"]["description"]
                        for r in rows)


def test_generalisation_positives_only_in_upward_positions(parser):
    from monalog_perturb.bio.positives import generalisations
    from monalog_perturb.bio.vocabularies import hpo_parents

    up = MechanismRecord("1", "p", "<re> Valproate <er> reduces <el> Seizure <le> frequency.")
    down = MechanismRecord("2", "p", "<re> Valproate <er> does not cause <el> Seizure <le>.")
    out = generalisations([up, down], hpo_parents, "HPO", parser)
    assert [p.source for p in out] == ["1"]
    assert out[0].hypothesis == "<re> Valproate <er> reduces <el> Abnormal nervous system physiology <le> frequency."
    assert out[0].label == "ENTAILMENT" and "≤" in out[0].edit


def test_a_records_rows_do_not_depend_on_the_records_before_it(records, ctx):
    """Each record's random choices are seeded by (seed, record id): a resumed run (the later records
    alone) writes what an uninterrupted one writes, and `--strategies ''` is refused."""
    from monalog_perturb.recipes.bionli import BioNLIGenerator, BioNLIOptions

    recs = list(records.values())

    def rows(chosen):
        generator = BioNLIGenerator(["SEN", "SRE", "SREO", "SN"], ctx.typer, seed=5, per_record=2)
        generator.prepare(recs, ctx.outside)
        return {r.id: generator(r) for r in chosen}

    whole = rows(recs)
    assert rows(recs[2:]) == {r.id: whole[r.id] for r in recs[2:]}
    assert rows(recs[::-1]) == whole
    with pytest.raises(ValueError, match="no strategies"):
        BioNLIOptions(strategies="").strategy_list()
