// The lobby writes each listed room in its kind's words (`WebKind.lobby_row`): the same
// code for Boggle, Topword and a kind it has never heard of.
import assert from "node:assert/strict";
import { test } from "node:test";
import { rowWords } from "../../src/motamot/server/static/rows.js";

/** @type {Record<string, string>} */
const TEXTS = {
  "kind.boggle": "Boggle",
  "kind.topword": "Topword",
  "preset.classic-fr": "4×4 français (classique)",
  "ruleset.topword-fr": "Topword (français)",
  "level.beginner": "débutant",
  "tw_level.expert": "expert",
  "clock.round": "{duration} par manche",
  "clock.move": "{duration} par coup",
};
/** @param {string} key @param {Record<string, unknown>} [fields] */
const t = (key, fields = {}) =>
  (TEXTS[key] ?? key).replace(/\{(\w+)\}/g, (_, name) => String(fields[name] ?? `{${name}}`));
const LOOKS = {
  boggle: { rules: "preset.", clock: "clock.round", bot: "level." },
  topword: { rules: "ruleset.", clock: "clock.move", bot: "tw_level." },
};
const words = rowWords(LOOKS, t);

test("a Boggle room: the kind, its preset, a round's clock, its levels", () => {
  const row = { kind: "boggle", variant: "classic-fr" };
  assert.equal(words.game(row), "Boggle · 4×4 français (classique)");
  assert.equal(words.clock(row, "3 min"), "3 min par manche");
  assert.equal(words.bot(row, "beginner"), "débutant");
});

test("a Topword table: its ruleset names the kind already, a move's clock, its levels", () => {
  const row = { kind: "topword", variant: "topword-fr" };
  assert.equal(words.game(row), "Topword (français)");
  assert.equal(words.clock(row, "1 min"), "1 min par coup");
  assert.equal(words.bot(row, "expert"), "expert");
});

test("a kind without a look: the listing's own words", () => {
  const row = { kind: "toy", variant: "ten" };
  assert.equal(words.game(row), "kind.toy · ten");
  assert.equal(words.clock(row, "5 s"), "5 s par coup");
  assert.equal(words.bot(row, "easy"), "easy");
});
