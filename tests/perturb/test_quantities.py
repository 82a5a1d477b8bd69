"""Which numbers SN and EvoNLI may change: quantities yes, numbers inside names (identifiers) never.
The cases were written before the rule was tuned; each is (text, the number in it, may change?)."""
import pytest

from monalog_perturb.bio.quantities import identifier_spans, is_changeable_quantity, quantities


def _at(text: str, number: str) -> tuple[int, int]:
    start = text.index(number)
    return start, start + len(number)


IDENTIFIERS = [
    ("IL-6 levels rose", "6"),
    ("IL-17 was high", "17"),
    ("IL6 was high", "6"),
    ("patients with COVID-19 died", "19"),
    ("SARS-CoV-2 infects cells", "2"),
    ("H1299 cells were used", "1299"),
    ("MCF-7 cells grew", "7"),
    ("in MDA-MB-231 cells", "231"),
    ("p53 is mutated", "53"),
    ("CD4 T cells", "4"),
    ("CD4+ T cells", "4"),
    ("H1N1 influenza", "1"),
    ("5'-nucleotidase activity", "5"),
    ("the 3' UTR of the gene", "3"),
    ("2019-nCoV spread", "2019"),
    ("T2DM patients", "2"),
    ("type 2 diabetes", "2"),
    ("phase 3 trial", "3"),
    ("stage 4 cancer", "4"),
    ("grade 3 toxicity", "3"),
    ("on chromosome 17", "17"),
    ("exon 19 deletions", "19"),
    ("as shown in Figure 2", "2"),
    ("miR-21 expression", "21"),
    ("Th17 cells", "17"),
    ("CYP3A4 activity", "3"),
    ("HbA1c was lower", "1"),
    ("3T3-L1 adipocytes", "3"),
    ("HEK293T cells", "293"),
    ("4T1 tumours", "4"),
    ("5-HT release", "5"),
    ("5-FU treatment", "5"),
    ("1,25-dihydroxyvitamin D3 levels", "25"),
    ("vitamin D3 levels", "3"),
    ("BRCA1 carriers", "1"),
    ("HER2 positive", "2"),
    ("the V600E mutation", "600"),
    ("TGF-β1 signalling", "1"),
    ("IL-6/STAT3 signalling", "3"),
    ("a 3D culture", "3"),
    ("H2O2 production", "2"),
    ("ApoE4 carriers", "4"),
    ("A T helper 2 cell (Th2) environment", "2"),
    ("type 1 interferon (IFN1) signalling", "1"),
    ("BRCA 1 mutations", "1"),
    ("PGE 2 suppresses", "2"),
    ("glutaminase 2 levels", "2"),
    ("caspase 3 activity", "3"),
    ("RIP kinase 1 activity", "1"),
    ("domain-containing protein 5 mRNA", "5"),
    ("domain-containing <el> protein <le> 5 mRNA", "5"),
]

QUANTITIES = [
    ("a 5-fold increase", "5"),
    ("a 2.5-fold increase", "2.5"),
    ("in 12 patients", "12"),
    ("3.5 mg daily", "3.5"),
    ("3.5mg daily", "3.5"),
    ("in 40% of cases", "40"),
    ("(40%) of cases", "40"),
    ("P < 0.05", "0.05"),
    ("P<0.05", "0.05"),
    ("(n=12)", "12"),
    ("after 2 weeks", "2"),
    ("a 5-year-old child", "5"),
    ("a 12-week trial", "12"),
    ("10-20 patients", "10"),
    ("10-20 patients", "20"),
    ("10mg/kg body weight", "10"),
    ("within 24h of onset", "24"),
    ("1,000 patients", "1,000"),
    ("29/121 patients", "121"),
    ("reduced by 30 %", "30"),
    ("at day 7", "7"),
    ("in 2019 the rate fell", "2019"),
    ("a 2x higher risk", "2"),
    ("HR 0.8, 95% CI", "0.8"),
    ("HR 0.8, 95% CI", "95"),
    ("mortality fell to 12.", "12"),
    ("the 10 μM dose", "10"),
    ("in 12 patients (12%)", "12"),
    ("a BMI 30 or higher", "30"),
    ("OR 2.5 for stroke", "2.5"),
    ("SARS-CoV-2 infected 40 patients", "40"),
    ("a 20 kDa protein", "20"),
]


@pytest.mark.parametrize("text, number", IDENTIFIERS)
def test_numbers_inside_names_are_never_quantities(text, number):
    start, end = _at(text, number)
    assert not is_changeable_quantity(text, start, end)
    assert all(not (q.start < end and start < q.end) for q in quantities(text))


@pytest.mark.parametrize("text, number", QUANTITIES)
def test_real_quantities_may_change(text, number):
    start, end = _at(text, number)
    assert is_changeable_quantity(text, start, end)
    assert any(q.start == start and q.end == end for q in quantities(text))


@pytest.mark.parametrize("text, number", [("the 2nd week", "2"), ("the 21st day", "21")])
def test_ordinals_are_left_alone(text, number):
    assert not is_changeable_quantity(text, *_at(text, number))       # "2nd" -> "12nd" would not agree


def test_quantities_carry_their_kind():
    kinds = {q.text: q.kind for q in quantities("In 2019, 40% of 12 patients had 0.5 mg/L.")}
    assert kinds == {"2019": "year", "40": "percent", "12": "integer", "0.5": "decimal"}


def test_identifier_spans_are_whole_tokens():
    text = "IL-6 and COVID-19 in 12 patients (MCF-7), 5-fold."
    assert [text[s:e] for s, e in identifier_spans(text)] == ["IL-6", "COVID-19", "MCF-7"]


def test_not_a_number_span_is_refused():
    with pytest.raises(ValueError):
        is_changeable_quantity("IL-6 rose", 0, 2)
