// The host's light or dark theme, and its changes. The `theme` trait
// ("light" or "dark") wins over the host.

/** @typedef {import("./types").Model} Model */

/**
 * The host's theme, checked the way each host marks it.
 * @param {Model} model
 * @param {HTMLElement} el
 * @returns {"light" | "dark"}
 */
export function hostTheme(model, el) {
  const chosen = model.get("theme");
  if (chosen === "light" || chosen === "dark") return chosen;
  const body = document.body;
  const html = document.documentElement;
  if (body.dataset.jpThemeLight !== undefined) {
    return body.dataset.jpThemeLight === "true" ? "light" : "dark"; // JupyterLab, Notebook 7
  }
  const vscode = body.dataset.vscodeThemeKind; // VS Code
  if (vscode) return vscode.includes("light") ? "light" : "dark";
  if (html.getAttribute("theme") === "dark") return "dark"; // Colab
  if (el.closest(".dark, [data-theme='dark']")) return "dark"; // marimo, and pages like it
  for (const node of [html, body]) {
    if (node.classList.contains("dark") || node.dataset.theme === "dark") return "dark";
    if (node.classList.contains("light") || node.dataset.theme === "light") return "light";
  }
  return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/**
 * Call `apply` whenever the host's theme or the trait may have changed;
 * returns what stops watching.
 * @param {Model} model
 * @param {() => void} apply
 */
export function watchTheme(model, apply) {
  const observer = new MutationObserver(apply);
  const watched = ["class", "theme", "data-theme", "data-jp-theme-light", "data-vscode-theme-kind"];
  for (const node of [document.documentElement, document.body]) {
    observer.observe(node, { attributes: true, attributeFilter: watched });
  }
  const media = matchMedia("(prefers-color-scheme: dark)");
  media.addEventListener("change", apply);
  model.on("change:theme", apply);
  return () => {
    observer.disconnect();
    media.removeEventListener("change", apply);
    model.off("change:theme", apply);
  };
}
