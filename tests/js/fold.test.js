// Each page's fold, run on the rooms' own event sequences: from the view a seat held, the
// events it was shown lead to the view the room would send it now (the Python reference
// folds pass the same sequences: tests/service/test_shown_fold.py,
// tests/service/duplicate/test_duplicate_fold.py, tests/service/arena/test_arena_fold.py). The sequences are written by
// `python -m tests.js.folds` (into tests/js/folds/, or $MOTAMOT_FOLDS); the folds are the
// pages' pure modules (under src/motamot/, or $MOTAMOT_SRC: tests/js/test_folds.py breaks
// a copy of one on purpose and sees this test fail).
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const SRC = process.env.MOTAMOT_SRC ?? fileURLToPath(new URL("../../src/motamot/", import.meta.url));
const FOLDS = process.env.MOTAMOT_FOLDS ?? fileURLToPath(new URL("folds/", import.meta.url));

/** @param {string} path a module under SRC */
async function load(path) {
  return import(pathToFileURL(`${SRC}/${path}`).href);
}

const { foldShared } = await load("server/static/fold.js");
/**
 * Each kind's own fold, and whether its page folds the shared events first (the room
 * client's pages do; the arena's page follows its rounds alone).
 * @type {Record<string, { fold: (view: any, event: any) => boolean, shared: boolean }>}
 */
const FOLD = {
  boggle: { fold: (await load("web/boggle/static/fold.js")).foldBoggle, shared: true },
  topword: { fold: (await load("web/topword/static/fold.js")).foldTopword, shared: true },
  duplicate: { fold: (await load("web/duplicate/static/fold.js")).foldDuplicate, shared: true },
  arena: { fold: (await load("web/arena/static/fold.js")).foldArena, shared: false },
};

/**
 * A view as the reference compares it: without the board's record notation (no page
 * reads it; its cells say it), nor what the kind's page is told otherwise (`unfolded`).
 * @param {any} view
 * @param {string[]} unfolded
 */
function comparable(view, unfolded) {
  const shown = structuredClone(view);
  if (shown.game) delete shown.game.board.position;
  for (const key of unfolded) delete shown[key];
  return shown;
}

for (const kind of Object.keys(FOLD)) {
  const path = `${FOLDS}/${kind}.json`;
  test(`${kind}: the rooms' event sequences are there`, () => {
    assert.ok(existsSync(path), `${path} is missing: python -m tests.js.folds writes it`);
  });
  if (!existsSync(path)) continue;
  const { chat_history: history, not_folded: unfolded, sequences } = JSON.parse(readFileSync(path, "utf-8"));
  const { fold, shared: withShared } = FOLD[kind];
  test(`${kind}: the sequences are not empty`, () => assert.ok(sequences.length >= 2));
  for (const { scenario, seat, view: first, steps } of sequences) {
    test(`${kind}: ${scenario}, seen by ${seat ?? "a spectator"}`, () => {
      const view = structuredClone(first);
      steps.forEach((/** @type {{ events: any[], view: any }} */ step, number) => {
        for (const event of step.events) {
          const shared = withShared && foldShared(view, event, history);
          const own = fold(view, event);
          assert.ok(shared || own, `step ${number}: ${event.type} is not folded (the page would ask for the room)`);
          view.seq = event.seq;
        }
        assert.deepStrictEqual(
          comparable(view, unfolded),
          step.view,
          `step ${number}: ${step.events.map((e) => e.type).join(", ")}`,
        );
      });
    });
  }
}
