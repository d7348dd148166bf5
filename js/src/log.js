// The log, the slider over it, and past positions ("time travel"). The log
// comes as one text per finished phase and one per position of the phase
// under way; each position it leads to can be shown on the board.

import { parsedText } from "./chunks.js";
import { make, scrollWithin } from "./dom.js";
import { drawDecision } from "./decision.js";
import { drawPosition, settle } from "./marks.js";
import { drawControls } from "./controls.js";
import { lookBack } from "./shared.js";
import { N_ } from "./words.js";

/** @typedef {import("./types").View} View */
/** @typedef {import("./types").LogGroup} LogGroup */
/** @typedef {import("./types").Position} Position */

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
function joined(model, names) {
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
 * @param {View} view
 * @param {LogGroup} group
 */
function groupTitle(view, group) {
  if (group.phase === "setup") return view.t("Setup");
  return view.t("Day {day} · {phase}", { day: group.day, phase: view.t(PHASES[group.phase] ?? group.phase) });
}

/**
 * Draw the log. A finished phase's group is built once and kept while the
 * log shows it (its text never changes, and a reader may have opened or
 * closed it); the phase under way is built anew. Entry numbers count
 * positions from the log's start. A closed group holds its heading only:
 * its entries are built when it is opened, so the page does not grow with
 * the game.
 * @param {View} view
 */
export function drawLog(view) {
  const { model, page, parts } = view;
  const done = (model.get("log") || {}).done || [];
  const shown = [];
  const kept = new Map(); // only the groups shown: an undone phase's group goes
  // A group written anew where one was (the board switched language) stays open if it was.
  const opened = new Set(
    [...page.builtGroups].filter(([, group]) => group.details.open).map(([key]) => key.slice(key.indexOf("@"))),
  );
  /** @type {[number, string | null]} */
  let [index, previous] = [-1, null];
  done.forEach((name, g) => {
    const key = `${name}@${index}@${previous}`;
    const text = parsedText(model, name);
    const open = g >= done.length - 1 || opened.has(`@${index}@${previous}`);
    const group = page.builtGroups.get(key) ?? (text && buildGroup(view, text, index, previous, open));
    if (!group) return;
    kept.set(key, group);
    shown.push(group.details);
    [index, previous] = [group.index, group.previous];
  });
  page.builtGroups = kept;
  const now = drawNow(view, (model.get("log") || {}).now || [], index, previous);
  if (now) shown.push(now);
  // The groups shown again in the same order stay where they are.
  const current = parts.log.children;
  if (current.length !== shown.length || shown.some((node, i) => current[i] !== node)) {
    parts.log.replaceChildren(...shown);
  }
  drawSlider(view);
  if (page.cursor == null) showNewest(view);
}

/**
 * The group of the phase under way: built once, then a step adds its own
 * positions' entries to it (the phase may run to dozens of entries). Built
 * again when it no longer continues what is drawn (an undo, a new phase).
 * @param {View} view
 * @param {string[]} names the texts of the phase's positions, in order
 * @param {number} index
 * @param {string | null} previous
 */
function drawNow(view, names, index, previous) {
  const { model, page } = view;
  const from = `${index}@${previous}`;
  const built = page.now;
  const continues =
    built && built.from === from && built.names.length <= names.length && built.names.every((n, i) => names[i] === n);
  if (!continues) {
    const group = joined(model, names);
    page.now = null;
    if (group == null) return null;
    const made = buildGroup(view, group, index, previous, true);
    page.now = { from, names, ...made };
    return made.details;
  }
  const more = joined(model, names.slice(built.names.length))?.entries ?? [];
  const added = numbered(more, built.index, built.previous);
  const list = built.details.querySelector("ol");
  for (const [entry, at] of added.list) list?.append(entryItem(view, entry, at));
  built.details.dataset.last = String(added.index);
  Object.assign(built, { names, index: added.index, previous: added.previous });
  return built.details;
}

/**
 * Entries with the index of the position each leads to, counted on from
 * `index`: entries of one step and moment lead to one position.
 * @param {import("./types").LogEntry[]} entries
 * @param {number} index the last position counted so far
 * @param {string | null} previous its "step/moment"
 */
function numbered(entries, index, previous) {
  /** @type {[import("./types").LogEntry, number][]} */
  const list = [];
  for (const entry of entries) {
    const here = `${entry.step}/${entry.moment}`;
    if (here !== previous) index += 1;
    previous = here;
    list.push([entry, index]);
  }
  return { list, index, previous };
}

/**
 * The newest entry in view, once the page is laid out anyway. Only the log
 * scrolls: the notebook around the board stays where the reader left it.
 * @param {View} view
 */
function showNewest({ parts }) {
  requestAnimationFrame(() => (parts.log.scrollTop = parts.log.scrollHeight));
}

/**
 * A group's heading, and its entries once it is open. Returns the last
 * position index and "step/moment" it reaches (the next group counts on).
 * @param {View} view
 * @param {LogGroup} group
 * @param {number} index
 * @param {string | null} previous
 * @param {boolean} open
 */
function buildGroup(view, group, index, previous, open) {
  const details = /** @type {HTMLDetailsElement & {_fill?: (() => void) | null}} */ (make("details", "covil-log-group"));
  details.append(make("summary", "", groupTitle(view, group)));
  const entries = numbered(group.entries, index, previous);
  [index, previous] = [entries.index, entries.previous];
  details.dataset.first = String(entries.list.length ? entries.list[0][1] : index);
  details.dataset.last = String(index);
  details._fill = () => {
    details._fill = null;
    const list = make("ol", "covil-entries");
    for (const [entry, at] of entries.list) list.append(entryItem(view, entry, at));
    details.append(list);
  };
  details.addEventListener("toggle", () => details.open && details._fill?.());
  if (open) openGroup(details);
  return { details, index, previous };
}

/** @param {HTMLDetailsElement & {_fill?: (() => void) | null}} details */
function openGroup(details) {
  details._fill?.();
  details.open = true;
}

/**
 * @param {View} view
 * @param {import("./types").LogEntry} entry
 * @param {number} at
 */
function entryItem(view, entry, at) {
  const item = make("li", "covil-entry");
  item.dataset.position = String(at);
  item.append(make("span", "covil-rule", entry.rule), " ", entry.text);
  item.addEventListener("click", () => goTo(view, at));
  return item;
}

/** @param {View} view */
function drawSlider(view) {
  const { page, parts } = view;
  const count = positions(view).length;
  parts.slider.max = String(Math.max(0, count - 1));
  parts.slider.value = String(page.cursor ?? count - 1);
  parts.slider.setAttribute("aria-valuetext", sliderText(view));
}

/** @param {View} view */
function sliderText(view) {
  const all = positions(view);
  if (view.page.cursor == null) return view.t("the game now (positions before it: {count})", { count: Math.max(0, all.length - 1) });
  return told(all[view.page.cursor]);
}

/**
 * "Day 1 · afternoon — yellow lies down Y1 in zone B": a position as the log tells it.
 * @param {Position} position
 */
export function told(position) {
  return `${position.when} — ${position.entries[0].replace(/\.$/, "")}`;
}

/** The event goTo sends on the board's root once the position shown moved. */
export const CURSOR = "covil-cursor";

/**
 * Show the position at index `at` of positions(); the last one is the game.
 * @param {View} view
 * @param {number} at
 */
export function goTo(view, at) {
  const { page, parts } = view;
  const all = positions(view);
  if (all.length === 0) return;
  at = Math.max(0, Math.min(at, all.length - 1));
  page.cursor = at === all.length - 1 ? null : at;
  lookBack(view.model, page, page.cursor != null); // the auto-play holds still meanwhile
  page.chooser = null;
  if (page.cursor != null) ask(view, all[page.cursor]);
  drawPosition(view);
  drawDecision(view);
  settle(view);
  drawControls(view);
  drawSlider(view);
  view.root.dispatchEvent(new Event(CURSOR)); // for what follows the position shown (the analysis)
  for (const node of parts.log.querySelectorAll(".covil-here")) node.classList.remove("covil-here");
  if (page.cursor == null) {
    showNewest(view); // back to the game: back to the log's end
    return;
  }
  for (const group of parts.log.querySelectorAll("details")) {
    if (Number(group.dataset.first) <= page.cursor && page.cursor <= Number(group.dataset.last)) openGroup(group);
  }
  const entries = parts.log.querySelectorAll(`[data-position="${page.cursor}"]`);
  entries.forEach((n) => n.classList.add("covil-here"));
  // Only the log scrolls, clear of the group's sticky heading.
  const heading = entries[0]?.closest("details")?.querySelector("summary");
  if (entries[0]) scrollWithin(parts.log, entries[0], heading?.getBoundingClientRect().height ?? 0);
}

/**
 * One "show" message at a time: while one is answered, only the latest
 * wish is kept (a held arrow key asks for many positions).
 * @param {View} view
 * @param {Position} position
 */
function ask(view, position) {
  const { model, page } = view;
  page.wanted = position;
  if (page.asking) return;
  const past = model.get("past") || {};
  if (past.step === position.step && past.moment === position.moment) return;
  page.asking = true;
  view.send("show", { step: position.step, moment: position.moment });
}

/**
 * Python's answer to "show": draw it, or ask for the latest wish.
 * @param {View} view
 */
export function onPast(view) {
  const { model, page } = view;
  page.asking = false;
  const past = model.get("past") || {};
  const wanted = page.wanted;
  if (page.cursor != null && wanted && (past.step !== wanted.step || past.moment !== wanted.moment)) {
    ask(view, wanted);
  }
  drawPosition(view);
  settle(view);
}
