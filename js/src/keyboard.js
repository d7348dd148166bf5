// The keyboard. A key presses its button, so a key does nothing when its
// button is disabled (while a bot thinks, say). skeleton.js's help panel
// lists these keys.

import { clickAt } from "./marks.js";
import { closeChooser } from "./decision.js";
import { goTo } from "./log.js";
import { positions } from "./queries.js";
import { lookBack, setSpeed, sharedOf } from "./shared.js";

/** @typedef {import("./types").View} View */

/**
 * The keys and what each does.
 * @param {View} view
 * @returns {Record<string, () => void>}
 */
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
    Escape: () => escape(view),
  };
}

/**
 * The listed action that closes the step (Python marks it: ending the turn,
 * passing): the most frequent choice, listed last, often past the keys 1 – 9.
 * @param {View} view
 * @returns {HTMLButtonElement | null}
 */
function closingButton({ model, parts }) {
  const closing = ((model.get("decision") || {}).actions || []).find((a) => a.closes);
  return closing ? parts.actions.querySelector(`button[data-action="${CSS.escape(closing.action)}"]`) : null;
}

/** @param {View} view */
function escape(view) {
  const { page, parts } = view;
  if (page.help) return toggleHelp(view);
  if (page.chooser) return closeChooser(view);
  if (page.cursor != null) return goTo(view, positions(view).length - 1);
  parts.error.hidden = true;
}

/**
 * @param {View} view
 * @param {KeyboardEvent} event
 */
export function onKey(view, event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = /** @type {Element} */ (event.target);
  if (target.matches("input, select, textarea") && event.key !== "Escape") {
    event.stopPropagation(); // the slider, the speed and a study's comment box take their own keys
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

/**
 * ↓ and ↑ go through the listed actions (from the board, ↓ starts at the
 * first): past the tenth, the only keys that reach an action.
 * @param {View} view
 * @param {Element} from
 * @param {1 | -1} by
 */
function stepThroughActions(view, from, by) {
  const buttons = [...view.parts.actions.querySelectorAll("button")];
  if (buttons.length === 0) return false;
  const at = buttons.indexOf(/** @type {HTMLButtonElement} */ (from));
  const next = at < 0 ? (by > 0 ? 0 : buttons.length - 1) : (at + by + buttons.length) % buttons.length;
  buttons[next].focus(); // as Tab would: scrolled to only if out of sight
  return true;
}

/** @param {View} view */
export function toggleHelp(view) {
  view.page.help = !view.page.help;
  view.redraw("help");
}

/**
 * The help panel, open or closed.
 * @param {View} view
 */
export function drawHelp({ page, parts }) {
  parts.help.hidden = !page.help;
}

/**
 * A "what if" line from the past position shown.
 * @param {View} view
 */
export function tryHere(view) {
  const { page } = view;
  if (page.cursor == null) return;
  const at = positions(view)[page.cursor];
  page.cursor = null;
  lookBack(view.model, page, false);
  view.send("try", { step: at.step });
}
