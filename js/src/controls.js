// The controls (undo, redo, step, skip, speed, hint, "what if"), the
// countdown of a long wait along Step, the hint, a refusal, and what a new
// version of the position resets.

import { make, scrollWithin } from "./dom.js";
import { seatLabel } from "./queries.js";
import { ringSolid } from "./rings.js";
import { longWait, sharedOf, thinking } from "./shared.js";
import { N_ } from "./words.js";

/** @typedef {import("./types").View} View */

/**
 * A request is sent: say so in this frame, before Python answers. The
 * board is marked pending (its cursor waits) and the element pressed looks
 * pressed; a drawing from Python's answer clears both (see answered()).
 * @param {View} view
 * @param {string} kind
 * @param {Element | null} pressed
 */
export function acknowledge(view, kind, pressed) {
  const { root, page } = view;
  page.pressed?.classList.remove("covil-pressed");
  root.dataset.pending = kind;
  page.pressed = pressed;
  pressed?.classList.add("covil-pressed");
  if (kind === "hint") {
    view.parts.error.hidden = true; // a refusal belongs to what was tried before
    view.redraw("pending"); // "Thinking…", and no second search meanwhile
  }
}

/**
 * Python answered (a new position, a past one, a refusal or a hint): the
 * request is no longer pending.
 * @param {View} view
 */
export function answered(view) {
  const { root, page } = view;
  const asked = root.dataset.pending === "hint";
  delete root.dataset.pending;
  page.pressed?.classList.remove("covil-pressed");
  page.pressed = null;
  if (asked) view.redraw("pending"); // a refusal answers a hint too: no more "Thinking…"
}

/** @param {View} view */
export function drawControls(view) {
  const { model, page, parts } = view;
  const controls = model.get("controls") || {};
  const waiting = (model.get("decision") || {}).waiting;
  // While a bot thinks, Python is busy: a second request would only be stale.
  const busy = thinking(model) != null;
  parts.undo.disabled = busy || !controls.can_undo;
  parts.redo.disabled = busy || !controls.can_redo;
  parts.step.disabled = busy || (waiting !== "playback" && waiting !== "bot");
  parts.skip.disabled = parts.step.disabled;
  const why = hintRefused(view, busy || waiting != null);
  parts.hint.disabled = why != null;
  sayTitle(view, parts.hint, why ?? HINT);
  parts.back.hidden = !controls.what_if;
  parts.tryHere.hidden = page.cursor == null;
  parts.speed.value = sharedOf(model).speed; // set in this view or another of the same board
  drawCountdown(view);
}

/**
 * A long wait before the next step fills a bar along the Step button over
 * the wait (the bar's look in board.css): the board has not stopped. Timed
 * from the wait's start, so that a view opened halfway shows it half full.
 * @param {View} view
 */
function drawCountdown({ model, page, parts }) {
  const wait = longWait(model);
  if ((page.countdown?.wait ?? null) === wait) return; // the same wait, or still none: its bar runs on
  page.countdown?.bar?.cancel();
  page.countdown = wait ? { wait, bar: fill(parts.step, wait) } : null;
  parts.step.classList.toggle("covil-counting", wait != null);
}

/**
 * The bar of `wait` along `button`, as far as the time since the wait began;
 * none where the browser animates nothing (the bar is then only not drawn).
 * @param {HTMLElement} button
 * @param {import("./types").Wait} wait
 */
function fill(button, wait) {
  if (typeof button.animate !== "function") return null;
  const bar = button.animate([{ backgroundSize: "0% 3px" }, { backgroundSize: "100% 3px" }], {
    duration: wait.delay,
    fill: "forwards",
  });
  bar.currentTime = performance.now() - wait.start;
  bar.finished.catch(() => {}); // cancelled by the next step: nothing waits on it
  return bar;
}

const HINT = N_("What the search bot would do, and why (h)");

/**
 * Why the hint button cannot be pressed now, or null when it can.
 * @param {View} view
 * @param {boolean} notYours no person's decision is waiting
 */
function hintRefused({ page, root }, notYours) {
  if (root.dataset.pending === "hint") return N_("The search bot is thinking");
  if (page.cursor != null) return N_("A hint is for the game now: go back to it (End)");
  if (notYours) return N_("A hint is for your own decisions: none is waiting now");
  return null;
}

/**
 * A tooltip whose words may change: kept in English for relabel() too.
 * @param {View} view
 * @param {HTMLElement} node
 * @param {string} message
 */
function sayTitle(view, node, message) {
  node.dataset.sayTitle = message;
  node.title = view.t(message);
}

/**
 * The language switch: the languages the board can speak (from the board
 * trait), the one it speaks now selected.
 * @param {View} view
 */
export function drawLanguage({ model, parts }) {
  const languages = (model.get("board") || {}).languages || {};
  const codes = Object.keys(languages);
  if ([...parts.language.options].map((o) => o.value).join() !== codes.join()) {
    parts.language.replaceChildren(
      ...codes.map((code) => {
        const option = make("option", "", languages[code]);
        option.value = code;
        return option;
      }),
    );
  }
  parts.language.value = model.get("language");
  parts.language.hidden = codes.length < 2;
}

/**
 * The hint: a sentence right under its button; the piece, zone or card to
 * click ringed on the board, and the listed action marked.
 * @param {View} view
 */
export function drawHint(view) {
  const { model, page, parts, root } = view;
  const hint = model.get("hint") || {};
  const thinking = root.dataset.pending === "hint";
  // Looking back at a past position, the hint (of the game now) is put away.
  const shown = page.cursor == null && (thinking || Boolean(hint.text));
  parts.hintText.textContent = thinking ? view.t("Thinking…") : hint.text || "";
  parts.hintBox.hidden = !shown;
  ringSolid(view, (shown && !thinking && hint.elements) || [], "covil-hint-ring");
  for (const node of root.querySelectorAll(".covil-hinted")) node.classList.remove("covil-hinted");
  if (!shown || thinking) return;
  const button = hint.action ? parts.actions.querySelector(`button[data-action="${CSS.escape(hint.action)}"]`) : null;
  button?.classList.add("covil-hinted");
  if (page.hintShown !== hint.n && button) {
    // A new hint: the button it marks brought into sight inside the side
    // panel, which scrolls on its own (the notebook itself never scrolls).
    page.hintShown = hint.n;
    scrollWithin(parts.scroll, button);
  }
}

/**
 * A refusal: beside the actions, or, for a click on the board, next to
 * where the click was (a hall or the pool may be far from the actions).
 * @param {View} view
 */
export function drawError({ model, page, parts, root }) {
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
    // Out of the side panel, which scrolls and would clip it: on the board itself.
    root.append(parts.error);
    placeNear(root, parts.error, clicked);
  } else {
    parts.actions.after(parts.error); // its place in the panel, beside the actions
  }
}

/**
 * Put `node` (positioned in the board) just under the point, inside the board.
 * @param {HTMLElement} root
 * @param {HTMLElement} node
 * @param {{x: number, y: number}} point
 */
function placeNear(root, node, point) {
  const board = root.getBoundingClientRect();
  const width = Math.min(360, board.width - 16);
  const left = Math.max(8, Math.min(point.x - board.left - 24, board.width - width - 8));
  node.style.width = `${width}px`;
  node.style.left = `${left}px`;
  node.style.top = `${point.y - board.top + 16}px`;
}

/**
 * A new position: an error, a click's question and a pending choice belong
 * to the last one (the scheduler draws the controls anew).
 * @param {View} view
 */
export function onVersion(view) {
  const { model, page, parts, root } = view;
  root.dataset.version = String(model.get("version"));
  // A new decision: its prompt at the panel's top. In the next frame, whose
  // layout is due anyway: set now, it would lay the board out once more.
  requestAnimationFrame(() => (parts.scroll.scrollTop = 0));
  parts.error.hidden = true;
  page.clicked = null;
  page.chooser = null;
  const decision = model.get("decision") || {};
  const moment = (model.get("controls") || {}).moment;
  // Said to screen readers: what just happened, then what is asked now.
  const said = [];
  if (moment?.player) said.push(`${seatLabel(view, moment.player)}: ${moment.actions.join(", ")}.`);
  else if (moment) said.push(`${moment.by}: ${(moment.told || []).join(" ")}`); // the rules' step
  if (decision.over) said.push(view.t("The game is over."));
  else if (decision.player) said.push(`${seatLabel(view, decision.player)}: ${decision.prompt}.`);
  parts.live.textContent = said.join(" ");
}
