// The log, the slider over it, and past positions ("time travel"). The log
// comes as one text per finished phase and one per position of the phase
// under way; each position it leads to can be shown on the board.

import { parsedText } from "./chunks.js";
import { make, scrollWithin } from "./dom.js";
import { groupTitle, joined, positions, told } from "./queries.js";
import { lookBack } from "./shared.js";

/** @typedef {import("./types").View} View */
/** @typedef {import("./types").LogGroup} LogGroup */
/** @typedef {import("./types").Position} Position */

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

/**
 * The slider over the log: as many steps as positions, at the one shown.
 * @param {View} view
 */
export function drawSlider(view) {
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
 * Show the position at index `at` of positions(); the last one is the game.
 * @param {View} view
 * @param {number} at
 */
export function goTo(view, at) {
  if (moveTo(view, at)) view.redraw("cursor");
}

/**
 * The cursor moved to the position at index `at` of positions(), drawing
 * nothing yet; false when the log has no position.
 * @param {View} view
 * @param {number} at
 */
export function moveTo(view, at) {
  const { page } = view;
  const all = positions(view);
  if (all.length === 0) return false;
  at = Math.max(0, Math.min(at, all.length - 1));
  page.cursor = at === all.length - 1 ? null : at;
  lookBack(view.model, page, page.cursor != null); // the auto-play holds still meanwhile
  page.chooser = null;
  if (page.cursor != null) ask(view, all[page.cursor]);
  return true;
}

/**
 * The log's entries of the position shown marked and brought into sight,
 * or the log's end at the game now.
 * @param {View} view
 */
export function drawHere(view) {
  const { page, parts } = view;
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
 * Python's answer to "show": ask for the latest wish if it is not the one
 * answered (the scheduler draws the position).
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
}
