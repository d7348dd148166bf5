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
/** @typedef {{name: string, text: string}} Chunk */
/** @typedef {{name: string, opens: number, tag: string}} Drawn */

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
 * A section's chunks, in order, as its layout names them.
 * @param {Model} model
 * @param {string} layout
 * @param {Texts} [extra]
 * @returns {Chunk[]}
 */
export function sectionChunks(model, layout, extra = {}) {
  const names = (textOf(model, layout, extra) ?? "").split(" ");
  return names.map((name) => ({ name, text: textOf(model, name, extra) ?? "" }));
}

/** sheet.py's tag: the drawing escapes ">" in attributes. */
const TAG = /<(\/?)[^\s>/]+[^>]*?(\/?)>/g;

/**
 * What the page keeps of a chunk drawn: how many elements it opens (its
 * place among the section's elements follows), and whether it is one
 * whole element (a card, a coin track, a troop: it can be replaced alone).
 * @param {Chunk} chunk
 * @returns {Drawn}
 */
function drawnOf({ name, text }) {
  const known = measured.get(name); // a name always means the same text
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
  if (text) measured.set(name, drawn); // not a text still to come
  return drawn;
}

/** @type {Map<string, Drawn>} a chunk's measure, taken once (dropped with its text) */
const measured = new Map();

/** The class of what the page adds to a drawing (rings, tooltips): not among the drawn elements. */
export const ADDED = "covil-added";

/**
 * Draw a section in `node`: when its chunks differ from those drawn there
 * only in a run of whole elements, only those are parsed and replaced;
 * else the whole SVG is set again. A step changes a card or a coin of a
 * hall: parsing and laying out the hall's every text again cost more than
 * the rest of the step's redraw.
 * @param {HTMLElement & {_drawn?: Drawn[]}} node
 * @param {Chunk[]} chunks
 */
export function drawSection(node, chunks) {
  const drawn = chunks.map(drawnOf);
  if (!(node._drawn && patched(node, node._drawn, chunks, drawn))) {
    node.innerHTML = chunks.map((chunk) => chunk.text).join("");
  }
  // A chunk whose text has not come yet is drawn empty: the next drawing,
  // even under the same names, draws all again (its text may be in by then).
  node._drawn = chunks.every((chunk) => chunk.text) ? drawn : undefined;
}

/**
 * Replace the run of chunks between the common start and end of the old
 * and the new lists, when every one of them is a whole element; false
 * when it cannot (then nothing is changed).
 * @param {HTMLElement} node
 * @param {Drawn[]} old
 * @param {Chunk[]} chunks
 * @param {Drawn[]} drawn
 */
function patched(node, old, chunks, drawn) {
  let start = 0;
  while (start < old.length && start < chunks.length && old[start].name === chunks[start].name) start += 1;
  let end = 0;
  const room = Math.min(old.length, chunks.length) - start;
  while (end < room && old[old.length - 1 - end].name === chunks[chunks.length - 1 - end].name) end += 1;
  if (start === old.length && start === chunks.length) return true; // the same drawing
  if (start === old.length - end && start > 0) start -= 1; // only added: replace the element before too
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

/**
 * The elements of the chunks `gone`, the first of them the section's
 * `index`-th element in document order (the page's additions left out);
 * null when what is drawn there is not what the chunks say.
 * @param {HTMLElement} node
 * @param {number} index
 * @param {Drawn[]} gone
 * @returns {Element[] | null}
 */
function drawnElements(node, index, gone) {
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_ELEMENT, {
    acceptNode: (element) => (/** @type {Element} */ (element).classList.contains(ADDED) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  let element = /** @type {Element | null} */ (walker.nextNode());
  for (let i = 0; i < index && element; i++) element = /** @type {Element | null} */ (walker.nextNode());
  const found = [];
  for (const chunk of gone) {
    while (element?.classList.contains(ADDED)) element = element.nextElementSibling;
    if (element == null || element.tagName.toLowerCase() !== chunk.tag) return null;
    found.push(element);
    element = element.nextElementSibling;
  }
  return found;
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
      measured.delete(name);
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
