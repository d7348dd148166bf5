// The map and its marks: the position drawn (live, or a past one from the
// log), the elements a click would choose an action with, where those are,
// and what a click on the board chooses.

import { ADDED, drawSection, sectionChunks } from "./chunks.js";
import { boxOf, button, make, middleOf, setSvg } from "./dom.js";
import { choose } from "./decision.js";
import { elementsFor, keysAt, seatLabel } from "./queries.js";
import { ring } from "./rings.js";

/** @typedef {import("./types").View} View */
/** @typedef {import("./types").Offered} Offered */

/** @param {View} view */
export function drawBoard({ model, parts, root }) {
  const board = model.get("board") || {};
  setSvg(parts.map, board.map);
  setSvg(parts.legend, board.legend);
  root.dataset.board = board.name || "";
}

/**
 * The sections shown: the live position's, or a past one's from the log.
 * @param {View} view
 * @returns {[Record<string, string>, Record<string, string>]}
 */
function shown({ model, page }) {
  const past = model.get("past") || {};
  if (page.cursor != null && past.pictures) return [past.pictures, past.chunks || {}];
  return [model.get("pictures") || {}, {}];
}

/** @param {View} view */
export function drawPosition(view) {
  const [layout, extra] = shown(view);
  for (const [section, name] of Object.entries(layout)) {
    drawSection(container(view, section), sectionChunks(view.model, name, extra));
  }
}

/**
 * Where a section goes: "pieces", "status", "market", "hall:<color>".
 * @param {View} view
 * @param {string} section
 */
function container({ parts }, section) {
  /** @type {Record<string, HTMLDivElement>} */
  const fixed = { pieces: parts.pieces, status: parts.status, market: parts.pool };
  if (fixed[section]) return fixed[section];
  if (!parts.halls[section]) {
    parts.halls[section] = make("div", "covil-hall");
    parts.halls[section].dataset.section = section;
    parts.cards.appendChild(parts.halls[section]);
  }
  return parts.halls[section];
}

/**
 * The actions each element chooses (none while looking back).
 * @param {View} view
 */
export function byElement({ model, page }) {
  /** @type {Map<string, Offered[]>} */
  const found = new Map();
  if (page.cursor != null) return found;
  for (const offered of (model.get("decision") || {}).actions || []) {
    for (const key of offered.elements) {
      if (!found.has(key)) found.set(key, []);
      found.get(key)?.push(offered);
    }
  }
  return found;
}

/**
 * Mark the elements a click would choose an action with: focusable, named
 * for screen readers. The pieces layer comes marked by the drawing; the
 * halls and the market are drawn unmarked (marks there would resend most
 * cards at every decision), so the page marks their elements the same way:
 * data-action (or data-actions) and a dashed ring in the drawing's colour.
 * @param {View} view
 */
function markChoices(view) {
  const { root, page } = view;
  for (const node of root.querySelectorAll(".covil-choice")) {
    node.classList.remove("covil-choice", "covil-chosen");
    for (const name of ["tabindex", "role", "aria-label"]) node.removeAttribute(name);
  }
  // Pointed at from a listed action: the list is built again (a click
  // removed the button pointed at, its mouseleave never to come), and a
  // redraw now keeps the elements that did not change.
  for (const node of root.querySelectorAll(".covil-pointed")) node.classList.remove("covil-pointed");
  for (const node of root.querySelectorAll("[data-covil-marked]")) {
    for (const name of ["data-action", "data-actions", "data-covil-marked"]) node.removeAttribute(name);
  }
  for (const old of root.querySelectorAll(".covil-ring")) old.remove();
  const marked = [];
  /** @type {[HTMLElement, Offered[]][]} */
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
  // Measure every element first, then draw the rings: one layout at most, not one per ring.
  const boxes = unmarked.map(([node]) =>
    node.tagName.toLowerCase() === "g" ? boxOf(/** @type {any} */ (node)) : null,
  );
  unmarked.forEach(([node, actions], i) => mark(view, node, actions, boxes[i]));
  return marked;
}

/**
 * Hovering a choice says what it does (an attack target: what it would
 * meet). The title goes last: a mark's box is read from its first child.
 * @param {Element} node
 * @param {Offered[]} actions
 */
function tooltip(node, actions) {
  if (node.namespaceURI !== "http://www.w3.org/2000/svg") return;
  const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
  title.textContent = actions.map(said).join("\n");
  title.setAttribute("class", `covil-ring ${ADDED}`); // removed with the rings
  node.appendChild(title);
}

/**
 * An action as its element says it: the label, and what an attack would meet.
 * @param {Offered} action
 */
function said(action) {
  return action.forecast ? `${action.label}: ${action.forecast}` : action.label;
}

/**
 * @param {View} view
 * @param {Element} node
 * @param {Offered[]} actions
 * @param {{x: number, y: number, width: number, height: number} | null} box
 */
function mark({ model }, node, actions, box) {
  node.setAttribute("data-covil-marked", "");
  const notations = actions.map((a) => a.action);
  if (notations.length === 1) node.setAttribute("data-action", notations[0]);
  else node.setAttribute("data-actions", notations.join("|"));
  if (box == null) return;
  const colour = (model.get("board") || {}).mark || "#c026d3";
  node.appendChild(ring(node, box, colour, { dashed: true, className: "covil-ring", pad: 0 }));
}

/**
 * After the pieces or the decision were drawn: mark the choices, and say
 * where they are.
 * @param {View} view
 */
export function drawChoices(view) {
  drawWhere(view, markChoices(view));
}

/**
 * A hall or the pool may be below the fold: say where the highlighted
 * choices are, each place a link that brings its first choice into view.
 * @param {View} view
 * @param {HTMLElement[]} marked
 */
function drawWhere(view, marked) {
  const { parts } = view;
  /** @type {Map<string, HTMLElement>} */
  const places = new Map();
  for (const node of marked) {
    const place = placeOf(view, node);
    if (place && !places.has(place)) places.set(place, node);
  }
  parts.where.replaceChildren();
  parts.where.hidden = places.size === 0;
  if (places.size === 0) return;
  // A whole sentence, then where the choices are: "… [on the map] [in the pool]".
  parts.where.append(view.t("Click a highlighted choice, or a button below. The choices are:"));
  for (const [place, node] of places) parts.where.append(" ", button(place, view.t("Show it"), () => showChoice(node)));
}

/**
 * @param {View} view
 * @param {HTMLElement} node
 */
function placeOf(view, node) {
  const { parts } = view;
  if (parts.table.contains(node)) return view.t("on the map");
  if (parts.pool.contains(node)) return view.t("in the pool");
  const hall = /** @type {HTMLElement | null} */ (node.closest(".covil-hall"));
  const seat = seatLabel(view, (hall?.dataset.section || "").slice("hall:".length));
  return hall ? view.t("in {seat}'s hall", { seat }) : null;
}

/** @param {HTMLElement} node */
function showChoice(node) {
  node.scrollIntoView({ block: "center", behavior: "smooth" });
  node.focus({ preventScroll: true });
}

// -- Clicks on the board ------------------------------------------------------

/**
 * Every element under a click, top first: a troop standing in a zone that
 * is a legal destination does not hide the zone.
 * @param {View} view
 * @param {{x: number, y: number}} point
 */
function keysUnder(view, point) {
  /** @type {string[]} */
  const keys = [];
  const under = /** @type {Document | ShadowRoot} */ (view.root.getRootNode()).elementsFromPoint(point.x, point.y);
  for (const node of under) {
    if (!view.root.contains(node)) continue;
    for (const key of keysAt(view, node)) if (!keys.includes(key)) keys.push(key);
  }
  return keys;
}

/**
 * A click on `node` at `point` (viewport coordinates), or Enter on a node
 * (no point): the action it chooses, or why it chooses none. The clicked
 * node's keys come first: a click made by a script or assistive technology
 * (element.click()) has no real point. Returns whether the click was the
 * board's.
 * @param {View} view
 * @param {Element} node
 * @param {{x: number, y: number} | null} [point]
 */
export function clickAt(view, node, point = null) {
  const { model, page } = view;
  const keys = keysAt(view, node);
  if (point) for (const key of keysUnder(view, point)) if (!keys.includes(key)) keys.push(key);
  if (keys.length === 0 || page.cursor != null) return false;
  const offered = byElement(view);
  const key = keys.find((k) => offered.has(k));
  if (key === undefined) {
    // Not legal now: Python says why, in the rule's words, shown where the click was.
    if ((model.get("decision") || {}).waiting == null) {
      page.clicked = { version: model.get("version"), ...(point || middleOf(node)) };
      view.send("why", { element: keys[0] });
    }
    return true;
  }
  const actions = offered.get(key) || [];
  if (actions.length === 1) {
    choose(view, actions[0].action, node.closest("[data-action]") ?? node);
  } else {
    page.chooser = key; // its actions listed, the first focused (see focusChooser)
    view.redraw("chooser");
  }
  return true;
}

/**
 * @param {View} view
 * @param {MouseEvent} event
 */
export function onClick(view, event) {
  const target = /** @type {Element} */ (event.target);
  if (target.closest("button, input, select, summary, .covil-log")) return;
  if (!target.closest(".covil-error")) view.parts.error.hidden = true;
  if (clickAt(view, target, { x: event.clientX, y: event.clientY })) event.stopPropagation();
}
