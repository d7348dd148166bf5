// The page side of covil_nb's GameWidget: an anywidget front-end module.
//
// Python owns the rules. This module only draws what the traits hold and
// sends the player's choices as messages that name the position (the
// `version` trait) they were made on; it never decides what is legal: the
// `decision` trait lists the legal actions with the board elements a click
// chooses them with.
//
// State that lives only here: the pending choice between several actions of
// one element, the position the log cursor shows, the auto-play speed, the
// help panel. Nothing here is stored with the notebook.
//
// One file, not several modules: anywidget hands the `_esm` text to the
// page as a Blob URL, where a relative `import "./x.js"` has nothing to
// resolve against (and marimo, Colab and VS Code serve no static folder).
// The file reads top to bottom in these sections:
//
//   1. Auto-play         messages to Python; one step timer per model
//   2. Pictures          the drawing's sections rebuilt from named chunks
//   3. initialize()      per model: the chunk store and the timer
//   4. Themes            the host's light or dark, and its changes
//   5. Small helpers     DOM builders and pure functions (no view state)
//   6. render()          per view, in parts:
//        6.1 the position (live or past) and the marked choices
//        6.2 the decision: prompt, combat, listed actions
//        6.3 where the choices are
//        6.4 clicks on the board
//        6.5 the log, its slider, past positions
//        6.6 banners
//        6.7 controls, hint, refusals, a new version
//        6.8 keyboard
//        6.9 wiring
//   7. The skeleton      the fixed parts of a view, built once

// == 1. Messages and auto-play: one step timer per model =====================

const SPEEDS = { off: null, slow: 1600, normal: 800, fast: 250 };
const shared = new WeakMap(); // the model's `board` value -> { speed, timer, chunks, asked, views }

// anywidget hands initialize() and each render() a proxy of its own for the
// same model, so the proxy cannot be the key. The `board` trait's value is
// one object per model (Python sets it once): it is.
function sharedOf(model) {
  const key = model.get("board") || model;
  if (!shared.has(key)) {
    // asked: the step or skip sent to a bot's seat (see thinking());
    // views: where the views of this model hear that it changed.
    shared.set(key, { speed: "normal", timer: null, chunks: new Map(), asked: null, views: new EventTarget() });
  }
  return shared.get(key);
}

// A message to Python. Without a live kernel (shut down, or a saved page
// reopened) the comm refuses to send: say so instead of throwing.
function post(model, content) {
  try {
    model.send(content);
  } catch {
    return false;
  }
  // One request per version: whatever the player asks replaces the
  // auto-play's pending step.
  clearTimeout(sharedOf(model).timer);
  if (content.kind === "step" || content.kind === "skip") {
    // The page knows at once that the bots think over it (see thinking()),
    // with no message from Python: a bot's step costs one message back, not two.
    setAsked(model, { kind: content.kind, version: content.version });
  }
  return true;
}

// Every view of the model redraws its controls when a request is asked or refused.
function setAsked(model, asked) {
  const state = sharedOf(model);
  state.asked = asked;
  state.views.dispatchEvent(new Event("thinking"));
}

// The request the bots are thinking over, or null: one asked on the
// position shown, not yet answered by a new position or a refusal, while a
// bot is to play (or a playback is skipped, which plays on through the bots).
function thinking(model) {
  const asked = sharedOf(model).asked;
  const waiting = (model.get("decision") || {}).waiting;
  const busy = waiting === "bot" || (waiting === "playback" && asked?.kind === "skip");
  return asked && asked.version === model.get("version") && busy ? asked : null;
}

// While the board shows a playback or waits for a bot, ask Python for the
// next step after the chosen delay. A step is asked for once per version.
function scheduleStep(model) {
  const state = sharedOf(model);
  clearTimeout(state.timer);
  state.timer = null;
  const waiting = (model.get("decision") || {}).waiting;
  const delay = SPEEDS[state.speed];
  if (delay == null || (waiting !== "playback" && waiting !== "bot")) return;
  const version = model.get("version");
  state.timer = setTimeout(() => {
    state.timer = null;
    if (model.get("version") === version) post(model, { kind: "step", version });
  }, delay);
}

// == 2. Pictures in chunks ====================================================
// Python sends each section of the drawing as a list of chunk names, and
// per step only the chunks it adds (`chunks_new`) to those the last step
// used; `chunks` holds every chunk in use when the page opens. A name always
// means the same text. Once a new position is in, the page keeps the texts
// in use and drops the rest, as Python's sheet does: the store does not grow
// with the game, and what a step leaves out the page still holds.

function absorb(model, trait) {
  const store = sharedOf(model).chunks;
  for (const [name, text] of Object.entries(model.get(trait) || {})) store.set(name, text);
}

function textOf(model, name, extra = {}) {
  absorb(model, "chunks_new"); // the step's texts, whichever change event came first
  return extra[name] ?? sharedOf(model).chunks.get(name);
}

// A section's SVG: its layout names its chunks, in order.
function sectionText(model, layout, extra = {}) {
  const names = (textOf(model, layout, extra) ?? "").split(" ");
  return names.map((name) => textOf(model, name, extra) ?? "").join("");
}

// The texts the position's traits name: each section's layout and its
// chunks, the log's texts, and those of a past position on show.
function inUse(model) {
  const store = sharedOf(model).chunks;
  const past = model.get("past") || {};
  const used = new Set();
  const section = (layout, extra = {}) => {
    used.add(layout);
    for (const name of (extra[layout] ?? store.get(layout) ?? "").split(" ")) used.add(name);
  };
  for (const layout of Object.values(model.get("pictures") || {})) section(layout);
  for (const layout of Object.values(past.pictures || {})) section(layout, past.chunks || {});
  for (const names of Object.values(model.get("log") || {})) for (const name of names) used.add(name);
  return used;
}

// Drop the texts no longer in use (`chunks_new` is in the store already:
// absorbed at its change event); the views then show how many are kept.
function prune(model) {
  const state = sharedOf(model);
  const used = inUse(model);
  for (const name of state.chunks.keys()) {
    if (!used.has(name)) {
      state.chunks.delete(name);
      parsed.delete(name);
    }
  }
  state.views.dispatchEvent(new Event("pruned"));
}

// A log text, parsed once.
const parsed = new Map();
function parsedText(model, name) {
  if (!parsed.has(name)) {
    const text = textOf(model, name);
    if (text === undefined) return null;
    parsed.set(name, JSON.parse(text));
  }
  return parsed.get(name);
}

// == 3. initialize(): once per model ==========================================

function initialize({ model }) {
  // After the whole message: some hosts (marimo) set a message's traits one
  // at a time, each with its change event, so at `change:version` the
  // pictures, the log or the decision may still be the last position's.
  const onChange = () =>
    queueMicrotask(() => {
      prune(model);
      scheduleStep(model);
    });
  // A refusal answers the request: no bot is thinking (here, not in a view,
  // so that it holds with no view open too).
  const onError = () => {
    if ((model.get("error") || {}).text && thinking(model)) setAsked(model, null);
  };
  const onChunks = () => absorb(model, "chunks");
  const onNew = () => absorb(model, "chunks_new");
  absorb(model, "chunks");
  absorb(model, "chunks_new");
  model.on("change:chunks", onChunks);
  model.on("change:chunks_new", onNew);
  model.on("change:version", onChange);
  model.on("change:error", onError);
  scheduleStep(model);
  return () => {
    model.off("change:chunks", onChunks);
    model.off("change:chunks_new", onNew);
    model.off("change:version", onChange);
    model.off("change:error", onError);
    clearTimeout(sharedOf(model).timer);
  };
}

// == 4. Themes =================================================================

// The host's theme, checked the way each host marks it; the `theme` trait
// ("light" or "dark") wins over all of them.
function hostTheme(model, el) {
  const chosen = model.get("theme");
  if (chosen === "light" || chosen === "dark") return chosen;
  const body = document.body;
  const html = document.documentElement;
  if (body.dataset.jpThemeLight !== undefined) {
    return body.dataset.jpThemeLight === "true" ? "light" : "dark"; // JupyterLab, Notebook 7
  }
  const vscode = body.dataset.vscodeThemeKind; // VS Code
  if (vscode) return vscode.includes("light") ? "light" : "dark";
  if (html.getAttribute("theme") === "dark") return "dark"; // Colab
  if (el.closest(".dark, [data-theme='dark']")) return "dark"; // marimo, and pages like it
  for (const node of [html, body]) {
    if (node.classList.contains("dark") || node.dataset.theme === "dark") return "dark";
    if (node.classList.contains("light") || node.dataset.theme === "light") return "light";
  }
  return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

function watchTheme(model, el, apply) {
  const observer = new MutationObserver(apply);
  const watched = ["class", "theme", "data-theme", "data-jp-theme-light", "data-vscode-theme-kind"];
  for (const node of [document.documentElement, document.body]) {
    observer.observe(node, { attributes: true, attributeFilter: watched });
  }
  const media = matchMedia("(prefers-color-scheme: dark)");
  media.addEventListener("change", apply);
  model.on("change:theme", apply);
  return () => {
    observer.disconnect();
    media.removeEventListener("change", apply);
    model.off("change:theme", apply);
  };
}

// == 5. Small helpers: DOM builders and pure functions =========================

function make(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
}

function button(label, title, onClick) {
  const node = make("button", "covil-button", label);
  node.type = "button";
  if (title) node.title = title;
  if (onClick) node.addEventListener("click", onClick);
  return node;
}

// The SVG the drawing made in Python: trusted markup from the kernel.
function setSvg(node, svg) {
  if (node._svg !== svg) {
    node.innerHTML = svg || "";
    node._svg = svg;
  }
}

// An element's box in its own coordinates. A card's first child is its
// frame (a rect), a coin's its disc: read from their attributes, the box
// costs no layout (getBBox lays the whole page out after each redraw).
function boxOf(node) {
  const first = node.firstElementChild;
  const at = (name) => Number(first.getAttribute(name) || 0);
  const shape = first?.tagName.toLowerCase();
  if (node.hasAttribute("data-card") && shape === "rect") {
    return { x: at("x"), y: at("y"), width: at("width"), height: at("height") };
  }
  if (node.hasAttribute("data-coin") && shape === "circle") {
    return { x: at("cx") - at("r"), y: at("cy") - at("r"), width: 2 * at("r"), height: 2 * at("r") };
  }
  return node.getBBox();
}

// A label cut at its first ": " outside parentheses: what the action does,
// then its details ("Acquire Spymaster for 7: Command: draw 2 …").
function splitLabel(label) {
  let depth = 0;
  for (let i = 0; i < label.length - 1; i++) {
    const c = label[i];
    if (c === "(") depth += 1;
    else if (c === ")") depth -= 1;
    else if (c === ":" && depth === 0 && label[i + 1] === " ") return [label.slice(0, i), label.slice(i + 2)];
  }
  return [label, ""];
}

// The middle of a node on the screen (where a keyboard's "click" is).
function middleOf(node) {
  const box = node.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

// "card:iron-marshal" → ["card", "iron-marshal"] (an id may hold a colon).
function splitKey(key) {
  const at = key.indexOf(":");
  return [key.slice(0, at), key.slice(at + 1)];
}

// == 6. The view: render() =====================================================

function render({ model, el }) {
  const root = make("div", "covil-board");
  root.tabIndex = 0;
  root.setAttribute("data-lm-suppress-shortcuts", "true"); // JupyterLab keeps its keys off
  root.setAttribute("role", "application");
  root.setAttribute("aria-label", "Covil board");
  el.appendChild(root);

  const parts = skeleton(root);
  const page = {
    chooser: null, // an element key whose several actions are offered
    cursor: null, // index into positions() while a past position is shown
    wanted: null, // the past position asked of Python, and not yet received
    asking: false,
    help: false,
    stale: false, // the choices are to be marked again
    clicked: null, // { version, x, y }: a click Python is asked to explain
  };
  const applyTheme = () => {
    const chosen = model.get("theme");
    root.dataset.themeFrom = chosen === "light" || chosen === "dark" ? "trait" : "host";
    root.dataset.theme = hostTheme(model, el);
  };
  applyTheme();
  const unwatchTheme = watchTheme(model, el, applyTheme);

  const send = (kind, fields = {}) => {
    if (!post(model, { kind, version: model.get("version"), ...fields })) {
      parts.error.replaceChildren("The board has no running kernel to play with: run its cell again.");
      parts.error.hidden = false;
    }
  };

  // Each trait has its drawing; the traits of one message draw once.
  const dirty = new Set();
  const drawers = {
    board: () => drawBoard(),
    pictures: () => drawPosition(),
    past: () => onPast(),
    decision: () => drawDecision(),
    log: () => drawLog(),
    controls: () => drawControls(),
    hint: () => drawHint(),
    error: () => drawError(),
    version: () => onVersion(),
  };
  const schedule = (name) => {
    if (dirty.size === 0) queueMicrotask(flush);
    dirty.add(name);
  };
  const flush = () => {
    const names = [...dirty];
    dirty.clear();
    // A redraw may remove the focused piece: the keys then stay with the board.
    // (In marimo the board lives in a shadow root, which has its own activeElement.)
    const focusedIn = () => root.contains(root.getRootNode().activeElement);
    const focused = focusedIn();
    for (const draw of new Set(names.map((n) => drawers[n]))) draw();
    settle();
    if (focused && !focusedIn()) root.focus({ preventScroll: true });
  };
  const listeners = Object.keys(drawers).map((name) => {
    const listener = () => schedule(name);
    model.on(`change:${name}`, listener);
    return [name, listener];
  });

  // -- 6.1 The position: live, or a past one from the log; the marked choices ---
  function drawBoard() {
    const board = model.get("board") || {};
    setSvg(parts.map, board.map);
    setSvg(parts.legend, board.legend);
    root.dataset.board = board.name || "";
  }

  // The sections shown: the live position's, or a past one's from the log.
  function shown() {
    const past = model.get("past") || {};
    if (page.cursor != null && past.pictures) return [past.pictures, past.chunks || {}];
    return [model.get("pictures") || {}, {}];
  }

  function drawPosition() {
    const [layout, extra] = shown();
    for (const [section, name] of Object.entries(layout)) {
      setSvg(container(section), sectionText(model, name, extra));
    }
    page.stale = true;
  }

  // Where a section goes: "pieces", "status", "market", "hall:<color>".
  function container(section) {
    const fixed = { pieces: parts.pieces, status: parts.status, market: parts.pool };
    if (fixed[section]) return fixed[section];
    if (!parts.halls[section]) {
      parts.halls[section] = make("div", "covil-hall");
      parts.halls[section].dataset.section = section;
      parts.cards.appendChild(parts.halls[section]);
    }
    return parts.halls[section];
  }

  // The elements a click would choose an action with: focusable, named for
  // screen readers. The drawing already marks them (data-action, a ring).
  function byElement() {
    const found = new Map();
    if (page.cursor != null) return found;
    for (const offered of (model.get("decision") || {}).actions || []) {
      for (const key of offered.elements) {
        if (!found.has(key)) found.set(key, []);
        found.get(key).push(offered);
      }
    }
    return found;
  }

  // The drawn elements of a key, but not the map's static layer: the pieces
  // layer over it carries the zones' marks (a click on the layer below still
  // finds its zone).
  function elementsFor(key) {
    const [kind, id] = splitKey(key);
    const found = root.querySelectorAll(`[data-${kind}="${CSS.escape(id)}"]`);
    return [...found].filter((node) => !parts.map.contains(node));
  }

  // The pieces layer comes marked by the drawing; the halls and the market
  // are drawn unmarked (marks there would resend most cards at every
  // decision), so the page marks their elements the same way: data-action
  // (or data-actions) and a dashed ring in the drawing's colour.
  function markChoices() {
    for (const node of root.querySelectorAll(".covil-choice")) {
      node.classList.remove("covil-choice", "covil-chosen");
      for (const name of ["tabindex", "role", "aria-label"]) node.removeAttribute(name);
    }
    for (const node of root.querySelectorAll("[data-covil-marked]")) {
      node.removeAttribute("data-action");
      node.removeAttribute("data-actions");
      node.removeAttribute("data-covil-marked");
    }
    for (const ring of root.querySelectorAll(".covil-ring")) ring.remove();
    const marked = [];
    const unmarked = [];
    for (const [key, actions] of byElement()) {
      for (const node of elementsFor(key)) {
        marked.push(node);
        node.classList.add("covil-choice");
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
        node.setAttribute("aria-label", actions.map((a) => a.label).join("; "));
        if (key === page.chooser) node.classList.add("covil-chosen");
        if (!node.hasAttribute("data-action") && !node.hasAttribute("data-actions")) unmarked.push([node, actions]);
      }
    }
    // Measure every element first, then draw the rings: one layout at most, not one per ring.
    const boxes = unmarked.map(([node]) => (node.tagName.toLowerCase() === "g" ? boxOf(node) : null));
    unmarked.forEach(([node, actions], i) => mark(node, actions, boxes[i]));
    return marked;
  }

  function mark(node, actions, box) {
    node.setAttribute("data-covil-marked", "");
    const notations = actions.map((a) => a.action);
    if (notations.length === 1) node.setAttribute("data-action", notations[0]);
    else node.setAttribute("data-actions", notations.join("|"));
    if (box == null) return;
    const colour = (model.get("board") || {}).mark || "#c026d3";
    const round = node.firstElementChild?.tagName.toLowerCase() === "circle" && Math.abs(box.width - box.height) < 1;
    const ring = document.createElementNS("http://www.w3.org/2000/svg", round ? "circle" : "rect");
    const pad = round ? 2 : 3;
    const paint = { fill: colour, "fill-opacity": "0.1", stroke: colour, "stroke-width": "2.5", "stroke-dasharray": "5 3" };
    const shape = round
      ? { cx: box.x + box.width / 2, cy: box.y + box.height / 2, r: box.width / 2 + pad }
      : { x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad, rx: 4 + pad };
    for (const [name, value] of Object.entries({ ...shape, ...paint })) ring.setAttribute(name, String(value));
    ring.setAttribute("class", "covil-ring");
    node.appendChild(ring);
  }

  // -- 6.2 The decision: prompt, combat, actions ---------------------------------
  function drawDecision() {
    const decision = model.get("decision") || {};
    parts.prompt.replaceChildren();
    parts.combat.replaceChildren();
    parts.actions.replaceChildren();
    if (page.cursor != null) {
      // Looking back: the banner says so, and the picture shows the past
      // position's own prompt; the game's decision (or its scores) waits.
    } else if (decision.over) {
      drawScores(decision);
    } else {
      const who = make("strong", "covil-who", decision.seat ? decision.seat.label : decision.player);
      who.dataset.player = decision.player || "";
      parts.prompt.append(who, `: ${decision.prompt} `, make("span", "covil-rule", `(${decision.rule})`));
      if (decision.combat) drawCombat(decision.combat);
      const offered = page.chooser ? chooserActions(decision) : decision.actions;
      if (page.chooser) parts.actions.append(make("li", "covil-note", `Choose for ${page.chooser.replace(":", " ")} (Esc to cancel):`));
      offered.forEach((action, i) => parts.actions.append(actionItem(action, i)));
    }
    root.dataset.waiting = decision.waiting || "";
    orderCards(decision);
    page.stale = true;
  }

  // The hall of the person at the screen comes first, right under the map,
  // then the pool, then the other halls in seating order.
  function orderCards(decision) {
    const seats = (model.get("board") || {}).seats || [];
    const person = (color) => seats.some((s) => s.color === color && s.kind === "person");
    const mine = person(decision.player) ? decision.player : seats.find((s) => s.kind === "person")?.color;
    parts.pool.style.order = "1";
    seats.forEach((seat, i) => {
      const hall = parts.halls[`hall:${seat.color}`];
      if (hall) hall.style.order = seat.color === mine ? "0" : String(2 + i);
    });
  }

  // After the pieces or the decision were drawn: mark the choices once.
  function settle() {
    if (!page.stale) return;
    page.stale = false;
    drawWhere(markChoices());
    drawBanner();
  }

  function chooserActions(decision) {
    return decision.actions.filter((a) => a.elements.includes(page.chooser));
  }

  // A listed action: its number (the key that chooses it), what it does,
  // and the details after the label's first colon on a quieter line.
  function actionItem(action, index) {
    const item = make("li", "covil-action");
    const number = index < 9 ? `${index + 1}. ` : "";
    const [head, details] = splitLabel(action.label);
    const pick = button(number + head, action.label, () => choose(action.action));
    if (details) pick.append(make("span", "covil-details", details));
    pick.dataset.action = action.action;
    item.appendChild(pick);
    if (action.preview) item.appendChild(make("span", "covil-preview", previewText(action.preview)));
    // Pointing at a listed action points at its elements on the board.
    const point = (on) => action.elements.forEach((k) => elementsFor(k).forEach((n) => n.classList.toggle("covil-pointed", on)));
    pick.addEventListener("mouseenter", () => point(true));
    pick.addEventListener("mouseleave", () => point(false));
    pick.addEventListener("focus", () => point(true));
    pick.addEventListener("blur", () => point(false));
    return item;
  }

  // What a response would change: the strengths before → after.
  function previewText(preview) {
    const combat = (model.get("decision") || {}).combat || {};
    const [attack, defense] = [combat.attack?.total, combat.defense?.total];
    const changes = [];
    if (preview.attack !== attack) changes.push(`attack ${attack} → ${preview.attack}`);
    if (preview.defense !== defense) changes.push(`defense ${defense} → ${preview.defense}`);
    if (preview.resolves) return `→ the combat ends, attack ${preview.attack} against defense ${preview.defense}: ${preview.winner} wins`;
    return `→ ${changes.length ? changes.join(", ") : "the strengths stay as they are"}`;
  }

  // The combat under way: who attacks whom, then both strengths side by
  // side, each total large with where its points come from.
  function drawCombat(combat) {
    const attacker = combat.troop ? `${combat.troop} (${combat.attacker})` : "The rebels";
    const target = combat.target.startsWith("fortress-") ? `${combat.defender}'s fortress` : `${combat.target} (${combat.defender})`;
    const head = `${attacker} attacks ${target}${combat.style && combat.style !== "rebels" ? `, ${combat.style}` : ""}`;
    parts.combat.append(
      make("div", "covil-combat-head", head),
      strengthBox("Attack", combat.attack, combat.attacker),
      strengthBox("Defense", combat.defense, combat.defender),
    );
  }

  function strengthBox(title, strength, color) {
    const box = make("div", "covil-strength");
    if (color) box.dataset.player = color;
    const total = make("div", "covil-total");
    total.append(`${title} `, make("b", "", strength ? String(strength.total) : "—"));
    const list = make("ul", "covil-parts");
    for (const [label, value] of strength ? strength.parts : []) list.append(make("li", "", `${value} from ${label}`));
    if (strength && strength.parts.length === 0) list.append(make("li", "", "nothing adds to it"));
    box.append(total, list);
    return box;
  }

  function drawScores(decision) {
    parts.prompt.append(make("strong", "", `Game over — ${decision.winners.join(" and ")} ${decision.winners.length > 1 ? "share the victory" : "wins"}`));
    const list = make("ol", "covil-scores");
    for (const score of decision.scores) list.append(make("li", "", score.text));
    parts.combat.append(list);
  }

  function choose(action) {
    page.chooser = null;
    send("act", { action });
  }

  // -- 6.3 Where the choices are: the map, a hall, the pool ----------------------
  // A hall or the pool may be below the fold: say where the highlighted
  // choices are, each place a link that brings its first choice into view.
  function drawWhere(marked) {
    const places = new Map();
    for (const node of marked) {
      const place = placeOf(node);
      if (place && !places.has(place)) places.set(place, node);
    }
    parts.where.replaceChildren();
    parts.where.hidden = places.size === 0;
    if (places.size === 0) return;
    parts.where.append("Click a highlighted choice ");
    [...places].forEach(([place, node], i) => {
      if (i > 0) parts.where.append(i === places.size - 1 ? " or " : ", ");
      parts.where.append(button(place, "Show it", () => showChoice(node)));
    });
    parts.where.append(", or a button below.");
  }

  function placeOf(node) {
    if (parts.table.contains(node)) return "on the map";
    if (parts.pool.contains(node)) return "in the pool";
    const hall = node.closest(".covil-hall");
    return hall ? `in ${seatLabel(hall.dataset.section.slice("hall:".length))}'s hall` : null;
  }

  function showChoice(node) {
    node.scrollIntoView({ block: "center", behavior: "smooth" });
    node.focus({ preventScroll: true });
  }

  // -- 6.4 Clicks on the board ---------------------------------------------------
  const kinds = () => (model.get("board") || {}).kinds || [];

  // The element keys of a node and of the elements around it, innermost
  // first: a coin, then its treasury.
  function keysAt(node) {
    const keys = [];
    for (; node && node !== root; node = node.parentElement) {
      for (const kind of kinds()) {
        const id = node.getAttribute(`data-${kind}`);
        if (id) keys.push(`${kind}:${id}`);
      }
    }
    return keys;
  }

  // Every element under a click, top first: a troop standing in a zone that
  // is a legal destination does not hide the zone.
  function keysUnder(point) {
    const keys = [];
    for (const node of root.getRootNode().elementsFromPoint(point.x, point.y)) {
      if (!root.contains(node)) continue;
      for (const key of keysAt(node)) if (!keys.includes(key)) keys.push(key);
    }
    return keys;
  }

  // A click on `node` at `point` (viewport coordinates), or Enter on a node
  // (no point): the action it chooses, or why it chooses none. The clicked
  // node's keys come first: a click made by a script or assistive technology
  // (element.click()) has no real point.
  function clickAt(node, point = null) {
    const keys = keysAt(node);
    if (point) for (const key of keysUnder(point)) if (!keys.includes(key)) keys.push(key);
    if (keys.length === 0 || page.cursor != null) return false;
    const offered = byElement();
    const key = keys.find((k) => offered.has(k));
    if (key === undefined) {
      // Not legal now: Python says why, in the rule's words, shown where the click was.
      if ((model.get("decision") || {}).waiting == null) {
        page.clicked = { version: model.get("version"), ...(point || middleOf(node)) };
        send("why", { element: keys[0] });
      }
      return true;
    }
    const actions = offered.get(key);
    if (actions.length === 1) {
      choose(actions[0].action);
    } else {
      page.chooser = key;
      drawDecision();
      settle();
      parts.actions.querySelector("button")?.focus();
    }
    return true;
  }

  function onClick(event) {
    if (event.target.closest("button, input, select, summary, .covil-log")) return;
    if (!event.target.closest(".covil-error")) parts.error.hidden = true;
    if (clickAt(event.target, { x: event.clientX, y: event.clientY })) event.stopPropagation();
  }

  // -- 6.5 The log, the slider over it, and past positions -----------------------
  // The log's groups: one text per finished phase, and one per position of
  // the phase under way, joined here into the phase's group.
  function groups() {
    const log = model.get("log") || {};
    const done = (log.done || []).map((name) => parsedText(model, name)).filter(Boolean);
    const now = (log.now || []).map((name) => parsedText(model, name)).filter(Boolean);
    if (now.length > 0) done.push({ day: now[0].day, phase: now[0].phase, entries: now.flatMap((g) => g.entries) });
    return done;
  }

  // Each position the log leads to, once, in order; the last is the game now.
  // Each is told by its day and phase and the first sentence leading there:
  // what a player remembers, where "action 41" would mean nothing.
  function positions() {
    const found = [];
    for (const group of groups()) {
      for (const entry of group.entries) {
        const last = found[found.length - 1];
        if (last && last.step === entry.step && last.moment === entry.moment) continue;
        found.push({ step: entry.step, moment: entry.moment, when: groupTitle(group), said: entry.text });
      }
    }
    return found;
  }

  function groupTitle(group) {
    return group.phase === "setup" ? "Setup" : `Day ${group.day} · ${group.phase}`;
  }

  // A finished phase's group is built once and kept while the log shows it
  // (its text never changes, and a reader may have opened or closed it); the
  // phase under way is built anew. Entry numbers count positions from the
  // log's start. A closed group holds its heading only: its entries are
  // built when it is opened, so the page does not grow with the game.
  let builtGroups = new Map(); // "name@index@previous" -> { details, index, previous }

  function drawLog() {
    const log = model.get("log") || {};
    const done = log.done || [];
    const shown = [];
    const kept = new Map(); // only the groups shown: an undone phase's group goes
    let [index, previous] = [-1, null];
    done.forEach((name, g) => {
      const key = `${name}@${index}@${previous}`;
      const group = builtGroups.get(key) ?? buildGroup(parsedText(model, name), index, previous, g >= done.length - 1);
      if (!group) return;
      kept.set(key, group);
      shown.push(group.details);
      [index, previous] = [group.index, group.previous];
    });
    builtGroups = kept;
    const now = groups().slice(done.length)[0];
    if (now) shown.push(buildGroup(now, index, previous, true).details);
    parts.log.replaceChildren(...shown);
    drawSlider();
    if (page.cursor == null) showNewest();
  }

  // The newest entry in view, once the page is laid out anyway.
  function showNewest() {
    requestAnimationFrame(() => (parts.log.scrollTop = parts.log.scrollHeight));
  }

  // A group's heading, and its entries once it is open. Returns the last
  // position index and "step/moment" it reaches (the next group counts on).
  function buildGroup(group, index, previous, open) {
    if (!group) return null;
    const details = make("details", "covil-log-group");
    details.append(make("summary", "", groupTitle(group)));
    const entries = [];
    for (const entry of group.entries) {
      const here = `${entry.step}/${entry.moment}`;
      if (here !== previous) index += 1;
      previous = here;
      entries.push([entry, index]);
    }
    details.dataset.first = String(entries.length ? entries[0][1] : index);
    details.dataset.last = String(index);
    details._fill = () => {
      details._fill = null;
      const list = make("ol", "covil-entries");
      for (const [entry, at] of entries) list.append(entryItem(entry, at));
      details.append(list);
    };
    details.addEventListener("toggle", () => details.open && details._fill?.());
    if (open) openGroup(details);
    return { details, index, previous };
  }

  function openGroup(details) {
    details._fill?.();
    details.open = true;
  }

  function entryItem(entry, at) {
    const item = make("li", "covil-entry");
    item.dataset.position = String(at);
    item.append(make("span", "covil-rule", entry.rule), " ", entry.text);
    item.addEventListener("click", () => goTo(at));
    return item;
  }

  function drawSlider() {
    const count = positions().length;
    parts.slider.max = String(Math.max(0, count - 1));
    parts.slider.value = String(page.cursor ?? count - 1);
    parts.slider.setAttribute("aria-valuetext", sliderText());
  }

  function sliderText() {
    const all = positions();
    if (page.cursor == null) return `the game now (after ${Math.max(0, all.length - 1)} positions)`;
    return told(all[page.cursor]);
  }

  // "Day 1 · afternoon — yellow lies down Y1 in zone B": a position as the log tells it.
  function told(position) {
    return `${position.when} — ${position.said.replace(/\.$/, "")}`;
  }

  // Show the position at index `at` of positions(); the last one is the game.
  function goTo(at) {
    const all = positions();
    if (all.length === 0) return;
    at = Math.max(0, Math.min(at, all.length - 1));
    page.cursor = at === all.length - 1 ? null : at;
    page.chooser = null;
    if (page.cursor != null) ask(all[page.cursor]);
    drawPosition();
    drawDecision();
    settle();
    drawControls();
    drawSlider();
    for (const node of parts.log.querySelectorAll(".covil-here")) node.classList.remove("covil-here");
    if (page.cursor != null) {
      for (const group of parts.log.querySelectorAll("details")) {
        if (Number(group.dataset.first) <= page.cursor && page.cursor <= Number(group.dataset.last)) openGroup(group);
      }
      const entries = parts.log.querySelectorAll(`[data-position="${page.cursor}"]`);
      entries.forEach((n) => n.classList.add("covil-here"));
      entries[0]?.scrollIntoView({ block: "nearest" });
    } else {
      showNewest(); // back to the game: back to the log's end
    }
  }

  // One "show" message at a time: while one is answered, only the latest
  // wish is kept (a held arrow key asks for many positions).
  function ask(position) {
    page.wanted = position;
    if (page.asking) return;
    const past = model.get("past") || {};
    if (past.step === position.step && past.moment === position.moment) return;
    page.asking = true;
    send("show", { step: position.step, moment: position.moment });
  }

  function onPast() {
    page.asking = false;
    const past = model.get("past") || {};
    const wanted = page.wanted;
    if (page.cursor != null && wanted && (past.step !== wanted.step || past.moment !== wanted.moment)) ask(wanted);
    drawPosition();
    settle();
  }

  // -- 6.6 Banners: playback, thinking, past position, "what if" -----------------
  // What the board is doing when it is not waiting for the person at the
  // screen, and what to press to go on.
  function drawBanner() {
    const controls = model.get("controls") || {};
    const lines = bannerLines(model.get("decision") || {}, controls);
    parts.banner.replaceChildren(...lines);
    parts.banner.hidden = lines.length === 0;
    root.classList.toggle("covil-looking-back", page.cursor != null);
    root.classList.toggle("covil-thinking", thinking(model) != null);
  }

  // Where a "what if" line starts (after history step `step`), as the log tells it.
  function whatIfStart(step) {
    const at = positions().find((p) => p.step === step);
    return at ? told(at) : `action ${step}`;
  }

  function bannerLines(decision, controls) {
    if (page.cursor != null) {
      return [make("div", "", `Looking back: ${sliderText()}. ← → to move, Esc or End to return, t to try a “what if” from here.`)];
    }
    const lines = [];
    const asked = thinking(model);
    if (asked) lines.push(make("div", "", asked.kind === "skip" ? "Playing on to your decision…" : `${seatLabel(decision.player)} is thinking…`));
    else if (controls.moment) lines.push(...momentLines(controls.moment));
    else lines.push(...outcomeLines(controls.outcome));
    const next = nextStepText(decision, controls);
    if (next) lines.push(make("div", "covil-next", next));
    if (controls.what_if) lines.push(make("div", "", `Trying a “what if” line from ${whatIfStart(controls.what_if.from)}; b returns to the game.`));
    return lines;
  }

  // Who did what at the moment shown, in the log's sentences, and why (a
  // dummy's priority).
  function momentLines(moment) {
    const said = make("div", "covil-moment");
    const told = (moment.told || []).length ? `: ${moment.told.join(" ")}` : ` played ${moment.actions.join(", ")}`;
    said.append(make("strong", "", seatLabel(moment.player)), told);
    const why = moment.reason ? [make("div", "covil-why", moment.reason)] : [];
    return [said, ...why, ...outcomeLines(moment.outcome)];
  }

  // How the fights of that moment (or of the person's own action) ended.
  function outcomeLines(outcome) {
    return (outcome || []).map((text) => make("div", "covil-outcome", text));
  }

  // While a playback or a bot holds the board: how it goes on.
  function nextStepText(decision, controls) {
    if (thinking(model) || (decision.waiting !== "playback" && decision.waiting !== "bot")) return "";
    const byHand = sharedOf(model).speed === "off";
    const more = decision.waiting === "bot" ? `${seatLabel(decision.player)} is to play` : `${controls.pending} more step${controls.pending === 1 ? "" : "s"} to show`;
    return byHand ? `${more}: Step (n) shows the next, Skip to my decision (s) jumps to yours.` : `${more}: they play on by themselves (p pauses).`;
  }

  function seatLabel(color) {
    const seat = ((model.get("board") || {}).seats || []).find((s) => s.color === color);
    return seat ? seat.label : color;
  }

  // -- 6.7 Controls, hint, refusals, a new version -------------------------------
  function drawControls() {
    const controls = model.get("controls") || {};
    const waiting = (model.get("decision") || {}).waiting;
    // While a bot thinks, Python is busy: a second request would only be stale.
    const busy = thinking(model) != null;
    parts.undo.disabled = busy || !controls.can_undo;
    parts.redo.disabled = busy || !controls.can_redo;
    parts.step.disabled = busy || (waiting !== "playback" && waiting !== "bot");
    parts.skip.disabled = parts.step.disabled;
    parts.hint.disabled = busy || waiting != null;
    parts.back.hidden = !controls.what_if;
    parts.tryHere.hidden = page.cursor == null;
    drawBanner();
  }

  function drawHint() {
    const hint = model.get("hint") || {};
    parts.hintText.textContent = hint.text || "";
    parts.hintBox.hidden = !hint.text;
  }

  // A refusal: beside the actions, or, for a click on the board, next to
  // where the click was (a hall or the pool may be far from the actions).
  function drawError() {
    const error = model.get("error") || {};
    parts.error.replaceChildren();
    if (!error.text) return;
    parts.error.append(make("span", "", error.text));
    if (error.rule) parts.error.append(" ", make("span", "covil-rule", `(${error.rule})`));
    parts.error.hidden = false;
    const clicked = page.clicked?.version === model.get("version") ? page.clicked : null;
    parts.error.classList.toggle("covil-error-near", clicked != null);
    parts.error.removeAttribute("style");
    if (clicked) placeNear(parts.error, clicked);
  }

  // Put `node` (positioned in the board) just under the point, inside the board.
  function placeNear(node, point) {
    const board = root.getBoundingClientRect();
    const width = Math.min(360, board.width - 16);
    const left = Math.max(8, Math.min(point.x - board.left - 24, board.width - width - 8));
    node.style.width = `${width}px`;
    node.style.left = `${left}px`;
    node.style.top = `${point.y - board.top + 16}px`;
  }

  function onVersion() {
    root.dataset.version = String(model.get("version"));
    parts.error.hidden = true; // an error belongs to the position it was made on
    page.clicked = null;
    page.chooser = null;
    const decision = model.get("decision") || {};
    const moment = (model.get("controls") || {}).moment;
    // Said to screen readers: what just happened, then what is asked now.
    const said = [];
    if (moment) said.push(`${seatLabel(moment.player)}: ${moment.actions.join(", ")}.`);
    said.push(decision.over ? "The game is over." : `${seatLabel(decision.player)}: ${decision.prompt}.`);
    parts.live.textContent = said.join(" ");
    drawControls();
  }

  // -- 6.8 Keyboard --------------------------------------------------------------
  // A key presses its button, so a key does nothing when its button is
  // disabled (while a bot thinks, say).
  const keyActions = {
    u: () => parts.undo.click(),
    r: () => parts.redo.click(),
    n: () => parts.step.click(),
    s: () => parts.skip.click(),
    h: () => parts.hint.click(),
    e: () => closingButton()?.click(),
    p: () => {
      const state = sharedOf(model);
      state.speed = state.speed === "off" ? parts.speed.dataset.resume || "normal" : "off";
      parts.speed.value = state.speed;
      scheduleStep(model);
      drawBanner();
    },
    t: () => tryHere(),
    b: () => send("return"),
    "?": () => toggleHelp(),
    ArrowLeft: () => goTo((page.cursor ?? positions().length - 1) - 1),
    ArrowRight: () => goTo((page.cursor ?? positions().length - 1) + 1),
    Home: () => goTo(0),
    End: () => goTo(positions().length - 1),
    Escape: () => escape(),
  };

  // The listed action that closes the step (Python marks it: ending the turn,
  // passing): the most frequent choice, listed last, often past the keys 1 – 9.
  function closingButton() {
    const closing = ((model.get("decision") || {}).actions || []).find((a) => a.closes);
    return closing && parts.actions.querySelector(`button[data-action="${closing.action}"]`);
  }

  function escape() {
    if (page.help) return toggleHelp();
    if (page.chooser) {
      page.chooser = null;
      drawDecision();
      return settle();
    }
    if (page.cursor != null) return goTo(positions().length - 1);
    parts.error.hidden = true;
  }

  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const inField = event.target.matches("input, select");
    if (inField && event.key !== "Escape") {
      event.stopPropagation(); // the slider and the speed take their own keys
      return;
    }
    if ((event.key === "Enter" || event.key === " ") && !event.target.matches("button, summary")) {
      if (clickAt(event.target)) {
        event.preventDefault();
        event.stopPropagation();
      }
      return;
    }
    let handled = false;
    if (/^[1-9]$/.test(event.key)) {
      const buttons = parts.actions.querySelectorAll("button");
      const chosen = buttons[Number(event.key) - 1];
      if (chosen) chosen.click();
      handled = true;
    } else if (keyActions[event.key]) {
      keyActions[event.key]();
      handled = true;
    }
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  }

  function toggleHelp() {
    page.help = !page.help;
    parts.help.hidden = !page.help;
  }

  function tryHere() {
    if (page.cursor == null) return;
    const at = positions()[page.cursor];
    page.cursor = null;
    send("try", { step: at.step });
  }

  // -- 6.9 Wiring ----------------------------------------------------------------
  parts.undo.addEventListener("click", () => send("undo"));
  parts.redo.addEventListener("click", () => send("redo"));
  parts.step.addEventListener("click", () => send("step"));
  parts.skip.addEventListener("click", () => send("skip"));
  parts.hint.addEventListener("click", () => send("hint"));
  parts.back.addEventListener("click", () => send("return"));
  parts.tryHere.addEventListener("click", tryHere);
  parts.helpButton.addEventListener("click", toggleHelp);
  parts.slider.addEventListener("input", () => goTo(Number(parts.slider.value)));
  parts.speed.value = sharedOf(model).speed;
  parts.speed.addEventListener("change", () => {
    sharedOf(model).speed = parts.speed.value;
    if (parts.speed.value !== "off") parts.speed.dataset.resume = parts.speed.value;
    scheduleStep(model);
    drawBanner();
  });
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  const views = sharedOf(model).views;
  views.addEventListener("thinking", drawControls);
  const showTexts = () => (root.dataset.texts = String(sharedOf(model).chunks.size)); // bounded (see 2.)
  views.addEventListener("pruned", showTexts);

  drawBoard();
  drawPosition();
  drawDecision();
  settle();
  drawLog();
  drawHint();
  onVersion();

  return () => {
    for (const [name, listener] of listeners) model.off(`change:${name}`, listener);
    unwatchTheme();
    views.removeEventListener("thinking", drawControls);
    views.removeEventListener("pruned", showTexts);
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKey);
  };
}

// == 7. The skeleton: the fixed parts of a view, built once ====================

// The help panel: the keys that 6.8 handles.
const KEYS_HELP = [
  ["1 – 9", "choose the listed action with that number"],
  ["Tab, Enter, Space", "go to a highlighted piece, choose it"],
  ["e", "end the turn, or pass"],
  ["Esc", "close a choice or this help; back from a past position"],
  ["← →", "the previous or next position of the log"],
  ["Home, End", "the first position; back to the game"],
  ["u, r", "undo, redo"],
  ["n", "the next bot or dummy step"],
  ["s", "skip to my decision"],
  ["p", "pause or resume auto-play"],
  ["h", "a hint: what the greedy bot would do"],
  ["t", "try a “what if” line from the position shown"],
  ["b", "back from the “what if” line to the game"],
  ["?", "this help"],
];

// The fixed parts of the board, built once per view.
function skeleton(root) {
  const parts = {};
  const top = make("div", "covil-top");
  parts.status = make("div", "covil-status");
  top.append(parts.status);

  const main = make("div", "covil-main");
  const table = (parts.table = make("div", "covil-table"));
  parts.map = make("div", "covil-map");
  parts.pieces = make("div", "covil-pieces");
  table.append(parts.map, parts.pieces);

  const side = make("div", "covil-side");
  parts.banner = make("div", "covil-banner");
  parts.banner.hidden = true;
  parts.prompt = make("div", "covil-prompt");
  parts.where = make("div", "covil-where");
  parts.where.hidden = true;
  parts.combat = make("div", "covil-combat");
  parts.actions = make("ol", "covil-actions");
  parts.error = make("div", "covil-error");
  parts.error.setAttribute("role", "alert");
  parts.error.hidden = true;
  parts.hintBox = make("div", "covil-hint");
  parts.hintBox.hidden = true;
  parts.hintText = make("pre", "covil-hint-text");
  parts.hintBox.append(make("strong", "", "Hint: "), parts.hintText);
  parts.help = make("div", "covil-help");
  parts.help.hidden = true;
  const keys = make("dl", "");
  for (const [key, what] of KEYS_HELP) keys.append(make("dt", "", key), make("dd", "", what));
  parts.help.append(make("strong", "", "Keyboard"), keys);
  parts.legend = make("div", "covil-legend");
  side.append(parts.help, parts.banner, parts.prompt, parts.where, parts.combat, parts.actions, parts.error, parts.hintBox, parts.legend);
  main.append(table, side);

  // The halls and the pool, one under the other, in the order orderCards() gives.
  parts.cards = make("div", "covil-cards");
  parts.halls = {};
  parts.pool = make("div", "covil-pool");
  parts.cards.append(parts.pool);

  const controls = make("div", "covil-controls");
  parts.undo = button("Undo", "Take back to your last decision (u)");
  parts.redo = button("Redo", "Replay what was undone (r)");
  parts.step = button("Step", "The next bot or dummy step (n)");
  parts.skip = button("Skip to my decision", "Play on to your next decision (s)");
  parts.speed = make("select", "covil-speed");
  parts.speed.title = "Auto-play speed (p pauses)";
  for (const [value, label] of [["off", "Step by hand"], ["slow", "Slow"], ["normal", "Normal"], ["fast", "Fast"]]) {
    const option = make("option", "", label);
    option.value = value;
    parts.speed.append(option);
  }
  parts.hint = button("Hint", "What the greedy bot would do (h)");
  parts.back = button("Back to the game", "Leave the “what if” line (b)");
  parts.back.hidden = true;
  parts.helpButton = button("?", "Keyboard help (?)");
  controls.append(parts.undo, parts.redo, parts.step, parts.speed, parts.skip, parts.hint, parts.back, parts.helpButton);

  const timeline = make("div", "covil-timeline");
  parts.slider = make("input", "covil-slider");
  parts.slider.type = "range";
  parts.slider.min = "0";
  parts.slider.setAttribute("aria-label", "Position in the log");
  parts.tryHere = button("Try from here", "A “what if” line from this position (t)");
  parts.tryHere.hidden = true;
  timeline.append(parts.slider, parts.tryHere);

  parts.log = make("div", "covil-log");
  parts.log.setAttribute("aria-label", "Game log");

  parts.live = make("div", "covil-live");
  parts.live.setAttribute("aria-live", "polite");

  root.append(top, main, controls, parts.cards, timeline, parts.log, parts.live);
  return parts;
}

export default { initialize, render };
