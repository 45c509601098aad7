// @ts-check
// A Boggle round's results, phone first (issue 37): the player's own sheet right beside
// (on a phone: right under) the grid, which stays in view while the lists scroll, so a
// word clicked lights its path where the player looks; the match's scores; the others'
// sheets folded (one line each until opened); the words nobody found, all of them on
// demand; the link to play the grid again.
import { copyButton, h, nameEl, namesEl, reason, t, tNodes, wiktionaryLink, writtenWord } from "../common.js";
import { contestControl } from "../contest.js";
import { GridView } from "./grid.js";

/** @typedef {Protocol.boggle.ResultShown} Result */
/** @typedef {Protocol.boggle.EntryJson} Entry */
/** @typedef {Protocol.boggle.PlayerJson} Player */

/** Words nobody found shown at first; the rest come with « … et N autres ». */
export const MISSED_SHOWN = 40;

/**
 * What the results read of the room, besides the round: who this page is, the names.
 * @typedef {object} Seen
 * @property {string | null} me this page's seat (null: a spectator)
 * @property {string} dictionary the room's word list (its Wiktionary links)
 */

/**
 * @param {Entry} entry
 * @param {GridView} grid
 * @param {Result} result
 * @param {Seen} seen
 */
function entryItem(entry, grid, result, seen) {
  const label = entry.word ? writtenWord(entry.word, result.written) : entry.input;
  const detail =
    entry.status === "scored"
      ? t("points", { points: entry.points })
      : entry.status === "crossed"
        ? tNodes("crossed_by", { names: namesEl(entry.crossed_by) })
        : reason(/** @type {string} */ (entry.reason));
  const word = entry.status === "crossed" ? h("s", {}, label) : label;
  const hasPath = entry.path && entry.path.length > 0;
  const body = hasPath
    ? h("button", { type: "button", class: "word-button", onclick: () => showPath(grid, entry.path) }, word)
    : h("span", { class: "word-plain" }, word);
  const link =
    entry.status === "refused" || !entry.word ? null : wiktionaryLink(entry.word, result.written, seen.dictionary);
  // W5: a word the list refused may be contested by the room's players
  const contest =
    entry.reason === "not_in_dictionary" && entry.word && seen.me !== null ? contestControl(entry.word) : null;
  return h(
    "li",
    { class: entry.status },
    body,
    link ? " " : null,
    link,
    " ",
    h("span", { class: "detail" }, detail),
    contest ? " " : null,
    contest,
  );
}

/**
 * A word's path lit on the grid. The grid stays in view (sticky beside or above the
 * lists), so the page does not scroll away from the word clicked; a grid scrolled out
 * of sight anyway (a very short screen) is brought back.
 * @param {GridView} grid
 * @param {number[][]} path
 */
export function showPath(grid, path) {
  const box = grid.el.getBoundingClientRect();
  if (box.bottom < 0 || box.top > innerHeight) grid.el.scrollIntoView({ block: "nearest" });
  grid.play(path);
}

/**
 * « vous avez trouvé 12 mots sur 209 (31 pts sur 402) »: what a player, or the room,
 * found of the grid.
 * @param {Result} result
 * @param {string | null} name
 * @param {Seen} seen
 */
export function foundLine(result, name, seen) {
  const all = result.grid_total;
  const found = name === null ? result.room_found : result.found?.[name];
  if (!all || !found) return null;
  const fields = {
    count: found.words,
    total: all.words,
    points: found.points,
    all_points: all.points,
    name: name === null ? "" : nameEl(name),
  };
  const key =
    name === null ? "found_room" : seen.me !== null && result.seats[name] === seen.me ? "found_you" : "found_player";
  return h("p", { class: "found" }, tNodes(key, fields));
}

/**
 * One player's sheet: open (the player's own), or folded to its heading (the others';
 * a spectator finds the winner's open).
 * @param {Player} player
 * @param {GridView} grid
 * @param {Result} result
 * @param {Seen} seen
 * @param {boolean} mine
 * @param {boolean} [open]
 */
function sheet(player, grid, result, seen, mine, open = false) {
  const heading = h(
    "h3",
    {},
    nameEl(player.player),
    " ",
    h("span", { class: "total" }, t("total", { total: player.total })),
  );
  const body = [
    foundLine(result, player.player, seen),
    player.penalty ? h("p", { class: "penalty" }, t("penalty_line", { penalty: player.penalty })) : null,
    player.entries.length
      ? h(
          "ul",
          {},
          player.entries.map((e) => entryItem(e, grid, result, seen)),
        )
      : h("p", { class: "hint" }, t("no_words")),
  ];
  if (mine) return h("section", { class: "sheet card mine", id: "my-sheet" }, heading, ...body);
  return h("details", { class: "sheet card", "data-player": player.player, open }, h("summary", {}, heading), ...body);
}

/**
 * @param {{ word: string, points: number, path: number[][] }} w
 * @param {GridView} grid
 * @param {Record<string, string[]>} written
 * @param {string} dictionary
 */
function missedItem(w, grid, written, dictionary) {
  return h(
    "li",
    {},
    h(
      "button",
      { type: "button", class: "word-button", onclick: () => showPath(grid, w.path) },
      writtenWord(w.word, written),
    ),
    " ",
    wiktionaryLink(w.word, written, dictionary),
    " ",
    h("span", { class: "detail" }, t("points", { points: w.points })),
  );
}

/**
 * Words of the grid, best first: the first `MISSED_SHOWN`, then a button that shows the
 * others (drawn when asked: a 6×6 grid holds a thousand). Each lights its path on `grid`.
 * @param {{ word: string, points: number, path: number[][] }[]} words
 * @param {GridView} grid
 * @param {Record<string, string[]>} written
 * @param {string} dictionary
 */
export function wordList(words, grid, written, dictionary) {
  const sorted = [...words].sort(
    (a, b) => b.points - a.points || b.word.length - a.word.length || a.word.localeCompare(b.word),
  );
  const list = h(
    "ul",
    { class: "missed", id: "missed" },
    sorted.slice(0, MISSED_SHOWN).map((w) => missedItem(w, grid, written, dictionary)),
  );
  const rest = sorted.slice(MISSED_SHOWN);
  const more = rest.length
    ? h(
        "button",
        { type: "button", class: "more", id: "missed-more", "aria-controls": "missed" },
        t("missed_more", { count: rest.length }),
      )
    : null;
  more?.addEventListener("click", () => {
    const items = rest.map((w) => missedItem(w, grid, written, dictionary));
    list.append(...items);
    more.remove();
    items[0].querySelector("button")?.focus(); // the focus goes on with the list
  });
  return [list, more];
}

/**
 * The words nobody found.
 * @param {Result} result
 * @param {GridView} grid
 * @param {Seen} seen
 */
function missedSection(result, grid, seen) {
  return [h("h2", {}, t("missed")), ...wordList(result.missed ?? [], grid, result.written ?? {}, seen.dictionary)];
}

/**
 * The round's results as `seen` sees them. `scores` is the match's scoreboard (the room
 * page's), put after the player's own sheet; `again` the link to play the grid later.
 * @param {Protocol.boggle.RoundView & { result: Result }} round
 * @param {Seen} seen
 * @param {{ winner: HTMLElement, scores: HTMLElement, again: (Node | null)[] }} parts
 */
export function resultsView(round, seen, parts) {
  const result = round.result;
  const grid = new GridView(round.grid);
  const myName = Object.keys(result.seats).find((name) => result.seats[name] === seen.me);
  const mine = result.players.find((p) => p.player === myName);
  const others = result.players.filter((p) => p !== mine);
  const lists = h(
    "div",
    { class: "results-lists" },
    mine ? sheet(mine, grid, result, seen, true) : null,
    h("h2", {}, t("scoreboard")),
    parts.scores,
    others.length ? h("h2", { id: "sheets-title" }, t(mine ? "other_sheets" : "sheets")) : null,
    others.length
      ? h(
          "div",
          { class: "sheets", "aria-labelledby": "sheets-title" },
          others.map((p, index) => sheet(p, grid, result, seen, false, !mine && index === 0)),
        )
      : null,
    foundLine(result, null, seen),
    ...missedSection(result, grid, seen),
    ...parts.again,
  );
  const board = h(
    "div",
    { class: "results-board" },
    h("div", { class: "results-grid" }, grid.el, h("p", { class: "hint" }, t("show_path"))),
    lists,
  );
  return {
    grid,
    nodes: [
      h("h1", {}, t("results", { number: round.number })),
      parts.winner,
      h("section", { class: "late card", id: "late-words", hidden: true }),
      board,
    ],
  };
}

/**
 * The link that plays this round's grid again later, in a new room with these settings.
 * @param {string} againUrl
 */
export function againLink(againUrl) {
  return [
    h("h2", {}, t("same_grid")),
    h("p", { class: "hint" }, t("same_grid_hint")),
    h("p", { class: "link" }, h("a", { href: againUrl, id: "same-grid" }, t("same_grid")), " ", copyButton(againUrl)),
  ];
}
