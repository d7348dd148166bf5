// Small helpers: DOM builders and pure functions (no view state).

/**
 * An element with a class and a text.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [className]
 * @param {string | null} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function make(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
}

/**
 * A button of the board.
 * @param {string} label
 * @param {string} [title]
 * @param {(event: MouseEvent) => void} [onClick]
 */
export function button(label, title, onClick) {
  const node = make("button", "covil-button", label);
  node.type = "button";
  if (title) node.title = title;
  if (onClick) node.addEventListener("click", onClick);
  return node;
}

/**
 * The SVG the drawing made in Python: trusted markup from the kernel. Set
 * only when it changed (a redraw of the same text would cost a layout).
 * @param {HTMLElement & {_svg?: string}} node
 * @param {string | undefined} svg
 */
export function setSvg(node, svg) {
  if (node._svg !== svg) {
    node.innerHTML = svg || "";
    node._svg = svg;
  }
}

/**
 * An element's box in its own coordinates. A card's first child is its
 * frame (a rect), a coin's its disc: read from their attributes, the box
 * costs no layout (getBBox lays the whole page out after each redraw).
 * @param {SVGGraphicsElement} node
 * @returns {{x: number, y: number, width: number, height: number}}
 */
export function boxOf(node) {
  const first = node.firstElementChild;
  /** @param {string} name */
  const at = (name) => Number(first?.getAttribute(name) || 0);
  const shape = first?.tagName.toLowerCase();
  if (node.hasAttribute("data-card") && shape === "rect") {
    return { x: at("x"), y: at("y"), width: at("width"), height: at("height") };
  }
  if (node.hasAttribute("data-coin") && shape === "circle") {
    return { x: at("cx") - at("r"), y: at("cy") - at("r"), width: 2 * at("r"), height: 2 * at("r") };
  }
  return node.getBBox();
}

/**
 * A label cut at its first ": " outside parentheses: what the action does,
 * then its details ("Acquire Spymaster for 7: Command: draw 2 …").
 * @param {string} label
 * @returns {[string, string]}
 */
export function splitLabel(label) {
  let depth = 0;
  for (let i = 0; i < label.length - 1; i++) {
    const c = label[i];
    if (c === "(") depth += 1;
    else if (c === ")") depth -= 1;
    else if (c === ":" && depth === 0 && label[i + 1] === " ") return [label.slice(0, i), label.slice(i + 2)];
  }
  return [label, ""];
}

/**
 * The middle of a node on the screen (where a keyboard's "click" is).
 * @param {Element} node
 */
export function middleOf(node) {
  const box = node.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

/**
 * "card:iron-marshal" → ["card", "iron-marshal"] (an id may hold a colon).
 * @param {string} key
 * @returns {[string, string]}
 */
export function splitKey(key) {
  const at = key.indexOf(":");
  return [key.slice(0, at), key.slice(at + 1)];
}

/**
 * Bring `node` into view inside `container` by scrolling the container
 * alone: scrollIntoView would scroll every ancestor too, the notebook
 * around the board among them. `above` keeps clear of a sticky heading.
 * @param {HTMLElement} container
 * @param {Element} node
 * @param {number} [above]
 */
export function scrollWithin(container, node, above = 0) {
  const box = container.getBoundingClientRect();
  const at = node.getBoundingClientRect();
  if (at.top < box.top + above) container.scrollTop -= box.top + above - at.top;
  else if (at.bottom > box.bottom) container.scrollTop += at.bottom - box.bottom;
}

/**
 * A `<details>`, open at first, whose open state the browser keeps under
 * `key` for every board (the learner's choice, not the notebook's). Where
 * the host gives no storage, it is only not kept.
 * @param {HTMLDetailsElement} details
 * @param {string} key
 */
export function keepOpenState(details, key) {
  try {
    details.open = localStorage.getItem(key) !== "folded";
  } catch {
    details.open = true;
  }
  let shown = details.open;
  details.addEventListener("toggle", () => {
    if (details.open === shown) return; // the state set above, not the learner's choice
    shown = details.open;
    try {
      localStorage.setItem(key, details.open ? "open" : "folded");
    } catch {
      // no storage here (a sandboxed frame): the choice holds for this board only
    }
  });
}
