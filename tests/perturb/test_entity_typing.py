"""Entity recognition and typing a biologist would accept (issue 17, item 1). The cases were written
before the thresholds were tuned: the failures found by hand (common words typed as genes or
phenotypes, vocabulary names as types, parts of longer names, p53 never found) and the names that must
stay (metformin, aspirin, p53, IL-6, VEGF, calpain)."""
from __future__ import annotations

import pytest

from monalog_perturb.bio.abbreviations import find_abbreviations, schwartz_hearst
from monalog_perturb.bio.entity_typing import DictionaryTyper
from monalog_perturb.bio.semtypes import SemType, from_belns, from_mesh_trees, from_tuis, parse_label

G, C, D, P = SemType.GENE_PROTEIN, SemType.CHEMICAL, SemType.DISEASE, SemType.PROCESS


@pytest.fixture(scope="module")
def default_typer():
    """The typer every generator gets with default options: all bundled vocabularies."""
    from monalog_perturb.recipes.bionli import make_typer

    return make_typer()


# sentence, (text, type) that must be found, texts that must not be mentions
CASES = [
    ("Mice treated with metformin had lower glucose levels.", [("metformin", C), ("glucose", C)], ["Mice"]),
    ("Aspirin was given to patients with severe asthma.", [("Aspirin", C), ("asthma", D)], ["was", "severe"]),
    ("The impact of calpain on VEGF and IL-6 release was moderate.", [("calpain", G), ("VEGF", G), ("IL-6", G)],
     ["impact", "was", "moderate"]),
    ("Loss of p53 increases the frequency of tumors.", [("p53", G)], ["frequency"]),
    ("SARS-CoV-2 infection causes fever in most patients.", [], ["SARS", "CoV"]),
    ("Patients with dengue fever had thrombocytopenia.", [("thrombocytopenia", D)], ["dengue", "fever"]),
    ("α-tocopheryl acetate did not reduce the incidence of hypertension.", [("hypertension", D)], ["acetate"]),
    ("Chronic kidney disease (CKD) progression is not slowed by folic acid.",
     [("Chronic kidney disease", D), ("folic acid", C)], ["kidney disease", "CKD"]),
    ("Tyrosine kinase inhibitors (TKIs) improve survival in leukemia.", [], ["Tyrosine", "TKIs"]),
    ("The antagonist blocked the receptor in a dose-dependent manner.", [], ["antagonist", "receptor"]),
    ("Memory T cells respond to the ligand.", [], ["Memory", "ligand"]),
    ("Apolipoprotein E4 carriers have higher cholesterol.", [("cholesterol", C)], ["Apolipoprotein"]),
    ("Retinal toxicity follows long-term chloroquine use.", [("chloroquine", C)], ["Retinal"]),
    ("Tamoxifen reduces the recurrence of breast cancer.", [("Tamoxifen", C)], []),
    ("BRCA1 mutations predispose to melanoma.", [("BRCA1", G), ("melanoma", D)], []),
    ("TNF-alpha induces apoptosis in hepatocytes.", [("TNF-alpha", G), ("apoptosis", P)], []),
    ("Insulin resistance is associated with obesity.", [("Insulin resistance", D), ("obesity", D)], ["Insulin"]),
    ("IL-6-induced STAT3 activation requires JAK2.", [("IL-6", G), ("STAT3", G), ("JAK2", G)], []),
    ("Nitric oxide synthase activity was reduced by tamoxifen.", [("tamoxifen", C)], ["Nitric oxide"]),
    ("Hypertension and diabetes mellitus increase the risk of seizures.", [("Hypertension", D),
                                                                             ("diabetes mellitus", D)], []),
    ("Water intake and gold nanoparticles had a strong impact on growth.", [], ["Water", "gold", "impact",
                                                                               "growth"]),
    ("Moderate exercise lowers the frequency of severe attacks.", [], ["Moderate", "frequency", "severe"]),
    ("Metformin activates AMPK in the liver.", [("Metformin", C), ("AMPK", G)], []),
    ("Caffeine and nicotine increase dopamine release.", [("Caffeine", C), ("nicotine", C), ("dopamine", C)], []),
    ("Lithium lowers the risk of dementia.", [("Lithium", C), ("dementia", D)], []),
    # found in the judged sample (bionli_sample_typing.md), after the threshold was set
    ("Emodin forms hydrogen bonds and rearranges the actin cytoskeleton.", [], ["hydrogen", "actin"]),
    ("NAC inhibits the generation of angiotensin-converting enzyme.", [], ["angiotensin"]),
]


@pytest.mark.parametrize("text,found,absent", CASES, ids=[c[0][:40] for c in CASES])
def test_default_typing(default_typer, text, found, absent):
    got = [(m.text, m.type) for m in default_typer.mentions(text)]
    for item in found:
        assert item in got
    assert not {m for m, _ in got} & set(absent)
    for m in default_typer.mentions(text):
        assert text[m.start:m.end] == m.text and isinstance(m.type, SemType)


def test_types_are_semantic_not_source_names(default_typer):
    assert default_typer.type_of("calpain") == G          # an enzyme (MeSH D08.811), not "drug"
    assert default_typer.type_of("IL-6") == G and default_typer.type_of("VEGF") == G
    assert default_typer.type_of("aspirin") == C and default_typer.type_of("metformin") == C
    assert default_typer.type_of("Seizure") == D
    assert default_typer.type_of("p53") == G
    assert default_typer.type_of("severe") is None and default_typer.type_of("was") is None


def test_sources_are_listed(default_typer):
    text = default_typer.describe()
    assert all(name in text for name in ("famplex", "drugs", "hpo"))


def test_symbols_are_case_sensitive_when_they_are_words():
    typer = DictionaryTyper()
    for symbol in ("WAS", "IMPACT", "MICE", "SET", "ESRRB"):
        typer.add(symbol, "HGNC")
    text = "Mice with WAS mutations: the impact was set by Esrrb and IMPACT."
    assert [(m.text, m.type) for m in typer.mentions(text)] == [("WAS", G), ("Esrrb", G), ("IMPACT", G)]


def test_unambiguous_names_stay_and_stop_words_go():
    typer = DictionaryTyper()
    typer.add("cold", "disease")
    typer.add("lead", "chemical", unambiguous=True)
    typer.add("antagonist", "chemical")
    assert typer.type_of("cold") is None and typer.type_of("antagonist") is None
    assert typer.type_of("lead") == C


def test_unknown_type_labels_are_refused():
    with pytest.raises(ValueError):
        DictionaryTyper().add("metformin", "flavour")


def test_acronym_takes_the_type_of_its_long_form():
    typer = DictionaryTyper()
    typer.add("kidney disease", "disease")
    typer.add("CKD", "chemical")
    text = "Chronic kidney disease (CKD) is common; CKD patients respond to metformin."
    got = [(m.text, m.type, m.long_form) for m in typer.mentions(text)]
    assert got == [("Chronic kidney disease", D, None), ("CKD", D, "Chronic kidney disease")]


def test_no_part_of_a_known_longer_term():
    typer = DictionaryTyper()
    for name, type_ in [("SARS", "organism"), ("SARS-CoV-2", "organism"), ("dengue", "disease"),
                        ("acetate", "chemical"), ("alpha-tocopheryl acetate", "chemical")]:
        typer.add(name, type_)
    got = [m.text for m in typer.mentions("SARS-CoV-2 and α-tocopheryl acetate; SARS. Dengue virus.")]
    assert got == ["SARS-CoV-2", "α-tocopheryl acetate", "SARS"]


@pytest.mark.parametrize("text,pairs", [
    ("Chronic kidney disease (CKD) progression", [("Chronic kidney disease", "CKD")]),
    ("tyrosine kinase inhibitors (TKIs) work", [("tyrosine kinase inhibitors", "TKIs")]),
    ("a T helper 2 cell (Th2) environment", [("T helper 2 cell", "Th2")]),
    ("vascular endothelial growth factor (VEGF) and interleukin-6 (IL-6)",
     [("vascular endothelial growth factor", "VEGF"), ("interleukin-6", "IL-6")]),
    ("CKD (chronic kidney disease) is common", [("chronic kidney disease", "CKD")]),
    ("in 12 patients (n = 12) at baseline (p < 0.05) (see above)", []),
])
def test_abbreviations(text, pairs):
    for found in (schwartz_hearst(text), find_abbreviations(text)):
        got = [(text[a.long_start:a.long_end], text[a.short_start:a.short_end]) for a in found]
        assert got == pairs


def test_scispacy_detector_when_installed():
    pytest.importorskip("scispacy.abbreviation")
    from monalog_perturb.bio.abbreviations import scispacy_abbreviations

    text = "Chronic kidney disease (CKD) progression; tyrosine kinase inhibitors (TKIs)."
    found = scispacy_abbreviations(text)
    assert [(text[a.long_start:a.long_end], a.short) for a in found] == [
        ("Chronic kidney disease", "CKD"), ("tyrosine kinase inhibitors", "TKIs")]


@pytest.mark.parametrize("label,expected", [
    ("drug", C), ("gene", G), ("protein family", G), ("phenotype", D), ("CELL_LINE", SemType.CELL),
    ("GENE_OR_GENE_PRODUCT", G), ("T116", G), ("T047", D), ("HGNC", G), ("CHEBI", C), ("GOBP", P),
    ("organism", SemType.ORGANISM), ("anatomy", SemType.ANATOMY), ("flavour", None)])
def test_labels(label, expected):
    assert parse_label(label) == expected


def test_mappings():
    assert from_mesh_trees(["D08.811.277.656.300.200.120"]) == G               # calpain: an enzyme
    assert from_mesh_trees(["D12.644.276.374.465.224", "D23.529.374.465.224"]) == G   # IL-6
    assert from_mesh_trees(["D02.455.426.559.389.657.410.595.176"]) == C      # aspirin
    assert from_mesh_trees(["C04.557"]) == D and from_mesh_trees(["B04.820"]) == SemType.ORGANISM
    assert from_mesh_trees(["A11.329"]) == SemType.CELL and from_mesh_trees(["A01.236"]) == SemType.ANATOMY
    assert from_mesh_trees(["G04.299"]) == P and from_mesh_trees([]) is None
    assert from_tuis({"T116", "T121"}) == G and from_tuis({"T121"}) == C and from_tuis({"T047"}) == D
    assert from_tuis({"T025"}) == SemType.CELL and from_tuis({"T005"}) == SemType.ORGANISM
    assert from_tuis({"T043"}) == P and from_tuis({"T023"}) == SemType.ANATOMY and from_tuis({"T078"}) is None
    assert from_belns("HGNC", "Gene and Gene Products") == G and from_belns("MESHD", "Biological Process") == D
    assert from_belns("GOBP", "Biological Process") == P and from_belns("SFAM", "Gene/Protein") == G


def test_cli_default_options_type_entities_and_list_sources_once(tmp_path, capsys):
    import json

    from monalog.cli import main

    records = tmp_path / "records.jsonl"
    records.write_text(json.dumps({"id": "1", "premise": "Aspirin and tamoxifen were given; glucose was measured.",
                                   "hypothesis": "<re> Metformin <er> lowers <el> insulin <le> levels."}) + "\n"
                       + json.dumps({"id": "2", "premise": "Caffeine was given to rats.",
                                     "hypothesis": "<re> Caffeine <er> raises <el> cortisol <le> levels."}) + "\n",
                       encoding="utf-8")
    out = tmp_path / "neg.jsonl"
    assert main(["perturb", "bionli", str(records), "-o", str(out), "--strategies", "SRE,SREO"]) == 0
    err = capsys.readouterr().err
    assert err.count("entity typing:") == 1 and all(s in err for s in ("famplex", "drugs", "hpo"))
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert {r["provenance"]["strategy"] for r in rows} == {"SRE", "SREO"}
    sre = next(r for r in rows if r["provenance"]["strategy"] == "SRE" and r["source"] == "1")
    assert "Metformin" not in sre["text"] and "(both chemical/drug)" in sre["provenance"]["description"]


def test_a_known_name_holding_the_long_form_is_the_entity():
    typer = DictionaryTyper()
    typer.add("increased sensitivity to ionizing radiation", "phenotype")
    typer.add("ROS", "gene")
    text = "Mice reveal increased sensitivity to ionizing radiation (IR); IR is high. Reactive oxygen species (ROS)."
    got = [(m.text, m.type) for m in typer.mentions(text)]
    # IR names the phenotype's radiation, typed with the name that holds it; "ROS" in its definition
    # keeps its own (dictionary) type but does not type its untyped long form
    assert got == [("increased sensitivity to ionizing radiation", D), ("IR", D), ("ROS", G)]
