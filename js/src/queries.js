// What several modules ask of a view, drawing nothing: a seat's label, the
// positions the log leads to, the drawn elements of a key. A leaf: it
// imports the text store and the DOM and word helpers, never a drawing
// module, so any module may ask it.

import { parsedText } from "./chunks.js";
import { splitKey } from "./dom.js";
import { N_ } from "./words.js";

/** @typedef {import("./types").View} View */
/** @typedef {import("./types").LogGroup} LogGroup */
/** @typedef {import("./types").Position} Position */

/**
 * A seat's label ("You (yellow)", "Dummy red"), or the colour itself.
 * @param {View} view
 * @param {string | undefined} color
 */
export function seatLabel({ model }, color) {
  const seat = ((model.get("board") || {}).seats || []).find((s) => s.color === color);
  return seat ? seat.label : color || "";
}

/**
 * The log's groups: one per finished phase, and the phase under way joined
 * from its positions' texts.
 * @param {View} view
 * @returns {LogGroup[]}
 */
function groups({ model }) {
  const log = model.get("log") || {};
  const done = /** @type {LogGroup[]} */ ((log.done || []).map((name) => parsedText(model, name)).filter(Boolean));
  const now = joined(model, log.now || []);
  if (now) done.push(now);
  return done;
}

/**
 * The texts of the phase under way (one per position, by name) as one
 * group, or null when none is in yet.
 * @param {import("./types").Model} model
 * @param {string[]} names
 * @returns {LogGroup | null}
 */
export function joined(model, names) {
  const texts = /** @type {LogGroup[]} */ (names.map((name) => parsedText(model, name)).filter(Boolean));
  if (texts.length === 0) return null;
  return { day: texts[0].day, phase: texts[0].phase, entries: texts.flatMap((g) => g.entries) };
}

/**
 * Each position the log leads to, once, in order; the last is the game now.
 * Each is told by its day and phase and the first sentence leading there:
 * what a player remembers, where "action 41" would mean nothing.
 * @param {View} view
 * @returns {Position[]}
 */
export function positions(view) {
  /** @type {Position[]} */
  const found = [];
  for (const group of groups(view)) {
    for (const entry of group.entries) {
      const last = found[found.length - 1];
      if (last && last.step === entry.step && last.moment === entry.moment) {
        last.entries.push(entry.text); // one moment, several sentences (a night's step)
        continue;
      }
      const when = groupTitle(view, group);
      found.push({ step: entry.step, moment: entry.moment, when, entries: [entry.text] });
    }
  }
  return found;
}

/** The phases of a day, as the log's headings name them. */
const PHASES = /** @type {Record<string, string>} */ ({
  morning: N_("morning"),
  afternoon: N_("afternoon"),
  night: N_("night"),
  end: N_("end"),
});

/**
 * A log group's heading: "Setup", "Day 1 · morning".
 * @param {View} view
 * @param {LogGroup} group
 */
export function groupTitle(view, group) {
  if (group.phase === "setup") return view.t("Setup");
  return view.t("Day {day} · {phase}", { day: group.day, phase: view.t(PHASES[group.phase] ?? group.phase) });
}

/**
 * "Day 1 · afternoon — yellow lies down Y1 in zone B": a position as the log tells it.
 * @param {Position} position
 */
export function told(position) {
  return `${position.when} — ${position.entries[0].replace(/\.$/, "")}`;
}

/**
 * The drawn elements of a key, but not the map's static layer: the pieces
 * layer over it carries the zones' marks (a click on the layer below still
 * finds its zone).
 * @param {View} view
 * @param {string} key
 * @returns {HTMLElement[]}
 */
export function elementsFor({ root, parts }, key) {
  const [kind, id] = splitKey(key);
  const found = root.querySelectorAll(`[data-${kind}="${CSS.escape(id)}"]`);
  return /** @type {HTMLElement[]} */ ([...found].filter((node) => !parts.map.contains(node)));
}

/**
 * The element keys of a node and of the elements around it, innermost
 * first: a coin, then its treasury.
 * @param {View} view
 * @param {Element | null} node
 */
export function keysAt({ model, root }, node) {
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
