// @ts-check
// A duplicate game on paper (`/r/<room>/print`): the standings, the match sheet (each
// turn's rack, top, points and how many found it) and the arbiter's decisions, as A4
// pages for the club's wall and records (duplicate.css: @media print), and the link to the
// CSV (each player's points turn by turn). It watches (no seat's token): what a
// spectator is shown.
import { RoomClient } from "../client.js";
import { DATA, LANG, h, nameEl, t } from "../common.js";
import { percentText } from "../format.js";
import { decisionsBlock } from "./arbiter.js";
import { foldDuplicate } from "./fold.js";

/** @typedef {Protocol.duplicate.View} View */
/** @typedef {Protocol.duplicate.GameView} Game */

const root = /** @type {HTMLElement} */ (document.getElementById("duplicate"));
document.body.classList.add("room-print");
const status = h("p", { class: "status no-print", role: "status" });
const sheet = h("div", { class: "print-sheet" });
root.replaceChildren(status, sheet);
root.removeAttribute("aria-busy");

/** @param {number} gap */
function gapText(gap) {
  return gap < 0 ? `−${-gap}` : String(gap);
}

/**
 * A table with its header row (repeated on each printed page).
 * @param {string} id
 * @param {string} caption
 * @param {string[]} labels
 * @param {Node[]} rows
 */
function table(id, caption, labels, rows) {
  return h(
    "table",
    { class: "print-table", id },
    h("caption", {}, caption),
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
function standings(g) {
  const rows = g.standings.map((s) =>
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
  return table("print-standings", t("dup_standings"), labels, rows);
}

/** @param {Game} g */
function turns(g) {
  const rows = g.sheet.map((line) =>
    h(
      "tr",
      {},
      h("td", {}, String(line.number)),
      h("td", { class: "draw" }, line.rack.join("")),
      h("td", { class: "move" }, line.top ?? "—"),
      h("td", {}, String(line.top_points)),
      h("td", {}, String(line.found_by.length)),
    ),
  );
  const labels = [t("col.turn"), t("col.draw"), t("col.top"), t("col.points"), t("dup_found_count")];
  return table("print-turns", t("dup_sheet"), labels, rows);
}

/**
 * D12: the club's series this evening counts in, its players' averages (null: none yet).
 * @typedef {{ rank: number, name: string, games: number, average: number, best: number }} SeriesLine
 * @type {{ series: string, evenings: number, players: SeriesLine[] } | null}
 */
let series = null;

/** @param {string} name */
async function loadSeries(name) {
  const answer = await fetch(`/api/duplicate/serie/${encodeURIComponent(name)}`);
  if (!answer.ok) return;
  series = await answer.json();
  draw();
}

function seriesBlock() {
  if (!series) return null;
  const rows = series.players.map((line) =>
    h(
      "tr",
      {},
      h("td", {}, String(line.rank)),
      h("td", { class: "name" }, nameEl(line.name)),
      h("td", {}, String(line.games)),
      h("td", {}, percentText(line.average, LANG)),
      h("td", {}, percentText(line.best, LANG)),
    ),
  );
  const labels = [t("col.rank"), t("col.player"), t("col.evenings"), t("col.average"), t("col.best_share")];
  const caption = `${t("dup_series", { name: series.series })} · ${t("dup_evenings", { count: series.evenings })}`;
  const page = h("a", { href: `/duplicate/serie/${encodeURIComponent(series.series)}` }, t("dup_series_page"));
  return h("div", {}, table("print-series", caption, labels, rows), h("p", { class: "no-print" }, page));
}

function draw() {
  const view = client.view;
  if (!view) return;
  const g = view.game;
  const csv = h("a", { href: `/api/duplicate/${DATA.room}/standings.csv`, download: "", id: "csv" }, t("dup_csv"));
  const print = h("button", { type: "button", id: "print", onclick: () => window.print() }, t("dup_print"));
  /** @type {(Node | null)[]} */
  const parts = [h("p", { class: "row no-print" }, print, " ", csv), h("h1", {}, t("duplicate_title"))];
  if (g === null) parts.push(h("p", {}, t("dup_waiting_host")));
  else {
    parts.push(h("p", {}, g.finished ? t("dup_over") : t("dup_turn", { number: g.turn })));
    parts.push(h("p", { id: "print-top-total" }, t("dup_top_total", { points: g.top_total })));
    parts.push(
      standings(g),
      turns(g),
      decisionsBlock(view, (seat) => client.nameOf(seat)),
      seriesBlock(),
    );
  }
  sheet.replaceChildren(...parts.filter((part) => part !== null));
}

/**
 * @param {View} view
 * @param {Protocol.duplicate.Event} event
 * @param {boolean} shared
 */
function fold(view, event, shared) {
  return shared || foldDuplicate(view, event);
}

const client = new RoomClient(
  {
    fold,
    draw,
    welcomed(view) {
      if (view.settings.series && !series) loadSeries(view.settings.series);
    },
  },
  status,
);
