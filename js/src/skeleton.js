// The fixed parts of a view, built once: the map and its pieces, the side
// panel (banner, prompt, combat, actions, refusals, help), the controls, the
// hint, the legend, the halls and the pool, the log and its slider. Their
// words are marked N_ and said in the board's language by relabel (words.js).

import { button, keepOpenState, make } from "./dom.js";
import { N_, remember } from "./words.js";

/** The help panel: the keys that keyboard.js handles. */
const KEYS_HELP = [
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
  ["?", N_("this help")],
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

  const { panel, ...side } = sidePanel(); // the panel placed; its parts are what the view reads
  const main = make("div", "covil-main");
  main.append(table, panel);

  // The halls and the pool, one under the other, in the order decision.js gives.
  const pool = make("div", "covil-pool");
  const cards = make("div", "covil-cards");
  cards.append(pool);

  const controls = controlBar();
  // The hint shows right under its button, not under the long list of actions.
  const hintBox = hiddenDiv("covil-hint");
  hintBox.setAttribute("role", "status");
  const hintText = make("span", "covil-hint-text");
  hintBox.append(make("strong", "", N_("Hint: ")), hintText);
  const timeline = timelineBar();
  // The legend under the controls and the hint, which stay right under the
  // map: open at first, it folds away (folded once, on every board).
  const legendBox = make("details", "covil-legend");
  keepOpenState(legendBox, "covil-nb:legend");
  const legend = make("div", "covil-legend-key");
  legendBox.append(make("summary", "", N_("Legend")), legend);

  const log = make("div", "covil-log");
  log.setAttribute("aria-label", N_("Game log"));
  const live = make("div", "covil-live");
  live.setAttribute("aria-live", "polite");

  root.append(top, main, controls.controlsBar, hintBox, legendBox, cards, timeline.timeline, log, live);
  remember(root); // the fixed parts' English words, which relabel says in the board's language
  /** @type {Record<string, HTMLDivElement>} the halls by section ("hall:red"), made as they come */
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
  // What to do now scrolls on its own, as tall as the map.
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
  slider.setAttribute("aria-label", N_("Position in the log"));
  const tryHere = button(N_("Try from here"), N_("A “what if” line from this position (t)"));
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
