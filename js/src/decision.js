// The decision: who decides and what (the prompt and its rule), the combat
// under way, the listed actions, or the scores at the game's end.

import { button, make, splitLabel } from "./dom.js";
import { elementsFor } from "./queries.js";

/** @typedef {import("./types").View} View */
/** @typedef {import("./types").Offered} Offered */
/** @typedef {import("./types").Decision} Decision */

/** @param {View} view */
export function drawDecision(view) {
  const { model, page, parts, root } = view;
  const decision = model.get("decision") || {};
  parts.prompt.replaceChildren();
  parts.combat.replaceChildren();
  parts.actions.replaceChildren();
  if (page.cursor != null) {
    // Looking back: the banner says so, and the picture shows the past
    // position's own prompt; the game's decision (or its scores) waits.
  } else if (decision.over) {
    drawScores(view, decision);
  } else {
    if (decision.player) {
      const who = make("strong", "covil-who", decision.seat ? decision.seat.label : decision.player);
      who.dataset.player = decision.player;
      parts.prompt.append(who, ": ");
    }
    // No player: a step of the night, which the rules play.
    parts.prompt.append(`${decision.prompt} `, make("span", "covil-rule", `(${decision.rule})`));
    if (decision.combat) drawCombat(view, decision.combat);
    const offered = page.chooser ? chooserActions(view, decision) : decision.actions || [];
    if (page.chooser) {
      const element = (decision.names || {})[page.chooser] ?? page.chooser; // named by Python
      const note = view.t("Choose for {element} (Esc to cancel):", { element });
      parts.actions.append(make("li", "covil-note", note));
    }
    drawActions(view, offered);
  }
  root.dataset.waiting = decision.waiting || "";
  orderCards(view, decision);
}

/**
 * The hall of the person at the screen comes first, right under the map,
 * then the pool, then the other halls in seating order.
 * @param {View} view
 * @param {Decision} decision
 */
function orderCards({ model, parts }, decision) {
  const seats = (model.get("board") || {}).seats || [];
  /** @param {string | undefined} color */
  const person = (color) => seats.some((s) => s.color === color && s.kind === "person");
  const mine = person(decision.player) ? decision.player : seats.find((s) => s.kind === "person")?.color;
  parts.pool.style.order = "1";
  seats.forEach((seat, i) => {
    const hall = parts.halls[`hall:${seat.color}`];
    if (hall) hall.style.order = seat.color === mine ? "0" : String(2 + i);
  });
}

/**
 * @param {View} view
 * @param {Decision} decision
 */
function chooserActions({ page }, decision) {
  return (decision.actions || []).filter((a) => page.chooser && a.elements.includes(page.chooser));
}

/**
 * The listed actions in their groups (Python names each action's group):
 * a group's title once, with the condition its actions all share.
 * @param {View} view
 * @param {Offered[]} offered
 */
function drawActions(view, offered) {
  const groups = groupActions(offered);
  let index = 0;
  for (const group of groups) {
    // The shared aside is said once, with the group's title; with no title
    // drawn, each action keeps its whole label.
    const titled = groups.length > 1 && group.title !== "";
    if (titled) {
      const head = make("li", "covil-group", group.title);
      if (group.shared) head.append(make("span", "covil-shared", ` ${group.shared}`));
      view.parts.actions.append(head);
    }
    for (const action of group.actions) {
      view.parts.actions.append(actionItem(view, action, index, titled ? group.shared : ""));
      index += 1;
    }
  }
}

/**
 * The actions of each group together, the groups in the order they first
 * come, each with the aside in parentheses that ends every label of the
 * group ("(your hall is full: …)"), if any.
 * @param {Offered[]} offered
 * @returns {{title: string, shared: string, actions: Offered[]}[]}
 */
export function groupActions(offered) {
  /** @type {Map<string, {title: string, shared: string, actions: Offered[]}>} */
  const byTitle = new Map();
  for (const action of offered) {
    const title = action.group || "";
    if (!byTitle.has(title)) byTitle.set(title, { title, shared: "", actions: [] });
    byTitle.get(title)?.actions.push(action);
  }
  const groups = [...byTitle.values()];
  for (const group of groups) {
    const asides = group.actions.map((a) => trailingAside(a.label));
    if (group.actions.length > 1 && asides[0] && asides.every((aside) => aside === asides[0])) group.shared = asides[0];
  }
  return groups;
}

/**
 * The parenthesis that ends a label, with its brackets, or "".
 * @param {string} label
 */
export function trailingAside(label) {
  if (!label.endsWith(")")) return "";
  let depth = 0;
  for (let i = label.length - 1; i >= 0; i--) {
    if (label[i] === ")") depth += 1;
    else if (label[i] === "(" && --depth === 0) return i > 0 && label[i - 1] === " " ? label.slice(i) : "";
  }
  return "";
}

/**
 * The key that chooses the listed action at `index`: 1 – 9, then 0 for the
 * tenth; the others are reached with the arrow keys.
 * @param {number} index
 */
export function keyOf(index) {
  return index < 9 ? String(index + 1) : index === 9 ? "0" : "";
}

/**
 * A listed action: its key, what it does, and the details after the
 * label's first colon on a quieter line (less the aside its group says once).
 * @param {View} view
 * @param {Offered} action
 * @param {number} index
 * @param {string} shared
 */
function actionItem(view, action, index, shared) {
  const item = make("li", "covil-action");
  const key = keyOf(index);
  const number = key ? `${key}. ` : "";
  const label = shared ? action.label.slice(0, -shared.length).trimEnd() : action.label;
  const [head, details] = splitLabel(label);
  const pick = button(number + head, action.label, () => choose(view, action.action, pick));
  if (details) pick.append(make("span", "covil-details", details));
  pick.dataset.action = action.action;
  item.appendChild(pick);
  if (action.preview) item.appendChild(make("span", "covil-preview", previewText(view, action.preview)));
  if (action.forecast) item.appendChild(make("span", "covil-preview covil-forecast", `→ ${action.forecast}`));
  // Pointing at a listed action points at its elements on the board.
  /** @param {boolean} on */
  const point = (on) =>
    action.elements.forEach((k) => elementsFor(view, k).forEach((n) => n.classList.toggle("covil-pointed", on)));
  pick.addEventListener("mouseenter", () => point(true));
  pick.addEventListener("mouseleave", () => point(false));
  pick.addEventListener("focus", () => point(true));
  pick.addEventListener("blur", () => point(false));
  return item;
}

/**
 * What a response would change: the strengths before → after.
 * @param {View} view
 * @param {import("./types").Preview} preview
 */
export function previewText(view, preview) {
  const combat = (view.model.get("decision") || {}).combat;
  const [attack, defense] = [combat?.attack?.total, combat?.defense?.total];
  const changes = [];
  if (preview.attack !== attack) changes.push(view.t("attack {before} → {after}", { before: attack ?? "", after: preview.attack }));
  if (preview.defense !== defense) changes.push(view.t("defense {before} → {after}", { before: defense ?? "", after: preview.defense }));
  if (preview.resolves) {
    const at = { attack: preview.attack, defense: preview.defense, verdict: preview.verdict ?? "" };
    return view.t("→ the combat ends, attack {attack} against defense {defense}: {verdict}", at);
  }
  const same = view.t("the strengths stay as they are");
  return `→ ${changes.length ? changes.join(", ") : same}`;
}

/**
 * The combat under way: who attacks whom, then both strengths side by
 * side, each total large with where its points come from.
 * @param {View} view
 * @param {import("./types").Combat} combat
 */
function drawCombat(view, combat) {
  view.parts.combat.append(
    make("div", "covil-combat-head", combat.head),
    strengthBox(view, view.t("Attack"), combat.attack, combat.attacker),
    strengthBox(view, view.t("Defense"), combat.defense, combat.defender),
  );
}

/**
 * @param {View} view
 * @param {string} title
 * @param {import("./types").Strength | undefined} strength
 * @param {string | undefined} color
 */
function strengthBox(view, title, strength, color) {
  const box = make("div", "covil-strength");
  if (color) box.dataset.player = color;
  const total = make("div", "covil-total");
  total.append(`${title} `, make("b", "", strength ? String(strength.total) : "—"));
  const list = make("ul", "covil-parts");
  for (const [said] of strength ? strength.parts : []) list.append(make("li", "", said));
  if (strength && strength.parts.length === 0) list.append(make("li", "", view.t("nothing adds to it")));
  box.append(total, list);
  return box;
}

/**
 * @param {View} view
 * @param {Decision} decision
 */
function drawScores({ parts }, decision) {
  parts.prompt.append(make("strong", "", decision.verdict ?? ""));
  const list = make("ol", "covil-scores");
  for (const score of decision.scores || []) list.append(make("li", "", score.text));
  parts.combat.append(list);
}

/**
 * Ask Python to play `action` (a notation such as "move D"), chosen by
 * pressing `pressed` (a button or a piece).
 * @param {View} view
 * @param {string} action
 * @param {Element | null} [pressed]
 */
export function choose(view, action, pressed = null) {
  view.page.chooser = null;
  view.send("act", { action }, pressed);
}

/**
 * Close the choice between an element's several actions.
 * @param {View} view
 */
export function closeChooser(view) {
  view.page.chooser = null;
  view.redraw("chooser");
}

/**
 * A choice between an element's several actions just opened: its first
 * action takes the focus, for the keys.
 * @param {View} view
 */
export function focusChooser({ page, parts }) {
  if (page.chooser) parts.actions.querySelector("button")?.focus({ preventScroll: true });
}
