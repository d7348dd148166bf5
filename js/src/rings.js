// Rings the page draws around elements of the drawing: a choice's dashed
// ring (marks.js), the solid rings of the hint's suggestion and of a
// study's highlights.

import { ADDED } from "./chunks.js";
import { boxOf } from "./dom.js";
import { elementsFor } from "./queries.js";

/** @typedef {import("./types").View} View */

/**
 * A ring around an element of the drawing (its box given): dashed for a
 * choice, as the drawing marks them; solid for the hint's suggestion.
 * @param {Element} node
 * @param {{x: number, y: number, width: number, height: number}} box
 * @param {string} colour
 * @param {{dashed: boolean, className: string, pad: number}} style
 */
export function ring(node, box, colour, { dashed, className, pad }) {
  const round = node.firstElementChild?.tagName.toLowerCase() === "circle" && Math.abs(box.width - box.height) < 1;
  const shape = document.createElementNS("http://www.w3.org/2000/svg", round ? "circle" : "rect");
  const gap = pad + (round ? 2 : 3);
  const paint = dashed
    ? { fill: colour, "fill-opacity": "0.1", stroke: colour, "stroke-width": "2.5", "stroke-dasharray": "5 3" }
    : { fill: "none", stroke: colour, "stroke-width": "3" };
  const where = round
    ? { cx: box.x + box.width / 2, cy: box.y + box.height / 2, r: box.width / 2 + gap }
    : { x: box.x - gap, y: box.y - gap, width: box.width + 2 * gap, height: box.height + 2 * gap, rx: 4 + gap };
  for (const [name, value] of Object.entries({ ...where, ...paint })) shape.setAttribute(name, String(value));
  shape.setAttribute("class", `${className} ${ADDED}`); // the page's own: not the drawing's
  return shape;
}

/**
 * The solid rings of `className` (the hint's suggestion, a study's
 * highlight of a card, the engine's better line), in the focus colour
 * around each drawn element of `keys`, in place of those drawn before;
 * none while a past position is shown (another position: the keys are the
 * game's), unless `past` says the keys are the past position's.
 * @param {View} view
 * @param {string[]} keys
 * @param {string} className
 * @param {{past?: boolean}} [options]
 */
export function ringSolid(view, keys, className, { past = false } = {}) {
  for (const node of view.root.querySelectorAll(`.${className}`)) node.remove();
  // Reading the colour lays the page out (after a redraw, every step): only when there is a ring to draw.
  if (keys.length === 0 || (view.page.cursor != null && !past)) return;
  const colour = getComputedStyle(view.root).getPropertyValue("--covil-focus").trim() || "#1f6feb";
  for (const key of keys) {
    for (const node of elementsFor(view, key)) {
      const box = node.tagName.toLowerCase() === "g" ? boxOf(/** @type {any} */ (node)) : null;
      if (box) node.appendChild(ring(node, box, colour, { dashed: false, className, pad: 6 }));
    }
  }
}
