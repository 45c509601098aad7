// The home page: create a room, then go to it with the creator's seat token kept.
import { DATA, LANG, h, nameEl, namesEl, postJSON, t, tNodes } from "./common.js";

const form = document.getElementById("create");

/** Create the room or table, keep the creator's seat token in this browser, go to it. */
async function createAndGo(path, body, errorLine) {
  const { answer, error } = await postJSON(path, body);
  if (error) {
    errorLine.textContent = error;
    return;
  }
  localStorage.setItem(`motamot.seat.${answer.room}`, JSON.stringify(answer));
  location.assign(`/r/${answer.room}`);
}

function numberOf(name) {
  const value = Number.parseInt(form.elements[name].value, 10);
  return Number.isFinite(value) ? value : 0;
}

/** The computer players of the room whose grid a link plays again, those still ticked. */
function sameBots() {
  const levels = DATA.defaults.bots ?? [];
  return [...form.querySelectorAll("input[name=same_bot]:checked")].map((box) => levels[Number(box.value)]).filter(Boolean);
}

async function create(event) {
  event.preventDefault();
  const error = document.getElementById("create-error");
  error.textContent = "";
  const name = form.elements.name.value.trim();
  if (!name) {
    error.textContent = `${t("your_name")} : ${t("name_rule", { limit: form.elements.name.maxLength })}`;
    form.elements.name.focus();
    return;
  }
  const byTarget = form.elements.match.value === "target";
  const level = form.elements.bot_level.value;
  const body = {
    name,
    preset: form.elements.preset.value,
    dictionary: form.elements.dictionary.value || null,
    duration: numberOf("duration"),
    rounds: byTarget ? null : numberOf("count"),
    target: byTarget ? numberOf("count") : null,
    verify_at_end: form.elements.verify.value === "end",
    invalid_penalty: numberOf("penalty"),
    bots: [...sameBots(), ...Array.from({ length: numberOf("bot_count") }, () => level)].slice(0, 10),
    rated: form.elements.rated.checked,
    public: form.elements.public.checked,
  };
  if (DATA.defaults.seed !== undefined) body.seed = DATA.defaults.seed;
  if (DATA.defaults.origin !== undefined) body.origin = DATA.defaults.origin;
  await createAndGo("/api/rooms", body, error);
}

if (form) {
  form.addEventListener("submit", create);
  // each preset has its own round duration (Big Boggle's is longer): the form starts from it
  form.elements.preset.addEventListener("change", () => {
    const chosen = form.elements.preset.selectedOptions[0];
    if (chosen?.dataset.duration) form.elements.duration.value = chosen.dataset.duration;
  });
}

// --- Topword tables: create one; list this browser's tables and whose turn it is ----------

const tableForm = document.getElementById("create-table");

async function createTable(event) {
  event.preventDefault();
  const error = document.getElementById("table-error");
  error.textContent = "";
  const name = tableForm.elements.name.value.trim();
  if (!name) {
    error.textContent = `${t("your_name")} : ${t("name_rule", { limit: tableForm.elements.name.maxLength })}`;
    tableForm.elements.name.focus();
    return;
  }
  const seats = ["seat1", "seat2", "seat3"].map((key) => tableForm.elements[key].value).filter(Boolean);
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
  await createAndGo("/api/tables", body, error);
}

/** The seats this browser holds (their tokens stay here; only room ids are sent). */
function mySeats() {
  const seats = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith("motamot.seat.")) continue;
    try {
      const saved = JSON.parse(localStorage.getItem(key));
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
    const created = new Date(table.created * 1000).toLocaleDateString(LANG, { day: "numeric", month: "long", year: "numeric" });
    let where;
    if (table.finished) where = t("game_over_short");
    else if (!table.started) where = t("waiting_start");
    else if (table.current === saved.seat) where = t("your_turn");
    else where = tNodes("turn_of", { name: nameEl(table.names[table.current] ?? "?") });
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

if (tableForm) {
  tableForm.addEventListener("submit", createTable);
  listTables();
}

// --- duplicate: create a game (or play a finished game's draws again, from its link) ------

const duplicateForm = document.getElementById("create-duplicate");

async function createDuplicate(event) {
  event.preventDefault();
  const fields = duplicateForm.elements;
  const error = document.getElementById("duplicate-error");
  error.textContent = "";
  const name = fields.name.value.trim();
  if (!name) {
    error.textContent = `${t("your_name")} : ${t("name_rule", { limit: fields.name.maxLength })}`;
    fields.name.focus();
    return;
  }
  const clock = Number.parseInt(fields.turn_seconds.value, 10);
  const live = fields.pace.value === "live";
  if (live && !Number.isFinite(clock)) {
    error.textContent = `${t("dup_turn_seconds")} : ${fields.turn_seconds.min}–${fields.turn_seconds.max}`;
    fields.turn_seconds.focus();
    return;
  }
  const body = {
    name,
    ruleset: fields.ruleset.value,
    dictionary: fields.dictionary.value || null,
    turn_seconds: live ? clock : null,
  };
  if (fields.seed) Object.assign(body, { seed: fields.seed.value, origin: fields.origin.value });
  await createAndGo("/api/duplicate", body, error);
}

if (duplicateForm) duplicateForm.addEventListener("submit", createDuplicate);
