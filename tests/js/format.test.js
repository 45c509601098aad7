// The pages' message formatter fills every case of the table the server's formatter
// passes too (tests/text/test_format_cases.py): one table, two halves.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { elides, fill, percentText } from "../../src/motamot/server/static/format.js";

/** @type {{ template: string, lang: "fr" | "en", fields: Record<string, unknown>, text: string }[]} */
const CASES = JSON.parse(readFileSync(new URL("../text/format_cases.json", import.meta.url), "utf-8"));

test("the table is not empty", () => {
  assert.ok(CASES.length > 20);
});

for (const { template, lang, fields, text } of CASES) {
  test(`${lang}: ${JSON.stringify(template)} with ${JSON.stringify(fields)}`, () => {
    assert.equal(fill(template, fields, lang), text);
  });
}

test("a field not given stays as it is written (the page still shows the rest)", () => {
  assert.equal(fill("{a} et {b:mot|mots}", {}, "fr"), "{a} et {b:mot|mots}");
});

/** @type {[string, boolean][]} */
const ELISIONS = JSON.parse(readFileSync(new URL("../text/elision_cases.json", import.meta.url), "utf-8"));

test("French elides before the names the server elides before (« au tour d'Anne »)", () => {
  for (const [name, elided] of ELISIONS) assert.equal(elides(name), elided, name);
});

test("a share in percent is written to a tenth, in each language's way", () => {
  assert.equal(percentText(87.54, "fr"), "87,5\u202f%");
  assert.equal(percentText(100, "fr"), "100\u202f%");
  assert.equal(percentText(0, "en"), "0%");
  assert.equal(percentText(66.666, "en"), "66.7%");
});
