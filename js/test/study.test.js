// The study board on a fake model: the tree, the keys and clicks that walk
// it, the quiz, and the author's tools, each a message to Python.
import { test } from "node:test";
import assert from "node:assert/strict";
import { renderBoard, traits } from "./fake.js";

/** A chapter: start → start B → lie Y1, with "lie Y2" beside "lie Y1"; a question after "start B". */
function studyTraits(at = {}) {
  return {
    ...traits(),
    tree: {
      title: "First moves",
      chapters: ["First moves"],
      chapter: 0,
      seat: null,
      glyphs: ["!", "?"],
      saves: true,
      nodes: [
        { move: null, player: "", glyphs: [], children: [1], noted: false, question: false },
        { move: "start B", player: "yellow", glyphs: [], children: [2, 3], noted: false, question: true },
        { move: "lie Y1", player: "yellow", glyphs: ["!"], children: [], noted: true, question: false },
        { move: "lie Y2", player: "yellow", glyphs: [], children: [], noted: false, question: false },
      ],
    },
    at: { node: 1, mode: "author", before: [], after: [{ text: "The fortress in **B**.", author: "", html: "<p>The fortress in <strong>B</strong>.</p>" }], glyphs: [], question: null, verdict: null, ...at },
  };
}

/** @param {HTMLElement} root */
const moves = (root) => [...root.querySelectorAll(".covil-tree [data-node]")];

test("the tree shows the main line inline and a variation in its block, the node shown marked", async () => {
  const board = await renderBoard(/** @type {any} */ (studyTraits()));
  assert.deepEqual(moves(board.root).map((m) => m.textContent), ["Start", "start B", "lie Y1!", "lie Y2"]);
  assert.equal(board.root.querySelector(".covil-variation [data-node]")?.textContent, "lie Y2");
  assert.equal(board.root.querySelector(".covil-current")?.textContent, "start B");
  assert.match(board.root.querySelector(".covil-after")?.textContent ?? "", /The fortress in B\./);
  assert.equal(board.root.querySelector(".covil-after strong")?.textContent, "B", "Python's HTML, not its Markdown");
  board.close();
});

test("a click on a move goes to it; the arrow keys and Home walk the tree", async () => {
  const board = await renderBoard(/** @type {any} */ (studyTraits()));
  /** @type {HTMLElement} */ (moves(board.root)[3]).click();
  assert.deepEqual(await board.sent(), [{ kind: "goto", version: 7, node: 3 }]);
  for (const [key, way] of [["ArrowRight", "next"], ["ArrowDown", "down"], ["Home", "start"]]) {
    board.model.set({ version: board.model.get("version") + 1 }); // Python's answer
    await board.settled();
    board.press(key);
    assert.deepEqual((await board.sent()).at(-1), { kind: "walk", version: board.model.get("version"), way });
  }
  board.close();
});

test("typing a comment sends no key; Add comment sends it, before the move when ticked", async () => {
  const board = await renderBoard(/** @type {any} */ (studyTraits()));
  const text = /** @type {HTMLTextAreaElement} */ (board.root.querySelector(".covil-comment-text"));
  text.value = "u for undo";
  board.press("u", text);
  board.press("ArrowLeft", text);
  /** @type {HTMLInputElement} */ (board.root.querySelector(".covil-before-label input")).checked = true;
  /** @type {HTMLElement} */ ([...board.root.querySelectorAll(".covil-author button")].find((b) => b.textContent === "Add comment")).click();
  assert.deepEqual(await board.sent(), [{ kind: "comment", version: 7, text: "u for undo", before: true }]);
  board.close();
});

test("with the arrow tool, two clicks on the map send one arrow and choose no action", async () => {
  const board = await renderBoard(/** @type {any} */ (studyTraits()));
  /** @type {HTMLElement} */ (board.root.querySelector(".covil-marking button")).click(); // Arrow
  const zones = board.root.querySelectorAll(".covil-pieces [data-zone]");
  zones[0].dispatchEvent(new MouseEvent("click", { bubbles: true }));
  assert.match(board.root.querySelector(".covil-tool-said")?.textContent ?? "", /From zone:A/);
  zones[1].dispatchEvent(new MouseEvent("click", { bubbles: true }));
  assert.deepEqual(await board.sent(), [{ kind: "arrow", version: 7, element: "zone:A", target: "zone:B" }]);
  board.close();
});

test("the quiz draws the tree Python sends; Show me from the start, Try again after a wrong answer", async () => {
  const asking = { mode: "quiz", question: { prompt: "Where next?", asking: true } };
  const values = /** @type {any} */ (studyTraits(asking));
  values.tree.nodes = values.tree.nodes.slice(0, 2).map((/** @type {any} */ n) => ({ ...n, children: n.move ? [] : [1] }));
  const board = await renderBoard(values);
  assert.deepEqual(moves(board.root).map((m) => m.textContent), ["Start", "start B"]);
  assert.ok(/** @type {HTMLElement} */ (board.root.querySelector(".covil-author")).hidden, "no tools in the quiz");
  assert.match(board.root.querySelector(".covil-question")?.textContent ?? "", /Where next\? Choose on the board\./);
  const [first, shown] = [...board.root.querySelectorAll(".covil-quiz button")];
  assert.ok(/** @type {HTMLElement} */ (first).hidden && !(/** @type {HTMLElement} */ (shown).hidden), "Show me before any answer");
  board.model.set({ at: { ...studyTraits(asking).at, verdict: { right: false, text: "Not quite." } }, version: 8 });
  await board.settled();
  const [again, reveal] = [...board.root.querySelectorAll(".covil-quiz button")];
  assert.ok(!(/** @type {HTMLElement} */ (again).hidden) && !(/** @type {HTMLElement} */ (reveal).hidden));
  /** @type {HTMLElement} */ (reveal).click();
  assert.deepEqual(await board.sent(), [{ kind: "reveal", version: 8 }]);
  board.close();
});

test("the chapter's description shows at its start, as text, never markup", async () => {
  const values = /** @type {any} */ (studyTraits({ node: 0 }));
  values.tree.description = "**Open** <img src=x onerror=alert(1)>\nthen play.";
  const board = await renderBoard(values);
  const description = /** @type {HTMLElement} */ (board.root.querySelector(".covil-description"));
  assert.ok(!description.hidden);
  assert.equal(description.textContent, "**Open** <img src=x onerror=alert(1)>\nthen play.");
  assert.equal(description.querySelector("img"), null);
  board.model.set({ at: { ...values.at, node: 1 }, version: 8 });
  await board.settled();
  assert.ok(description.hidden, "only at the chapter's start");
  board.close();
});

test("the move shown is the one current move of the tree", async () => {
  const board = await renderBoard(/** @type {any} */ (studyTraits()));
  board.model.set({ at: { ...studyTraits().at, node: 2 }, version: 8 });
  await board.settled();
  assert.deepEqual([...board.root.querySelectorAll('.covil-tree [aria-current="true"]')].map((m) => m.textContent), ["lie Y1!"]);
  board.close();
});

test("what is marked comes off by the same click; a comment's ✕ deletes it", async () => {
  const board = await renderBoard(/** @type {any} */ (studyTraits({ glyphs: ["!"], highlights: ["zone:A"] })));
  /** @type {HTMLElement} */ (board.root.querySelector('[data-glyph="!"]')).click();
  assert.deepEqual((await board.sent()).at(-1), { kind: "unglyph", version: 7, glyph: "!" });
  board.model.set({ version: 8 });
  await board.settled();
  /** @type {HTMLElement} */ (board.root.querySelector(".covil-after .covil-uncomment")).click();
  assert.deepEqual((await board.sent()).at(-1), { kind: "uncomment", version: 8, index: 0, before: false });
  board.model.set({ version: 9 });
  await board.settled();
  /** @type {HTMLElement} */ ([...board.root.querySelectorAll(".covil-marking button")][1]).click(); // Highlight
  board.root.querySelector(".covil-pieces [data-zone]")?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  assert.deepEqual((await board.sent()).at(-1), { kind: "unhighlight", version: 9, element: "zone:A" });
  board.close();
});

test("a card highlighted is ringed in its hall; the author sees the question put", async () => {
  const values = /** @type {any} */ (studyTraits({ highlights: ["card:gate-warden", "zone:A"], question: { prompt: "What next?", asking: false } }));
  values.chunks = { ...values.chunks, "layout-hall": "h-a", "h-a": '<svg><g data-card="gate-warden"><rect x="0" y="0" width="40" height="60"/></g></svg>' };
  values.pictures = { ...values.pictures, "hall:yellow": "layout-hall" };
  const board = await renderBoard(values);
  await board.settled();
  assert.equal(board.root.querySelectorAll('[data-card="gate-warden"] .covil-study-ring').length, 1);
  assert.equal(board.root.querySelectorAll(".covil-study-ring").length, 1, "the map's own rings are the drawing's");
  // The hall drawn anew (another step's picture): its card ringed again, once.
  board.model.set({
    chunks_new: { "layout-hall-2": "h-b", "h-b": '<svg><g data-card="gate-warden"><rect x="0" y="0" width="40" height="61"/></g></svg>' },
    pictures: { ...values.pictures, "hall:yellow": "layout-hall-2" },
    version: 8,
  });
  await board.settled();
  assert.equal(board.root.querySelectorAll('[data-card="gate-warden"] rect[height="61"]').length, 1);
  assert.equal(board.root.querySelectorAll('[data-card="gate-warden"] .covil-study-ring').length, 1);
  const prompt = /** @type {HTMLElement} */ (board.root.querySelector(".covil-question"));
  assert.ok(!prompt.hidden);
  assert.equal(prompt.textContent, "Question here: What next?");
  board.close();
});
