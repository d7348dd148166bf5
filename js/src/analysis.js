// The engine's analysis on the board (covil_nb/widget/review.py): the
// "Analyse this game" button, a progress bar while Python analyses, the
// advantage chart with each seat's summary, and the engine's word on the
// decision made at the position shown, with its better line: Python draws
// the line's arrows on the map, the page rings the cards and coins it
// chooses, and a button plays it (a "what if" line on the game board, the
// variation in a study). Mounted on both boards, under the board at its
// full width (under the controls), the study's panel keeping its tree and
// comments.
//
// The page decides nothing: the buttons send "analyse" and "better"
// (Python refuses them before the game's end, in a study's quiz, or where
// there is no line), and a click on a dot of the chart (each names the
// position decided at along the main line, `data-node`) goes there: a
// study's "jump", or on the game board the log's own way of showing a
// past position.

import { button, make, setSvg } from "./dom.js";
import { goTo, moveTo } from "./log.js";
import { positions } from "./queries.js";
import { ringSolid } from "./rings.js";
import { N_, relabel, remember } from "./words.js";

/** @typedef {import("./types").View} View */
/** @typedef {ReturnType<typeof analysisPanel>} Panel */

/** The summary of no analysis (one array: drawn once). */
const NO_ROWS = /** @type {import("./types").SeatSummary[]} */ ([]);

/**
 * The analysis's section in a view of the board.
 * @param {View} view
 * @returns {import("./types").Mount}
 */
export function mountAnalysis(view) {
  const { parts } = view;
  const panel = analysisPanel();
  remember(panel.section);
  relabel(panel.section, view.model.get("words"));
  // Under the board at its full width, on both boards: the side panels are
  // too narrow for the chart, and in a study's the review would push the
  // node's comments out of sight; the map stays in view above it.
  parts.hintBox.after(panel.section);

  const draw = () => drawAnalysis(view, panel);
  panel.analyse.addEventListener("click", () => view.send("analyse", {}, panel.analyse));
  panel.better.addEventListener("click", () => {
    const step = shownStep(view);
    if (step == null) return;
    if (!view.model.get("tree")) leavePast(view); // the "what if" line is shown, as "t" shows one
    view.send("better", { step }, panel.better);
  });
  panel.chart.addEventListener("click", (event) => {
    const dot = /** @type {Element} */ (event.target).closest("[data-node]");
    if (dot == null) return;
    event.stopPropagation(); // a dot, not a piece of the board
    jumpTo(view, Number(dot.getAttribute("data-node")));
  });
  draw();
  // Progress or a review answers "analyse"; the position shown (the log's
  // cursor too: its slider, keys and a dot move it without a trait), the
  // game's end and a study's mode and tree say what to mark and offer.
  const names = ["review", "progress", "at", "tree", "decision", "past", "cursor"];
  return { drawers: Object.fromEntries(names.map((name) => [name, draw])) };
}

/** The section's parts, built once. */
function analysisPanel() {
  const section = make("section", "covil-analysis");
  section.setAttribute("aria-label", N_("Analysis"));
  const analyse = button(N_("Analyse this game"), N_("The engine's view of every decision of the game"));
  const bar = make("progress", "covil-progress");
  const said = make("span", "covil-progress-said");
  said.setAttribute("role", "status");
  const chart = make("div", "covil-chart");
  const table = make("table", "covil-summary");
  const note = make("p", "covil-engine-note");
  const better = button(N_("Try the better line"), N_("Play the engine's better line from here"));
  better.classList.add("covil-better");
  section.append(analyse, bar, said, chart, table, note, better);
  return { section, analyse, bar, said, chart, table, note, better };
}

/**
 * The main-line index of the position shown: a study's node (`at.line`),
 * or on the game board the past position the log shows (none at the game now).
 * @param {View} view
 * @returns {number | null}
 */
function shownStep(view) {
  const { model, page } = view;
  if (model.get("tree")) return (model.get("at") || {}).line ?? null;
  if (page.dot && page.dot.cursor === page.cursor) return page.dot.step; // the dot's position still
  if (page.cursor == null) return null;
  const logged = positions(view);
  const shown = logged[page.cursor];
  // A step's earlier moments (the dummy's answers) come before its decision:
  // its verdict belongs to the step's last position, as Python draws it.
  if (shown == null || logged[page.cursor + 1]?.step === shown.step) return null;
  return shown.step;
}

/**
 * Back from the past position the log shows to the board's line: a "what
 * if" line started from there is the board's line then.
 * @param {View} view
 */
function leavePast(view) {
  view.page.dot = null;
  goTo(view, Infinity); // the log's end, as Esc goes there
}

/**
 * A dot clicked: the position after `step` moves of the main line, where
 * the seat decided. On the game board, the log's last position up to
 * there: the log writes no position of its own after some moves
 * ("acquire" waits for its payment), and a step's last moment is the
 * position its next decision is made at.
 * @param {View} view
 * @param {number} step
 */
function jumpTo(view, step) {
  if (view.model.get("tree")) {
    view.send("jump", { step });
    return;
  }
  const index = positions(view).map((p) => p.step <= step).lastIndexOf(true); // in the order of their steps
  if (index < 0 || !moveTo(view, index)) return;
  view.page.dot = { step, cursor: view.page.cursor };
  view.redraw("cursor");
}

/**
 * @param {View} view
 * @param {Panel} panel
 */
function drawAnalysis(view, panel) {
  const { model } = view;
  const review = model.get("review") || {};
  const progress = model.get("progress") || {};
  const running = progress.total != null;
  const study = Boolean(model.get("tree"));
  // Offered where Python takes it: a study in author mode, a game once over (once).
  // A study's start alone (no move yet) has nothing to analyse.
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

/**
 * Each seat's decisions, mean loss and glyphs.
 * @param {View} view
 * @param {HTMLTableElement & {_rows?: import("./types").SeatSummary[], _words?: unknown}} table
 * @param {import("./types").SeatSummary[]} rows
 */
function drawSummary(view, table, rows) {
  const words = view.model.get("words");
  if (table._rows === rows && table._words === words) return; // built already (this runs at every step)
  [table._rows, table._words] = [rows, words];
  table.hidden = rows.length === 0;
  const head = make("tr");
  const titles = [view.t("Seat"), view.t("Decisions"), view.t("Mean loss"), "?!", "?", "??"];
  for (const title of titles) head.append(make("th", "", title));
  const body = rows.map((row) => {
    const line = make("tr");
    const cells = [row.seat, row.decisions, row.loss, row.inaccuracies, row.mistakes, row.blunders];
    for (const cell of cells) line.append(make("td", "", String(cell)));
    return line;
  });
  table.replaceChildren(head, ...body);
}

/**
 * The dot of the position shown, ringed; the engine's word on the decision
 * made there (its better plan too on the game board: a study lists it
 * among the comments of the move); the better line's cards and coins
 * ringed, and the button that plays it.
 * @param {View} view
 * @param {Panel} panel
 * @param {boolean} study
 */
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
