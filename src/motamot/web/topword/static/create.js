// @ts-check
// The home page's Topword form: create a table, then go to it; and this browser's tables
// listed with whose turn it is (the home page's « Vos tables »).
import { LANG, h, namesEl, t } from "../common.js";
import { createAndGo, typedName } from "../home.js";
import { turnOf } from "./score.js";

/** @typedef {import("../home.js").Form} Form */

const tableForm = /** @type {Form} */ (document.getElementById("create-table"));

/** @param {SubmitEvent} event */
async function createTable(event) {
  event.preventDefault();
  const error = /** @type {HTMLElement} */ (document.getElementById("table-error"));
  error.textContent = "";
  const name = typedName(tableForm, error);
  if (!name) return;
  const seats = chosenSeats();
  const live = tableForm.elements.pace.value === "live";
  const clock = Number.parseInt(tableForm.elements.turn_seconds.value, 10);
  const days = Number.parseInt(tableForm.elements.turn_days.value, 10);
  const body = {
    name,
    ruleset: tableForm.elements.ruleset.value,
    dictionary: tableForm.elements.dictionary.value || null,
    seats: seats.length ? seats : ["person"],
    turn_seconds: live ? (Number.isFinite(clock) ? clock : null) : Number.isFinite(days) ? days * 86400 : null,
    hints: tableForm.elements.hints.checked,
    rated: tableForm.elements.rated.checked,
    public: tableForm.elements.public.checked,
  };
  await createAndGo("/api/topword", body, error);
}

/** The seats this browser holds (their tokens stay here; only room ids are sent). */
function mySeats() {
  const seats = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith("motamot.seat.")) continue;
    try {
      const saved = JSON.parse(/** @type {string} */ (localStorage.getItem(key)));
      if (saved?.room && saved.seat) seats.push(saved);
    } catch {
      // not ours
    }
  }
  return seats;
}

async function listTables() {
  const list = document.getElementById("table-list");
  if (!list) return;
  const seats = mySeats();
  if (!seats.length) return;
  const rooms = seats.map((s) => s.room).slice(0, 50);
  const response = await fetch(`/api/tables/status?rooms=${encodeURIComponent(rooms.join(","))}`);
  if (!response.ok) return;
  const { tables } = await response.json();
  const items = [];
  for (const saved of seats) {
    const table = tables[saved.room];
    if (!table) continue;
    const players = Object.entries(table.names).map(([seat, name]) => (seat === saved.seat ? t("you") : name));
    const created = new Date(table.created * 1000).toLocaleDateString(LANG, {
      day: "numeric",
      month: "long",
      year: "numeric",
    });
    let where;
    if (table.finished) where = t("game_over_short");
    else if (!table.started) where = t("waiting_start");
    else if (table.current === saved.seat) where = t("your_turn");
    else where = turnOf(table.names[table.current] ?? "?");
    const mine = table.started && !table.finished && table.current === saved.seat;
    items.push(
      h(
        "li",
        { class: mine ? "your-turn" : "", "data-room": saved.room },
        h("a", { href: `/r/${saved.room}` }, namesEl(players)),
        " — ",
        where,
        " · ",
        h("span", { class: "date" }, t("created_on", { date: created })),
      ),
    );
  }
  if (items.length) list.replaceChildren(...items);
}

/** T23: the table's seats, the creator's and each place not left at « aucune » (2 at least). */
function chosenSeats() {
  return ["seat1", "seat2", "seat3"].map((key) => tableForm.elements[key].value).filter(Boolean);
}

function showSeatCount() {
  const line = document.getElementById("tw-seat-count");
  if (line) line.textContent = t("tw_seat_count", { count: Math.max(2, 1 + chosenSeats().length) });
}

if (tableForm) {
  tableForm.addEventListener("submit", createTable);
  tableForm.addEventListener("change", showSeatCount);
  showSeatCount();
  listTables();
}
