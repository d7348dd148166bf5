// The fixed parts of a view, built once: the map and its pieces, the side
// panel (banner, prompt, combat, actions, refusals, hint, help, legend), the
// controls, the halls and the pool, the log and its slider.

import { button, make } from "./dom.js";

/** The help panel: the keys that keyboard.js handles. */
const KEYS_HELP = [
  ["1 – 9, 0", "choose the listed action with that number (0 is the tenth)"],
  ["↓ ↑, Enter", "go through the listed actions, choose one"],
  ["Tab, Enter, Space", "go to a highlighted piece, choose it"],
  ["e", "end the turn, or pass"],
  ["Esc", "close a choice or this help; back from a past position"],
  ["← →", "the previous or next position of the log"],
  ["Home, End", "the first position; back to the game"],
  ["u, r", "undo, redo"],
  ["n", "the next bot or dummy step"],
  ["s", "skip to my decision"],
  ["p", "pause or resume auto-play"],
  ["h", "a hint: what the search bot would do, and why"],
  ["t", "try a “what if” line from the position shown"],
  ["b", "back from the “what if” line to the game"],
  ["?", "this help"],
];

/** @param {HTMLElement} root */
export function skeleton(root) {
  const status = make("div", "covil-status");
  const top = make("div", "covil-top");
  top.append(status);

  const map = make("div", "covil-map");
  const pieces = make("div", "covil-pieces");
  const table = make("div", "covil-table");
  table.append(map, pieces);

  const side = sidePanel();
  const main = make("div", "covil-main");
  main.append(table, side.panel);

  // The halls and the pool, one under the other, in the order decision.js gives.
  const pool = make("div", "covil-pool");
  const cards = make("div", "covil-cards");
  cards.append(pool);

  const controls = controlBar();
  // The hint shows right under its button, not under the long list of actions.
  const hintBox = hiddenDiv("covil-hint");
  hintBox.setAttribute("role", "status");
  const hintText = make("span", "covil-hint-text");
  hintBox.append(make("strong", "", "Hint: "), hintText);
  const timeline = timelineBar();

  const log = make("div", "covil-log");
  log.setAttribute("aria-label", "Game log");
  const live = make("div", "covil-live");
  live.setAttribute("aria-live", "polite");

  root.append(top, main, controls.controlsBar, hintBox, cards, timeline.timeline, log, live);
  /** @type {Record<string, HTMLDivElement>} the halls by section ("hall:red"), made as they come */
  const halls = {};
  return { status, table, map, pieces, cards, pool, halls, log, live, hintBox, hintText, ...side, ...controls, ...timeline };
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
  help.append(make("strong", "", "Keyboard"), keys);
  const legend = make("div", "covil-legend");
  const panel = make("div", "covil-side");
  panel.append(help, banner, prompt, where, combat, actions, error, legend);
  return { panel, banner, prompt, where, combat, actions, error, help, legend };
}

function controlBar() {
  const undo = button("Undo", "Take back to your last decision (u)");
  const redo = button("Redo", "Replay what was undone (r)");
  const step = button("Step", "The next bot or dummy step (n)");
  const skip = button("Skip to my decision", "Play on to your next decision (s)");
  const speed = make("select", "covil-speed");
  speed.title = "Auto-play speed (p pauses)";
  for (const [value, label] of [["off", "Step by hand"], ["slow", "Slow"], ["normal", "Normal"], ["fast", "Fast"]]) {
    const option = make("option", "", label);
    option.value = value;
    speed.append(option);
  }
  const hint = button("Hint", "What the search bot would do, and why (h)");
  const back = button("Back to the game", "Leave the “what if” line (b)");
  back.hidden = true;
  const helpButton = button("?", "Keyboard help (?)");
  // The language the board speaks, each named in its own words (controls.js
  // fills it from the board trait; Python draws everything anew in it).
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
  slider.setAttribute("aria-label", "Position in the log");
  const tryHere = button("Try from here", "A “what if” line from this position (t)");
  tryHere.hidden = true;
  const bar = make("div", "covil-timeline");
  bar.append(slider, tryHere);
  return { timeline: bar, slider, tryHere };
}

/** @param {string} className */
function hiddenDiv(className) {
  const node = make("div", className);
  node.hidden = true;
  return node;
}
