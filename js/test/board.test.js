// The board on a fake model: what it shows, and what it sends when pressed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { renderBoard, renderView, traits } from "./fake.js";

test("the decision lists its actions, numbered, and a press sends the action with the version", async () => {
  const board = await renderBoard();
  const buttons = [...board.root.querySelectorAll("button")].filter((b) => b.closest(".covil-actions"));
  assert.deepEqual(
    buttons.map((b) => b.firstChild?.textContent),
    ["1. Move Y1 to zone A", "2. Move Y1 to zone B", "3. End the turn"],
  );
  assert.equal(buttons[1].querySelector(".covil-details")?.textContent, "it fights there");
  buttons[0].click();
  assert.deepEqual(board.model.sent, [], "sent once the press is painted");
  assert.deepEqual(await board.sent(), [{ kind: "act", version: 7, action: "move A" }]);
  board.close();
});

test("a number key presses its action; e ends the turn", async () => {
  const board = await renderBoard();
  board.press("2");
  assert.deepEqual((await board.sent()).map((m) => m.action), ["move B"]);
  board.model.set({ version: 8 }); // Python's answer: a new position
  await board.settled();
  board.press("e");
  assert.deepEqual((await board.sent()).map((m) => m.action), ["move B", "end"]);
  board.close();
});

test("the pieces are drawn from their chunks and the legal zones are marked", async () => {
  const board = await renderBoard();
  const zones = [...board.root.querySelectorAll(".covil-pieces [data-zone]")];
  assert.deepEqual(zones.map((z) => z.getAttribute("data-zone")), ["A", "B"]);
  assert.ok(zones.every((z) => z.classList.contains("covil-choice")));
  assert.equal(zones[0].getAttribute("data-action"), "move A");
  board.close();
});

test("a new version redraws once the whole message is in", async () => {
  const board = await renderBoard();
  const decision = { ...traits().decision, prompt: "pay for the Grunt", actions: [] };
  board.model.set({ decision, version: 8 });
  await board.settled();
  assert.match(board.root.querySelector(".covil-prompt")?.textContent ?? "", /pay for the Grunt/);
  assert.equal(board.root.dataset.version, "8");
  board.close();
});

test("a new map (a study's chapter on another board) keeps the texts the page holds", async () => {
  const board = await renderBoard();
  board.model.set({ board: { ...traits().board, map: "<svg><rect/></svg>", name: "other" } });
  await board.settled();
  // The next position names texts the page holds already: Python sends none again.
  const moved = '<g data-zone="B"><rect x="30" y="0" width="10" height="10"/></g></svg>';
  board.model.set({ chunks_new: { "layout-2": "z-a z-c", "z-c": moved }, pictures: { pieces: "layout-2" }, version: 8 });
  await board.settled();
  const zones = [...board.root.querySelectorAll(".covil-pieces [data-zone]")];
  assert.deepEqual(zones.map((z) => [z.getAttribute("data-zone"), z.namespaceURI]), [
    ["A", "http://www.w3.org/2000/svg"],
    ["B", "http://www.w3.org/2000/svg"],
  ]);
  board.close();
});

test("looking back asks Python for the past position, and End returns to the game", async () => {
  const board = await renderBoard();
  board.press("ArrowLeft");
  assert.deepEqual(await board.sent(), [{ kind: "show", version: 7, step: 1, moment: 0 }]);
  assert.ok(board.root.classList.contains("covil-looking-back"));
  assert.equal(board.root.querySelectorAll(".covil-actions button").length, 0, "no actions while looking back");
  board.press("End");
  assert.ok(!board.root.classList.contains("covil-looking-back"));
  board.close();
});

test("looking back at a moment of several sentences (the fee, the rest) lists them all", async () => {
  const values = traits();
  const fee = ["Dominance over water: red has the majority in zone F.", "red gains 2 gold for dominance over water.",
    "Dominance over desert: yellow has the majority in zone D."];
  const rest = ["yellow rests Squire exhausted → tired.", "red rests Private tired → ready."];
  const moment = (/** @type {number} */ at, /** @type {string[]} */ texts) =>
    texts.map((text) => ({ step: 3, moment: at, rule: "3", text }));
  const entries = [...moment(1, fee), ...moment(2, rest), ...moment(3, ["Day 2: morning."])];
  values.chunks = { ...values.chunks, "log-night-fee": JSON.stringify({ day: 1, phase: "night", entries }) };
  values.log = { done: ["log-1"], now: ["log-night-fee"] };
  const board = await renderBoard(values);
  const banner = () => board.root.querySelector(".covil-banner");
  const listed = () => [...(banner()?.querySelectorAll("li") ?? [])].map((li) => li.textContent);
  for (const sentences of [rest, fee]) { // back from the morning (the game now)
    board.press("ArrowLeft");
    await board.settled();
    assert.match(banner()?.textContent ?? "", /^Looking back: Day 1 · night\. ← →/);
    assert.deepEqual(listed(), sentences);
  }
  board.press("ArrowLeft"); // a moment of one sentence is said inline
  await board.settled();
  assert.match(banner()?.textContent ?? "", /^Looking back: Day 1 · morning — yellow moves Y1 to zone A\. ← →/);
  assert.deepEqual(listed(), []);
  board.close();
});

test("the rebels' combat reads as Python says it, the page's words in the board's language", async () => {
  const values = traits();
  values.decision = { ...values.decision, combat: {
    target: "Y1", defender: "yellow", style: "rebels", head: "Os Rebeldes atacam Y1 (Amarelo)",
    attack: { total: 3, parts: [["3 dos Rebeldes", 3]] }, defense: { total: 2, parts: [] },
  } };
  values.words = { Attack: "Ataque", "nothing adds to it": "nada soma a ela" };
  const board = await renderBoard(values);
  assert.equal(board.root.querySelector(".covil-combat-head")?.textContent, "Os Rebeldes atacam Y1 (Amarelo)");
  const [attack, defense] = board.root.querySelectorAll(".covil-strength");
  assert.match(attack.textContent ?? "", /^Ataque 3/);
  assert.equal(attack.querySelector("li")?.textContent, "3 dos Rebeldes");
  assert.equal(defense.querySelector("li")?.textContent, "nada soma a ela");
  board.close();
});

test("new words say the fixed parts again, and what is drawn anew", async () => {
  const board = await renderBoard();
  const undo = /** @type {HTMLButtonElement} */ (board.root.querySelector(".covil-controls button"));
  assert.equal(undo.textContent, "Undo");
  board.model.set({ words: { Undo: "Desfazer", "Take back to your last decision (u)": "Voltar à sua última decisão (u)" } });
  await board.settled();
  assert.equal(undo.textContent, "Desfazer");
  assert.equal(undo.title, "Voltar à sua última decisão (u)");
  board.model.set({ words: {} });
  await board.settled();
  assert.equal(undo.textContent, "Undo", "back in English: the page's own words");
  board.close();
});

test("a refusal is shown, and a new version clears it", async () => {
  const board = await renderBoard();
  board.model.set({ error: { text: "Zone C is not adjacent", rule: "§5.2" } });
  await board.settled();
  const error = /** @type {HTMLElement} */ (board.root.querySelector(".covil-error"));
  assert.equal(error.hidden, false);
  assert.equal(error.textContent, "Zone C is not adjacent (§5.2)");
  board.model.set({ version: 8 });
  await board.settled();
  assert.equal(error.hidden, true);
  board.close();
});

test("↓ and ↑ go through every listed action, past the tenth; 0 chooses the tenth", async () => {
  const values = traits();
  values.decision = { ...values.decision, actions: Array.from({ length: 12 }, (_, i) => (
    { action: `gold ${i}`, label: `Action ${i}`, elements: [] }
  )) };
  const board = await renderBoard(values);
  const focused = () => /** @type {HTMLElement} */ (board.root.contains(document.activeElement) ? document.activeElement : board.root);
  const reached = [];
  for (let i = 0; i < 12; i++) {
    board.press("ArrowDown", focused());
    reached.push(/** @type {HTMLElement} */ (document.activeElement).dataset.action);
  }
  assert.deepEqual(reached, values.decision.actions?.map((a) => a.action));
  board.press("ArrowUp", focused());
  assert.equal(/** @type {HTMLElement} */ (document.activeElement).dataset.action, "gold 10");
  board.press("0", board.root);
  assert.deepEqual(await board.sent(), [{ kind: "act", version: 7, action: "gold 9" }]);
  board.close();
});

test("a press is acknowledged at once, and Python's answer clears it", async () => {
  const board = await renderBoard();
  const button = /** @type {HTMLButtonElement} */ (board.root.querySelector('.covil-actions button[data-action="move B"]'));
  button.click();
  assert.equal(board.root.dataset.pending, "act", "pending in the same task as the click");
  assert.ok(button.classList.contains("covil-pressed"));
  board.model.set({ version: 8 });
  await board.settled();
  assert.equal(board.root.dataset.pending, undefined);
  assert.ok(!button.classList.contains("covil-pressed"));
  board.close();
});

test("a night step is told as the night's, and the night's story stays in the banner", async () => {
  const values = traits();
  values.decision = { over: false, player: "", prompt: "the rules play the night: 3.3 Collect protection fee, and no one decides",
    rule: "Phase 3: Night", actions: [], waiting: "playback" };
  values.controls = { pending: 2, moment: { player: "", by: "The night", actions: [], told: ["yellow gains 2 gold for dominance over water."],
    reason: "3.3 Collect protection fee", notable: true } };
  const board = await renderBoard(values);
  assert.equal(board.root.querySelector(".covil-prompt")?.textContent,
    "the rules play the night: 3.3 Collect protection fee, and no one decides (Phase 3: Night)");
  const banner = board.root.querySelector(".covil-banner")?.textContent ?? "";
  assert.match(banner, /^The night: yellow gains 2 gold for dominance over water\.3\.3 Collect protection fee/);
  board.model.set({ decision: traits().decision, controls: { night: ["Fee: yellow gains 2 gold.", "Raid: no troop in town; rebels 0/5 in town."] }, version: 8 });
  await board.settled();
  const night = [...board.root.querySelectorAll(".covil-night li")].map((li) => li.textContent);
  assert.deepEqual(night, ["Fee: yellow gains 2 gold.", "Raid: no troop in town; rebels 0/5 in town."]);
  board.close();
});

test("a moment told in more than two entries (a night's step, in more than one) is a list, one a line", async () => {
  const values = traits();
  values.decision = { ...values.decision, player: "", actions: [], waiting: "playback" };
  const fee = ["Dominance over water: red has the majority in zone F.", "red gains 2 gold for dominance over water.",
    "Dominance over desert: yellow has the majority in zone D.", "yellow gains 2 gold for dominance over desert."];
  values.controls = { pending: 1, moment: { player: "", by: "The night", actions: [], told: fee, reason: "3.3 Collect protection fee" } };
  const board = await renderBoard(values);
  const lines = [...board.root.querySelectorAll(".covil-moment li")].map((li) => li.textContent);
  assert.deepEqual(lines, fee);
  const rest = ["yellow rests Squire exhausted → tired.", "red rests Private tired → ready."];
  board.model.set({ controls: { pending: 1, moment: { player: "", by: "The night", actions: [], told: rest } }, version: 8 });
  await board.settled();
  assert.equal(board.root.querySelectorAll(".covil-moment li").length, 2, "a night's step: one player a line");
  board.model.set({ controls: { pending: 1, moment: { player: "red", actions: ["move R1 B"], told: fee.slice(0, 2) } }, version: 9 });
  await board.settled();
  assert.equal(board.root.querySelectorAll(".covil-moment li").length, 0);
  assert.match(board.root.querySelector(".covil-moment")?.textContent ?? "", /: Dominance over water: red has the majority in zone F\. red gains 2 gold/);
  board.close();
});

test("at auto-play speed a notable moment stays longer before the next step is asked", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { scheduleStep } = await import("../src/shared.js");
  const { FakeModel } = await import("./fake.js");
  /** @type {[boolean, number][]} */
  const cases = [[false, 800], [true, 2000]];
  for (const [notable, wait] of cases) {
    const values = traits();
    values.decision = { ...values.decision, waiting: "playback", actions: [] };
    values.controls = { pending: 3, moment: { player: "red", by: "", actions: ["flip"], notable } };
    const model = new FakeModel(values);
    scheduleStep(model);
    t.mock.timers.tick(wait - 1);
    assert.deepEqual(model.sent, [], `nothing asked before ${wait} ms`);
    t.mock.timers.tick(1);
    assert.deepEqual(model.sent, [{ kind: "step", version: 7 }]);
  }
});

test("a long wait before the next step is said, counted down on Step in every view, and gone once Step is pressed", async () => {
  const values = traits();
  values.decision = { ...values.decision, waiting: "playback", actions: [] };
  const told = Array(40).fill("word").join(" "); // 40 words: 8 s at Normal (200 ms a word)
  const long = { pending: 3, moment: { player: "red", by: "", actions: ["fee"], notable: true, told: [told] } };
  values.controls = long;
  const board = await renderBoard(values);
  await board.settled();
  const { sharedOf } = await import("../src/shared.js");
  const wait = sharedOf(board.model).wait;
  assert.ok(wait);
  wait.start -= 4000; // as if 4 of its 8 s had gone by
  const second = await renderView(board.model); // another view of the same board, opened halfway
  const step = (/** @type {HTMLElement} */ root) =>
    /** @type {HTMLButtonElement[]} */ ([...root.querySelectorAll(".covil-controls button")]).find((b) => b.textContent === "Step");
  const steps = [step(board.root), step(second.root)];
  const counting = () => steps.map((b) => Boolean(b?.classList.contains("covil-counting")));
  const banner = () => board.root.querySelector(".covil-banner")?.textContent ?? "";
  assert.match(banner(), /Steps left to show: 3\. The board plays on by itself, this step shown for 8 s; Step \(n\) goes on now/);
  assert.deepEqual(counting(), [true, true]);
  assert.equal(steps[0]?.getAnimations().length, 1, "the bar fills");
  const halfway = Number(steps[1]?.getAnimations()[0]?.currentTime);
  assert.ok(halfway >= 4000 && halfway < 5000, `the second view's bar is half full (${halfway} ms)`);
  const speed = /** @type {HTMLSelectElement} */ (second.root.querySelector(".covil-speed"));
  speed.value = "off"; // by hand, in the second view: no wait to count in either
  speed.dispatchEvent(new Event("change"));
  assert.deepEqual(counting(), [false, false]);
  assert.equal(/** @type {HTMLSelectElement} */ (board.root.querySelector(".covil-speed")).value, "off");
  assert.match(banner(), /Step \(n\) shows the next/);
  board.press("p"); // back to the speed before
  assert.deepEqual(counting(), [true, true], "counted down again");
  board.press("ArrowLeft"); // looking back pauses the auto-play ...
  assert.deepEqual(counting(), [false, false]);
  board.press("End"); // ... and back at the game it goes on
  assert.deepEqual(counting(), [true, true], "going on after looking back");
  board.model.set({ controls: { pending: 2, moment: { player: "red", actions: ["rest"], notable: false } }, version: 8 });
  await board.settled();
  assert.deepEqual(counting(), [false, false], "a short step: the last wait is gone");
  board.model.set({ controls: long, version: 9 });
  await board.settled();
  assert.deepEqual(counting(), [true, true]);
  steps[0]?.click();
  await board.sent();
  assert.deepEqual(counting(), [false, false], "the step is asked: no wait any more");
  assert.doesNotMatch(banner(), /shown for 8 s/);
  second.close();
  board.close();
});

test("looking back holds the auto-play still, and coming back never asks a second step", async () => {
  const values = traits();
  values.decision = { ...values.decision, waiting: "bot", player: "red", actions: [] };
  const board = await renderBoard(values);
  await board.settled();
  const past = () => new Promise((resolve) => setTimeout(resolve, 1000)); // Normal's delay is 800 ms
  const sent = /** @type {{kind: string, version: number}[]} */ (board.model.sent);
  const asked = () => sent.filter((m) => m.kind !== "show").map((m) => [m.kind, m.version]);
  board.press("s"); // the bots play on: one request at version 7, its answer still to come
  board.press("ArrowLeft");
  board.press("End");
  await past();
  assert.deepEqual(asked(), [["skip", 7]], "coming back asks nothing more while the answer is due");
  board.press("ArrowLeft");
  board.model.set({ version: 8 }); // the answer comes while a past position is shown
  await past();
  assert.deepEqual(asked(), [["skip", 7]], "no step while looking back");
  board.press("End");
  await past();
  assert.deepEqual(asked(), [["skip", 7], ["step", 8]], "back at the game, the auto-play goes on");
  board.close();
});

test("the legend, folded once, stays folded on the next board", async () => {
  const first = await renderBoard();
  const legend = () => /** @type {HTMLDetailsElement} */ (document.querySelector(".covil-legend"));
  assert.equal(legend().open, true, "open at first");
  legend().open = false;
  legend().dispatchEvent(new Event("toggle"));
  first.close();
  const next = await renderBoard();
  assert.equal(legend().open, false);
  next.close();
  localStorage.removeItem("covil-nb:legend");
});

test("a second press on a position already left is not sent; a failed send clears the press", async () => {
  const board = await renderBoard();
  const button = /** @type {HTMLButtonElement} */ (board.root.querySelector('.covil-actions button[data-action="move A"]'));
  button.click();
  button.click(); // a double click
  assert.deepEqual(await board.sent(), [{ kind: "act", version: 7, action: "move A" }]);
  board.model.set({ error: { n: 1, text: "refused", rule: "§5" } }); // Python answers
  await board.settled();
  assert.equal(board.root.dataset.pending, undefined);
  board.model.send = () => {
    throw new Error("no kernel");
  };
  button.click(); // the same position, after the answer: sent again, and it fails
  await board.sent();
  assert.equal(board.root.dataset.pending, undefined, "no mark stays on a request that never left");
  assert.match(board.root.querySelector(".covil-error")?.textContent ?? "", /no running kernel/);
  board.close();
});

test("a step adds its entries to the phase under way; an undo draws it again", async () => {
  const board = await renderBoard();
  const group = () => board.root.querySelector(".covil-log details");
  const entries = () => [...board.root.querySelectorAll(".covil-log .covil-entry")].map((e) => e.textContent);
  const first = group();
  assert.deepEqual(entries(), ["§3 yellow gains 1 gold.", "§4 yellow moves Y1 to zone A."]);
  const step = JSON.stringify({ day: 1, phase: "morning", entries: [{ step: 3, moment: 0, rule: "§5", text: "red rests." }] });
  board.model.set({ chunks_new: { "log-2": step }, log: { done: [], now: ["log-1", "log-2"] }, version: 8 });
  await board.settled();
  assert.equal(group(), first, "the group under way is kept");
  assert.deepEqual(entries().at(-1), "§5 red rests.");
  assert.equal(board.root.querySelector(".covil-log .covil-entry:last-child")?.getAttribute("data-position"), "2");
  board.model.set({ log: { done: [], now: ["log-1"] }, version: 9 }); // undone
  await board.settled();
  assert.notEqual(group(), first);
  assert.equal(entries().length, 2);
  board.close();
});

test("an element pointed at from a listed action is not left pointed once the action is chosen", async () => {
  const board = await renderBoard();
  const button = /** @type {HTMLButtonElement} */ (board.root.querySelector('.covil-actions button[data-action="move B"]'));
  const zone = () => /** @type {Element} */ (board.root.querySelector('.covil-pieces [data-zone="B"]'));
  const kept = zone();
  button.dispatchEvent(new MouseEvent("mouseenter"));
  assert.ok(kept.classList.contains("covil-pointed"));
  button.click(); // the list is built again: its mouseleave never comes
  const values = traits();
  board.model.set({ version: 8, decision: { ...values.decision, actions: [...(values.decision.actions ?? [])] } });
  await board.settled();
  assert.equal(zone(), kept, "the zone is kept by the redraw");
  assert.ok(!zone().classList.contains("covil-pointed"));
  board.close();
});

test("the language switch lists the languages in their own words, asks for one, and shows the board's", async () => {
  const board = await renderBoard();
  const select = /** @type {HTMLSelectElement} */ (board.root.querySelector(".covil-language"));
  assert.deepEqual([...select.options].map((o) => [o.value, o.textContent]), [["en", "English"], ["pt", "Português"]]);
  assert.equal(select.value, "en");
  select.value = "pt";
  select.dispatchEvent(new Event("change"));
  assert.deepEqual(await board.sent(), [{ kind: "language", version: 7, code: "pt" }]);
  // A cell switches the board back: the switch follows the trait.
  board.model.set({ language: "en", version: 8 });
  await board.settled();
  assert.equal(select.value, "en");
  // A choice while a move waits for its answer is dropped: the switch stays on the board's language.
  board.press("1");
  select.value = "pt";
  select.dispatchEvent(new Event("change"));
  assert.deepEqual((await board.sent()).map((m) => m.kind), ["language", "act"]);
  assert.equal(select.value, "en");
  board.close();
});

/**
 * How many times `node`'s children were replaced: each drawing of the
 * banner and of the prompt replaces them once.
 * @param {Element | null} node
 */
function drawnCount(node) {
  assert.ok(node);
  let count = 0;
  const replace = node.replaceChildren.bind(node);
  node.replaceChildren = (...children) => {
    count += 1;
    replace(...children);
  };
  return () => count;
}

test("a message of many traits marks them, then draws each part once", async () => {
  const board = await renderBoard();
  const [banner, prompt] = [drawnCount(board.root.querySelector(".covil-banner")), drawnCount(board.root.querySelector(".covil-prompt"))];
  const decision = { ...traits().decision, prompt: "pay for the Grunt" };
  board.model.set({ decision, controls: { can_undo: false, can_redo: false }, pictures: { pieces: "layout-pieces" }, version: 8 });
  assert.deepEqual([banner(), prompt()], [0, 0], "nothing drawn before the whole message is in");
  await board.settled();
  assert.deepEqual([banner(), prompt()], [1, 1]);
  assert.match(board.root.querySelector(".covil-prompt")?.textContent ?? "", /pay for the Grunt/);
  board.close();
});

test("a change of the page's own (the cursor) is drawn once, at once", async () => {
  const values = traits();
  values.decision = { ...values.decision, waiting: "playback", actions: [] };
  values.controls = { pending: 3, moment: { player: "red", by: "", actions: ["fee"], notable: true, told: [Array(40).fill("word").join(" ")] } };
  const board = await renderBoard(values); // a long wait: looking back stops it, which redraws the controls too
  const [banner, prompt] = [drawnCount(board.root.querySelector(".covil-banner")), drawnCount(board.root.querySelector(".covil-prompt"))];
  board.press("ArrowLeft");
  assert.deepEqual([banner(), prompt()], [1, 1]);
  assert.match(board.root.querySelector(".covil-banner")?.textContent ?? "", /^Looking back: Day 1 · morning — yellow gains 1 gold\./);
  board.close();
});

test("an element of several actions opens its choice, drawn once, its first action focused", async () => {
  const values = traits();
  values.decision = { ...values.decision, actions: [
    { action: "move A", label: "Move Y1 to zone A", elements: ["zone:A"] },
    { action: "raid A", label: "Raid zone A", elements: ["zone:A"] },
    { action: "end", label: "End the turn", elements: [], closes: true },
  ] };
  const board = await renderBoard(values);
  const prompt = drawnCount(board.root.querySelector(".covil-prompt"));
  board.press("Enter", /** @type {HTMLElement} */ (board.root.querySelector('.covil-pieces [data-zone="A"]')));
  assert.equal(prompt(), 1);
  const listed = [...board.root.querySelectorAll(".covil-actions button")].map((b) => /** @type {HTMLElement} */ (b).dataset.action);
  assert.deepEqual(listed, ["move A", "raid A"]);
  assert.equal(/** @type {HTMLElement} */ (document.activeElement).dataset.action, "move A");
  board.press("Escape", /** @type {HTMLElement} */ (document.activeElement));
  assert.equal(prompt(), 2);
  assert.equal(board.root.querySelectorAll(".covil-actions button").length, 3, "the choice closed");
  assert.equal(document.activeElement, board.root, "the focus stays with the board");
  board.close();
});
