// covil_nb's board: built by esbuild from js/src/ (start with js/src/board.js).
// Do not edit: change the sources, then run `npm run build` in js/.

// src/dom.js
function make(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
}
function button(label, title, onClick2) {
  const node = make("button", "covil-button", label);
  node.type = "button";
  if (title) node.title = title;
  if (onClick2) node.addEventListener("click", onClick2);
  return node;
}
function setSvg(node, svg) {
  if (node._svg !== svg) {
    node.innerHTML = svg || "";
    node._svg = svg;
  }
}
function boxOf(node) {
  const first = node.firstElementChild;
  const at = (name) => Number(first?.getAttribute(name) || 0);
  const shape = first?.tagName.toLowerCase();
  if (node.hasAttribute("data-card") && shape === "rect") {
    return { x: at("x"), y: at("y"), width: at("width"), height: at("height") };
  }
  if (node.hasAttribute("data-coin") && shape === "circle") {
    return { x: at("cx") - at("r"), y: at("cy") - at("r"), width: 2 * at("r"), height: 2 * at("r") };
  }
  return node.getBBox();
}
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
function middleOf(node) {
  const box = node.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}
function splitKey(key) {
  const at = key.indexOf(":");
  return [key.slice(0, at), key.slice(at + 1)];
}
function scrollWithin(container2, node, above = 0) {
  const box = container2.getBoundingClientRect();
  const at = node.getBoundingClientRect();
  if (at.top < box.top + above) container2.scrollTop -= box.top + above - at.top;
  else if (at.bottom > box.bottom) container2.scrollTop += at.bottom - box.bottom;
}
function keepOpenState(details, key) {
  try {
    details.open = localStorage.getItem(key) !== "folded";
  } catch {
    details.open = true;
  }
  let shown2 = details.open;
  details.addEventListener("toggle", () => {
    if (details.open === shown2) return;
    shown2 = details.open;
    try {
      localStorage.setItem(key, details.open ? "open" : "folded");
    } catch {
    }
  });
}

// src/shared.js
var SPEEDS = (
  /** @type {const} */
  { off: null, slow: 1600, normal: 800, fast: 250 }
);
var NOTABLE = 2.5;
var LONG_WAIT = 4e3;
function readingTime(moment, speed) {
  if (!moment?.notable) return speed;
  const said2 = [...moment.told || [], moment.reason || "", ...moment.outcome || []].join(" ");
  const words = said2.split(/\s+/).filter(Boolean).length;
  return Math.max(NOTABLE * speed, words * speed / 4);
}
var shared = /* @__PURE__ */ new WeakMap();
function sharedOf(model) {
  const key = model.get("identity") || model;
  let state = shared.get(key);
  if (!state) {
    state = {
      speed: "normal",
      resume: "normal",
      timer: null,
      wait: null,
      looking: /* @__PURE__ */ new Set(),
      chunks: /* @__PURE__ */ new Map(),
      asked: null,
      views: new EventTarget()
    };
    shared.set(key, state);
  }
  return state;
}
function transmit(model, content) {
  try {
    model.send(content);
  } catch {
    setAsked(model, null);
    return false;
  }
  return true;
}
function asked(model, content) {
  const state = sharedOf(model);
  const waited = stopTimer(state);
  if (content.kind === "step" || content.kind === "skip") {
    setAsked(model, { kind: content.kind, version: content.version });
  } else if (waited) {
    redrawControls(state);
  }
}
function afterPaint(callback) {
  let done = false;
  const once = () => {
    if (!done) {
      done = true;
      callback();
    }
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
}
function setAsked(model, asked2) {
  const state = sharedOf(model);
  state.asked = asked2;
  redrawControls(state);
}
function redrawControls(state) {
  state.views.dispatchEvent(new Event("controls"));
}
function thinking(model) {
  const asked2 = sharedOf(model).asked;
  const waiting = (model.get("decision") || {}).waiting;
  const busy = waiting === "bot" || waiting === "playback" && asked2?.kind === "skip";
  return asked2 && asked2.version === model.get("version") && busy ? asked2 : null;
}
function scheduleStep(model) {
  const state = sharedOf(model);
  const waited = stopTimer(state);
  const delay = stepDelay(model, state);
  if (delay != null) {
    const version = model.get("version");
    state.timer = setTimeout(() => {
      state.timer = null;
      if (model.get("version") !== version) return;
      const step = { kind: "step", version };
      asked(model, step);
      transmit(model, step);
    }, delay);
    if (delay >= LONG_WAIT) state.wait = { version, delay, start: performance.now() };
  }
  const redrawn = waited || state.wait != null;
  if (redrawn) redrawControls(state);
  return redrawn;
}
function stepDelay(model, state) {
  const waiting = (model.get("decision") || {}).waiting;
  const delay = SPEEDS[state.speed];
  if (delay == null || waiting !== "playback" && waiting !== "bot") return null;
  if (state.asked?.version === model.get("version") || state.looking.size) return null;
  return readingTime(model.get("controls")?.moment, delay);
}
function lookBack(model, page, back) {
  const looking = sharedOf(model).looking;
  if (looking.has(page) === back) return;
  if (back) looking.add(page);
  else looking.delete(page);
  scheduleStep(model);
}
function setSpeed(model, speed) {
  const state = sharedOf(model);
  state.speed = speed;
  if (speed !== "off") state.resume = speed;
  if (!scheduleStep(model)) redrawControls(state);
}
function stopTimer(state) {
  clearTimeout(state.timer ?? void 0);
  state.timer = null;
  const waited = state.wait != null;
  state.wait = null;
  return waited;
}
function longWait(model) {
  const wait = sharedOf(model).wait;
  return wait && wait.version === model.get("version") ? wait : null;
}

// src/chunks.js
function absorb(model, trait) {
  const store = sharedOf(model).chunks;
  for (const [name, text] of Object.entries(model.get(trait) || {})) store.set(name, text);
}
function textOf(model, name, extra = {}) {
  absorb(model, "chunks_new");
  return extra[name] ?? sharedOf(model).chunks.get(name);
}
function sectionChunks(model, layout, extra = {}) {
  const names = (textOf(model, layout, extra) ?? "").split(" ");
  return names.map((name) => ({ name, text: textOf(model, name, extra) ?? "" }));
}
var TAG = /<(\/?)[^\s>/]+[^>]*?(\/?)>/g;
function drawnOf({ name, text }) {
  const known = measured.get(name);
  if (known) return known;
  let opens = 0;
  let depth = 0;
  let first = "";
  for (const [tag, closing, empty] of text.matchAll(TAG)) {
    if (!first) first = closing ? "/" : tag.slice(1).split(/[\s/>]/)[0];
    if (!closing) opens += 1;
    depth += closing ? -1 : empty ? 0 : 1;
  }
  const whole = text.startsWith("<") && first !== "/" && first !== "" && depth === 0;
  const drawn = { name, opens, tag: whole ? first.toLowerCase() : "" };
  if (text) measured.set(name, drawn);
  return drawn;
}
var measured = /* @__PURE__ */ new Map();
var ADDED = "covil-added";
function drawSection(node, chunks) {
  const drawn = chunks.map(drawnOf);
  if (!(node._drawn && patched(node, node._drawn, chunks, drawn))) {
    node.innerHTML = chunks.map((chunk) => chunk.text).join("");
  }
  node._drawn = chunks.every((chunk) => chunk.text) ? drawn : void 0;
}
function patched(node, old, chunks, drawn) {
  let start = 0;
  while (start < old.length && start < chunks.length && old[start].name === chunks[start].name) start += 1;
  let end = 0;
  const room = Math.min(old.length, chunks.length) - start;
  while (end < room && old[old.length - 1 - end].name === chunks[chunks.length - 1 - end].name) end += 1;
  if (start === old.length && start === chunks.length) return true;
  if (start === old.length - end && start > 0) start -= 1;
  const gone = old.slice(start, old.length - end);
  const come = drawn.slice(start, drawn.length - end);
  if (gone.length === 0 || ![...gone, ...come].every((chunk) => chunk.tag)) return false;
  const elements = drawnElements(node, old.slice(0, start).reduce((sum, chunk) => sum + chunk.opens, 0), gone);
  if (elements == null) return false;
  const holder = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  holder.innerHTML = chunks.slice(start, chunks.length - end).map((chunk) => chunk.text).join("");
  const fresh = [...holder.children];
  if (fresh.length !== come.length || holder.childNodes.length !== come.length) return false;
  elements[0].before(...fresh);
  for (const element of elements) element.remove();
  return true;
}
function drawnElements(node, index, gone) {
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_ELEMENT, {
    acceptNode: (element2) => (
      /** @type {Element} */
      element2.classList.contains(ADDED) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT
    )
  });
  let element = (
    /** @type {Element | null} */
    walker.nextNode()
  );
  for (let i = 0; i < index && element; i++) element = /** @type {Element | null} */
  walker.nextNode();
  const found = [];
  for (const chunk of gone) {
    while (element?.classList.contains(ADDED)) element = element.nextElementSibling;
    if (element == null || element.tagName.toLowerCase() !== chunk.tag) return null;
    found.push(element);
    element = element.nextElementSibling;
  }
  return found;
}
function inUse(model) {
  const store = sharedOf(model).chunks;
  const past = model.get("past") || {};
  const used = /* @__PURE__ */ new Set();
  const section = (layout, extra = {}) => {
    used.add(layout);
    for (const name of (extra[layout] ?? store.get(layout) ?? "").split(" ")) used.add(name);
  };
  for (const layout of Object.values(model.get("pictures") || {})) section(layout);
  for (const layout of Object.values(past.pictures || {})) section(layout, past.chunks || {});
  for (const names of Object.values(model.get("log") || {})) for (const name of names) used.add(name);
  return used;
}
function prune(model) {
  const state = sharedOf(model);
  const used = inUse(model);
  for (const name of state.chunks.keys()) {
    if (!used.has(name)) {
      state.chunks.delete(name);
      parsed.delete(name);
      measured.delete(name);
    }
  }
  state.views.dispatchEvent(new Event("pruned"));
}
var parsed = /* @__PURE__ */ new Map();
function parsedText(model, name) {
  if (!parsed.has(name)) {
    const text = textOf(model, name);
    if (text === void 0) return null;
    parsed.set(name, JSON.parse(text));
  }
  return parsed.get(name);
}

// src/words.js
var N_ = (message) => message;
function say(words, message, values = {}) {
  const template = words?.[message] ?? message;
  return template.replace(/\{(\w+)\}/g, (whole, name) => name in values ? String(values[name]) : whole);
}
var SAID = (
  /** @type {const} */
  [
    ["sayText", "textContent"],
    ["sayTitle", "title"],
    ["sayLabel", "aria-label"],
    ["sayPlaceholder", "placeholder"]
  ]
);
function remember(root) {
  for (const node of [root, .../** @type {NodeListOf<HTMLElement>} */
  root.querySelectorAll("*")]) {
    const only = node.childNodes.length === 1 && node.firstChild?.nodeType === Node.TEXT_NODE;
    for (const [key, field] of SAID) {
      const said2 = field === "textContent" ? only && node.textContent : node.getAttribute(field);
      if (said2) node.dataset[key] = said2;
    }
  }
}
function relabel(root, words) {
  for (const [key, field] of SAID) {
    const attribute = `data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    const marked = (
      /** @type {NodeListOf<HTMLElement>} */
      root.querySelectorAll(`[${attribute}]`)
    );
    for (const node of [root, ...marked].filter((n) => n.hasAttribute(attribute))) {
      const said2 = say(words, node.dataset[key] ?? "");
      if (field === "textContent") node.textContent = said2;
      else node.setAttribute(field, said2);
    }
  }
}

// src/queries.js
function seatLabel({ model }, color) {
  const seat = ((model.get("board") || {}).seats || []).find((s) => s.color === color);
  return seat ? seat.label : color || "";
}
function groups({ model }) {
  const log = model.get("log") || {};
  const done = (
    /** @type {LogGroup[]} */
    (log.done || []).map((name) => parsedText(model, name)).filter(Boolean)
  );
  const now = joined(model, log.now || []);
  if (now) done.push(now);
  return done;
}
function joined(model, names) {
  const texts = (
    /** @type {LogGroup[]} */
    names.map((name) => parsedText(model, name)).filter(Boolean)
  );
  if (texts.length === 0) return null;
  return { day: texts[0].day, phase: texts[0].phase, entries: texts.flatMap((g) => g.entries) };
}
function positions(view) {
  const found = [];
  for (const group of groups(view)) {
    for (const entry of group.entries) {
      const last = found[found.length - 1];
      if (last && last.step === entry.step && last.moment === entry.moment) {
        last.entries.push(entry.text);
        continue;
      }
      const when = groupTitle(view, group);
      found.push({ step: entry.step, moment: entry.moment, when, entries: [entry.text] });
    }
  }
  return found;
}
var PHASES = (
  /** @type {Record<string, string>} */
  {
    morning: N_("morning"),
    afternoon: N_("afternoon"),
    night: N_("night"),
    end: N_("end")
  }
);
function groupTitle(view, group) {
  if (group.phase === "setup") return view.t("Setup");
  return view.t("Day {day} · {phase}", { day: group.day, phase: view.t(PHASES[group.phase] ?? group.phase) });
}
function told(position) {
  return `${position.when} — ${position.entries[0].replace(/\.$/, "")}`;
}
function elementsFor({ root, parts }, key) {
  const [kind, id] = splitKey(key);
  const found = root.querySelectorAll(`[data-${kind}="${CSS.escape(id)}"]`);
  return (
    /** @type {HTMLElement[]} */
    [...found].filter((node) => !parts.map.contains(node))
  );
}
function keysAt({ model, root }, node) {
  const kinds = (model.get("board") || {}).kinds || [];
  const keys = [];
  for (; node && node !== root; node = node.parentElement) {
    for (const kind of kinds) {
      const id = node.getAttribute(`data-${kind}`);
      if (id) keys.push(`${kind}:${id}`);
    }
  }
  return keys;
}

// src/log.js
function drawLog(view) {
  const { model, page, parts } = view;
  const done = (model.get("log") || {}).done || [];
  const shown2 = [];
  const kept = /* @__PURE__ */ new Map();
  const opened = new Set(
    [...page.builtGroups].filter(([, group]) => group.details.open).map(([key]) => key.slice(key.indexOf("@")))
  );
  let [index, previous] = [-1, null];
  done.forEach((name, g) => {
    const key = `${name}@${index}@${previous}`;
    const text = parsedText(model, name);
    const open = g >= done.length - 1 || opened.has(`@${index}@${previous}`);
    const group = page.builtGroups.get(key) ?? (text && buildGroup(view, text, index, previous, open));
    if (!group) return;
    kept.set(key, group);
    shown2.push(group.details);
    [index, previous] = [group.index, group.previous];
  });
  page.builtGroups = kept;
  const now = drawNow(view, (model.get("log") || {}).now || [], index, previous);
  if (now) shown2.push(now);
  const current = parts.log.children;
  if (current.length !== shown2.length || shown2.some((node, i) => current[i] !== node)) {
    parts.log.replaceChildren(...shown2);
  }
  if (page.cursor == null) showNewest(view);
}
function drawNow(view, names, index, previous) {
  const { model, page } = view;
  const from = `${index}@${previous}`;
  const built = page.now;
  const continues = built && built.from === from && built.names.length <= names.length && built.names.every((n, i) => names[i] === n);
  if (!continues) {
    const group = joined(model, names);
    page.now = null;
    if (group == null) return null;
    const made = buildGroup(view, group, index, previous, true);
    page.now = { from, names, ...made };
    return made.details;
  }
  const more = joined(model, names.slice(built.names.length))?.entries ?? [];
  const added = numbered(more, built.index, built.previous);
  const list = built.details.querySelector("ol");
  for (const [entry, at] of added.list) list?.append(entryItem(view, entry, at));
  built.details.dataset.last = String(added.index);
  Object.assign(built, { names, index: added.index, previous: added.previous });
  return built.details;
}
function numbered(entries, index, previous) {
  const list = [];
  for (const entry of entries) {
    const here = `${entry.step}/${entry.moment}`;
    if (here !== previous) index += 1;
    previous = here;
    list.push([entry, index]);
  }
  return { list, index, previous };
}
function showNewest({ parts }) {
  requestAnimationFrame(() => parts.log.scrollTop = parts.log.scrollHeight);
}
function buildGroup(view, group, index, previous, open) {
  const details = (
    /** @type {HTMLDetailsElement & {_fill?: (() => void) | null}} */
    make("details", "covil-log-group")
  );
  details.append(make("summary", "", groupTitle(view, group)));
  const entries = numbered(group.entries, index, previous);
  [index, previous] = [entries.index, entries.previous];
  details.dataset.first = String(entries.list.length ? entries.list[0][1] : index);
  details.dataset.last = String(index);
  details._fill = () => {
    details._fill = null;
    const list = make("ol", "covil-entries");
    for (const [entry, at] of entries.list) list.append(entryItem(view, entry, at));
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
function entryItem(view, entry, at) {
  const item = make("li", "covil-entry");
  item.dataset.position = String(at);
  item.append(make("span", "covil-rule", entry.rule), " ", entry.text);
  item.addEventListener("click", () => goTo(view, at));
  return item;
}
function drawSlider(view) {
  const { page, parts } = view;
  const count = positions(view).length;
  parts.slider.max = String(Math.max(0, count - 1));
  parts.slider.value = String(page.cursor ?? count - 1);
  parts.slider.setAttribute("aria-valuetext", sliderText(view));
}
function sliderText(view) {
  const all = positions(view);
  if (view.page.cursor == null) return view.t("the game now (positions before it: {count})", { count: Math.max(0, all.length - 1) });
  return told(all[view.page.cursor]);
}
function goTo(view, at) {
  if (moveTo(view, at)) view.redraw("cursor");
}
function moveTo(view, at) {
  const { page } = view;
  const all = positions(view);
  if (all.length === 0) return false;
  at = Math.max(0, Math.min(at, all.length - 1));
  page.cursor = at === all.length - 1 ? null : at;
  lookBack(view.model, page, page.cursor != null);
  page.chooser = null;
  if (page.cursor != null) ask(view, all[page.cursor]);
  return true;
}
function drawHere(view) {
  const { page, parts } = view;
  for (const node of parts.log.querySelectorAll(".covil-here")) node.classList.remove("covil-here");
  if (page.cursor == null) {
    showNewest(view);
    return;
  }
  for (const group of parts.log.querySelectorAll("details")) {
    if (Number(group.dataset.first) <= page.cursor && page.cursor <= Number(group.dataset.last)) openGroup(group);
  }
  const entries = parts.log.querySelectorAll(`[data-position="${page.cursor}"]`);
  entries.forEach((n) => n.classList.add("covil-here"));
  const heading = entries[0]?.closest("details")?.querySelector("summary");
  if (entries[0]) scrollWithin(parts.log, entries[0], heading?.getBoundingClientRect().height ?? 0);
}
function ask(view, position) {
  const { model, page } = view;
  page.wanted = position;
  if (page.asking) return;
  const past = model.get("past") || {};
  if (past.step === position.step && past.moment === position.moment) return;
  page.asking = true;
  view.send("show", { step: position.step, moment: position.moment });
}
function onPast(view) {
  const { model, page } = view;
  page.asking = false;
  const past = model.get("past") || {};
  const wanted = page.wanted;
  if (page.cursor != null && wanted && (past.step !== wanted.step || past.moment !== wanted.moment)) {
    ask(view, wanted);
  }
}

// src/rings.js
function ring(node, box, colour, { dashed, className, pad }) {
  const round = node.firstElementChild?.tagName.toLowerCase() === "circle" && Math.abs(box.width - box.height) < 1;
  const shape = document.createElementNS("http://www.w3.org/2000/svg", round ? "circle" : "rect");
  const gap = pad + (round ? 2 : 3);
  const paint = dashed ? { fill: colour, "fill-opacity": "0.1", stroke: colour, "stroke-width": "2.5", "stroke-dasharray": "5 3" } : { fill: "none", stroke: colour, "stroke-width": "3" };
  const where = round ? { cx: box.x + box.width / 2, cy: box.y + box.height / 2, r: box.width / 2 + gap } : { x: box.x - gap, y: box.y - gap, width: box.width + 2 * gap, height: box.height + 2 * gap, rx: 4 + gap };
  for (const [name, value] of Object.entries({ ...where, ...paint })) shape.setAttribute(name, String(value));
  shape.setAttribute("class", `${className} ${ADDED}`);
  return shape;
}
function ringSolid(view, keys, className, { past = false } = {}) {
  for (const node of view.root.querySelectorAll(`.${className}`)) node.remove();
  if (keys.length === 0 || view.page.cursor != null && !past) return;
  const colour = getComputedStyle(view.root).getPropertyValue("--covil-focus").trim() || "#1f6feb";
  for (const key of keys) {
    for (const node of elementsFor(view, key)) {
      const box = node.tagName.toLowerCase() === "g" ? boxOf(
        /** @type {any} */
        node
      ) : null;
      if (box) node.appendChild(ring(node, box, colour, { dashed: false, className, pad: 6 }));
    }
  }
}

// src/analysis.js
var NO_ROWS = (
  /** @type {import("./types").SeatSummary[]} */
  []
);
function mountAnalysis(view) {
  const { parts } = view;
  const panel = analysisPanel();
  remember(panel.section);
  relabel(panel.section, view.model.get("words"));
  parts.hintBox.after(panel.section);
  const draw = () => drawAnalysis(view, panel);
  panel.analyse.addEventListener("click", () => view.send("analyse", {}, panel.analyse));
  panel.better.addEventListener("click", () => {
    const step = shownStep(view);
    if (step == null) return;
    if (!view.model.get("tree")) leavePast(view);
    view.send("better", { step }, panel.better);
  });
  panel.chart.addEventListener("click", (event) => {
    const dot = (
      /** @type {Element} */
      event.target.closest("[data-node]")
    );
    if (dot == null) return;
    event.stopPropagation();
    jumpTo(view, Number(dot.getAttribute("data-node")));
  });
  draw();
  const names = ["review", "progress", "at", "tree", "decision", "past", "cursor"];
  return { drawers: Object.fromEntries(names.map((name) => [name, draw])) };
}
function analysisPanel() {
  const section = make("section", "covil-analysis");
  section.setAttribute("aria-label", N_("Analysis"));
  const analyse = button(N_("Analyse this game"), N_("The engine's view of every decision of the game"));
  const bar = make("progress", "covil-progress");
  const said2 = make("span", "covil-progress-said");
  said2.setAttribute("role", "status");
  const chart = make("div", "covil-chart");
  const table = make("table", "covil-summary");
  const note = make("p", "covil-engine-note");
  const better = button(N_("Try the better line"), N_("Play the engine's better line from here"));
  better.classList.add("covil-better");
  section.append(analyse, bar, said2, chart, table, note, better);
  return { section, analyse, bar, said: said2, chart, table, note, better };
}
function shownStep(view) {
  const { model, page } = view;
  if (model.get("tree")) return (model.get("at") || {}).line ?? null;
  if (page.dot && page.dot.cursor === page.cursor) return page.dot.step;
  if (page.cursor == null) return null;
  const logged = positions(view);
  const shown2 = logged[page.cursor];
  if (shown2 == null || logged[page.cursor + 1]?.step === shown2.step) return null;
  return shown2.step;
}
function leavePast(view) {
  view.page.dot = null;
  goTo(view, Infinity);
}
function jumpTo(view, step) {
  if (view.model.get("tree")) {
    view.send("jump", { step });
    return;
  }
  const index = positions(view).map((p) => p.step <= step).lastIndexOf(true);
  if (index < 0 || !moveTo(view, index)) return;
  view.page.dot = { step, cursor: view.page.cursor };
  view.redraw("cursor");
}
function drawAnalysis(view, panel) {
  const { model } = view;
  const review = model.get("review") || {};
  const progress = model.get("progress") || {};
  const running = progress.total != null;
  const study = Boolean(model.get("tree"));
  const moves = ((model.get("tree") || {}).nodes || []).length > 1;
  const offered = study ? moves && (model.get("at") || {}).mode !== "quiz" : Boolean((model.get("decision") || {}).over) && !review.chart;
  panel.analyse.hidden = !offered || running;
  panel.analyse.textContent = review.chart ? view.t("Analyse again") : view.t("Analyse this game");
  panel.bar.hidden = !running;
  panel.said.hidden = !running;
  if (running) {
    panel.bar.max = Math.max(1, progress.total ?? 1);
    panel.bar.value = progress.done ?? 0;
    panel.said.textContent = view.t("Analysing: {done} of {total} moves", { done: progress.done ?? 0, total: progress.total ?? 0 });
  }
  panel.chart.hidden = !review.chart;
  setSvg(panel.chart, review.chart);
  drawSummary(view, panel.table, review.summary || NO_ROWS);
  panel.section.hidden = panel.analyse.hidden && !running && !review.chart;
  markShown(view, panel, study);
}
function drawSummary(view, table, rows) {
  const words = view.model.get("words");
  if (table._rows === rows && table._words === words) return;
  [table._rows, table._words] = [rows, words];
  table.hidden = rows.length === 0;
  const head = make("tr");
  const titles = [view.t("Seat"), view.t("Decisions"), view.t("Mean loss"), "?!", "?", "??"];
  for (const title of titles) head.append(make("th", "", title));
  const body = rows.map((row2) => {
    const line2 = make("tr");
    const cells = [row2.seat, row2.decisions, row2.loss, row2.inaccuracies, row2.mistakes, row2.blunders];
    for (const cell of cells) line2.append(make("td", "", String(cell)));
    return line2;
  });
  table.replaceChildren(head, ...body);
}
function markShown(view, panel, study) {
  const step = shownStep(view);
  panel.chart.querySelector(".covil-shown")?.classList.remove("covil-shown");
  if (step != null) panel.chart.querySelector(`[data-node="${step}"]`)?.classList.add("covil-shown");
  const note = step == null ? null : ((view.model.get("review") || {}).notes || {})[String(step)];
  panel.note.hidden = !note;
  panel.note.textContent = note ? [note.said, study ? "" : note.better].filter(Boolean).join(" ") : "";
  panel.better.hidden = !note?.line;
  const label = study ? N_("Go to the better line") : N_("Try the better line");
  panel.better.textContent = view.t(label);
  ringSolid(view, note?.elements || [], "covil-better-ring", { past: true });
}

// src/banner.js
var INLINE_AT_MOST = 2;
function drawBanner(view) {
  const { model, page, parts, root } = view;
  const lines = bannerLines(view, model.get("decision") || {}, model.get("controls") || {});
  parts.banner.replaceChildren(...lines);
  parts.banner.hidden = lines.length === 0;
  root.classList.toggle("covil-looking-back", page.cursor != null);
  root.classList.toggle("covil-thinking", thinking(model) != null);
}
function whatIfStart(view, step) {
  const at = positions(view).find((p) => p.step === step);
  return at ? told(at) : view.t("action {step}", { step });
}
function bannerLines(view, decision, controls) {
  if (view.page.cursor != null) return lookingBack(view, positions(view)[view.page.cursor]);
  const lines = [];
  const asked2 = thinking(view.model);
  if (asked2) {
    const who = asked2.kind === "skip" ? view.t("Playing on to your decision…") : view.t("{seat} is thinking…", { seat: seatLabel(view, decision.player) });
    lines.push(make("div", "", who));
  } else if (controls.moment) lines.push(...momentLines(view, controls.moment));
  else lines.push(...outcomeLines(controls.outcome));
  if (controls.night?.length) lines.push(nightLines(view, controls.night));
  const next = nextStepText(view, decision, controls);
  if (next) lines.push(make("div", "covil-next", next));
  if (controls.what_if) {
    const from = whatIfStart(view, controls.what_if.from);
    lines.push(make("div", "", view.t("Trying a “what if” line from {position}; b returns to the game.", { position: from })));
  }
  return lines;
}
function lookingBack(view, at) {
  const many = at.entries.length > 1;
  const said2 = view.t("Looking back: {position}. ← → to move, Esc or End to return, t to try a “what if” from here.", {
    position: many ? at.when : told(at)
  });
  return many ? [make("div", "", said2), listOf(at.entries)] : [make("div", "", said2)];
}
function momentLines(view, moment) {
  const said2 = make("div", "covil-moment");
  const entries = moment.told || [];
  const played = view.t("played {actions}", { actions: moment.actions.join(", ") });
  said2.append(make("strong", "", moment.player ? seatLabel(view, moment.player) : moment.by));
  if (entries.length > (moment.player ? INLINE_AT_MOST : 1)) {
    said2.append(":", listOf(entries));
  } else {
    said2.append(entries.length ? `: ${entries.join(" ")}` : ` ${played}`);
  }
  const why = moment.reason ? [make("div", "covil-why", moment.reason)] : [];
  return [said2, ...why, ...outcomeLines(moment.outcome)];
}
function nightLines(view, night) {
  const box = make("div", "covil-night");
  box.append(make("strong", "", view.t("Last night")), listOf(night));
  return box;
}
function listOf(items) {
  const list = make("ul", "");
  for (const item of items) list.append(make("li", "", item));
  return list;
}
function outcomeLines(outcome) {
  return (outcome || []).map((text) => make("div", "covil-outcome", text));
}
function nextStepText(view, decision, controls) {
  const { model } = view;
  if (thinking(model) || decision.waiting !== "playback" && decision.waiting !== "bot") return "";
  const byHand = sharedOf(model).speed === "off";
  const more = decision.waiting === "bot" ? view.t("{seat} is to play", { seat: seatLabel(view, decision.player) }) : view.t("Steps left to show: {count}", { count: controls.pending ?? 0 });
  if (byHand) return view.t("{state}. Step (n) shows the next, Skip to my decision (s) jumps to yours.", { state: more });
  const wait = longWait(model);
  return wait ? view.t("{state}. The board plays on by itself, this step shown for {seconds} s; Step (n) goes on now (p pauses).", {
    state: more,
    seconds: Math.round(wait.delay / 1e3)
  }) : view.t("{state}. The board plays on by itself (p pauses).", { state: more });
}

// src/controls.js
function acknowledge(view, kind, pressed) {
  const { root, page } = view;
  page.pressed?.classList.remove("covil-pressed");
  root.dataset.pending = kind;
  page.pressed = pressed;
  pressed?.classList.add("covil-pressed");
  if (kind === "hint") {
    view.parts.error.hidden = true;
    view.redraw("pending");
  }
}
function answered(view) {
  const { root, page } = view;
  const asked2 = root.dataset.pending === "hint";
  delete root.dataset.pending;
  page.pressed?.classList.remove("covil-pressed");
  page.pressed = null;
  if (asked2) view.redraw("pending");
}
function drawControls(view) {
  const { model, page, parts } = view;
  const controls = model.get("controls") || {};
  const waiting = (model.get("decision") || {}).waiting;
  const busy = thinking(model) != null;
  parts.undo.disabled = busy || !controls.can_undo;
  parts.redo.disabled = busy || !controls.can_redo;
  parts.step.disabled = busy || waiting !== "playback" && waiting !== "bot";
  parts.skip.disabled = parts.step.disabled;
  const why = hintRefused(view, busy || waiting != null);
  parts.hint.disabled = why != null;
  sayTitle(view, parts.hint, why ?? HINT);
  parts.back.hidden = !controls.what_if;
  parts.tryHere.hidden = page.cursor == null;
  parts.speed.value = sharedOf(model).speed;
  drawCountdown(view);
}
function drawCountdown({ model, page, parts }) {
  const wait = longWait(model);
  if ((page.countdown?.wait ?? null) === wait) return;
  page.countdown?.bar?.cancel();
  page.countdown = wait ? { wait, bar: fill(parts.step, wait) } : null;
  parts.step.classList.toggle("covil-counting", wait != null);
}
function fill(button2, wait) {
  if (typeof button2.animate !== "function") return null;
  const bar = button2.animate([{ backgroundSize: "0% 3px" }, { backgroundSize: "100% 3px" }], {
    duration: wait.delay,
    fill: "forwards"
  });
  bar.currentTime = performance.now() - wait.start;
  bar.finished.catch(() => {
  });
  return bar;
}
var HINT = N_("What the search bot would do, and why (h)");
function hintRefused({ page, root }, notYours) {
  if (root.dataset.pending === "hint") return N_("The search bot is thinking");
  if (page.cursor != null) return N_("A hint is for the game now: go back to it (End)");
  if (notYours) return N_("A hint is for your own decisions: none is waiting now");
  return null;
}
function sayTitle(view, node, message) {
  node.dataset.sayTitle = message;
  node.title = view.t(message);
}
function drawLanguage({ model, parts }) {
  const languages = (model.get("board") || {}).languages || {};
  const codes = Object.keys(languages);
  if ([...parts.language.options].map((o) => o.value).join() !== codes.join()) {
    parts.language.replaceChildren(
      ...codes.map((code) => {
        const option = make("option", "", languages[code]);
        option.value = code;
        return option;
      })
    );
  }
  parts.language.value = model.get("language");
  parts.language.hidden = codes.length < 2;
}
function drawHint(view) {
  const { model, page, parts, root } = view;
  const hint = model.get("hint") || {};
  const thinking2 = root.dataset.pending === "hint";
  const shown2 = page.cursor == null && (thinking2 || Boolean(hint.text));
  parts.hintText.textContent = thinking2 ? view.t("Thinking…") : hint.text || "";
  parts.hintBox.hidden = !shown2;
  ringSolid(view, shown2 && !thinking2 && hint.elements || [], "covil-hint-ring");
  for (const node of root.querySelectorAll(".covil-hinted")) node.classList.remove("covil-hinted");
  if (!shown2 || thinking2) return;
  const button2 = hint.action ? parts.actions.querySelector(`button[data-action="${CSS.escape(hint.action)}"]`) : null;
  button2?.classList.add("covil-hinted");
  if (page.hintShown !== hint.n && button2) {
    page.hintShown = hint.n;
    scrollWithin(parts.scroll, button2);
  }
}
function drawError({ model, page, parts, root }) {
  const error = model.get("error") || {};
  parts.error.replaceChildren();
  if (!error.text) return;
  parts.error.append(make("span", "", error.text));
  if (error.rule) parts.error.append(" ", make("span", "covil-rule", `(${error.rule})`));
  parts.error.hidden = false;
  const clicked = page.clicked?.version === model.get("version") ? page.clicked : null;
  parts.error.classList.toggle("covil-error-near", clicked != null);
  parts.error.removeAttribute("style");
  if (clicked) {
    root.append(parts.error);
    placeNear(root, parts.error, clicked);
  } else {
    parts.actions.after(parts.error);
  }
}
function placeNear(root, node, point) {
  const board = root.getBoundingClientRect();
  const width = Math.min(360, board.width - 16);
  const left = Math.max(8, Math.min(point.x - board.left - 24, board.width - width - 8));
  node.style.width = `${width}px`;
  node.style.left = `${left}px`;
  node.style.top = `${point.y - board.top + 16}px`;
}
function onVersion(view) {
  const { model, page, parts, root } = view;
  root.dataset.version = String(model.get("version"));
  requestAnimationFrame(() => parts.scroll.scrollTop = 0);
  parts.error.hidden = true;
  page.clicked = null;
  page.chooser = null;
  const decision = model.get("decision") || {};
  const moment = (model.get("controls") || {}).moment;
  const said2 = [];
  if (moment?.player) said2.push(`${seatLabel(view, moment.player)}: ${moment.actions.join(", ")}.`);
  else if (moment) said2.push(`${moment.by}: ${(moment.told || []).join(" ")}`);
  if (decision.over) said2.push(view.t("The game is over."));
  else if (decision.player) said2.push(`${seatLabel(view, decision.player)}: ${decision.prompt}.`);
  parts.live.textContent = said2.join(" ");
}

// src/decision.js
function drawDecision(view) {
  const { model, page, parts, root } = view;
  const decision = model.get("decision") || {};
  parts.prompt.replaceChildren();
  parts.combat.replaceChildren();
  parts.actions.replaceChildren();
  if (page.cursor != null) {
  } else if (decision.over) {
    drawScores(view, decision);
  } else {
    if (decision.player) {
      const who = make("strong", "covil-who", decision.seat ? decision.seat.label : decision.player);
      who.dataset.player = decision.player;
      parts.prompt.append(who, ": ");
    }
    parts.prompt.append(`${decision.prompt} `, make("span", "covil-rule", `(${decision.rule})`));
    if (decision.combat) drawCombat(view, decision.combat);
    const offered = page.chooser ? chooserActions(view, decision) : decision.actions || [];
    if (page.chooser) {
      const element = (decision.names || {})[page.chooser] ?? page.chooser;
      const note = view.t("Choose for {element} (Esc to cancel):", { element });
      parts.actions.append(make("li", "covil-note", note));
    }
    drawActions(view, offered);
  }
  root.dataset.waiting = decision.waiting || "";
  orderCards(view, decision);
}
function orderCards({ model, parts }, decision) {
  const seats = (model.get("board") || {}).seats || [];
  const person = (color) => seats.some((s) => s.color === color && s.kind === "person");
  const mine = person(decision.player) ? decision.player : seats.find((s) => s.kind === "person")?.color;
  parts.pool.style.order = "1";
  seats.forEach((seat, i) => {
    const hall = parts.halls[`hall:${seat.color}`];
    if (hall) hall.style.order = seat.color === mine ? "0" : String(2 + i);
  });
}
function chooserActions({ page }, decision) {
  return (decision.actions || []).filter((a) => page.chooser && a.elements.includes(page.chooser));
}
function drawActions(view, offered) {
  const groups2 = groupActions(offered);
  let index = 0;
  for (const group of groups2) {
    const titled = groups2.length > 1 && group.title !== "";
    if (titled) {
      const head = make("li", "covil-group", group.title);
      if (group.shared) head.append(make("span", "covil-shared", ` ${group.shared}`));
      view.parts.actions.append(head);
    }
    for (const action of group.actions) {
      view.parts.actions.append(actionItem(view, action, index, titled ? group.shared : ""));
      index += 1;
    }
  }
}
function groupActions(offered) {
  const byTitle = /* @__PURE__ */ new Map();
  for (const action of offered) {
    const title = action.group || "";
    if (!byTitle.has(title)) byTitle.set(title, { title, shared: "", actions: [] });
    byTitle.get(title)?.actions.push(action);
  }
  const groups2 = [...byTitle.values()];
  for (const group of groups2) {
    const asides = group.actions.map((a) => trailingAside(a.label));
    if (group.actions.length > 1 && asides[0] && asides.every((aside) => aside === asides[0])) group.shared = asides[0];
  }
  return groups2;
}
function trailingAside(label) {
  if (!label.endsWith(")")) return "";
  let depth = 0;
  for (let i = label.length - 1; i >= 0; i--) {
    if (label[i] === ")") depth += 1;
    else if (label[i] === "(" && --depth === 0) return i > 0 && label[i - 1] === " " ? label.slice(i) : "";
  }
  return "";
}
function keyOf(index) {
  return index < 9 ? String(index + 1) : index === 9 ? "0" : "";
}
function actionItem(view, action, index, shared2) {
  const item = make("li", "covil-action");
  const key = keyOf(index);
  const number = key ? `${key}. ` : "";
  const label = shared2 ? action.label.slice(0, -shared2.length).trimEnd() : action.label;
  const [head, details] = splitLabel(label);
  const pick = button(number + head, action.label, () => choose(view, action.action, pick));
  if (details) pick.append(make("span", "covil-details", details));
  pick.dataset.action = action.action;
  item.appendChild(pick);
  if (action.preview) item.appendChild(make("span", "covil-preview", previewText(view, action.preview)));
  if (action.forecast) item.appendChild(make("span", "covil-preview covil-forecast", `→ ${action.forecast}`));
  const point = (on) => action.elements.forEach((k) => elementsFor(view, k).forEach((n) => n.classList.toggle("covil-pointed", on)));
  pick.addEventListener("mouseenter", () => point(true));
  pick.addEventListener("mouseleave", () => point(false));
  pick.addEventListener("focus", () => point(true));
  pick.addEventListener("blur", () => point(false));
  return item;
}
function previewText(view, preview) {
  const combat = (view.model.get("decision") || {}).combat;
  const [attack, defense] = [combat?.attack?.total, combat?.defense?.total];
  const changes = [];
  if (preview.attack !== attack) changes.push(view.t("attack {before} → {after}", { before: attack ?? "", after: preview.attack }));
  if (preview.defense !== defense) changes.push(view.t("defense {before} → {after}", { before: defense ?? "", after: preview.defense }));
  if (preview.resolves) {
    const at = { attack: preview.attack, defense: preview.defense, verdict: preview.verdict ?? "" };
    return view.t("→ the combat ends, attack {attack} against defense {defense}: {verdict}", at);
  }
  const same = view.t("the strengths stay as they are");
  return `→ ${changes.length ? changes.join(", ") : same}`;
}
function drawCombat(view, combat) {
  view.parts.combat.append(
    make("div", "covil-combat-head", combat.head),
    strengthBox(view, view.t("Attack"), combat.attack, combat.attacker),
    strengthBox(view, view.t("Defense"), combat.defense, combat.defender)
  );
}
function strengthBox(view, title, strength, color) {
  const box = make("div", "covil-strength");
  if (color) box.dataset.player = color;
  const total = make("div", "covil-total");
  total.append(`${title} `, make("b", "", strength ? String(strength.total) : "—"));
  const list = make("ul", "covil-parts");
  for (const [said2] of strength ? strength.parts : []) list.append(make("li", "", said2));
  if (strength && strength.parts.length === 0) list.append(make("li", "", view.t("nothing adds to it")));
  box.append(total, list);
  return box;
}
function drawScores({ parts }, decision) {
  parts.prompt.append(make("strong", "", decision.verdict ?? ""));
  const list = make("ol", "covil-scores");
  for (const score of decision.scores || []) list.append(make("li", "", score.text));
  parts.combat.append(list);
}
function choose(view, action, pressed = null) {
  view.page.chooser = null;
  view.send("act", { action }, pressed);
}
function closeChooser(view) {
  view.page.chooser = null;
  view.redraw("chooser");
}
function focusChooser({ page, parts }) {
  if (page.chooser) parts.actions.querySelector("button")?.focus({ preventScroll: true });
}

// src/marks.js
function drawBoard({ model, parts, root }) {
  const board = model.get("board") || {};
  setSvg(parts.map, board.map);
  setSvg(parts.legend, board.legend);
  root.dataset.board = board.name || "";
}
function shown({ model, page }) {
  const past = model.get("past") || {};
  if (page.cursor != null && past.pictures) return [past.pictures, past.chunks || {}];
  return [model.get("pictures") || {}, {}];
}
function drawPosition(view) {
  const [layout, extra] = shown(view);
  for (const [section, name] of Object.entries(layout)) {
    drawSection(container(view, section), sectionChunks(view.model, name, extra));
  }
}
function container({ parts }, section) {
  const fixed = { pieces: parts.pieces, status: parts.status, market: parts.pool };
  if (fixed[section]) return fixed[section];
  if (!parts.halls[section]) {
    parts.halls[section] = make("div", "covil-hall");
    parts.halls[section].dataset.section = section;
    parts.cards.appendChild(parts.halls[section]);
  }
  return parts.halls[section];
}
function byElement({ model, page }) {
  const found = /* @__PURE__ */ new Map();
  if (page.cursor != null) return found;
  for (const offered of (model.get("decision") || {}).actions || []) {
    for (const key of offered.elements) {
      if (!found.has(key)) found.set(key, []);
      found.get(key)?.push(offered);
    }
  }
  return found;
}
function markChoices(view) {
  const { root, page } = view;
  for (const node of root.querySelectorAll(".covil-choice")) {
    node.classList.remove("covil-choice", "covil-chosen");
    for (const name of ["tabindex", "role", "aria-label"]) node.removeAttribute(name);
  }
  for (const node of root.querySelectorAll(".covil-pointed")) node.classList.remove("covil-pointed");
  for (const node of root.querySelectorAll("[data-covil-marked]")) {
    for (const name of ["data-action", "data-actions", "data-covil-marked"]) node.removeAttribute(name);
  }
  for (const old of root.querySelectorAll(".covil-ring")) old.remove();
  const marked = [];
  const unmarked = [];
  for (const [key, actions] of byElement(view)) {
    for (const node of elementsFor(view, key)) {
      marked.push(node);
      node.classList.add("covil-choice");
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", actions.map(said).join("; "));
      tooltip(node, actions);
      if (key === page.chooser) node.classList.add("covil-chosen");
      if (!node.hasAttribute("data-action") && !node.hasAttribute("data-actions")) unmarked.push([node, actions]);
    }
  }
  const boxes = unmarked.map(
    ([node]) => node.tagName.toLowerCase() === "g" ? boxOf(
      /** @type {any} */
      node
    ) : null
  );
  unmarked.forEach(([node, actions], i) => mark(view, node, actions, boxes[i]));
  return marked;
}
function tooltip(node, actions) {
  if (node.namespaceURI !== "http://www.w3.org/2000/svg") return;
  const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
  title.textContent = actions.map(said).join("\n");
  title.setAttribute("class", `covil-ring ${ADDED}`);
  node.appendChild(title);
}
function said(action) {
  return action.forecast ? `${action.label}: ${action.forecast}` : action.label;
}
function mark({ model }, node, actions, box) {
  node.setAttribute("data-covil-marked", "");
  const notations = actions.map((a) => a.action);
  if (notations.length === 1) node.setAttribute("data-action", notations[0]);
  else node.setAttribute("data-actions", notations.join("|"));
  if (box == null) return;
  const colour = (model.get("board") || {}).mark || "#c026d3";
  node.appendChild(ring(node, box, colour, { dashed: true, className: "covil-ring", pad: 0 }));
}
function drawChoices(view) {
  drawWhere(view, markChoices(view));
}
function drawWhere(view, marked) {
  const { parts } = view;
  const places = /* @__PURE__ */ new Map();
  for (const node of marked) {
    const place = placeOf(view, node);
    if (place && !places.has(place)) places.set(place, node);
  }
  parts.where.replaceChildren();
  parts.where.hidden = places.size === 0;
  if (places.size === 0) return;
  parts.where.append(view.t("Click a highlighted choice, or a button below. The choices are:"));
  for (const [place, node] of places) parts.where.append(" ", button(place, view.t("Show it"), () => showChoice(node)));
}
function placeOf(view, node) {
  const { parts } = view;
  if (parts.table.contains(node)) return view.t("on the map");
  if (parts.pool.contains(node)) return view.t("in the pool");
  const hall = (
    /** @type {HTMLElement | null} */
    node.closest(".covil-hall")
  );
  const seat = seatLabel(view, (hall?.dataset.section || "").slice("hall:".length));
  return hall ? view.t("in {seat}'s hall", { seat }) : null;
}
function showChoice(node) {
  node.scrollIntoView({ block: "center", behavior: "smooth" });
  node.focus({ preventScroll: true });
}
function keysUnder(view, point) {
  const keys = [];
  const under = (
    /** @type {Document | ShadowRoot} */
    view.root.getRootNode().elementsFromPoint(point.x, point.y)
  );
  for (const node of under) {
    if (!view.root.contains(node)) continue;
    for (const key of keysAt(view, node)) if (!keys.includes(key)) keys.push(key);
  }
  return keys;
}
function clickAt(view, node, point = null) {
  const { model, page } = view;
  const keys = keysAt(view, node);
  if (point) {
    for (const key2 of keysUnder(view, point)) if (!keys.includes(key2)) keys.push(key2);
  }
  if (keys.length === 0 || page.cursor != null) return false;
  const offered = byElement(view);
  const key = keys.find((k) => offered.has(k));
  if (key === void 0) {
    if ((model.get("decision") || {}).waiting == null) {
      page.clicked = { version: model.get("version"), ...point || middleOf(node) };
      view.send("why", { element: keys[0] });
    }
    return true;
  }
  const actions = offered.get(key) || [];
  if (actions.length === 1) {
    choose(view, actions[0].action, node.closest("[data-action]") ?? node);
  } else {
    page.chooser = key;
    view.redraw("chooser");
  }
  return true;
}
function onClick(view, event) {
  const target = (
    /** @type {Element} */
    event.target
  );
  if (target.closest("button, input, select, summary, .covil-log")) return;
  if (!target.closest(".covil-error")) view.parts.error.hidden = true;
  if (clickAt(view, target, { x: event.clientX, y: event.clientY })) event.stopPropagation();
}

// src/keyboard.js
function keyActions(view) {
  const { model, page, parts } = view;
  const last = () => positions(view).length - 1;
  return {
    u: () => parts.undo.click(),
    r: () => parts.redo.click(),
    n: () => parts.step.click(),
    s: () => parts.skip.click(),
    h: () => parts.hint.click(),
    e: () => closingButton(view)?.click(),
    p: () => setSpeed(model, sharedOf(model).speed === "off" ? sharedOf(model).resume : "off"),
    t: () => tryHere(view),
    b: () => view.send("return"),
    "?": () => toggleHelp(view),
    ArrowLeft: () => goTo(view, (page.cursor ?? last()) - 1),
    ArrowRight: () => goTo(view, (page.cursor ?? last()) + 1),
    Home: () => goTo(view, 0),
    End: () => goTo(view, last()),
    Escape: () => escape(view)
  };
}
function closingButton({ model, parts }) {
  const closing = ((model.get("decision") || {}).actions || []).find((a) => a.closes);
  return closing ? parts.actions.querySelector(`button[data-action="${CSS.escape(closing.action)}"]`) : null;
}
function escape(view) {
  const { page, parts } = view;
  if (page.help) return toggleHelp(view);
  if (page.chooser) return closeChooser(view);
  if (page.cursor != null) return goTo(view, positions(view).length - 1);
  parts.error.hidden = true;
}
function onKey(view, event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = (
    /** @type {Element} */
    event.target
  );
  if (target.matches("input, select, textarea") && event.key !== "Escape") {
    event.stopPropagation();
    return;
  }
  if ((event.key === "Enter" || event.key === " ") && !target.matches("button, summary")) {
    if (clickAt(view, target)) {
      event.preventDefault();
      event.stopPropagation();
    }
    return;
  }
  let handled = false;
  if (/^[0-9]$/.test(event.key)) {
    const buttons = view.parts.actions.querySelectorAll("button");
    buttons[event.key === "0" ? 9 : Number(event.key) - 1]?.click();
    handled = true;
  } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    handled = stepThroughActions(view, target, event.key === "ArrowDown" ? 1 : -1);
  } else {
    const act = keyActions(view)[event.key];
    if (act) {
      act();
      handled = true;
    }
  }
  if (handled) {
    event.preventDefault();
    event.stopPropagation();
  }
}
function stepThroughActions(view, from, by) {
  const buttons = [...view.parts.actions.querySelectorAll("button")];
  if (buttons.length === 0) return false;
  const at = buttons.indexOf(
    /** @type {HTMLButtonElement} */
    from
  );
  const next = at < 0 ? by > 0 ? 0 : buttons.length - 1 : (at + by + buttons.length) % buttons.length;
  buttons[next].focus();
  return true;
}
function toggleHelp(view) {
  view.page.help = !view.page.help;
  view.redraw("help");
}
function drawHelp({ page, parts }) {
  parts.help.hidden = !page.help;
}
function tryHere(view) {
  const { page } = view;
  if (page.cursor == null) return;
  const at = positions(view)[page.cursor];
  page.cursor = null;
  lookBack(view.model, page, false);
  view.send("try", { step: at.step });
}

// src/skeleton.js
var KEYS_HELP = [
  ["1 – 9, 0", N_("choose the listed action with that number (0 is the tenth)")],
  ["↓ ↑, Enter", N_("go through the listed actions, choose one")],
  [N_("Tab, Enter, Space"), N_("go to a highlighted piece, choose it")],
  ["e", N_("end the turn, or pass")],
  ["Esc", N_("close a choice or this help; back from a past position")],
  ["← →", N_("the previous or next position of the log")],
  ["Home, End", N_("the first position; back to the game")],
  ["u, r", N_("undo, redo")],
  ["n", N_("the next bot or dummy step")],
  ["s", N_("skip to my decision")],
  ["p", N_("pause or resume auto-play")],
  ["h", N_("a hint: what the search bot would do, and why")],
  ["t", N_("try a “what if” line from the position shown")],
  ["b", N_("back from the “what if” line to the game")],
  ["?", N_("this help")]
];
function skeleton(root) {
  const status = make("div", "covil-status");
  const top = make("div", "covil-top");
  top.append(status);
  const map = make("div", "covil-map");
  const pieces = make("div", "covil-pieces");
  const table = make("div", "covil-table");
  table.append(map, pieces);
  const { panel, ...side } = sidePanel();
  const main = make("div", "covil-main");
  main.append(table, panel);
  const pool = make("div", "covil-pool");
  const cards = make("div", "covil-cards");
  cards.append(pool);
  const controls = controlBar();
  const hintBox = hiddenDiv("covil-hint");
  hintBox.setAttribute("role", "status");
  const hintText = make("span", "covil-hint-text");
  hintBox.append(make("strong", "", N_("Hint: ")), hintText);
  const timeline = timelineBar();
  const legendBox = make("details", "covil-legend");
  keepOpenState(legendBox, "covil-nb:legend");
  const legend = make("div", "covil-legend-key");
  legendBox.append(make("summary", "", N_("Legend")), legend);
  const log = make("div", "covil-log");
  log.setAttribute("aria-label", N_("Game log"));
  const live = make("div", "covil-live");
  live.setAttribute("aria-live", "polite");
  root.append(top, main, controls.controlsBar, hintBox, legendBox, cards, timeline.timeline, log, live);
  remember(root);
  const halls = {};
  return { status, table, map, pieces, legend, cards, pool, halls, log, live, hintBox, hintText, ...side, ...controls, ...timeline };
}
function sidePanel() {
  const banner = hiddenDiv("covil-banner");
  const prompt = make("div", "covil-prompt");
  const where = hiddenDiv("covil-where");
  const combat = make("div", "covil-combat");
  const actions = make("ol", "covil-actions");
  const error = hiddenDiv("covil-error");
  error.setAttribute("role", "alert");
  const help = hiddenDiv("covil-help");
  const keys = make("dl", "");
  for (const [key, what] of KEYS_HELP) keys.append(make("dt", "", key), make("dd", "", what));
  help.append(make("strong", "", N_("Keyboard")), keys);
  const scroll = make("div", "covil-side-scroll");
  scroll.append(help, banner, prompt, where, combat, actions, error);
  const panel = make("div", "covil-side");
  panel.append(scroll);
  return { panel, scroll, banner, prompt, where, combat, actions, error, help };
}
function controlBar() {
  const undo = button(N_("Undo"), N_("Take back to your last decision (u)"));
  const redo = button(N_("Redo"), N_("Replay what was undone (r)"));
  const step = button(N_("Step"), N_("The next bot or dummy step (n)"));
  const skip = button(N_("Skip to my decision"), N_("Play on to your next decision (s)"));
  const speed = make("select", "covil-speed");
  speed.title = N_("Auto-play speed (p pauses)");
  const speeds = [["off", N_("Step by hand")], ["slow", N_("Slow")], ["normal", N_("Normal")], ["fast", N_("Fast")]];
  for (const [value, label] of speeds) {
    const option = make("option", "", label);
    option.value = value;
    speed.append(option);
  }
  const hint = button(N_("Hint"), N_("What the search bot would do, and why (h)"));
  const back = button(N_("Back to the game"), N_("Leave the “what if” line (b)"));
  back.hidden = true;
  const helpButton = button("?", N_("Keyboard help (?)"));
  const language = make("select", "covil-language");
  language.title = "Language · Idioma";
  language.setAttribute("aria-label", "Language · Idioma");
  const bar = make("div", "covil-controls");
  bar.append(undo, redo, step, speed, skip, hint, back, helpButton, language);
  return { controlsBar: bar, undo, redo, step, skip, speed, hint, back, helpButton, language };
}
function timelineBar() {
  const slider = make("input", "covil-slider");
  slider.type = "range";
  slider.min = "0";
  slider.setAttribute("aria-label", N_("Position in the log"));
  const tryHere2 = button(N_("Try from here"), N_("A “what if” line from this position (t)"));
  tryHere2.hidden = true;
  const bar = make("div", "covil-timeline");
  bar.append(slider, tryHere2);
  return { timeline: bar, slider, tryHere: tryHere2 };
}
function hiddenDiv(className) {
  const node = make("div", className);
  node.hidden = true;
  return node;
}

// src/study.js
var KEYS_HELP2 = [
  ["← →", N_("the previous or next move of the study")],
  ["↑ ↓", N_("the line above or below this move")],
  ["Home, End", N_("the chapter's start; the end of this line")]
];
var ON_MAP = /* @__PURE__ */ new Set(["zone", "troop", "fortress", "rebels"]);
var WALKS = (
  /** @type {Record<string, string>} */
  {
    ArrowLeft: "prev",
    ArrowRight: "next",
    ArrowUp: "up",
    ArrowDown: "down",
    Home: "start",
    End: "end"
  }
);
function mountStudy(view) {
  const { root, parts } = view;
  root.dataset.study = "";
  const panel = studyPanel(view);
  parts.table.after(panel.section);
  for (const control of [parts.undo, parts.redo, parts.step, parts.skip, parts.speed]) control.hidden = true;
  const keys = parts.help.querySelector("dl");
  const help = KEYS_HELP2.flatMap(([key, what]) => [make("dt", "", key), make("dd", "", what)]);
  keys?.prepend(...help);
  for (const node of [panel.section, ...help]) remember(node);
  relabel(root, view.model.get("words"));
  const marking = { tool: null, from: null };
  const drawAll = () => {
    drawTree(view, panel);
    drawAt(view, panel, marking);
  };
  drawAll();
  const onKey2 = (event) => {
    const way = walkOf(event);
    if (way == null) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    view.send("walk", { way });
  };
  const onClick2 = (event) => {
    if (marking.tool == null) return;
    const key = elementAt(
      view,
      /** @type {Element} */
      event.target
    );
    if (key == null) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    mark2(view, panel, marking, key);
  };
  root.addEventListener("keydown", onKey2, true);
  root.addEventListener("click", onClick2, true);
  wirePanel(view, panel, marking);
  return {
    // The tree redraws what the node shown marks in it too.
    drawers: { tree: drawAll, at: () => drawAt(view, panel, marking) },
    after: () => drawRings(view),
    // the board has drawn the halls: ring their cards
    unmount: () => {
      root.removeEventListener("keydown", onKey2, true);
      root.removeEventListener("click", onClick2, true);
    }
  };
}
function walkOf(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const target = (
    /** @type {Element} */
    event.target
  );
  if (target.matches("input, select, textarea")) return null;
  if ((event.key === "ArrowUp" || event.key === "ArrowDown") && target.closest(".covil-actions")) return null;
  return WALKS[event.key] ?? null;
}
function elementAt(view, target) {
  if (!target.closest(".covil-table, .covil-cards")) return null;
  return keysAt(view, target)[0] ?? null;
}
function mark2(view, panel, marking, key) {
  const at = view.model.get("at") || {};
  if (marking.tool === "highlight") {
    const marked = (at.highlights || []).includes(key);
    view.send(marked ? "unhighlight" : "highlight", { element: key });
  } else if (marking.from == null) {
    marking.from = key;
  } else {
    const from = marking.from;
    const marked = (at.arrows || []).some(([a, b]) => a === from && b === key);
    view.send(marked ? "unarrow" : "arrow", { element: from, target: key });
    marking.from = null;
  }
  drawTool(panel, marking);
}
function studyPanel(view) {
  const section = make("section", "covil-study");
  section.setAttribute("aria-label", N_("Study"));
  const title = make("h3", "covil-study-title");
  const chapter = make("select", "covil-chapter");
  chapter.setAttribute("aria-label", N_("Chapter"));
  const mode = button(N_("Quiz mode"), N_("Switch between writing the study and being quizzed on it"));
  const head = make("div", "covil-study-head");
  head.append(title, chapter, mode);
  const description = make("p", "covil-description");
  const walks = {
    start: button("|◀", N_("The chapter's start (Home)")),
    prev: button("◀", N_("The previous move (←)")),
    next: button("▶", N_("The next move (→)")),
    end: button("▶|", N_("The end of this line (End)")),
    up: button("▲", N_("The line above (↑)")),
    down: button("▼", N_("The line below (↓)"))
  };
  for (const [way, node] of Object.entries(walks)) node.dataset.walk = way;
  const nav = make("div", "covil-study-nav");
  nav.append(...Object.values(walks));
  const tree = make("div", "covil-tree");
  tree.setAttribute("role", "tree");
  tree.setAttribute("aria-label", N_("Moves of the chapter"));
  const before = make("div", "covil-comments covil-before");
  const notes = make("div", "covil-notes");
  const after = make("div", "covil-comments covil-after");
  notes.append(before, after);
  const quiz = make("div", "covil-quiz");
  quiz.setAttribute("role", "status");
  const prompt = make("p", "covil-question");
  const verdict = make("p", "covil-verdict");
  const again = button(N_("Try again"), N_("Choose another answer on the board"));
  const reveal = button(N_("Show me"), N_("The answer, and why"));
  quiz.append(prompt, verdict, again, reveal);
  const author = make("div", "covil-author");
  const text = make("textarea", "covil-comment-text");
  text.rows = 2;
  text.placeholder = N_("A comment on this move (Markdown)");
  text.setAttribute("aria-label", N_("Comment"));
  const beforeBox = make("input");
  beforeBox.type = "checkbox";
  const beforeLabel = make("label", "covil-before-label");
  beforeLabel.append(beforeBox, " ", make("span", "", N_("before the move")));
  const addComment = button(N_("Add comment"), N_("Add the comment to the move shown"));
  const glyphs = make("div", "covil-glyphs");
  glyphs.setAttribute("aria-label", N_("Glyphs"));
  const arrow = button(N_("Arrow"), N_("Draw an arrow: click where it starts, then where it goes"));
  const highlight = button(N_("Highlight"), N_("Highlight what you click on the board"));
  const tool = make("span", "covil-tool-said");
  const edits = {
    promote: button(N_("Promote"), N_("This line one place up")),
    demote: button(N_("Demote"), N_("This line one place down")),
    main: button(N_("Main line"), N_("Make this line the main line")),
    remove: button(N_("Delete"), N_("Delete this move and every move after it"))
  };
  const save = button(N_("Save"), N_("Write the study to its file"));
  const saved = make("span", "covil-saved");
  saved.setAttribute("role", "status");
  author.append(
    text,
    beforeLabel,
    addComment,
    glyphs,
    row("covil-marking", arrow, highlight, tool),
    row("covil-edits", ...Object.values(edits), save, saved)
  );
  section.append(head, description, nav, tree, notes, quiz, author);
  return { t: view.t, section, title, chapter, mode, description, walks, tree, notes, before, after, quiz, prompt, verdict, again, reveal, author, text, beforeBox, addComment, glyphs, arrow, highlight, tool, edits, save, saved };
}
function row(className, ...children) {
  const node = make("div", className);
  node.append(...children);
  return node;
}
function wirePanel(view, panel, marking) {
  const { model } = view;
  for (const [way, node] of Object.entries(panel.walks)) node.addEventListener("click", () => view.send("walk", { way }, node));
  panel.tree.addEventListener("click", (event) => {
    const move = (
      /** @type {HTMLElement} */
      event.target.closest("[data-node]")
    );
    if (move instanceof HTMLElement) view.send("goto", { node: Number(move.dataset.node) }, move);
  });
  panel.chapter.addEventListener("change", () => view.send("chapter", { chapter: Number(panel.chapter.value) }));
  panel.mode.addEventListener("click", () => {
    const now = (model.get("at") || {}).mode;
    view.send("mode", { mode: now === "quiz" ? "author" : "quiz" }, panel.mode);
  });
  panel.again.addEventListener("click", () => {
    panel.verdict.hidden = true;
    panel.again.hidden = true;
    view.root.focus({ preventScroll: true });
  });
  panel.reveal.addEventListener("click", () => view.send("reveal", {}, panel.reveal));
  panel.addComment.addEventListener("click", () => {
    const text = panel.text.value;
    view.send("comment", { text, before: panel.beforeBox.checked }, panel.addComment);
  });
  panel.glyphs.addEventListener("click", (event) => {
    const glyph = (
      /** @type {HTMLElement} */
      event.target.closest("[data-glyph]")
    );
    if (!(glyph instanceof HTMLElement)) return;
    const marked = glyph.getAttribute("aria-pressed") === "true";
    view.send(marked ? "unglyph" : "glyph", { glyph: glyph.dataset.glyph }, glyph);
  });
  panel.notes.addEventListener("click", (event) => {
    const cross = (
      /** @type {HTMLElement} */
      event.target.closest(".covil-uncomment")
    );
    if (!(cross instanceof HTMLElement)) return;
    view.send("uncomment", { index: Number(cross.dataset.index), before: cross.dataset.before === "true" }, cross);
  });
  for (
    const tool of
    /** @type {const} */
    ["arrow", "highlight"]
  ) {
    panel[tool].addEventListener("click", () => {
      marking.tool = marking.tool === tool ? null : tool;
      marking.from = null;
      drawTool(panel, marking);
    });
  }
  for (const [kind, node] of Object.entries(panel.edits)) node.addEventListener("click", () => view.send(kind, {}, node));
  panel.save.addEventListener("click", () => view.send("save", {}, panel.save));
}
function drawTree({ model }, panel) {
  const { t } = panel;
  const tree = model.get("tree") || {};
  const nodes = tree.nodes || [];
  panel.title.textContent = tree.title || t("Study");
  panel.title.title = tree.seat ? t("Seen by {seat}", { seat: tree.seat }) : t("All-seeing");
  const chapters = tree.chapters || [];
  panel.chapter.replaceChildren(
    ...chapters.map((name, i) => {
      const option = make("option", "", name);
      option.value = String(i);
      return option;
    })
  );
  panel.chapter.value = String(tree.chapter ?? 0);
  panel.chapter.hidden = chapters.length < 2;
  panel.glyphs.replaceChildren(
    ...(tree.glyphs || []).map((glyph) => {
      const node = button(glyph, t("Mark the move {glyph}", { glyph }));
      node.dataset.glyph = glyph;
      return node;
    })
  );
  panel.save.title = tree.saves ? t("Write the study to its file") : t("This board has no file to save to (press for how)");
  panel.description.textContent = tree.description || "";
  const start = moveButton(t, nodes, 0, t("Start"));
  panel.tree.replaceChildren(start);
  const kids = nodes[0]?.children || [];
  if (kids.length) line(t, panel.tree, nodes, kids[0], kids.slice(1));
}
function line(t, box, nodes, first, beside) {
  let at = first;
  let others = beside;
  while (at != null) {
    box.append(moveButton(t, nodes, at, null));
    for (const other of others) {
      const variation = make("div", "covil-variation");
      variation.setAttribute("role", "group");
      if (nodes[other].by === "engine") {
        variation.classList.add("covil-engine-line");
        variation.setAttribute("aria-label", t("The engine's line"));
        variation.append(make("span", "covil-line-by", t("engine:")));
      }
      line(t, variation, nodes, other, []);
      box.append(variation);
    }
    const children = nodes[at].children;
    at = children[0];
    others = children.slice(1);
  }
}
function moveButton(t, nodes, index, label) {
  const node = nodes[index] || { move: null, player: "", glyphs: [], children: [], noted: false, question: false };
  const said2 = label ?? `${node.said || node.move}${node.glyphs.join("")}`;
  const move = button(said2, node.move ?? t("The chapter's start"));
  move.classList.add("covil-move");
  move.dataset.node = String(index);
  move.dataset.player = node.player;
  move.setAttribute("role", "treeitem");
  if (node.noted) move.classList.add("covil-noted");
  if (node.question) move.classList.add("covil-asks");
  return move;
}
function drawAt(view, panel, marking) {
  const { model } = view;
  const at = model.get("at") || {};
  const current = at.node ?? 0;
  markCurrent(panel, current);
  panel.description.hidden = current !== 0 || !panel.description.textContent;
  const quizzing = at.mode === "quiz";
  panel.mode.textContent = quizzing ? view.t("Author mode") : view.t("Quiz mode");
  drawComments(view.t, panel.before, at.before || [], true, !quizzing);
  drawComments(view.t, panel.after, at.after || [], false, !quizzing);
  drawQuiz(panel, at);
  panel.author.hidden = quizzing;
  panel.saved.textContent = at.saved ? view.t("Saved to {file}", { file: at.saved }) : "";
  if (quizzing) {
    marking.tool = null;
    marking.from = null;
  }
  const said2 = `${current}:${(at.before || []).length + (at.after || []).length}`;
  if (panel.text.dataset.for !== said2) panel.text.value = "";
  panel.text.dataset.for = said2;
  drawTool(panel, marking);
  const glyphs = new Set(at.glyphs || []);
  for (const glyph of panel.glyphs.querySelectorAll("[data-glyph]")) {
    glyph.setAttribute("aria-pressed", String(glyphs.has(
      /** @type {HTMLElement} */
      glyph.dataset.glyph || ""
    )));
  }
}
function markCurrent(panel, current) {
  const old = panel.tree.querySelector(".covil-current");
  const shown2 = panel.tree.querySelector(`[data-node="${current}"]`);
  if (shown2 === old) return;
  old?.classList.remove("covil-current");
  old?.removeAttribute("aria-current");
  if (shown2 == null) return;
  shown2.classList.add("covil-current");
  shown2.setAttribute("aria-current", "true");
  requestAnimationFrame(() => scrollWithin(panel.tree, shown2));
}
function drawComments(t, box, comments, before, removable) {
  box.replaceChildren();
  box.hidden = comments.length === 0;
  if (before && comments.length) box.append(make("strong", "", t("Before the move")));
  comments.forEach((comment, index) => {
    const said2 = make("div", comment.author === "engine" ? "covil-comment covil-engine" : "covil-comment");
    const by = comment.author === "engine" ? t("engine:") : comment.author && `${comment.author}:`;
    if (by) said2.append(make("span", "covil-author-name", `${by} `));
    const body = make("span", "covil-said");
    body.innerHTML = comment.html;
    said2.append(body);
    if (removable) {
      const cross = button("✕", t("Delete this comment: {comment}", { comment: comment.text }));
      cross.classList.add("covil-uncomment");
      cross.dataset.index = String(index);
      cross.dataset.before = String(before);
      said2.append(" ", cross);
    }
    box.append(said2);
  });
}
function drawRings(view) {
  const highlights = (view.model.get("at") || {}).highlights || [];
  ringSolid(view, highlights.filter((key) => !ON_MAP.has(key.split(":")[0])), "covil-study-ring");
}
function drawQuiz(panel, at) {
  const asking = at.mode === "quiz" && at.question?.asking;
  const authoring = at.mode !== "quiz" && at.question != null;
  const verdict = at.verdict;
  panel.quiz.hidden = !asking && !verdict && !authoring;
  const question = at.question?.prompt ?? "";
  panel.prompt.textContent = asking ? panel.t("{question} Choose on the board.", { question }) : authoring ? panel.t("Question here: {question}", { question }) : "";
  panel.prompt.hidden = !asking && !authoring;
  panel.verdict.textContent = verdict?.text || "";
  panel.verdict.hidden = !verdict;
  panel.verdict.className = `covil-verdict ${verdict?.right ? "covil-right" : "covil-wrong"}`;
  panel.again.hidden = !(asking && verdict && !verdict.right);
  panel.reveal.hidden = !asking;
}
function drawTool(panel, marking) {
  panel.arrow.setAttribute("aria-pressed", String(marking.tool === "arrow"));
  panel.highlight.setAttribute("aria-pressed", String(marking.tool === "highlight"));
  const said2 = {
    arrow: marking.from ? panel.t("From {element}: click where it goes.", { element: marking.from }) : panel.t("Click where the arrow starts."),
    highlight: panel.t("Click what to highlight.")
  };
  panel.tool.textContent = marking.tool ? said2[marking.tool] : "";
}

// src/theme.js
function hostTheme(model, el) {
  const chosen = model.get("theme");
  if (chosen === "light" || chosen === "dark") return chosen;
  const body = document.body;
  const html = document.documentElement;
  if (body.dataset.jpThemeLight !== void 0) {
    return body.dataset.jpThemeLight === "true" ? "light" : "dark";
  }
  const vscode = body.dataset.vscodeThemeKind;
  if (vscode) return vscode.includes("light") ? "light" : "dark";
  if (html.getAttribute("theme") === "dark") return "dark";
  if (el.closest(".dark, [data-theme='dark']")) return "dark";
  for (const node of [html, body]) {
    if (node.classList.contains("dark") || node.dataset.theme === "dark") return "dark";
    if (node.classList.contains("light") || node.dataset.theme === "light") return "light";
  }
  return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}
function watchTheme(model, apply) {
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

// src/board.js
var MOVES = /* @__PURE__ */ new Set(["act", "undo", "redo", "step", "skip", "try", "return", "goto", "walk", "jump", "chapter", "mode", "language"]);
var TRAITS = {
  board: ["board", "language"],
  language: ["language"],
  pictures: ["position"],
  past: ["past", "position"],
  decision: ["decision"],
  log: ["log"],
  controls: ["controls"],
  hint: ["hint"],
  error: ["error", "language"],
  version: ["version", "controls"]
};
var EVENTS = /* @__PURE__ */ new Set(["version", "past"]);
var CHANGES = {
  view: ["board", "language", "position", "decision", "log", "hint", "version", "controls"],
  cursor: ["position", "decision", "controls", "slider", "here"],
  chooser: ["decision", "focusChooser"],
  shared: ["controls"],
  pending: ["controls"],
  switch: ["language"],
  help: ["help"]
};
var WORDS = ["words", ...Object.values(TRAITS).flat().filter((name) => !EVENTS.has(name))];
var WITH = {
  position: ["choices", "banner"],
  decision: ["choices", "banner"],
  controls: ["banner", "hint"],
  log: ["slider"]
};
function initialize({ model }) {
  const onChange = () => queueMicrotask(() => {
    prune(model);
    scheduleStep(model);
  });
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
    stopTimer(sharedOf(model));
  };
}
function render({ model, el }) {
  const root = make("div", "covil-board");
  root.tabIndex = 0;
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.setAttribute("role", "application");
  root.setAttribute("aria-label", N_("Covil board"));
  el.appendChild(root);
  const parts = skeleton(root);
  const view = {
    model,
    el,
    root,
    parts,
    page: {
      chooser: null,
      cursor: null,
      dot: null,
      wanted: null,
      asking: false,
      help: false,
      clicked: null,
      pressed: null,
      builtGroups: /* @__PURE__ */ new Map(),
      now: null
    },
    send(kind, fields = {}, pressed = null) {
      const content = { kind, version: model.get("version"), ...fields };
      if (MOVES.has(kind) && MOVES.has(root.dataset.pending ?? "")) return false;
      acknowledge(view, kind, pressed);
      asked(model, content);
      afterPaint(
        redraws.batch(() => {
          if (!transmit(model, content)) {
            answered(view);
            parts.error.replaceChildren(view.t("The board has no running kernel to play with: run its cell again."));
            parts.error.hidden = false;
            view.redraw("switch");
          }
        })
      );
      return true;
    },
    t: (message, values) => say(model.get("words"), message, values),
    // The scheduler made below, once the mounts are: nothing redraws before.
    redraw: (...changes) => redraws.redraw(changes)
  };
  relabel(root, model.get("words"));
  const applyTheme = () => {
    const chosen = model.get("theme");
    root.dataset.themeFrom = chosen === "light" || chosen === "dark" ? "trait" : "host";
    root.dataset.theme = hostTheme(model, el);
  };
  applyTheme();
  const unwatchTheme = watchTheme(model, applyTheme);
  const mounts = [...model.get("tree") ? [mountStudy(view)] : [], mountAnalysis(view)];
  const redraws = scheduler(view, mounts);
  const unwire = wire(view, redraws.batch);
  view.redraw("view");
  return () => {
    redraws.unlisten();
    unwatchTheme();
    for (const mount of mounts) mount.unmount?.();
    unwire();
    lookBack(model, view.page, false);
  };
}
function drawings(view) {
  const { model, root } = view;
  return {
    version: () => onVersion(view),
    past: () => onPast(view),
    words: () => relabel(root, model.get("words")),
    board: () => drawBoard(view),
    language: () => drawLanguage(view),
    position: () => drawPosition(view),
    decision: () => drawDecision(view),
    log: () => drawLog(view),
    slider: () => drawSlider(view),
    here: () => drawHere(view),
    controls: () => drawControls(view),
    banner: () => drawBanner(view),
    hint: () => drawHint(view),
    error: () => drawError(view),
    help: () => drawHelp(view)
  };
}
function scheduler(view, mounts) {
  const { model, page, parts, root } = view;
  const board = drawings(view);
  const over = { choices: () => drawChoices(view), focusChooser: () => focusChooser(view) };
  const mounted = {};
  for (const mount of mounts) {
    for (const [name, draw2] of Object.entries(mount.drawers)) (mounted[name] ?? (mounted[name] = /* @__PURE__ */ new Set())).add(draw2);
  }
  const traits = [.../* @__PURE__ */ new Set([...Object.keys(TRAITS), ...Object.keys(mounted)])].filter((name) => !(name in CHANGES));
  mounted.words = new Set(traits.filter((name) => !EVENTS.has(name)).flatMap((name) => [...mounted[name] ?? []]));
  const redraws = { ...TRAITS, ...CHANGES, words: WORDS };
  const draw = (changes) => {
    const named = changes.flatMap((change) => redraws[change] ?? []);
    const names = /* @__PURE__ */ new Set([...named, ...named.flatMap((name) => WITH[name] ?? [])]);
    for (const [name, drawing] of Object.entries(board)) if (names.has(name)) drawing();
    for (const drawing of new Set(changes.flatMap((change) => [...mounted[change] ?? []]))) drawing();
    for (const mount of mounts) mount.after?.();
    for (const [name, drawing] of Object.entries(over)) if (names.has(name)) drawing();
  };
  const dirty = /* @__PURE__ */ new Set();
  let [answer, queued, flushing, batched] = [false, false, false, 0];
  const focusedIn = () => root.contains(
    /** @type {Document | ShadowRoot} */
    root.getRootNode().activeElement
  );
  const flush = () => {
    if (flushing || batched > 0) return;
    flushing = true;
    const focused = focusedIn();
    try {
      if (answer) answered(view);
      answer = false;
      while (dirty.size > 0) {
        const changes = [...dirty];
        dirty.clear();
        draw(changes);
      }
    } finally {
      flushing = false;
    }
    if (focused && !focusedIn()) root.focus({ preventScroll: true });
  };
  const listeners = [...traits, "words"].map((name) => {
    const listener = () => {
      dirty.add(name);
      answer = true;
      if (queued) return;
      queued = true;
      queueMicrotask(() => {
        queued = false;
        flush();
      });
    };
    model.on(`change:${name}`, listener);
    return (
      /** @type {const} */
      [name, listener]
    );
  });
  return {
    /** @param {string[]} changes */
    redraw(changes) {
      for (const change of changes) dirty.add(change);
      if (!queued) flush();
    },
    /**
     * `handler`, its redraws drawn once at its end.
     * @template {unknown[]} A
     * @param {(...args: A) => void} handler
     */
    batch: (handler) => (...args) => {
      batched += 1;
      try {
        handler(...args);
      } finally {
        batched -= 1;
      }
      flush();
    },
    unlisten() {
      for (const [name, listener] of listeners) model.off(`change:${name}`, listener);
    }
  };
}
function wire(view, batch) {
  const { model, parts, root } = view;
  const on = (node, type, handler) => node.addEventListener(type, batch(handler));
  on(parts.undo, "click", () => view.send("undo", {}, parts.undo));
  on(parts.redo, "click", () => view.send("redo", {}, parts.redo));
  on(parts.step, "click", () => view.send("step", {}, parts.step));
  on(parts.skip, "click", () => view.send("skip", {}, parts.skip));
  on(parts.hint, "click", () => view.send("hint", {}, parts.hint));
  on(parts.back, "click", () => view.send("return", {}, parts.back));
  on(parts.language, "change", () => {
    if (!view.send("language", { code: parts.language.value }, parts.language)) view.redraw("switch");
  });
  on(parts.tryHere, "click", () => tryHere(view));
  on(parts.helpButton, "click", () => toggleHelp(view));
  on(parts.slider, "input", () => goTo(view, Number(parts.slider.value)));
  on(parts.speed, "change", () => setSpeed(
    model,
    /** @type {any} */
    parts.speed.value
  ));
  const click = batch((event) => onClick(view, event));
  const key = batch((event) => onKey(view, event));
  root.addEventListener("click", click);
  root.addEventListener("keydown", key);
  const views = sharedOf(model).views;
  const redrawControls2 = () => view.redraw("shared");
  views.addEventListener("controls", redrawControls2);
  const showTexts = () => root.dataset.texts = String(sharedOf(model).chunks.size);
  views.addEventListener("pruned", showTexts);
  return () => {
    views.removeEventListener("controls", redrawControls2);
    views.removeEventListener("pruned", showTexts);
    root.removeEventListener("click", click);
    root.removeEventListener("keydown", key);
  };
}
var board_default = { initialize, render };
export {
  board_default as default
};
