// The pure helpers.
import { test } from "node:test";
import assert from "node:assert/strict";
import "./fake.js";
import { splitKey, splitLabel } from "../src/dom.js";

test("a label splits at its first colon outside parentheses", () => {
  assert.deepEqual(splitLabel("Acquire Spymaster for 7: Command: draw 2"), ["Acquire Spymaster for 7", "Command: draw 2"]);
  assert.deepEqual(splitLabel("Pay (hall full: a minion goes back)"), ["Pay (hall full: a minion goes back)", ""]);
  assert.deepEqual(splitLabel("time 12:30"), ["time 12:30", ""]);
});

test("an element key splits at its first colon", () => {
  assert.deepEqual(splitKey("card:iron-marshal"), ["card", "iron-marshal"]);
  assert.deepEqual(splitKey("coin:red:3"), ["coin", "red:3"]);
});

test("actions are grouped by title, in the order the groups first come, and share their aside once", async () => {
  const { groupActions } = await import("../src/decision.js");
  const hall = "(your hall is full: a minion goes back)";
  /** @param {string} action @param {string} label @param {string} [group] */
  const offered = (action, label, group) => ({ action, label, elements: [], group });
  const groups = groupActions([
    offered("lie Y1", "Lie down Y1", "Troop action"),
    offered("acquire a", `Acquire A for 3 (4 less 1 from Acolyte): Command: x. ${hall}`, "Acquire a minion"),
    offered("activate k", "Activate Kraken Ink (Instant: a free attack)", "Relics"),
    offered("acquire b", `Acquire B for 5: y. ${hall}`, "Acquire a minion"),
    offered("buy-relic", "Buy a relic for 3 gold", "Relics"),
    offered("end", "End the turn"),
  ]);
  assert.deepEqual(
    groups.map((g) => [g.title, g.shared, g.actions.map((a) => a.action)]),
    [
      ["Troop action", "", ["lie Y1"]],
      ["Acquire a minion", hall, ["acquire a", "acquire b"]],
      ["Relics", "", ["activate k", "buy-relic"]],
      ["", "", ["end"]],
    ],
  );
});

test("an aside is a label's closing parenthesis after a space; the tenth action's key is 0", async () => {
  const { trailingAside, keyOf } = await import("../src/decision.js");
  assert.equal(trailingAside("Pay 3 (a (nested) aside)"), "(a (nested) aside)");
  assert.equal(trailingAside("f(x)"), "");
  assert.equal(trailingAside("no aside"), "");
  assert.deepEqual([0, 8, 9, 10].map(keyOf), ["1", "9", "0", ""]);
});

test("a notable moment stays long enough to read; a plain one for a step's delay", async () => {
  const { readingTime } = await import("../src/shared.js");
  const fight = { player: "red", by: "", actions: [], notable: true, outcome: [Array(30).fill("word").join(" ")] };
  assert.equal(readingTime({ player: "red", by: "", actions: [] }, 800), 800);
  assert.equal(readingTime({ ...fight, outcome: ["Red wins."] }, 800), 2000);
  assert.equal(readingTime(fight, 800), 6000);
  assert.equal(readingTime(undefined, 250), 250);
});

test("a section drawn again replaces only the whole elements that changed, else all", async () => {
  const { drawSection } = await import("../src/chunks.js");
  /** @param {string[]} texts */
  const chunks = (texts) => texts.map((text, i) => ({ name: `${i}:${text}`, text }));
  /** @param {string} card @param {string} coins */
  const hall = (card, coins) => ['<svg viewBox="0 0 9 9">', "<g>", card, coins, '<g data-card="b"><rect/></g>', "</g>", "</svg>"];
  const node = document.createElement("div");
  drawSection(node, chunks(hall('<g data-card="a"><rect width="1"/></g>', '<g data-coin="y"><circle r="1"/></g>')));
  const kept = node.querySelector('[data-card="b"]');
  const ring = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  ring.setAttribute("class", "covil-ring covil-added"); // the page's own mark: not a drawn element
  node.querySelector('[data-card="a"]')?.appendChild(ring);
  const next = hall('<g data-card="a"><rect width="1"/></g>', '<g data-coin="y"><circle r="2"/><text>3</text></g>');
  drawSection(node, chunks(next));
  assert.equal(node.querySelector(".covil-ring"), ring, "the coin replaced, the card before it kept, ring and all");
  ring.remove();
  /** @param {string[]} texts */
  const whole = (texts) => Object.assign(document.createElement("div"), { innerHTML: texts.join("") }).innerHTML;
  assert.equal(node.innerHTML, whole(next), "the same drawing as the texts drawn whole");
  assert.equal(node.querySelector('[data-card="b"]'), kept, "what did not change is the same element");
  const other = ['<svg viewBox="0 0 9 9">', "<g>", "<text>", "A</text>", "</g>", "</svg>"]; // not whole elements
  drawSection(node, chunks(other));
  assert.equal(node.innerHTML, whole(other));
});

test("a section drawn before a chunk's text came is drawn whole once it comes, under the same names", async () => {
  const { drawSection } = await import("../src/chunks.js");
  const node = document.createElement("div");
  const names = ["late:open", "late:card", "late:close"];
  drawSection(node, [
    { name: names[0], text: '<svg viewBox="0 0 9 9">' },
    { name: names[1], text: "" }, // not come yet
    { name: names[2], text: "</svg>" },
  ]);
  assert.equal(node.querySelector("[data-card]"), null);
  drawSection(node, [
    { name: names[0], text: '<svg viewBox="0 0 9 9">' },
    { name: names[1], text: '<g data-card="late"><rect/></g>' },
    { name: names[2], text: "</svg>" },
  ]);
  assert.ok(node.querySelector('[data-card="late"]'), "the text that came late is drawn");
});
