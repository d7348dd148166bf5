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
