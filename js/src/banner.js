// Banners: what the board is doing when it is not waiting for the person
// at the screen (a playback, a bot thinking, a past position, a "what if"
// line), and what to press to go on.

import { make } from "./dom.js";
import { positions, seatLabel, told } from "./queries.js";
import { longWait, sharedOf, thinking } from "./shared.js";

// A player's moment told in more entries of the log than this is a list, one
// a line (a night's step, in more than one).
const INLINE_AT_MOST = 2;

/** @typedef {import("./types").View} View */
/** @typedef {import("./types").Decision} Decision */
/** @typedef {import("./types").Controls} Controls */

/** @param {View} view */
export function drawBanner(view) {
  const { model, page, parts, root } = view;
  const lines = bannerLines(view, model.get("decision") || {}, model.get("controls") || {});
  parts.banner.replaceChildren(...lines);
  parts.banner.hidden = lines.length === 0;
  root.classList.toggle("covil-looking-back", page.cursor != null);
  root.classList.toggle("covil-thinking", thinking(model) != null);
}

/**
 * Where a "what if" line starts (after history step `step`), as the log tells it.
 * @param {View} view
 * @param {number} step
 */
function whatIfStart(view, step) {
  const at = positions(view).find((p) => p.step === step);
  return at ? told(at) : view.t("action {step}", { step });
}

/**
 * @param {View} view
 * @param {Decision} decision
 * @param {Controls} controls
 */
function bannerLines(view, decision, controls) {
  if (view.page.cursor != null) return lookingBack(view, positions(view)[view.page.cursor]);
  const lines = [];
  const asked = thinking(view.model);
  if (asked) {
    const who =
      asked.kind === "skip"
        ? view.t("Playing on to your decision…")
        : view.t("{seat} is thinking…", { seat: seatLabel(view, decision.player) });
    lines.push(make("div", "", who));
  } else if (controls.moment) lines.push(...momentLines(view, controls.moment));
  else lines.push(...outcomeLines(controls.outcome));
  if (controls.night?.length) lines.push(nightLines(view, controls.night));
  const next = nextStepText(view, decision, controls);
  if (next) lines.push(make("div", "covil-next", next));
  if (controls.what_if) {
    const from = whatIfStart(view, controls.what_if.from);
    lines.push(make("div", "", view.t("Trying a “what if” line from {position}; b returns to the game.", { position: from })));
  }
  return lines;
}

/**
 * The past position shown, as the log tells it: a moment of several
 * sentences (the fee over four terrains, the rest a player a line) is
 * listed whole under its time.
 * @param {View} view
 * @param {import("./types").Position} at
 */
function lookingBack(view, at) {
  const many = at.entries.length > 1;
  const said = view.t("Looking back: {position}. ← → to move, Esc or End to return, t to try a “what if” from here.", {
    position: many ? at.when : told(at),
  });
  return many ? [make("div", "", said), listOf(at.entries)] : [make("div", "", said)];
}

/**
 * Who did what at the moment shown, in the log's sentences, and why (a
 * dummy's priority).
 * @param {View} view
 * @param {import("./types").Moment} moment
 */
function momentLines(view, moment) {
  const said = make("div", "covil-moment");
  const entries = moment.told || [];
  const played = view.t("played {actions}", { actions: moment.actions.join(", ") });
  // A step of the night is the rules', told by its rule (the reason).
  said.append(make("strong", "", moment.player ? seatLabel(view, moment.player) : moment.by));
  // The fee over four terrains takes up to eight entries, and a night's
  // rest one a player, each naming every minion: a list, not a paragraph.
  if (entries.length > (moment.player ? INLINE_AT_MOST : 1)) {
    said.append(":", listOf(entries));
  } else {
    said.append(entries.length ? `: ${entries.join(" ")}` : ` ${played}`);
  }
  const why = moment.reason ? [make("div", "covil-why", moment.reason)] : [];
  return [said, ...why, ...outcomeLines(moment.outcome)];
}

/**
 * The night just played back, in a few lines: it stays until the person at
 * the screen plays on.
 * @param {View} view
 * @param {string[]} night
 */
function nightLines(view, night) {
  const box = make("div", "covil-night");
  box.append(make("strong", "", view.t("Last night")), listOf(night));
  return box;
}

/**
 * One line an item.
 * @param {string[]} items
 */
function listOf(items) {
  const list = make("ul", "");
  for (const item of items) list.append(make("li", "", item));
  return list;
}

/**
 * How the fights of that moment (or of the person's own action) ended.
 * @param {string[] | undefined} outcome
 */
function outcomeLines(outcome) {
  return (outcome || []).map((text) => make("div", "covil-outcome", text));
}

/**
 * While a playback or a bot holds the board: how it goes on.
 * @param {View} view
 * @param {Decision} decision
 * @param {Controls} controls
 */
function nextStepText(view, decision, controls) {
  const { model } = view;
  if (thinking(model) || (decision.waiting !== "playback" && decision.waiting !== "bot")) return "";
  const byHand = sharedOf(model).speed === "off";
  // "Steps left to show: 3": a count the page says needs no plural forms.
  const more =
    decision.waiting === "bot"
      ? view.t("{seat} is to play", { seat: seatLabel(view, decision.player) })
      : view.t("Steps left to show: {count}", { count: controls.pending ?? 0 });
  if (byHand) return view.t("{state}. Step (n) shows the next, Skip to my decision (s) jumps to yours.", { state: more });
  const wait = longWait(model);
  return wait
    ? view.t("{state}. The board plays on by itself, this step shown for {seconds} s; Step (n) goes on now (p pauses).", {
        state: more,
        seconds: Math.round(wait.delay / 1000),
      })
    : view.t("{state}. The board plays on by itself (p pauses).", { state: more });
}
