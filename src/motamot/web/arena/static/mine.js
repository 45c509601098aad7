// @ts-check
// The arena's results as one player explores them (issue 37): the round's grid, which
// stays in view, the words they wrote with their verdicts (an accepted one clicked
// lights its path) and, when asked, the words of the grid they missed, each with its
// path. The grid's words come from the server once the round is over (a thousand
// players' results do not each carry them).
import { h, t } from "../common.js";
import { GridView } from "../boggle/grid.js";
import { showPath, wordList } from "../boggle/results.js";
import { verdictText } from "../boggle/verdict.js";

/** @typedef {Protocol.arena.View} View */
/** @typedef {{ grid: string, words: Protocol.boggle.MissedJson[], written: Record<string, string[]> }} GridWords */

/**
 * One of the player's words: its verdict, a button lighting its path when it has one.
 * @param {Protocol.boggle.OwnWord} word
 * @param {GridView} grid
 */
function ownItem(word, grid) {
  const text = verdictText(word);
  const path = word.path;
  const ok = word.feedback === "accepted";
  return h(
    "li",
    { class: ok ? "ok" : "bad" },
    path ? h("button", { type: "button", class: "word-button", onclick: () => showPath(grid, path) }, text) : text,
  );
}

/**
 * The grid's words, fetched once asked; the player's accepted ones left out.
 * @param {View} view
 * @param {GridView} grid
 * @param {Set<string>} found
 */
function missedPart(view, grid, found) {
  const box = h("div", { id: "arena-missed", "aria-live": "polite" });
  const button = h("button", { type: "button", id: "arena-missed-show" }, t("arena_show_missed"));
  button.addEventListener("click", async () => {
    button.setAttribute("disabled", "");
    const answer = await fetch(`/api/arena/${view.settings.preset}/words/${view.room}`).catch(() => null);
    const body = answer ? await answer.json().catch(() => null) : null;
    if (!answer?.ok || !body) {
      box.replaceChildren(h("p", { class: "error" }, body?.text ?? t("arena_words_unavailable")));
      button.removeAttribute("disabled");
      return;
    }
    const words = /** @type {GridWords} */ (body);
    const missed = words.words.filter((w) => !found.has(w.word));
    box.replaceChildren(
      h("h3", {}, t("arena_missed", { count: missed.length })),
      ...wordList(missed, grid, words.written, view.settings.dictionary).filter((node) => node !== null),
    );
    button.remove();
  });
  return [button, box];
}

/**
 * The grid, my words and what I missed, for the ended round `view` (its seat's view).
 * @param {View} view
 */
export function mineSection(view) {
  if (!view.grid) return null;
  const grid = new GridView(view.grid);
  const words = view.words ?? [];
  const found = new Set(words.filter((w) => w.feedback === "accepted" && w.word).map((w) => String(w.word)));
  return h(
    "div",
    { class: "results-board arena-mine" },
    h("div", { class: "results-grid" }, grid.el, h("p", { class: "hint" }, t("show_path"))),
    h(
      "div",
      { class: "results-lists" },
      h("h3", {}, t("my_words")),
      words.length
        ? h(
            "ul",
            { class: "my-words", id: "arena-my-words" },
            words.map((w) => ownItem(w, grid)),
          )
        : h("p", { class: "hint" }, t("no_words")),
      ...missedPart(view, grid, found),
    ),
  );
}
