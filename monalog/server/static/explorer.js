// monalog proof explorer: a form that posts to /api/prove and draws the answer.
// Plain DOM code, no framework. Server strings only ever become text nodes or attribute values
// (never innerHTML), so nothing a sentence contains can turn into markup.
"use strict";

(() => {
  const SVG_NS = "http://www.w3.org/2000/svg";
  const GRAPH_CAP = 60;               // sentences drawn at most in the search graph
  const POLARITY = { "↑": "upward", "↓": "downward", "=": "non-monotone" };
  const LABELS = {
    ENTAILMENT: { icon: "✓", text: "The premise entails the hypothesis." },
    CONTRADICTION: { icon: "✗", text: "The premise contradicts the hypothesis." },
    NEUTRAL: { icon: "?", text: "No proof either way: the hypothesis neither follows nor is refuted." },
  };
  const LICENCE = { "↑": ": a word here may become more general", "↓": ": a word here may become more specific",
                    "=": ": only equivalent words may stand here" };
  const KINDS = { replace: "Replace", delete: "Delete", insert: "Insert", negate: "Contradiction",
                  reorder: "Reorder", normalize: "Rewrite" };

  const $ = (id) => document.getElementById(id);
  let examples = [];
  let pending = null;

  // ---- DOM helpers: every string becomes a text node -------------------------------------
  // Bidirectional controls (a right-to-left override shows "evil" as "live") are shown as their
  // code points, so what is displayed is what was sent.
  const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
  const visible = (text) => String(text).replace(BIDI, (c) => `<U+${c.codePointAt(0).toString(16).toUpperCase()}>`);

  function fill(node, children) {
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : visible(child));
    }
    return node;
  }

  function setAttrs(node, attrs) {
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      node.setAttribute(key, value === true ? "" : visible(value));
    }
    return node;
  }

  const el = (tag, attrs, ...children) => fill(setAttrs(document.createElement(tag), attrs), children);
  const svg = (tag, attrs, ...children) => fill(setAttrs(document.createElementNS(SVG_NS, tag), attrs), children);
  const hidden = (text) => el("span", { class: "visually-hidden" }, text);

  // The arrow, coloured; screen readers hear its name unless the name is written out beside it.
  function polarityMark(pol, spoken = true) {
    const name = POLARITY[pol];
    if (!name) return el("span", { class: "pol pol-none" }, "");
    const cls = { "↑": "up", "↓": "down", "=": "eq" }[pol];
    return el("span", { class: `pol pol-${cls}`, title: `${name} polarity` },
              el("span", { "aria-hidden": "true" }, pol), spoken ? hidden(` ${name}`) : null);
  }

  // ---- examples --------------------------------------------------------------------------
  function readExamples(data) {
    const list = Array.isArray(data) ? data : (data && (data.examples || data.pairs)) || [];
    return list
      .map((x) => (Array.isArray(x) ? { premise: x[0], hypothesis: x[1] } : x))
      .filter((x) => x && typeof x.premise === "string" && typeof x.hypothesis === "string");
  }

  async function loadExamples() {
    const select = $("example");
    try {
      const response = await fetch("/api/examples", { headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(`the server answered ${response.status}`);
      examples = readExamples(await response.json());
      select.replaceChildren(
        el("option", { value: "" }, `Choose one of ${examples.length} examples…`),
        ...examples.map((x, i) => el("option", { value: i }, `${x.premise} ⟶ ${x.hypothesis}`)));
    } catch (error) {
      select.replaceChildren(el("option", { value: "" }, "Examples unavailable"));
      setStatus(`The bundled examples could not be loaded (${error.message}).`);
    }
  }

  function chooseExample() {
    const example = examples[Number($("example").value)];
    if (!$("example").value || !example) return;
    $("premise").value = example.premise;
    $("hypothesis").value = example.hypothesis;
    setStatus("Example filled in: press Prove.");
  }

  // ---- proving ---------------------------------------------------------------------------
  function setStatus(text) { $("status").textContent = text; }

  function showError(message, boxes = []) {
    const alert = $("error");
    const which = boxes.map((id) => $(id).labels[0].textContent).join(" and ");
    alert.replaceChildren(el("strong", {}, which ? `Error in the ${which.toLowerCase()}: ` : "Error: "), visible(message));
    alert.hidden = false;
    for (const id of boxes) $(id).setAttribute("aria-invalid", "true");
    if (boxes.length) $(boxes[0]).focus();
  }

  function hideError() {
    $("error").hidden = true;
    $("error").replaceChildren();
    for (const id of ["premise", "hypothesis"]) $(id).removeAttribute("aria-invalid");
  }

  // Which box an error is about: the field it names, or the sentence it quotes as its input.
  function boxesOf(data, body) {
    if (!data || typeof data.error !== "string") return [];
    const named = ["premise", "hypothesis"].filter((id) => data.error.startsWith(`${id}`));
    if (named.length) return named;
    return ["premise", "hypothesis"].filter((id) => typeof data.input === "string" && data.input !== ""
                                                   && body[id].startsWith(data.input.replace(/…$/, "")));
  }

  function errorMessage(response, data) {
    if (data && typeof data.error === "string") return data.error;
    if (data && typeof data.detail === "string") return data.detail;
    if (data && Array.isArray(data.detail)) return data.detail.map((d) => d.msg || String(d)).join("; ");
    return `the server answered ${response.status} ${response.statusText}`.trim();
  }

  async function prove(event) {
    if (event) event.preventDefault();
    if (pending) pending.abort();
    const controller = new AbortController();
    pending = controller;
    const body = { premise: $("premise").value, hypothesis: $("hypothesis").value,
                   options: { depth: Number($("depth").value) } };
    hideError();
    $("results").setAttribute("aria-busy", "true");
    setStatus("Proving…");
    try {
      const response = await fetch("/api/prove", {
        method: "POST", signal: controller.signal,
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
      });
      const data = await response.json().catch(() => null);
      // the address names the pair asked for, answered or not (never the previous one)
      const query = new URLSearchParams({ premise: body.premise, hypothesis: body.hypothesis,
                                          depth: body.options.depth });
      history.replaceState(null, "", `?${query}`);
      if (!response.ok || !data) {
        clearResults("No result: see the error above.");
        const empty = ["premise", "hypothesis"].filter((id) => !body[id].trim());
        showError(errorMessage(response, data), empty.length ? empty : boxesOf(data, body));
        setStatus("The pair was not proved.");
        return;
      }
      render(data);
      setStatus(`Done: ${data.label}.`);
    } catch (error) {
      if (error.name === "AbortError") return;
      clearResults("No result: see the error above.");
      showError(`Could not reach the server (${error.message}).`);
      setStatus("The pair was not proved.");
    } finally {
      if (pending === controller) {
        pending = null;
        $("results").removeAttribute("aria-busy");
      }
    }
  }

  function clearResults(text) {
    $("verdict").replaceChildren(el("p", { class: "placeholder" }, text));
    $("details").replaceChildren();
  }

  // ---- rendering -------------------------------------------------------------------------
  function render(d) {
    $("verdict").replaceChildren(renderVerdict(d));
    $("details").replaceChildren(
      panel("normalisation", "Normalisation", renderNormalisation(d.normalization || [])),
      panel("proof", "Proof", renderProof(d)),
      panel("derivations", "Derivations", renderDerivations(d.derivations || {})),
      panel("graph", "Search graph", renderGraph(d.graph || {})));
    // A tree wider than its panel says so, and starts scrolled to its root (top centre).
    for (const box of document.querySelectorAll(".tree-scroll")) {
      if (box.scrollWidth <= box.clientWidth) continue;
      box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
      box.before(el("p", { class: "muted scroll-hint" }, "Wider than the panel: scroll sideways to see all of it."));
    }
  }

  function panel(id, title, content) {
    return el("section", { class: "panel", id: `${id}-panel`, "aria-labelledby": `${id}-heading` },
              el("h3", { id: `${id}-heading` }, title), content);
  }

  function renderVerdict(d) {
    const info = LABELS[d.label] || { icon: "•", text: "" };
    const steps = (d.steps || []).length;
    return el("div", { class: `verdict verdict-${String(d.label).toLowerCase()}` },
      el("p", { class: "label-badge", "data-label": d.label },
         el("span", { class: "label-icon", "aria-hidden": "true" }, info.icon), " ",
         el("span", { class: "label-name" }, d.label)),
      el("div", { class: "verdict-body" },
        el("p", { class: "verdict-text" }, info.text),
        el("dl", { class: "pair" },
           el("dt", {}, "Premise"), el("dd", {}, d.premise),
           el("dt", {}, "Hypothesis"), el("dd", {}, d.hypothesis)),
        el("p", { class: "meta" },
           `${steps} ${steps === 1 ? "step" : "steps"} · search depth ${d.depth} · `
           + `${d.explored} search ${d.explored === 1 ? "state" : "states"} (a sentence counts once per search `
           + "that reaches it; the search graph below shows each distinct sentence once)"),
        d.note ? el("p", { class: "note" }, d.note) : null));
  }

  function renderNormalisation(steps) {
    if (!steps.length) return el("p", { class: "muted" }, "No rewrites: both sentences were read as written.");
    return el("ol", { class: "rewrites" }, steps.map((s) => el("li", {},
      el("span", { class: "rewrite-rule" }, s.note || "rewrite"), ": ",
      el("q", {}, s.before), el("span", { "aria-hidden": "true" }, " ⟶ "), hidden(" becomes "),
      el("q", {}, s.after))));
  }

  // A contradiction the prover found from the hypothesis side: its chain starts at the hypothesis and
  // its closing step contradicts the premise.
  function fromHypothesis(d) {
    const steps = d.steps || [];
    const last = steps[steps.length - 1];
    return d.label === "CONTRADICTION" && last && last.kind === "negate" && last.after === d.premise
      && d.premise !== d.hypothesis;
  }

  // Where the chain of edits starts: the graph's first path sentence, else the premise (or the
  // hypothesis, see above) after the rewrites normalisation applied to it.
  function startSentence(d) {
    const graph = d.graph || {};
    const first = (graph.nodes || []).find((n) => (graph.path || []).length && n.id === graph.path[0]);
    if (first) return first.text;
    let sentence = fromHypothesis(d) ? d.hypothesis : d.premise;
    for (const step of d.normalization || []) if (step.before === sentence) sentence = step.after;
    return sentence;
  }

  function renderProof(d) {
    const steps = d.steps || [];
    if (!steps.length && d.label === "ENTAILMENT") {
      return el("p", {}, "No edits needed: as read (after normalisation) the premise already is the hypothesis.");
    }
    if (!steps.length) {
      return el("p", { class: "muted" }, "No chain of licensed edits reaches the hypothesis or a sentence that "
                + `contradicts it${d.note ? ` (${d.note})` : ""}.`);
    }
    let sentence = startSentence(d);
    const items = steps.map((step, i) => {
      const item = renderStep(step, sentence, i + 1);
      sentence = step.result;
      return item;
    });
    const last = steps[steps.length - 1];
    const closing = fromHypothesis(d)
      ? "The search ran from the hypothesis: the hypothesis entails the last sentence, which contradicts the premise."
      : last.kind === "negate"
      ? "The last sentence follows from the premise and contradicts the hypothesis."
      : "The last sentence is the hypothesis (compared on lemmas; a/an/the/some and “be” are not compared).";
    return [el("ol", { class: "edits" }, items), el("p", { class: "muted" }, closing)];
  }

  function renderStep(step, sentence, number) {
    const rows = [];
    const add = (term, ...value) => rows.push(el("dt", {}, term), el("dd", {}, value));
    const kind = KINDS[step.kind] || step.kind;
    if (step.kind === "insert") {
      add("Sentence", sentence);
      add("Edit", "add ", el("ins", {}, step.after));
    } else if (step.kind === "negate") {
      add("Sentence", sentence);
      add("Contradicts", el("q", {}, step.after));
    } else {
      add("Sentence", highlight(sentence, step.before, step.result));
      if (step.kind === "delete") add("Edit", "drop ", el("del", {}, step.before));
      else if (step.kind === "replace") {
        add("Edit", el("del", {}, step.before), el("span", { "aria-hidden": "true" }, " ⟶ "),
            hidden(" becomes "), el("ins", {}, step.after));
      } else add("Edit", el("q", {}, step.before), " ⟶ ", el("q", {}, step.after));
    }
    if (step.polarity) {
      add("Licensed by", polarityMark(step.polarity, false), ` ${POLARITY[step.polarity] || ""} position`,
          step.operator ? [" under ", el("q", {}, step.operator)] : null, LICENCE[step.polarity] || "");
    }
    for (const fact of step.facts || []) add("Fact", renderFact(fact));
    if (step.note) add("Note", step.note);
    if (step.kind !== "negate") {
      const result = step.kind === "insert" ? highlight(step.result, step.after, null, "new") : step.result;
      add("Result", result);
    }
    return el("li", { class: `edit edit-${step.kind}` },
      el("p", { class: "edit-title" }, el("span", { class: "edit-kind" }, kind)),
      el("dl", {}, rows));
  }

  function renderFact(fact) {
    const where = [fact.source, fact.note].filter(Boolean).join("; ");
    return el("span", { class: "fact" }, `${fact.left} ${fact.relation} ${fact.right}`,
              where ? el("span", { class: "fact-source" }, ` (${where})`) : null);
  }

  // The sentence with `phrase` marked; of several occurrences, the one the edit changed
  // (its text before and after agrees with `result`).
  function highlight(sentence, phrase, result, cls = "old") {
    if (!phrase) return sentence;
    const low = sentence.toLowerCase();
    const target = phrase.toLowerCase();
    const res = (result || "").toLowerCase();
    let best = -1;
    let bestScore = -1;
    for (let i = low.indexOf(target); i >= 0; i = low.indexOf(target, i + 1)) {
      const end = i + target.length;
      if ((i > 0 && /\w/.test(low[i - 1])) || (end < low.length && /\w/.test(low[end]))) continue;
      const score = (res.startsWith(low.slice(0, i)) ? 1 : 0) + (res.endsWith(low.slice(end)) ? 1 : 0);
      if (score > bestScore) { best = i; bestScore = score; }
    }
    if (best < 0) return sentence;
    const end = best + phrase.length;
    return [sentence.slice(0, best), el("mark", { class: cls }, sentence.slice(best, end)), sentence.slice(end)];
  }

  // ---- derivations: nested lists drawn as trees by CSS -----------------------------------
  function renderDerivations(derivations) {
    const figures = [["premise", "Premise"], ["hypothesis", "Hypothesis"]]
      .filter(([key]) => derivations[key])
      .map(([key, title]) => {
        const tree = derivations[key];
        const leaves = [];
        collectLeaves(tree, leaves);
        return el("figure", { class: "derivation", id: `tree-${key}` },
          el("h4", {}, title),
          el("p", { class: "arrows" }, leaves.map((leaf) =>
            el("span", { class: "arrow-word" }, leaf.word, polarityMark(leaf.polarity)))),
          el("div", { class: "scroll tree-scroll", tabindex: "0", role: "region",
                      "aria-label": `${title} derivation tree (scrolls sideways)` },
             el("ul", { class: "tree" }, treeItem(tree))));
      });
    if (!figures.length) return el("p", { class: "muted" }, "No derivations were returned.");
    return figures;
  }

  function collectLeaves(node, out) {
    const children = node.children || [];
    if (!children.length) out.push(node);
    for (const child of children) collectLeaves(child, out);
  }

  function treeItem(node) {
    const children = node.children || [];
    const leaf = !children.length;
    const title = [node.rule && `rule ${node.rule}`, node.lemma && `lemma ${node.lemma}`,
                   node.pos && `POS ${node.pos}`].filter(Boolean).join(", ");
    const box = el("div", { class: leaf ? "ccg leaf" : "ccg", title: title || null },
      leaf && node.word != null ? el("span", { class: "word" }, node.word) : null,
      el("span", { class: "cat-line" }, el("span", { class: "cat" }, node.category), polarityMark(node.polarity)),
      !leaf && node.rule ? el("span", { class: "rule" }, node.rule) : null);
    return el("li", {}, box, leaf ? null : el("ul", {}, children.map(treeItem)));
  }

  // ---- search graph: layered SVG, one column per depth -----------------------------------
  const G = { w: 220, h: 44, colGap: 56, rowGap: 12, pad: 8, line: 15, chars: 31 };

  function wrap(text, chars) {
    const lines = [""];
    for (const word of text.split(/\s+/)) {
      const line = lines[lines.length - 1];
      if (!line) lines[lines.length - 1] = word;
      else if ((line + " " + word).length <= chars) lines[lines.length - 1] = `${line} ${word}`;
      else lines.push(word);
    }
    if (lines.length > 2) lines.splice(1, lines.length, `${lines[1].slice(0, chars - 2)} …`);
    return lines.map((l) => (l.length > chars ? `${l.slice(0, chars - 1)}…` : l));
  }

  function renderGraph(graph) {
    const nodes = graph.nodes || [];
    const edges = graph.edges || [];
    const path = graph.path || [];
    if (!nodes.length) return el("p", { class: "muted" }, "The search explored no sentences.");
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const keep = new Set(path.filter((id) => byId.has(id)));
    const cap = Math.max(GRAPH_CAP, keep.size);
    for (const n of nodes) {
      if (keep.size >= cap) break;
      keep.add(n.id);
    }
    const drawn = nodes.filter((n) => keep.has(n.id));
    const drawnEdges = edges.filter((e) => keep.has(e.source) && keep.has(e.target));
    const onPath = new Set(path);
    const pathEdges = new Set(path.slice(1).map((id, i) => `${path[i]}\u0000${id}`));

    // Columns by depth; the proof path on top, then children in the order of their parents.
    const columns = new Map();
    for (const n of drawn) {
      const depth = Number.isFinite(n.depth) ? n.depth : 0;
      if (!columns.has(depth)) columns.set(depth, []);
      columns.get(depth).push(n);
    }
    const depths = [...columns.keys()].sort((a, b) => a - b);
    const position = new Map();
    for (const depth of depths) {
      const column = columns.get(depth);
      const rank = (n) => (onPath.has(n.id) ? -1 : Math.min(Infinity, ...drawnEdges.filter((e) => e.target === n.id && position.has(e.source))
        .map((e) => position.get(e.source).row)));
      const order = column.map((n, i) => ({ n, i, r: rank(n) }))
        .sort((a, b) => (a.r - b.r) || (a.i - b.i));
      order.forEach(({ n }, row) => position.set(n.id, { col: depths.indexOf(depth), row }));
    }
    const rows = Math.max(...depths.map((d) => columns.get(d).length));
    const width = G.pad * 2 + depths.length * G.w + (depths.length - 1) * G.colGap;
    const height = G.pad * 2 + rows * G.h + (rows - 1) * G.rowGap;
    const at = (id) => {
      const p = position.get(id);
      return { x: G.pad + p.col * (G.w + G.colGap), y: G.pad + p.row * (G.h + G.rowGap) };
    };

    const marker = (id, cls) => svg("marker", { id, viewBox: "0 0 10 10", refX: "10", refY: "5",
      markerUnits: "userSpaceOnUse", markerWidth: "9", markerHeight: "9", orient: "auto-start-reverse", class: cls },
      svg("path", { d: "M0,0 L10,5 L0,10 z" }));
    const edgeEls = drawnEdges
      .map((e) => ({ e, hot: pathEdges.has(`${e.source}\u0000${e.target}`) }))
      .sort((a, b) => a.hot - b.hot)            // the proof path is drawn last, on top
      .map(({ e, hot }) => {
        const a = at(e.source);
        const b = at(e.target);
        const x1 = a.x + G.w; const y1 = a.y + G.h / 2;
        const x2 = b.x; const y2 = b.y + G.h / 2;
        const mid = (x1 + x2) / 2;
        return svg("path", { class: hot ? "edge on-path" : "edge",
          d: `M${x1},${y1} C${mid},${y1} ${mid},${y2} ${x2 - 2},${y2}`,
          "marker-end": `url(#${hot ? "arrow-hot" : "arrow"})` }, svg("title", {}, e.text || "edit"));
      });
    const nodeEls = drawn.map((n) => {
      const { x, y } = at(n.id);
      const hot = onPath.has(n.id);
      const lines = wrap(n.text || "", hot ? G.chars - 4 : G.chars);   // bold text is wider
      const top = y + G.h / 2 - ((lines.length - 1) * G.line) / 2 + 4;
      return svg("g", { class: hot ? "node on-path" : "node", "data-id": n.id },
        svg("title", {}, `${n.text}${hot ? " (on the proof path)" : ""}`),
        svg("rect", { x, y, width: G.w, height: G.h, rx: 6 }),
        lines.map((line, i) => svg("text", { x: x + 10, y: top + i * G.line }, line)));
    });
    const captionId = "graph-caption";
    const total = Math.max(Number(graph.total_nodes) || 0, nodes.length);
    const caption = drawn.length < total
      ? `Showing ${drawn.length} of ${total} distinct sentences, the start included (the proof path is always drawn).`
      : `${total} distinct ${total === 1 ? "sentence" : "sentences"}, the start included, `
        + `${edges.length} ${edges.length === 1 ? "edit" : "edits"}, all drawn.`;
    const picture = svg("svg", { width, height, viewBox: `0 0 ${width} ${height}`, role: "img",
      "aria-labelledby": captionId, class: "graph" },
      svg("defs", {}, marker("arrow", "arrowhead"), marker("arrow-hot", "arrowhead on-path")),
      edgeEls, nodeEls);
    const list = el("details", { class: "graph-list" },
      el("summary", {}, "The drawn edits as a list"),
      el("ul", {}, drawnEdges.map((e) => el("li", { class: pathEdges.has(`${e.source}\u0000${e.target}`) ? "on-path" : null },
        el("q", {}, byId.get(e.source).text), " ⟶ ", el("q", {}, byId.get(e.target).text),
        e.text ? el("span", { class: "muted" }, ` (${e.text})`) : null,
        pathEdges.has(`${e.source}\u0000${e.target}`) ? el("strong", {}, " proof path") : null))));
    return [
      el("p", { id: captionId, class: "graph-caption" }, caption),
      el("p", { class: "legend" },
         el("span", { class: "swatch swatch-path", "aria-hidden": "true" }), "Proof path: thick outline and bold text. ",
         el("span", { class: "swatch", "aria-hidden": "true" }), "Other sentences the search explored. Columns are search depth; hover over a box or open the "
         + "list below for full sentences and edits."),
      el("div", { class: "scroll graph-scroll", tabindex: "0", role: "region",
                  "aria-label": "Search graph (scrolls in both directions)" }, picture),
      list,
    ];
  }

  // ---- start -----------------------------------------------------------------------------
  function start() {
    $("prove-form").addEventListener("submit", prove);
    $("example").addEventListener("change", chooseExample);
    loadExamples();
    const query = new URLSearchParams(location.search);
    if (query.get("premise") !== null && query.get("hypothesis") !== null) {
      $("premise").value = query.get("premise");
      $("hypothesis").value = query.get("hypothesis");
      if (["1", "2", "3", "4"].includes(query.get("depth"))) $("depth").value = query.get("depth");
      prove();
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
