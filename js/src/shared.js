// What the views of one model share: the chunk store, the auto-play timer and
// speed (and a long wait's countdown), and the request the bots are thinking
// over. A request is asked() (the page knows at once) and then transmit()ted
// to Python. A change any view shows is told to all by redrawControls().

/** @typedef {import("./types").Model} Model */
/** @typedef {import("./types").Shared} Shared */

/** Delays of the auto-play, in ms; "off" steps by hand. */
export const SPEEDS = /** @type {const} */ ({ off: null, slow: 1600, normal: 800, fast: 250 });

/** How much longer a notable moment stays at auto-play speed, at least. */
const NOTABLE = 2.5;

/** A wait this long (ms) or longer is said in the banner and counted down
 * on the Step button: a learner reading a long night step should know the
 * board has not stopped, and that Step goes on at once. */
const LONG_WAIT = 4000;

/**
 * How long a moment stays at auto-play `speed` (the delay of a plain step):
 * a fight's end, a relic flipped, a step of the night stay long enough to
 * read, at a quarter of the step's delay per word (200 ms at Normal).
 * @param {import("./types").Moment | undefined} moment
 * @param {number} speed
 */
export function readingTime(moment, speed) {
  if (!moment?.notable) return speed;
  const said = [...(moment.told || []), moment.reason || "", ...(moment.outcome || [])].join(" ");
  const words = said.split(/\s+/).filter(Boolean).length;
  return Math.max(NOTABLE * speed, (words * speed) / 4);
}

/** @type {WeakMap<object, Shared>} the model's `identity` value -> its shared state */
const shared = new WeakMap();

/**
 * The state shared by the views of `model`.
 *
 * anywidget hands initialize() and each render() a proxy of its own for the
 * same model, so the proxy cannot be the key. The `identity` trait's value
 * is one object per model, never set again: it is. (Not `board`: a study's
 * chapter on another map sets it anew, and a new key lost the chunk store.)
 * @param {Model} model
 * @returns {Shared}
 */
export function sharedOf(model) {
  const key = model.get("identity") || model;
  let state = shared.get(key);
  if (!state) {
    // asked: the step or skip sent to a bot's seat (see thinking());
    // wait: a long one before the next step (see longWait()); resume: the
    // speed that p brings back after stepping by hand; looking: the views
    // showing a past position (see lookBack());
    // views: where the views of this model hear that it changed.
    state = {
      speed: "normal",
      resume: "normal",
      timer: null,
      wait: null,
      looking: new Set(),
      chunks: new Map(),
      asked: null,
      views: new EventTarget(),
    };
    shared.set(key, state);
  }
  return state;
}

/**
 * Send a request already asked (see asked()). Without a live kernel (shut
 * down, or a saved page reopened) the comm refuses to send: say so (false)
 * instead of throwing.
 * @param {Model} model
 * @param {{kind: string, version: number, [field: string]: unknown}} content
 */
export function transmit(model, content) {
  try {
    model.send(content);
  } catch {
    setAsked(model, null); // no one thinks over a request that never left
    return false;
  }
  return true;
}

/**
 * What the page knows once a request is asked, before it reaches Python.
 * @param {Model} model
 * @param {{kind: string, version: number}} content
 */
export function asked(model, content) {
  // One request per version: whatever the player asks replaces the
  // auto-play's pending step.
  const state = sharedOf(model);
  const waited = stopTimer(state);
  if (content.kind === "step" || content.kind === "skip") {
    // The page knows at once that the bots think over it (see thinking()),
    // with no message from Python: a bot's step costs one message back, not two.
    setAsked(model, { kind: content.kind, version: content.version });
  } else if (waited) {
    redrawControls(state); // another request (an undo, say): the countdown stops
  }
}

/**
 * Run `callback` once the next frame is painted (a hidden page paints none:
 * then after 100 ms). A click's message waits for the frame that shows the
 * click was heard: on a machine of two cores, the kernel's work would
 * otherwise delay that frame by a frame or more, and the message leaves
 * only a few milliseconds later.
 * @param {() => void} callback
 */
export function afterPaint(callback) {
  let done = false;
  const once = () => {
    if (!done) {
      done = true;
      callback();
    }
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
}

/**
 * Every view of the model redraws its controls when a request is asked or refused.
 * @param {Model} model
 * @param {import("./types").Asked | null} asked
 */
export function setAsked(model, asked) {
  const state = sharedOf(model);
  state.asked = asked;
  redrawControls(state);
}

/**
 * Every view of the model draws its controls again (the banner, the hint,
 * the countdown, the speed).
 * @param {Shared} state
 */
export function redrawControls(state) {
  state.views.dispatchEvent(new Event("controls"));
}

/**
 * The request the bots are thinking over, or null: one asked on the
 * position shown, not yet answered by a new position or a refusal, while a
 * bot is to play (or a playback is skipped, which plays on through the bots).
 * @param {Model} model
 */
export function thinking(model) {
  const asked = sharedOf(model).asked;
  const waiting = (model.get("decision") || {}).waiting;
  const busy = waiting === "bot" || (waiting === "playback" && asked?.kind === "skip");
  return asked && asked.version === model.get("version") && busy ? asked : null;
}

/**
 * While the board shows a playback or waits for a bot, ask Python for the
 * next step after the chosen delay. A step is asked for once per version.
 * @param {Model} model
 */
export function scheduleStep(model) {
  const state = sharedOf(model);
  const waited = stopTimer(state);
  const delay = stepDelay(model, state);
  if (delay != null) {
    const version = model.get("version");
    state.timer = setTimeout(() => {
      state.timer = null;
      if (model.get("version") !== version) return;
      const step = { kind: "step", version };
      asked(model, step); // which forgets the wait and redraws
      transmit(model, step);
    }, delay);
    if (delay >= LONG_WAIT) state.wait = { version, delay, start: performance.now() };
  }
  const redrawn = waited || state.wait != null;
  if (redrawn) redrawControls(state);
  return redrawn;
}

/**
 * How long the position shown waits for the auto-play's next step, or null
 * when it waits for none: by hand, a person's turn, a request already out
 * at this version (its answer schedules the next), or a view looking back.
 * @param {Model} model
 * @param {Shared} state
 */
function stepDelay(model, state) {
  const waiting = (model.get("decision") || {}).waiting;
  const delay = SPEEDS[state.speed];
  if (delay == null || (waiting !== "playback" && waiting !== "bot")) return null;
  if (state.asked?.version === model.get("version") || state.looking.size) return null;
  return readingTime(model.get("controls")?.moment, delay);
}

/**
 * Whether the view of `page` shows a past position: while any view of the
 * board looks back, the auto-play holds the game still.
 * @param {Model} model
 * @param {object} page
 * @param {boolean} back
 */
export function lookBack(model, page, back) {
  const looking = sharedOf(model).looking;
  if (looking.has(page) === back) return;
  if (back) looking.add(page);
  else looking.delete(page);
  scheduleStep(model);
}

/**
 * The auto-play's speed, for every view of the model: the next step asked
 * at the new speed, and every speed menu set to it.
 * @param {Model} model
 * @param {Shared["speed"]} speed
 */
export function setSpeed(model, speed) {
  const state = sharedOf(model);
  state.speed = speed;
  if (speed !== "off") state.resume = speed;
  if (!scheduleStep(model)) redrawControls(state); // every speed menu shows it
}

/**
 * No step pending any more: the timer cleared, a long wait forgotten.
 * Whether there was one (its countdown is to be drawn away).
 * @param {Shared} state
 */
export function stopTimer(state) {
  clearTimeout(state.timer ?? undefined);
  state.timer = null;
  const waited = state.wait != null;
  state.wait = null;
  return waited;
}

/**
 * The long wait before the auto-play's next step on the position shown, or
 * null when there is none (a short one, by hand, or a step already asked).
 * @param {Model} model
 * @returns {import("./types").Wait | null}
 */
export function longWait(model) {
  const wait = sharedOf(model).wait;
  return wait && wait.version === model.get("version") ? wait : null;
}
