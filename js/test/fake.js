// A page without a browser: happy-dom's document, and a fake anywidget
// model that holds traits, fires their change events and records what the
// page sends. The views are the real ones (src/), so these tests read what
// a learner would see and press what a learner would press.
import { GlobalRegistrator } from "@happy-dom/global-registrator";

GlobalRegistrator.register({ url: "http://localhost/" });

/** @typedef {import("../src/types").Traits} Traits */

/**
 * The traits of a board at a simple decision (yellow to move or end the turn).
 * @returns {Traits}
 */
export function traits() {
  return {
    identity: {},
    board: { map: "<svg></svg>", legend: "", name: "test", kinds: ["zone", "troop", "card"], mark: "#c026d3", seats: [
      { color: "yellow", label: "You (yellow)", kind: "person" },
      { color: "red", label: "Dummy red", kind: "dummy" },
    ], languages: { en: "English", pt: "Português" } },
    chunks: {
      "layout-pieces": "z-a z-b",
      "z-a": '<svg><g data-zone="A"><rect x="0" y="0" width="10" height="10"/></g>',
      "z-b": '<g data-zone="B"><rect x="20" y="0" width="10" height="10"/></g></svg>',
      "log-1": JSON.stringify({ day: 1, phase: "morning", entries: [
        { step: 1, moment: 0, rule: "§3", text: "yellow gains 1 gold." },
        { step: 2, moment: 0, rule: "§4", text: "yellow moves Y1 to zone A." },
      ] }),
    },
    chunks_new: {},
    pictures: { pieces: "layout-pieces" },
    decision: {
      player: "yellow", prompt: "move a troop or end the turn", rule: "§5 The afternoon",
      actions: [
        { action: "move A", label: "Move Y1 to zone A", elements: ["zone:A"] },
        { action: "move B", label: "Move Y1 to zone B: it fights there", elements: ["zone:B"] },
        { action: "end", label: "End the turn", elements: [], closes: true },
      ],
      waiting: null,
    },
    log: { done: [], now: ["log-1"] },
    controls: { can_undo: true, can_redo: false },
    past: {},
    hint: {},
    error: {},
    version: 7,
    theme: "light",
    language: "en",
    words: {},
  };
}

/** A fake anywidget model over `values`. */
export class FakeModel {
  /** @param {Record<string, any>} values */
  constructor(values) {
    this.values = values;
    /** @type {Map<string, Set<() => void>>} */
    this.listeners = new Map();
    /** @type {object[]} */
    this.sent = [];
  }
  /** @param {string} name */
  get(name) {
    return this.values[name];
  }
  /** @param {string} event @param {() => void} callback */
  on(event, callback) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(callback);
  }
  /** @param {string} event @param {() => void} callback */
  off(event, callback) {
    this.listeners.get(event)?.delete(callback);
  }
  /** @param {object} content */
  send(content) {
    this.sent.push(content);
  }
  /** Python's message: set the traits, then fire their change events.
   * @param {Record<string, any>} changes */
  set(changes) {
    Object.assign(this.values, changes);
    for (const name of Object.keys(changes)) for (const callback of this.listeners.get(`change:${name}`) ?? []) callback();
  }
}

/** A board rendered on a fake model; `settled()` waits for its redraws. */
export async function renderBoard(values = traits()) {
  const { default: widget } = await import("../src/board.js");
  const model = new FakeModel(values);
  const el = document.createElement("div");
  document.body.append(el);
  const stop = widget.initialize({ model });
  const unrender = widget.render({ model, el });
  const root = /** @type {HTMLElement} */ (el.firstElementChild);
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  // A press's message leaves once the frame that shows it is painted.
  /** @type {() => Promise<Record<string, unknown>[]>} */
  const sent = () =>
    new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(/** @type {any} */ (model.sent)), 1)));
  /** @param {string} key */
  const press = (key, target = root) =>
    target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
  const close = () => {
    unrender();
    stop();
    el.remove();
  };
  return { model, el, root, settled, sent, press, close };
}

/**
 * Another view of the board of `model` (as a second output of the same widget shows).
 * @param {FakeModel} model
 */
export async function renderView(model) {
  const { default: widget } = await import("../src/board.js");
  const el = document.createElement("div");
  document.body.append(el);
  const unrender = widget.render({ model, el });
  const root = /** @type {HTMLElement} */ (el.firstElementChild);
  return { root, close: () => (unrender(), el.remove()) };
}
