// @ts-check
// The room's screen (a projector, 16:9, read from the back of a club's room): the board at
// full height, the turn, the clock and the rack large, the last top and the first ten of
// the standings. No chat, no control: it watches (`/r/<room>/screen`, no seat's token),
// and the arbiter opens it on a second screen.
import { RoomClient } from "../client.js";
import { LANG, h, nameEl, namesEl, t, tNodes } from "../common.js";
import { percentText } from "../format.js";
import { clockLine } from "./arbiter.js";
import { foldDuplicate } from "./fold.js";
import { topCells } from "./top.js";
import { drawBoard } from "../topword/board.js";

/** @typedef {Protocol.duplicate.View} View */
/** @typedef {Protocol.duplicate.GameView} Game */

// The standings a room reads from afar.
const SHOWN = 10;

const root = /** @type {HTMLElement} */ (document.getElementById("duplicate"));
document.body.classList.add("room-screen");
const status = h("p", { class: "status", role: "status" });
const boardBox = h("section", { class: "screen-board", "aria-label": t("board") });
const side = h("section", { class: "screen-side" });
root.replaceChildren(boardBox, side, status);
root.removeAttribute("aria-busy");

/** @param {number} gap */
function gapText(gap) {
  return gap < 0 ? `−${-gap}` : String(gap);
}

/** @param {Game} g */
function topBlock(g) {
  const line = g.sheet.at(-1);
  if (!line) return null;
  const found = line.found_by.slice(0, 5).map((seat) => client.nameOf(seat));
  return h(
    "div",
    { class: "screen-top", id: "screen-top" },
    h("h2", {}, t("dup_turn_result", { number: line.number })),
    h(
      "p",
      { class: "big" },
      line.top ? t("dup_top_line", { move: line.top, points: line.top_points }) : t("dup_no_top"),
    ),
    line.top && found.length ? h("p", {}, tNodes("dup_found_by", { names: namesEl(found) })) : null,
  );
}

/** @param {Game} g */
function standingsBlock(g) {
  const rows = g.standings
    .slice(0, SHOWN)
    .map((s) =>
      h(
        "tr",
        {},
        h("td", {}, String(s.rank)),
        h("td", { class: "name" }, nameEl(client.nameOf(s.seat))),
        h("td", {}, String(s.total)),
        h("td", {}, gapText(s.gap)),
        h("td", {}, percentText(s.percent, LANG)),
      ),
    );
  const labels = [t("col.rank"), t("col.player"), t("col.total"), t("col.gap"), t("col.share")];
  return h(
    "table",
    { class: "screen-standings", id: "screen-standings" },
    h("caption", {}, t("dup_standings")),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        labels.map((label) => h("th", { scope: "col" }, label)),
      ),
    ),
    h("tbody", {}, rows),
  );
}

/** @param {Game} g */
function headBlock(g) {
  const turn = g.finished ? t("dup_over") : t("dup_turn", { number: g.turn });
  const rack = g.finished || g.next_at !== null ? [] : g.rack.map((tile) => h("span", { class: "tile fixed" }, tile));
  return [
    h("h1", { class: "screen-turn" }, turn),
    g.finished ? null : clockLine(g, client.serverNow()),
    rack.length ? h("div", { class: "rack screen-rack", id: "rack" }, rack) : null,
  ];
}

function draw() {
  const view = client.view;
  if (!view) return;
  const g = view.game;
  if (g === null) {
    boardBox.replaceChildren();
    side.replaceChildren(
      h("h1", { class: "screen-turn" }, t("duplicate_title")),
      h("p", { class: "big" }, t("dup_waiting_host")),
    );
    return;
  }
  const grid = h("div", { class: "board-box" });
  drawBoard(grid, { board: g.board, lit: topCells(g) });
  boardBox.replaceChildren(grid);
  side.replaceChildren(...[...headBlock(g), topBlock(g), standingsBlock(g)].filter((part) => part !== null));
}

// The clock, the stopped clock and the pause between turns, each second.
setInterval(() => {
  const g = client.view?.game;
  if (!g || g.finished) return;
  const line = clockLine(g, client.serverNow());
  if (line) document.getElementById("clock")?.replaceWith(line);
}, 250);

/**
 * The game's own events (the shared ones are folded already); an arbiter's decision is not
 * folded: the room is asked for again.
 * @param {View} view
 * @param {Protocol.duplicate.Event} event
 * @param {boolean} shared
 */
function fold(view, event, shared) {
  return shared || foldDuplicate(view, event);
}

const client = new RoomClient({ fold, draw }, status);
