// Pictures in chunks. Python sends each section of the drawing as a list of
// chunk names, and per step only the chunks it adds (`chunks_new`) to those
// the last step used; `chunks` holds every chunk in use when the page opens.
// A name always means the same text. Once a new position is in, the page
// keeps the texts in use and drops the rest, as Python's sheet does: the
// store does not grow with the game, and what a step leaves out the page
// still holds.

import { sharedOf } from "./shared.js";

/** @typedef {import("./types").Model} Model */
/** @typedef {Record<string, string>} Texts */

/**
 * Take the texts a trait holds into the store.
 * @param {Model} model
 * @param {"chunks" | "chunks_new"} trait
 */
export function absorb(model, trait) {
  const store = sharedOf(model).chunks;
  for (const [name, text] of Object.entries(model.get(trait) || {})) store.set(name, text);
}

/**
 * A chunk's text; `extra` (a past position's own chunks) wins over the store.
 * @param {Model} model
 * @param {string} name
 * @param {Texts} [extra]
 */
export function textOf(model, name, extra = {}) {
  absorb(model, "chunks_new"); // the step's texts, whichever change event came first
  return extra[name] ?? sharedOf(model).chunks.get(name);
}

/**
 * A section's SVG: its layout names its chunks, in order.
 * @param {Model} model
 * @param {string} layout
 * @param {Texts} [extra]
 */
export function sectionText(model, layout, extra = {}) {
  const names = (textOf(model, layout, extra) ?? "").split(" ");
  return names.map((name) => textOf(model, name, extra) ?? "").join("");
}

/**
 * The texts the position's traits name: each section's layout and its
 * chunks, the log's texts, and those of a past position on show.
 * @param {Model} model
 */
function inUse(model) {
  const store = sharedOf(model).chunks;
  const past = model.get("past") || {};
  /** @type {Set<string>} */
  const used = new Set();
  /** @type {(layout: string, extra?: Texts) => void} */
  const section = (layout, extra = {}) => {
    used.add(layout);
    for (const name of (extra[layout] ?? store.get(layout) ?? "").split(" ")) used.add(name);
  };
  for (const layout of Object.values(model.get("pictures") || {})) section(layout);
  for (const layout of Object.values(past.pictures || {})) section(layout, past.chunks || {});
  for (const names of Object.values(model.get("log") || {})) for (const name of names) used.add(name);
  return used;
}

/**
 * Drop the texts no longer in use (`chunks_new` is in the store already:
 * absorbed at its change event); the views then show how many are kept.
 * @param {Model} model
 */
export function prune(model) {
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

/** @type {Map<string, any>} a log text, parsed once */
const parsed = new Map();

/**
 * A log text (JSON), parsed once; null while the text has not arrived.
 * @param {Model} model
 * @param {string} name
 * @returns {import("./types").LogGroup | null}
 */
export function parsedText(model, name) {
  if (!parsed.has(name)) {
    const text = textOf(model, name);
    if (text === undefined) return null;
    parsed.set(name, JSON.parse(text));
  }
  return parsed.get(name);
}
