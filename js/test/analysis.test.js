// The analysis on a fake model: "Analyse this game", the progress bar, the
// chart and the summary, a click on a dot (a study's "jump", the game
// board's past position), the dot of the position shown ringed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { renderBoard, traits } from "./fake.js";

const CHART =
  '<svg><g data-node="1" data-seat="yellow"><circle/></g><g data-node="2" data-seat="yellow"><circle/><text>??</text></g></svg>';
const REVIEW = {
  chart: CHART,
  summary: [{ seat: "yellow", decisions: 2, mean_loss: 1.25, loss: "1.25 VP", inaccuracies: 0, mistakes: 1, blunders: 0 }],
  notes: {
    1: {
      said: "Engine, for yellow: played -1.0 VP, best +1.5 VP (±0.3): 2.5 VP lost, a mistake (?).",
      better: "Acquire the Gate Warden.",
      line: true,
      elements: ["card:gate-warden"],
    },
    2: { said: "Engine, for yellow: the best option found.", better: "", line: false, elements: [] },
  },
};

/** A finished game's board. */
function over(extra = {}) {
  const values = traits();
  values.decision = /** @type {any} */ ({ over: true, winners: ["yellow"], scores: [], actions: [], waiting: "over" });
  return /** @type {any} */ ({ ...values, review: {}, progress: {}, ...extra });
}

/** @param {HTMLElement} root @param {string} selector */
const part = (root, selector) => /** @type {HTMLElement} */ (root.querySelector(`.covil-analysis ${selector}`));

test("a finished game offers its analysis, shows its progress, then the chart and the summary", async () => {
  const board = await renderBoard(over());
  const analyse = part(board.root, "button");
  assert.equal(analyse.textContent, "Analyse this game");
  analyse.click();
  assert.deepEqual(await board.sent(), [{ kind: "analyse", version: 7 }]);
  board.model.set({ progress: { done: 3, total: 10 } });
  await board.settled();
  const bar = /** @type {HTMLProgressElement} */ (part(board.root, "progress"));
  assert.ok(!bar.hidden && bar.value === 3 && bar.max === 10);
  assert.equal(part(board.root, ".covil-progress-said").textContent, "Analysing: 3 of 10 moves");
  assert.ok(analyse.hidden, "no second analysis while one runs");
  board.model.set({ progress: {}, review: REVIEW });
  await board.settled();
  assert.ok(bar.hidden && analyse.hidden);
  assert.equal(board.root.querySelectorAll(".covil-chart [data-node]").length, 2);
  const cells = [...board.root.querySelectorAll(".covil-summary td")].map((c) => c.textContent);
  assert.deepEqual(cells, ["yellow", "2", "1.25 VP", "0", "1", "0"]);
  board.close();
});

test("no analysis is offered before the game's end", async () => {
  const board = await renderBoard(/** @type {any} */ ({ ...traits(), review: {}, progress: {} }));
  assert.ok(/** @type {HTMLElement} */ (board.root.querySelector(".covil-analysis")).hidden);
  board.close();
});

test("on the game board a dot shows its past position, ringed, with the engine's word", async () => {
  const board = await renderBoard(over({ review: REVIEW }));
  const dot = /** @type {Element} */ (board.root.querySelector('.covil-chart [data-node="1"]'));
  dot.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  assert.deepEqual(await board.sent(), [{ kind: "show", version: 7, step: 1, moment: 0 }]);
  await board.settled();
  assert.ok(dot.classList.contains("covil-shown"));
  const note = part(board.root, ".covil-engine-note");
  assert.match(note.textContent ?? "", /a mistake \(\?\)\. Acquire the Gate Warden\./);
  // Back to the game by the board's own key: the chart follows, with no trait.
  board.root.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
  await board.settled();
  assert.ok(!dot.classList.contains("covil-shown"));
  board.close();
});

test("on the game board the last dot, clicked on its glyph, is the game's end: ringed, with the engine's word", async () => {
  const board = await renderBoard(over({ review: REVIEW }));
  const glyph = /** @type {Element} */ (board.root.querySelector('.covil-chart [data-node="2"] text'));
  glyph.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  await board.settled();
  assert.deepEqual(await board.sent(), [], "the live position: nothing to ask");
  assert.ok(glyph.parentElement?.classList.contains("covil-shown"));
  assert.match(part(board.root, ".covil-engine-note").textContent ?? "", /the best option found/);
  board.close();
});

/** A study's board at the main line's second move, analysed. */
function study(at = {}) {
  const nodes = [
    { move: null, player: "", glyphs: [], children: [1], noted: false, question: false, by: "" },
    { move: "start B", player: "yellow", glyphs: ["?"], children: [2, 3], noted: true, question: false, by: "" },
    { move: "lie Y1", player: "yellow", glyphs: [], children: [], noted: false, question: false, by: "" },
    { move: "lie Y2", player: "yellow", glyphs: [], children: [], noted: false, question: false, by: "engine" },
  ];
  const tree = { title: "A game", chapters: ["A game"], chapter: 0, seat: "yellow", glyphs: [], saves: false, nodes };
  const shown = { node: 2, mode: "author", before: [], after: [], glyphs: [], question: null, verdict: null, line: 2, ...at };
  return /** @type {any} */ ({ ...traits(), review: REVIEW, progress: {}, tree, at: shown });
}

test("in a study a dot jumps to its move; the move shown is ringed and judged; the engine's line is labelled", async () => {
  const board = await renderBoard(study());
  assert.ok(board.root.querySelector('.covil-chart [data-node="2"]')?.classList.contains("covil-shown"));
  assert.equal(part(board.root, ".covil-engine-note").textContent, REVIEW.notes[2].said);
  assert.equal(part(board.root, "button").textContent, "Analyse again");
  const line = board.root.querySelector(".covil-engine-line");
  assert.match(line?.textContent ?? "", /^engine:lie Y2/);
  board.root.querySelector('.covil-chart [data-node="1"]')?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  assert.deepEqual(await board.sent(), [{ kind: "jump", version: 7, step: 1 }]);
  board.close();
});

test("a study's quiz offers no analysis; off the main line no dot is ringed", async () => {
  const board = await renderBoard(study({ mode: "quiz", line: null }));
  assert.ok(part(board.root, "button").hidden);
  assert.equal(board.root.querySelectorAll(".covil-chart .covil-shown").length, 0);
  assert.ok(part(board.root, ".covil-engine-note").hidden);
  board.close();
});

test("a study with no move yet offers no analysis", async () => {
  const values = study();
  const board = await renderBoard({ ...values, review: {}, tree: { ...values.tree, nodes: [{ ...values.tree.nodes[0], children: [] }] }, at: { ...values.at, node: 0, line: 0 } });
  assert.ok(part(board.root, "button").hidden);
  assert.ok(/** @type {HTMLElement} */ (board.root.querySelector(".covil-analysis")).hidden);
  board.close();
});

test("an analysis pressed does not stay pressed: its progress, a refusal or a new version ends it", async () => {
  const answers = [{ progress: { done: 0, total: 10 } }, { error: { text: "The analysis was interrupted." } }, { version: 8 }];
  for (const answer of answers) {
    const board = await renderBoard(over());
    const analyse = part(board.root, "button");
    analyse.click();
    assert.ok(analyse.classList.contains("covil-pressed"));
    board.model.set(answer);
    await board.settled();
    assert.ok(!analyse.classList.contains("covil-pressed"), JSON.stringify(answer));
    assert.equal(board.root.dataset.pending, undefined);
    board.close();
  }
});

test("on the game board the better line of the decision shown is tried in one click", async () => {
  const board = await renderBoard(over({ review: REVIEW }));
  const better = /** @type {HTMLButtonElement} */ (part(board.root, ".covil-better"));
  assert.ok(better.hidden, "no line at the game's end");
  board.root.querySelector('.covil-chart [data-node="1"]')?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  await board.settled();
  assert.ok(!better.hidden && better.textContent === "Try the better line");
  assert.ok(board.root.classList.contains("covil-looking-back"));
  better.click();
  assert.deepEqual((await board.sent()).slice(-1), [{ kind: "better", version: 7, step: 1 }]);
  await board.settled();
  assert.ok(!board.root.classList.contains("covil-looking-back"), "the line tried is shown, not the past");
  board.close();
});

test("in a study the better line is a button to its variation; none where the engine found none", async () => {
  const board = await renderBoard(study({ line: 1 }));
  const better = /** @type {HTMLButtonElement} */ (part(board.root, ".covil-better"));
  assert.ok(!better.hidden && better.textContent === "Go to the better line");
  better.click();
  assert.deepEqual(await board.sent(), [{ kind: "better", version: 7, step: 1 }]);
  board.model.set({ at: { ...board.model.get("at"), line: 2 } });
  await board.settled();
  assert.ok(better.hidden);
  board.close();
});

test("on the game board a step's earlier moment shows no verdict: the decision comes at its last", async () => {
  const values = over({ review: REVIEW });
  values.chunks = { // a chunk of its own: a chunk's id names one content for good
    ...values.chunks,
    "log-moments": JSON.stringify({ day: 1, phase: "morning", entries: [
      { step: 1, moment: 0, rule: "§3", text: "yellow gains 1 gold." },
      { step: 1, moment: 1, rule: "Solo", text: "red (dummy) buys a relic." },
      { step: 2, moment: 0, rule: "§4", text: "yellow moves Y1 to zone A." },
    ] }),
  };
  values.log = { done: [], now: ["log-moments"] };
  const shown = [];
  for (const key of ["ArrowLeft", "Home"]) { // step 1's last moment; its first
    const board = await renderBoard(values);
    board.press(key); // one press: the board then waits for Python's past position
    await board.settled();
    const note = part(board.root, ".covil-engine-note");
    shown.push(note.hidden ? null : (note.textContent ?? "").slice(0, 18));
    board.close();
  }
  assert.deepEqual(shown, ["Engine, for yellow", null]);
});
