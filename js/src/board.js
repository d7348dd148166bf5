// The page side of covil_nb's GameWidget: an anywidget front-end module.
//
// Python owns the rules. This module only draws what the traits hold and
// sends the player's choices as messages that name the position (the
// `version` trait) they were made on; it never decides what is legal: the
// `decision` trait lists the legal actions with the board elements a click
// chooses them with.
//
// State that lives only here: the pending choice between several actions of
// one element, the position the log cursor shows, the auto-play speed, the
// help panel. Nothing here is stored with the notebook.
//
// The modules, bundled by esbuild into the one file anywidget ships
// (covil_nb/widget/static/board.js; a Blob URL has nothing to resolve a
// relative import against):
//
//   shared.js     what the views of one model share; messages and auto-play
//   chunks.js     the drawing's texts, sent in named chunks
//   theme.js      the host's light or dark theme
//   dom.js        DOM builders and pure helpers
//   skeleton.js   the fixed parts of a view
//   marks.js      the map and its marks; clicks on the board
//   decision.js   the prompt, the combat, the listed actions, the scores
//   log.js        the log, its slider, past positions
//   banner.js     playback, thinking, looking back, "what if"
//   controls.js   the buttons, the hint, refusals, a new version
//   keyboard.js   the keys
//   study.js      a study's tree, comments, quiz and tools (StudyWidget)
//   analysis.js   "Analyse this game", its progress, chart and summary
//   words.js      the page's own words in the board's language

import { mountAnalysis } from "./analysis.js";
import { absorb, prune } from "./chunks.js";
import { acknowledge, answered, drawControls, drawError, drawHint, drawLanguage, onVersion } from "./controls.js";
import { drawDecision } from "./decision.js";
import { onKey, toggleHelp, tryHere } from "./keyboard.js";
import { drawLog, goTo, onPast } from "./log.js";
import { drawBoard, drawPosition, onClick, settle } from "./marks.js";
import { make } from "./dom.js";
import { afterPaint, asked, lookBack, scheduleStep, setAsked, setSpeed, sharedOf, stopTimer, thinking, transmit } from "./shared.js";
import { skeleton } from "./skeleton.js";
import { mountStudy } from "./study.js";
import { hostTheme, watchTheme } from "./theme.js";
import { N_, relabel, say } from "./words.js";

/** @typedef {import("./types").Model} Model */
/** @typedef {import("./types").View} View */

/** The requests that move the game (or a study's board) on to a new version. */
const MOVES = new Set(["act", "undo", "redo", "step", "skip", "try", "return", "goto", "walk", "jump", "chapter", "mode", "language"]);

/**
 * Once per model: the chunk store and the auto-play timer.
 * @param {{model: Model}} context
 */
function initialize({ model }) {
  // After the whole message: some hosts (marimo) set a message's traits one
  // at a time, each with its change event, so at `change:version` the
  // pictures, the log or the decision may still be the last position's.
  const onChange = () =>
    queueMicrotask(() => {
      prune(model);
      scheduleStep(model);
    });
  // A refusal answers the request: no bot is thinking (here, not in a view,
  // so that it holds with no view open too).
  const onError = () => {
    if ((model.get("error") || {}).text && thinking(model)) setAsked(model, null);
  };
  const onChunks = () => absorb(model, "chunks");
  const onNew = () => absorb(model, "chunks_new");
  absorb(model, "chunks");
  absorb(model, "chunks_new");
  model.on("change:chunks", onChunks);
  model.on("change:chunks_new", onNew);
  model.on("change:version", onChange);
  model.on("change:error", onError);
  scheduleStep(model);
  return () => {
    model.off("change:chunks", onChunks);
    model.off("change:chunks_new", onNew);
    model.off("change:version", onChange);
    model.off("change:error", onError);
    stopTimer(sharedOf(model));
  };
}

/**
 * One view of the board.
 * @param {{model: Model, el: HTMLElement}} context
 */
function render({ model, el }) {
  const root = make("div", "covil-board");
  root.tabIndex = 0;
  root.setAttribute("data-lm-suppress-shortcuts", "true"); // JupyterLab keeps its keys off
  root.setAttribute("role", "application");
  root.setAttribute("aria-label", N_("Covil board"));
  el.appendChild(root);
  const parts = skeleton(root);
  /** @type {View} */
  const view = {
    model,
    el,
    root,
    parts,
    page: {
      chooser: null,
      cursor: null,
      dot: null,
      wanted: null,
      asking: false,
      help: false,
      stale: false,
      clicked: null,
      pressed: null,
      builtGroups: new Map(),
      now: null,
    },
    send(kind, fields = {}, pressed = null) {
      // The version the player saw, taken now: the message leaves a frame later.
      const content = { kind, version: model.get("version"), ...fields };
      // A second press (a double click, a held key) while a move waits for its
      // answer would only be refused as stale: one request moves the game
      // per version (Python's answer, a new version, clears the pending mark).
      if (MOVES.has(kind) && MOVES.has(root.dataset.pending ?? "")) return false;
      acknowledge(view, kind, pressed);
      asked(model, content);
      afterPaint(() => {
        if (!transmit(model, content)) {
          answered(view);
          parts.error.replaceChildren(view.t("The board has no running kernel to play with: run its cell again."));
          parts.error.hidden = false;
          drawLanguage(view); // the switch shows the language the board still speaks
        }
      });
      return true;
    },
    t: (message, values) => say(model.get("words"), message, values),
  };
  relabel(root, model.get("words"));
  const applyTheme = () => {
    const chosen = model.get("theme");
    root.dataset.themeFrom = chosen === "light" || chosen === "dark" ? "trait" : "host";
    root.dataset.theme = hostTheme(model, el);
  };
  applyTheme();
  const unwatchTheme = watchTheme(model, applyTheme);
  // A study's keys and marking clicks come before the board's own (wired after).
  const mounts = [...(model.get("tree") ? [mountStudy(view)] : []), mountAnalysis(view)];
  const unlisten = listenToTraits(view, mounts);
  const unwire = wire(view);

  drawBoard(view);
  drawLanguage(view);
  drawPosition(view);
  drawDecision(view);
  settle(view);
  drawLog(view);
  drawHint(view);
  onVersion(view);
  for (const mount of mounts) mount.after?.();

  return () => {
    unlisten();
    unwatchTheme();
    for (const mount of mounts) mount.unmount();
    unwire();
    lookBack(model, view.page, false); // a view gone looks back no more
  };
}

/**
 * Each trait has its drawings (the board's, then those of the parts
 * mounted on it: a study's panel, the analysis); the traits of one message
 * draw once, after the whole message is in, each drawing once however many
 * of its traits changed, then the mounts' `after` (what goes over the
 * board's drawing, such as rings).
 * @param {View} view
 * @param {import("./types").Mount[]} mounts
 */
function listenToTraits(view, mounts) {
  const { model, root } = view;
  /** @type {Record<string, Array<() => void>>} */
  const drawers = {
    board: [() => drawBoard(view), () => drawLanguage(view)],
    language: [() => drawLanguage(view)],
    pictures: [() => drawPosition(view)],
    past: [() => onPast(view)],
    decision: [() => drawDecision(view)],
    log: [() => drawLog(view)],
    controls: [() => drawControls(view)],
    hint: [() => drawHint(view)],
    error: [() => drawError(view), () => drawLanguage(view)],
    version: [() => onVersion(view)],
  };
  for (const mount of mounts) {
    for (const [name, draw] of Object.entries(mount.drawers)) (drawers[name] ??= []).push(draw);
  }
  // The page's words in another language: its fixed parts said again, and
  // everything drawn from the traits drawn anew (a new version and a past
  // position asked for are events, not drawings: they are left out).
  const drawings = Object.entries(drawers).filter(([name]) => name !== "version" && name !== "past");
  drawers.words = [() => relabel(root, model.get("words")), ...drawings.flatMap(([, draws]) => draws)];
  /** @type {Set<string>} */
  const dirty = new Set();
  const flush = () => {
    const names = [...dirty];
    dirty.clear();
    answered(view);
    // A redraw may remove the focused piece: the keys then stay with the board.
    // (In marimo the board lives in a shadow root, which has its own activeElement.)
    const focusedIn = () => root.contains(/** @type {Document | ShadowRoot} */ (root.getRootNode()).activeElement);
    const focused = focusedIn();
    for (const draw of new Set(names.flatMap((n) => drawers[n]))) draw();
    for (const mount of mounts) mount.after?.();
    settle(view);
    if (focused && !focusedIn()) root.focus({ preventScroll: true });
  };
  const listeners = Object.keys(drawers).map((name) => {
    const listener = () => {
      if (dirty.size === 0) queueMicrotask(flush);
      dirty.add(name);
    };
    model.on(`change:${name}`, listener);
    return /** @type {const} */ ([name, listener]);
  });
  return () => {
    for (const [name, listener] of listeners) model.off(`change:${name}`, listener);
  };
}

/**
 * The buttons, the slider, the speed, clicks and keys.
 * @param {View} view
 */
function wire(view) {
  const { model, parts, root } = view;
  parts.undo.addEventListener("click", () => view.send("undo", {}, parts.undo));
  parts.redo.addEventListener("click", () => view.send("redo", {}, parts.redo));
  parts.step.addEventListener("click", () => view.send("step", {}, parts.step));
  parts.skip.addEventListener("click", () => view.send("skip", {}, parts.skip));
  parts.hint.addEventListener("click", () => view.send("hint", {}, parts.hint));
  parts.back.addEventListener("click", () => view.send("return", {}, parts.back));
  // A choice dropped (a move waits for its answer) leaves the switch on the board's language.
  parts.language.addEventListener("change", () => {
    if (!view.send("language", { code: parts.language.value }, parts.language)) drawLanguage(view);
  });
  parts.tryHere.addEventListener("click", () => tryHere(view));
  parts.helpButton.addEventListener("click", () => toggleHelp(view));
  parts.slider.addEventListener("input", () => goTo(view, Number(parts.slider.value)));
  parts.speed.addEventListener("change", () => setSpeed(model, /** @type {any} */ (parts.speed.value)));
  /** @param {MouseEvent} event */
  const click = (event) => onClick(view, event);
  /** @param {KeyboardEvent} event */
  const key = (event) => onKey(view, event);
  root.addEventListener("click", click);
  root.addEventListener("keydown", key);
  const views = sharedOf(model).views;
  const redrawControls = () => drawControls(view);
  views.addEventListener("controls", redrawControls);
  const showTexts = () => (root.dataset.texts = String(sharedOf(model).chunks.size)); // bounded (see chunks.js)
  views.addEventListener("pruned", showTexts);
  return () => {
    views.removeEventListener("controls", redrawControls);
    views.removeEventListener("pruned", showTexts);
    root.removeEventListener("click", click);
    root.removeEventListener("keydown", key);
  };
}

export default { initialize, render };
