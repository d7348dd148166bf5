// The page's own words in the board's language. The page writes them in
// English; the kernel sends their translations (the `words` trait, made
// from the same catalogs as Python's sentences: tools/catalogs.py extracts
// every `view.t(...)` and `N_(...)` of these files). A message without a
// translation (English, or one not yet translated) is said as written.

/**
 * A message marked for the catalog and said later: a fixed part's words,
 * which `relabel` says in the board's language.
 * @param {string} message
 */
export const N_ = (message) => message;

/**
 * `message` in the language of `words`, with `values` put in its `{names}`
 * (after the translation: a translator may move them).
 * @param {Record<string, string> | undefined} words
 * @param {string} message
 * @param {Record<string, string | number>} [values]
 */
export function say(words, message, values = {}) {
  const template = words?.[message] ?? message;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

// What of a fixed part is words: its text (when it is its only child), its
// tooltip and its name for screen readers.
const SAID = /** @type {const} */ ([
  ["sayText", "textContent"],
  ["sayTitle", "title"],
  ["sayLabel", "aria-label"],
  ["sayPlaceholder", "placeholder"],
]);

/**
 * Keep the English words of every fixed part under `root`, built a moment
 * ago and still empty of anything drawn, so that `relabel` can say them
 * again in another language.
 * @param {HTMLElement} root
 */
export function remember(root) {
  for (const node of [root, .../** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("*"))]) {
    const only = node.childNodes.length === 1 && node.firstChild?.nodeType === Node.TEXT_NODE;
    for (const [key, field] of SAID) {
      const said = field === "textContent" ? only && node.textContent : node.getAttribute(field);
      if (said) node.dataset[key] = said;
    }
  }
}

/**
 * Say the fixed parts' words in the language of `words`.
 * @param {HTMLElement} root
 * @param {Record<string, string> | undefined} words
 */
export function relabel(root, words) {
  for (const [key, field] of SAID) {
    const attribute = `data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    const marked = /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(`[${attribute}]`));
    for (const node of [root, ...marked].filter((n) => n.hasAttribute(attribute))) {
      const said = say(words, node.dataset[key] ?? "");
      if (field === "textContent") node.textContent = said;
      else node.setAttribute(field, said); // title, aria-label, placeholder
    }
  }
}
