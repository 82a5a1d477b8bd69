"""The proof explorer page (monalog/server/static) driven in a real, headless Chromium against the real
server (the `live_server` fixture of tests/server/conftest.py). Each test saves screenshots of the
states it reaches under its tmp_path."""
from __future__ import annotations

import csv
import json
import os
import shutil
from importlib import resources

import pytest

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install -e .[test])")
expect = sync_api.expect

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="these tests drive a real browser and no chromium binary "
                                "is on PATH (Debian: apt-get install chromium)")

UI_MS = 5_000          # anything the page does on its own
PROVE_MS = 30_000      # a proof: the first one may still be warming up the parser and WordNet
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 800}
ENTAILED = ("A man is playing a red guitar", "A person is playing a guitar")   # a bundled ENTAILMENT pair
ARROWS = {"↑", "↓", "="}

# Every visible text element against its effective background: WCAG AA (4.5:1, 3:1 for large text).
CONTRAST_JS = """() => {
  const rgb = (s) => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const background = (el) => {
    for (; el; el = el.parentElement) {
      const c = rgb(getComputedStyle(el).backgroundColor);
      if (c.length === 3 || c[3] > 0.5) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const bad = [];
  for (const el of document.querySelectorAll("body *")) {
    if (el.closest("svg") || el.closest(".visually-hidden")) continue;
    const text = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join("").trim();
    const box = el.getBoundingClientRect();
    if (!text || !box.width || !box.height) continue;
    const style = getComputedStyle(el);
    const a = lum(rgb(style.color)), b = lum(background(el));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const size = parseFloat(style.fontSize), bold = Number(style.fontWeight) >= 700;
    const large = size >= 24 || (bold && size >= 18.66);
    if (ratio < (large ? 3 : 4.5)) bad.push(`${text.slice(0, 30)}: ${ratio.toFixed(2)}`);
  }
  return bad;
}"""


def bundled_pairs() -> list[tuple[str, str]]:
    text = resources.files("monalog").joinpath("data/demo_pairs.tsv").read_text(encoding="utf-8")
    return [(row["premise"], row["hypothesis"]) for row in csv.DictReader(text.splitlines(), delimiter="\t")]


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        args = ["--no-sandbox"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=args)
        yield browser
        browser.close()


@pytest.fixture
def base_url(request) -> str:
    """The real server's URL, from the `live_server` fixture of tests/server/conftest.py."""
    try:
        live_server = request.getfixturevalue("live_server")
    except pytest.FixtureLookupError:
        pytest.skip("no live_server fixture (tests/server/conftest.py starts `monalog serve`)")
    return str(live_server).rstrip("/")


@pytest.fixture
def open_page(browser, base_url):
    """open_page(viewport) -> a page on the explorer; fails the test on any uncaught script error or any
    request that leaves the server (the page must work offline)."""
    contexts, errors, outside = [], [], []

    def opener(viewport=DESKTOP):
        context = browser.new_context(viewport=viewport)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(UI_MS)
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("request", lambda request: None if request.url.startswith((base_url, "data:"))
                else outside.append(request.url))
        page.goto(base_url + "/", timeout=10_000)
        return page

    yield opener
    for context in contexts:
        context.close()
    assert not errors, f"script errors on the page: {errors}"
    assert not outside, f"the page fetched from outside the server: {outside}"


def shot(page, tmp_path, name: str) -> None:
    page.screenshot(path=str(tmp_path / f"{name}.png"), full_page=True)


def prove(page, premise: str, hypothesis: str) -> None:
    page.get_by_label("Premise", exact=True).fill(premise)
    page.get_by_label("Hypothesis", exact=True).fill(hypothesis)
    page.get_by_role("button", name="Prove").click()


def post_prove(page, base_url: str, premise: str, hypothesis: str):
    """The server's own answer, asked directly (what the page should show)."""
    body = {"premise": premise, "hypothesis": hypothesis, "options": {"depth": 2}}
    return page.request.post(f"{base_url}/api/prove", data=json.dumps(body), timeout=PROVE_MS,
                             headers={"Content-Type": "application/json"})


def wait_for_verdict(page):
    badge = page.locator("#verdict .label-badge .label-name")
    expect(badge).to_be_visible(timeout=PROVE_MS)
    return badge


def test_page_loads_with_form_and_examples(open_page, tmp_path):
    page = open_page()
    expect(page).to_have_title("monalog proof explorer")
    expect(page.get_by_role("heading", level=1)).to_have_text("monalog proof explorer")
    for label in ("Bundled example", "Premise", "Hypothesis", "Search depth"):
        expect(page.get_by_label(label)).to_be_visible()
    expect(page.get_by_role("button", name="Prove")).to_be_visible()
    pairs = bundled_pairs()
    options = page.locator("#example option")
    expect(options).to_have_count(len(pairs) + 1)        # a "choose one" prompt, then each pair
    texts = options.all_text_contents()
    for premise, hypothesis in pairs:
        assert any(premise in t and hypothesis in t for t in texts), (premise, hypothesis, texts)
    shot(page, tmp_path, "loaded")


def test_proving_a_bundled_example_shows_label_trees_edits_and_path(open_page, tmp_path):
    page = open_page()
    premise, hypothesis = ENTAILED
    page.get_by_label("Bundled example").select_option(label=f"{premise} ⟶ {hypothesis}")
    expect(page.get_by_label("Premise")).to_have_value(premise)
    expect(page.get_by_label("Hypothesis")).to_have_value(hypothesis)
    page.get_by_role("button", name="Prove").click()

    badge = wait_for_verdict(page)
    expect(badge).to_have_text("ENTAILMENT")                   # the label in words, not only a colour
    expect(page.locator("#verdict")).to_have_attribute("aria-live", "polite")
    expect(page.get_by_role("status")).to_contain_text("ENTAILMENT")

    # both derivations: every node has its category and one polarity arrow, leaves show the words
    for key, sentence in (("premise", premise), ("hypothesis", hypothesis)):
        tree = page.locator(f"#tree-{key}")
        expect(tree.get_by_role("heading")).to_have_text(key.capitalize())
        assert tree.locator(".ccg.leaf .word").all_text_contents() == sentence.split()
        nodes = tree.locator(".ccg")
        assert nodes.count() >= 2 * len(sentence.split()) - 1
        arrows = tree.locator(".ccg .pol > [aria-hidden]").all_text_contents()
        assert len(arrows) == nodes.count() and set(arrows) <= ARROWS, arrows
        assert tree.locator(".ccg .cat").first.text_content() == "S[dcl]"

    # the proof: man -> person (↑, WordNet), then "red" dropped
    edits = page.locator("#proof-panel .edits > li")
    expect(edits).to_have_count(2)
    first = edits.nth(0)
    expect(first.locator("mark")).to_have_text("man")
    expect(first.locator("ins")).to_have_text("person")
    expect(first).to_contain_text("↑")
    expect(first.locator(".fact")).to_contain_text("man ≤ person (WordNet; man.n.01 is a kind of person.n.01)")
    expect(first).to_contain_text("A person is playing a red guitar")
    expect(edits.nth(1).locator("mark")).to_have_text("red")
    expect(edits.nth(1).locator("del")).to_have_text("red")

    # the search graph: the proof path runs from the premise to the hypothesis, highlighted
    graph = page.locator("#graph-panel svg")
    expect(graph).to_be_visible()
    path_nodes = graph.locator(".node.on-path")
    expect(path_nodes).to_have_count(3)
    expect(graph.locator(".edge.on-path")).to_have_count(2)
    path_texts = [t.split(" (on the proof path)")[0] for t in path_nodes.locator("title").all_text_contents()]
    assert path_texts[0] == premise and path_texts[-1] == hypothesis, path_texts
    stroke = graph.locator(".edge.on-path").first.evaluate("e => parseFloat(getComputedStyle(e).strokeWidth)")
    assert stroke > graph.locator(".edge:not(.on-path)").first.evaluate(
        "e => parseFloat(getComputedStyle(e).strokeWidth)")

    assert page.evaluate(CONTRAST_JS) == []
    shot(page, tmp_path, "entailment")


@pytest.mark.parametrize("case", ["empty premise", "5000 characters"])
def test_bad_input_shows_the_servers_error(open_page, base_url, tmp_path, case):
    page = open_page()
    premise = "" if case == "empty premise" else "dog " * 1250
    answer = post_prove(page, base_url, premise, "A dog runs")
    assert 400 <= answer.status < 500
    message = answer.json()["error"]
    assert message

    prove(page, *ENTAILED)                                  # a pair answered first: the address names it
    expect(wait_for_verdict(page)).to_have_text("ENTAILMENT")
    prove(page, premise, "A dog runs")
    alert = page.get_by_role("alert")
    expect(alert).to_be_visible(timeout=PROVE_MS)
    expect(alert).to_contain_text(message)
    expect(alert).to_contain_text("Error in the premise: ")               # which box it is about
    expect(page.get_by_label("Premise", exact=True)).to_have_attribute("aria-invalid", "true")
    assert "guitar" not in page.url                         # not the previous pair's address
    expect(page.locator("#verdict .label-badge")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    shot(page, tmp_path, case.replace(" ", "-"))

    # a good pair afterwards clears the alert
    prove(page, *ENTAILED)
    expect(wait_for_verdict(page)).to_have_text("ENTAILMENT")
    expect(alert).to_be_hidden()


def test_phone_width_has_no_page_level_horizontal_scroll(open_page, tmp_path):
    page = open_page(PHONE)
    width = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    assert page.evaluate(width)
    shot(page, tmp_path, "phone-loaded")
    prove(page, "No animal is running in the park", "No dog is running in the park")
    expect(wait_for_verdict(page)).to_have_text("ENTAILMENT")
    expect(page.locator("#graph-panel svg")).to_be_visible()
    assert page.evaluate(width), page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    # wide content scrolls inside its own panel, and that panel fits the screen
    for panel in page.locator(".scroll").all():
        box = panel.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert page.evaluate(CONTRAST_JS) == []
    shot(page, tmp_path, "phone-result")


def test_keyboard_only_flow(open_page, tmp_path):
    page = open_page()
    order = []
    for _ in range(6):
        page.keyboard.press("Tab")
        order.append(page.evaluate("document.activeElement.id || document.activeElement.className"))
    assert order == ["skip", "example", "premise", "hypothesis", "depth", "prove"], order
    # focus is visible on every control
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"

    for _ in range(3):                                  # back from Prove to the premise
        page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.id") == "premise"
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    page.keyboard.press("Control+A")
    page.keyboard.type("No animal is running in the park")
    page.keyboard.press("Tab")
    page.keyboard.press("Control+A")
    page.keyboard.type("No dog is running in the park")
    page.keyboard.press("Enter")

    expect(wait_for_verdict(page)).to_have_text("ENTAILMENT")
    step = page.locator("#proof-panel .edits > li").first
    expect(step.locator("mark")).to_have_text("animal")
    expect(step).to_contain_text("↓ downward position")           # "no" makes its noun downward
    leaves = page.locator("#tree-premise .ccg.leaf")
    expect(leaves.nth(1).locator(".pol > [aria-hidden]")).to_have_text("↓")
    assert page.evaluate("document.activeElement.id") == "hypothesis"   # focus stays where the user was
    # the scrolling panels take keyboard focus too
    page.locator(".tree-scroll").first.focus()
    assert page.evaluate("document.activeElement.getAttribute('role')") == "region"
    shot(page, tmp_path, "keyboard")


def test_big_graph_is_capped_and_server_text_is_never_markup(open_page, base_url, tmp_path):
    """A recorded answer with a 150-sentence graph (served by the test, the page is real): the drawing
    stops at 60 sentences and says so, keeps the whole proof path, and shows markup-like text as text."""
    page = open_page()
    data = post_prove(page, base_url, *ENTAILED).json()
    evil = '<img src=x onerror="window.pwned=1">'
    nodes = [{"id": "n0", "text": ENTAILED[0], "depth": 0}]
    nodes += [{"id": f"n{i}", "text": f"{evil} sentence {i}", "depth": 1 if i < 100 else 2} for i in range(1, 150)]
    edges = [{"source": "n0" if i < 100 else "n1", "target": f"n{i}", "text": evil} for i in range(1, 150)]
    data["graph"] = {"nodes": nodes, "edges": edges, "path": ["n0", "n5", "n149"]}
    data["note"] = evil
    page.route("**/api/prove", lambda route: route.fulfill(status=200, content_type="application/json",
                                                            body=json.dumps(data)))
    prove(page, *ENTAILED)
    wait_for_verdict(page)
    caption = page.locator("#graph-panel .graph-caption")
    expect(caption).to_contain_text("Showing 60 of 150 distinct sentences")
    graph = page.locator("#graph-panel svg")
    expect(graph.locator(".node")).to_have_count(60)
    expect(graph.locator(".node.on-path")).to_have_count(3)
    expect(graph.locator(".edge.on-path")).to_have_count(1)      # n0 -> n5; n5 -> n149 is no edge here
    expect(page.locator("#verdict .note")).to_have_text(evil)
    assert page.locator("img").count() == 0
    assert page.evaluate("window.pwned") is None
    shot(page, tmp_path, "big-graph")


def test_bidirectional_controls_are_shown_neutralised(open_page, tmp_path):
    """A right-to-left override would show "evil" as "live": the page shows the control as a code point."""
    page = open_page()
    prove(page, "A man is \u202elive\u202c sleeping", "A man is sleeping")
    wait_for_verdict(page)
    premise = page.locator("#verdict dl.pair dd").first
    expect(premise).to_have_text("A man is <U+202E>live<U+202C> sleeping")
    shot(page, tmp_path, "bidi")
