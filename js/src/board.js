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
//   queries.js    what several modules ask of a view: seats, positions, elements
//   theme.js      the host's light or dark theme
//   dom.js        DOM builders and pure helpers
//   skeleton.js   the fixed parts of a view
//   marks.js      the map and its marks; clicks on the board
//   rings.js      rings around elements: a choice's, the hint's, a study's
//   decision.js   the prompt, the combat, the listed actions, the scores
//   log.js        the log, its slider, past positions
//   banner.js     playback, thinking, looking back, "what if"
//   controls.js   the buttons, the hint, refusals, a new version
//   keyboard.js   the keys
//   study.js      a study's tree, comments, quiz and tools (StudyWidget)
//   analysis.js   "Analyse this game", its progress, chart and summary
//   words.js      the page's own words in the board's language
//
// One redraw path: only this module's scheduler() calls the drawings. A
// module that changes the page's own state (the cursor, a chooser, the
// speed) marks it with view.redraw(), and the drawings it needs are drawn
// once. The modules import one another one way: `npm run check` fails on
// an import circle.

import { mountAnalysis } from "./analysis.js";
import { drawBanner } from "./banner.js";
import { absorb, prune } from "./chunks.js";
import { acknowledge, answered, drawControls, drawError, drawHint, drawLanguage, onVersion } from "./controls.js";
import { drawDecision, focusChooser } from "./decision.js";
import { drawHelp, onKey, toggleHelp, tryHere } from "./keyboard.js";
import { drawHere, drawLog, drawSlider, goTo, onPast } from "./log.js";
import { drawBoard, drawChoices, drawPosition, onClick } from "./marks.js";
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
 * Python's traits, each with the drawings it redraws (named as in
 * drawings()). Two are events, not drawings: "version" resets what
 * belonged to the last position, "past" asks again for the past position
 * wished for meanwhile.
 * @type {Record<string, string[]>}
 */
const TRAITS = {
  board: ["board", "language"],
  language: ["language"],
  pictures: ["position"],
  past: ["past", "position"],
  decision: ["decision"],
  log: ["log"],
  controls: ["controls"],
  hint: ["hint"],
  error: ["error", "language"],
  version: ["version", "controls"],
};

/** The events among the traits' drawings. */
const EVENTS = new Set(["version", "past"]);

/**
 * The page's own changes (`Change`, types.d.ts), each with what it redraws.
 * @type {Record<import("./types").Change, string[]>}
 */
const CHANGES = {
  view: ["board", "language", "position", "decision", "log", "hint", "version", "controls"],
  cursor: ["position", "decision", "controls", "slider", "here"],
  chooser: ["decision", "focusChooser"],
  shared: ["controls"],
  pending: ["controls"],
  switch: ["language"],
  help: ["help"],
};

/**
 * The page's words in another language: its fixed parts said again
 * ("words"), and everything drawn from the traits drawn anew (but the events).
 */
const WORDS = ["words", ...Object.values(TRAITS).flat().filter((name) => !EVENTS.has(name))];

/**
 * What is drawn along with a drawing, because it reads what that one drew
 * or goes over it: the choices' marks and the banner over the position and
 * the decision, the banner and the hint with the controls, the slider with the log.
 * @type {Record<string, string[]>}
 */
const WITH = {
  position: ["choices", "banner"],
  decision: ["choices", "banner"],
  controls: ["banner", "hint"],
  log: ["slider"],
};

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
      afterPaint(
        redraws.batch(() => {
          if (!transmit(model, content)) {
            answered(view);
            parts.error.replaceChildren(view.t("The board has no running kernel to play with: run its cell again."));
            parts.error.hidden = false;
            view.redraw("switch"); // the switch shows the language the board still speaks
          }
        }),
      );
      return true;
    },
    t: (message, values) => say(model.get("words"), message, values),
    // The scheduler made below, once the mounts are: nothing redraws before.
    redraw: (...changes) => redraws.redraw(changes),
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
  const redraws = scheduler(view, mounts);
  const unwire = wire(view, redraws.batch);
  view.redraw("view");

  return () => {
    redraws.unlisten();
    unwatchTheme();
    for (const mount of mounts) mount.unmount?.();
    unwire();
    lookBack(model, view.page, false); // a view gone looks back no more
  };
}

/**
 * The view's drawings, by name, in the order they are drawn: the events
 * first (they reset the page's state the drawings read), then the board's
 * drawings.
 * @param {View} view
 * @returns {Record<string, () => void>}
 */
function drawings(view) {
  const { model, root } = view;
  return {
    version: () => onVersion(view),
    past: () => onPast(view),
    words: () => relabel(root, model.get("words")),
    board: () => drawBoard(view),
    language: () => drawLanguage(view),
    position: () => drawPosition(view),
    decision: () => drawDecision(view),
    log: () => drawLog(view),
    slider: () => drawSlider(view),
    here: () => drawHere(view),
    controls: () => drawControls(view),
    banner: () => drawBanner(view),
    hint: () => drawHint(view),
    error: () => drawError(view),
    help: () => drawHelp(view),
  };
}

/**
 * The view's one redraw path. A trait that changed, or a change of the
 * page's own (`view.redraw`), marks what it redraws; the marked drawings
 * are then drawn once each, in drawings()'s order, then those of the parts
 * mounted on the board (a study's panel, the analysis), then what goes
 * over the board's drawing (the mounts' `after`, the choices' marks), then
 * the focus is put where it belongs. A message's traits draw once the whole
 * message is in (a microtask later: some hosts, marimo, set a message's
 * traits one at a time, each with its change event); a change of the
 * page's own draws at once, or at the end of the event handler that made
 * it (`batch`), so that a press draws once however much it changed.
 * @param {View} view
 * @param {import("./types").Mount[]} mounts
 */
function scheduler(view, mounts) {
  const { model, page, parts, root } = view;
  const board = drawings(view);
  /** @type {Record<string, () => void>} */
  const over = { choices: () => drawChoices(view), focusChooser: () => focusChooser(view) };
  /** @type {Record<string, Set<() => void>>} */
  const mounted = {};
  for (const mount of mounts) {
    for (const [name, draw] of Object.entries(mount.drawers)) (mounted[name] ??= new Set()).add(draw);
  }
  const traits = [...new Set([...Object.keys(TRAITS), ...Object.keys(mounted)])].filter((name) => !(name in CHANGES));
  mounted.words = new Set(traits.filter((name) => !EVENTS.has(name)).flatMap((name) => [...(mounted[name] ?? [])]));
  /** @type {Record<string, string[]>} */
  const redraws = { ...TRAITS, ...CHANGES, words: WORDS };

  /** @param {string[]} changes */
  const draw = (changes) => {
    const named = changes.flatMap((change) => redraws[change] ?? []);
    const names = new Set([...named, ...named.flatMap((name) => WITH[name] ?? [])]);
    for (const [name, drawing] of Object.entries(board)) if (names.has(name)) drawing();
    for (const drawing of new Set(changes.flatMap((change) => [...(mounted[change] ?? [])]))) drawing();
    for (const mount of mounts) mount.after?.();
    for (const [name, drawing] of Object.entries(over)) if (names.has(name)) drawing();
  };

  /** @type {Set<string>} */
  const dirty = new Set();
  let [answer, queued, flushing, batched] = [false, false, false, 0];
  // A redraw may remove the focused piece: the keys then stay with the board.
  // (In marimo the board lives in a shadow root, which has its own activeElement.)
  const focusedIn = () => root.contains(/** @type {Document | ShadowRoot} */ (root.getRootNode()).activeElement);
  const flush = () => {
    if (flushing || batched > 0) return;
    flushing = true;
    const focused = focusedIn();
    try {
      if (answer) answered(view); // a trait came: Python answered the request pending
      answer = false;
      // A drawing may mark more (a past position asked again stops the auto-play's wait): drawn in turn.
      while (dirty.size > 0) {
        const changes = [...dirty];
        dirty.clear();
        draw(changes);
      }
    } finally {
      flushing = false;
    }
    if (focused && !focusedIn()) root.focus({ preventScroll: true });
  };
  const listeners = [...traits, "words"].map((name) => {
    const listener = () => {
      dirty.add(name);
      answer = true;
      if (queued) return;
      queued = true;
      queueMicrotask(() => {
        queued = false;
        flush();
      });
    };
    model.on(`change:${name}`, listener);
    return /** @type {const} */ ([name, listener]);
  });
  return {
    /** @param {string[]} changes */
    redraw(changes) {
      for (const change of changes) dirty.add(change);
      // While a message is still coming in (its traits' flush is queued:
      // marimo sets them one by one), the microtask draws all of it at once.
      if (!queued) flush();
    },
    /**
     * `handler`, its redraws drawn once at its end.
     * @template {unknown[]} A
     * @param {(...args: A) => void} handler
     */
    batch: (handler) => (/** @type {A} */ ...args) => {
      batched += 1;
      try {
        handler(...args);
      } finally {
        batched -= 1;
      }
      flush();
    },
    unlisten() {
      for (const [name, listener] of listeners) model.off(`change:${name}`, listener);
    },
  };
}

/**
 * The buttons, the slider, the speed, clicks and keys: each handler's
 * redraws drawn once, at its end.
 * @param {View} view
 * @param {ReturnType<typeof scheduler>["batch"]} batch
 */
function wire(view, batch) {
  const { model, parts, root } = view;
  /**
   * @param {HTMLElement} node
   * @param {string} type
   * @param {(event: any) => void} handler
   */
  const on = (node, type, handler) => node.addEventListener(type, batch(handler));
  on(parts.undo, "click", () => view.send("undo", {}, parts.undo));
  on(parts.redo, "click", () => view.send("redo", {}, parts.redo));
  on(parts.step, "click", () => view.send("step", {}, parts.step));
  on(parts.skip, "click", () => view.send("skip", {}, parts.skip));
  on(parts.hint, "click", () => view.send("hint", {}, parts.hint));
  on(parts.back, "click", () => view.send("return", {}, parts.back));
  // A choice dropped (a move waits for its answer) leaves the switch on the board's language.
  on(parts.language, "change", () => {
    if (!view.send("language", { code: parts.language.value }, parts.language)) view.redraw("switch");
  });
  on(parts.tryHere, "click", () => tryHere(view));
  on(parts.helpButton, "click", () => toggleHelp(view));
  on(parts.slider, "input", () => goTo(view, Number(parts.slider.value)));
  on(parts.speed, "change", () => setSpeed(model, /** @type {any} */ (parts.speed.value)));
  const click = batch((/** @type {MouseEvent} */ event) => onClick(view, event));
  const key = batch((/** @type {KeyboardEvent} */ event) => onKey(view, event));
  root.addEventListener("click", click);
  root.addEventListener("keydown", key);
  const views = sharedOf(model).views;
  const redrawControls = () => view.redraw("shared");
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
