// @ts-check
// The lobby (`/salon`): the open tables from the page's data at once, then the socket's
// frames: the whole lobby on connecting (again after each reconnect), then each change.
import { DATA, durationText, h, namesEl, t } from "./common.js";
import { rowWords } from "./rows.js";

/** @typedef {Protocol.lobby.LobbyRow} Row */

/** A row's words in its kind's look (`WebKind.lobby_row`). */
const words = rowWords(/** @type {Record<string, import("./rows.js").Look>} */ (DATA.rows), t);

const body = /** @type {HTMLElement} */ (document.getElementById("tables"));
const empty = /** @type {HTMLElement} */ (document.getElementById("no-tables"));
const state = /** @type {HTMLElement} */ (document.getElementById("lobby-state"));
const live = /** @type {HTMLElement} */ (document.getElementById("live"));

const lobby = {
  tables: new Map(/** @type {Row[]} */ (DATA.tables).map((row) => [row.room, row])),
  order: /** @type {Row[]} */ (DATA.tables).map((row) => row.room),
};

/** @param {Row} row */
function clockOf(row) {
  return row.clock === null ? t("clock.none") : words.clock(row, durationText(row.clock));
}

/**
 * @param {string} label
 * @param {import("./common.js").Child[]} children
 */
function cell(label, ...children) {
  return h("td", { "data-label": label }, ...children);
}

/** @param {Row} row */
function rowOf(row) {
  const players = [...row.players, ...row.bots.map((level) => words.bot(row, level))];
  const rating = row.rating ? t("rating_range", { low: row.rating[0], high: row.rating[1] }) : t("no_rating");
  const link = h(
    "a",
    { href: `/r/${row.room}`, class: "button primary join" },
    t("join"),
    h("span", { class: "sr-only" }, ` — ${t("table_of", { names: row.players.join(", ") })}`),
  );
  return h(
    "tr",
    { "data-room": row.room },
    cell(
      t("col.game"),
      words.game(row),
      row.rated ? h("strong", { class: "rated-mark" }, ` · ${t("rated_table")}`) : null,
    ),
    cell(t("col.dictionary"), t(`dictionary.${row.dictionary}`)),
    cell(t("col.clock"), clockOf(row), row.live ? null : h("span", { class: "hint" }, ` · ${t("by_correspondence")}`)),
    cell(t("col.players"), namesEl(players), ` (${players.length})`),
    cell(t("col.free"), String(row.free)),
    cell(t("col.rating"), rating),
    h("td", { class: "join-cell" }, link),
  );
}

/** @type {number | null} */
let shownCount = null;

function draw() {
  const rows = /** @type {Row[]} */ (lobby.order.map((room) => lobby.tables.get(room)).filter(Boolean));
  body.replaceChildren(...rows.map(rowOf));
  empty.hidden = rows.length > 0;
  if (shownCount !== rows.length) {
    shownCount = rows.length;
    live.textContent = t("open_count", { count: rows.length });
  }
}

/** @param {Protocol.lobby.Frame} frame */
function apply(frame) {
  if (frame.type === "lobby") {
    lobby.tables = new Map(frame.tables.map((row) => [row.room, row]));
    lobby.order = frame.tables.map((row) => row.room);
  } else if (frame.type === "lobby.changed") {
    for (const room of frame.gone) lobby.tables.delete(room);
    for (const row of frame.tables) lobby.tables.set(row.room, row);
    lobby.order = frame.order.filter((room) => lobby.tables.has(room));
  } else return;
  draw();
}

// --- the socket: reconnects by itself, a little later each time (at most every 15 s) ----

let delay = 500;
/** @type {ReturnType<typeof setInterval> | undefined} */
let pinger = undefined;

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/salon/ws`);
  socket.addEventListener("open", () => {
    delay = 500;
    state.textContent = t("lobby_live");
    document.body.dataset.lobby = "live";
    pinger = setInterval(() => socket.send(JSON.stringify({ type: "ping", c: Date.now() })), 20000);
  });
  socket.addEventListener("message", (event) => apply(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    clearInterval(pinger);
    document.body.dataset.lobby = "down";
    state.textContent = t("reconnecting");
    setTimeout(connect, delay);
    delay = Math.min(15000, delay * 2);
  });
}

draw();
connect();
