// A Topword table: lobby, board, rack and turns, drawn from the seat's view, which the
// shared client folds the events into (this page folds the game's). The server decides
// what each seat sees: the page never holds anybody else's rack.
import { RoomClient, announce } from "../client.js";
import { DATA, copyButton, h, labelled, replaceKeepingFocus, t } from "../common.js";
import { SIZE, arrowStep, cellOf, drawBoard } from "./board.js";
import { refusalText, scoreList } from "./score.js";

const root = document.getElementById("table");

// This player's arrangement of the rack, kept in this browser (a reload keeps it).
const RACK_KEY = `motamot.rack.${DATA.room}`;

const state = {
  order: JSON.parse(localStorage.getItem(RACK_KEY) ?? "[]"), // the rack as arranged (labels)
  focusCell: 44, // the board's one tab stop (5E until a cell is chosen)
  draft: new Map(), // cell → {tile, index in order}
  cursor: null, // {cell, across}
  exchanging: false,
  verdict: null, // the last preview (for the current draft)
  previewId: 0,
  hints: null, // the moves a hint suggested, for the turn they were asked on
};

const status = h("p", { class: "status", role: "status" });
const head = h("section", { class: "table-head" });
const boardBox = h("section", { class: "board", "aria-label": t("board") });
const side = h("section", { class: "side" });
// Typed letters land here (kept out of the redrawn board so it keeps the focus and a
// phone keeps its keyboard open).
const typeHere = h("input", { id: "type-here", class: "sr-only", "aria-label": t("board_hint"), autocomplete: "off", autocapitalize: "characters" });
root.replaceChildren(status, head, boardBox, side, typeHere);
root.removeAttribute("aria-busy");

function nameOf(seat) {
  return client.nameOf(seat);
}

// --- the draft: tiles put on the board but not played yet --------------------------------

function game() {
  return client.view?.game ?? null;
}

function myTurn() {
  const g = game();
  return g !== null && !g.finished && client.me !== null && g.current === client.me;
}

function usedIndexes() {
  return new Set([...state.draft.values()].map((d) => d.index));
}

function placeTile(cell, index) {
  const g = game();
  if (!g || g.finished || client.me === null) return;
  if (usedIndexes().has(index)) return;
  if (g.board.heights[cell] >= 5) return;
  const previous = state.draft.get(cell);
  state.draft.set(cell, { tile: state.order[index], index });
  if (previous) announce(t("take_back"));
  changed();
}

function takeBack(cell) {
  state.draft.delete(cell);
  changed();
}

function clearDraft() {
  state.draft.clear();
  state.cursor = null;
  state.verdict = null;
}

function placements() {
  return [...state.draft.entries()].sort((a, b) => a[0] - b[0]).map(([cell, d]) => [cell, d.tile]);
}

let previewTimer = null;
function changed() {
  state.verdict = null;
  client.unsay(); // a refusal of the draft before is stale
  draw();
  schedulePreview();
}

function schedulePreview() {
  clearTimeout(previewTimer);
  previewTimer = setTimeout(askPreview, 120);
}

function moveFields() {
  const notation = document.getElementById("notation")?.value.trim() ?? "";
  if (notation) return { move: notation };
  if (!state.draft.size) return null;
  const fields = { placements: placements() };
  if (state.draft.size === 1 && state.cursor) fields.across = state.cursor.across;
  return fields;
}

function askPreview() {
  const fields = moveFields();
  if (!fields || client.me === null || !game() || game().finished) return;
  state.previewId = client.ask("preview", fields);
}

function play() {
  const fields = moveFields();
  if (!fields) return;
  client.act("play", fields, { play: true });
}

// --- input: a tap on a cell, typed letters, tiles dragged from the rack --------------------

function onCell(cell, event) {
  state.focusCell = cell;
  if (state.draft.has(cell)) {
    takeBack(cell);
    return;
  }
  if (state.cursor && state.cursor.cell === cell) state.cursor = { cell, across: !state.cursor.across };
  else state.cursor = { cell, across: state.cursor?.across ?? true };
  draw();
  // a tap or a click: typed letters go to the hidden field (a phone keeps its keyboard);
  // Enter or Space on the cell: the focus stays on the board, for the arrow keys
  if (event?.detail) typeHere.focus({ preventScroll: true });
}

/** The board is one tab stop: the arrow keys move between its cells, a letter typed on a
 * cell puts a tile there (the cursor comes to the cell first). */
boardBox.addEventListener("keydown", (event) => {
  const cell = event.target.dataset?.cell;
  if (cell === undefined) return;
  const from = Number(cell);
  const to = arrowStep(from, event.key);
  if (to !== null) {
    state.focusCell = to;
    for (const el of boardBox.querySelectorAll("[data-cell]")) el.tabIndex = Number(el.dataset.cell) === to ? 0 : -1;
    boardBox.querySelector(`[data-cell="${to}"]`)?.focus();
    event.preventDefault();
    event.stopPropagation();
  } else if (/^[a-zA-Z]$/.test(event.key) && state.cursor?.cell !== from) {
    state.cursor = { cell: from, across: state.cursor?.across ?? true };
  }
});

function step(cell, across) {
  const row = Math.floor(cell / SIZE);
  const col = cell % SIZE;
  if (across) return col + 1 < SIZE ? cell + 1 : null;
  return row + 1 < SIZE ? cell + SIZE : null;
}

/** A typed letter: put the rack's tile on the cursor's cell (a letter the cell already
 * shows is kept, as the notation does), then move the cursor on. */
function typeLetter(letter) {
  const g = game();
  if (!g || !state.cursor) return;
  const { cell, across } = state.cursor;
  const label = letter === "Q" ? "Qu" : letter;
  if (!state.draft.has(cell) && g.board.tops[cell] === label) {
    state.cursor = { cell: step(cell, across) ?? cell, across };
    draw();
    return;
  }
  const used = usedIndexes();
  const index = state.order.findIndex((tile, i) => tile === label && !used.has(i));
  if (index < 0) {
    client.say(refusalText("not_on_rack", { detail: label }));
    return;
  }
  state.draft.set(cell, { tile: label, index });
  state.cursor = { cell: step(cell, across) ?? cell, across };
  state.focusCell = state.cursor.cell;
  changed();
}

function onKey(event) {
  if (event.target.tagName === "INPUT" && event.target !== typeHere) return;
  if (!state.cursor) return;
  const key = event.key;
  if (key === "Backspace") {
    const last = [...state.draft.keys()].at(-1);
    if (last !== undefined) {
      state.draft.delete(last);
      state.cursor = { cell: last, across: state.cursor.across };
      changed();
    }
    event.preventDefault();
  } else if (key === "Enter") {
    play();
    event.preventDefault();
  } else if (key === "Escape") {
    clearDraft();
    draw();
  } else if (/^[a-zA-Z]$/.test(key)) {
    typeLetter(key.toUpperCase());
    event.preventDefault();
  }
}
document.addEventListener("keydown", onKey);
// A phone's keyboard may send no key codes, only the text: read it from the input.
typeHere.addEventListener("input", () => {
  for (const char of typeHere.value.toUpperCase()) if (/^[A-Z]$/.test(char)) typeLetter(char);
  typeHere.value = "";
});

/** Drag a rack tile (mouse, pen or finger) to a cell, or along the rack to reorder it. */
function startDrag(event, index) {
  if (event.button !== undefined && event.button !== 0) return;
  const tileEl = event.currentTarget;
  // the board typed on may be scrolled away (a phone's keyboard): bring it back first
  if (boardBox.getBoundingClientRect().top < 0) boardBox.scrollIntoView({ block: "start" });
  const ghost = h("div", { class: "tile ghost", "aria-hidden": "true" }, state.order[index]);
  const startX = event.clientX;
  const startY = event.clientY;
  let moved = false;
  tileEl.setPointerCapture(event.pointerId);
  const move = (e) => {
    if (!moved && Math.hypot(e.clientX - startX, e.clientY - startY) < 6) return;
    if (!moved) document.body.append(ghost);
    moved = true;
    ghost.style.left = `${e.clientX}px`;
    ghost.style.top = `${e.clientY}px`;
  };
  const end = (e) => {
    tileEl.removeEventListener("pointermove", move);
    tileEl.removeEventListener("pointerup", end);
    tileEl.removeEventListener("pointercancel", end);
    ghost.remove();
    if (!moved) {
      tapTile(index);
      return;
    }
    const target = document.elementFromPoint(e.clientX, e.clientY);
    const cellEl = target?.closest("[data-cell]");
    const rackEl = target?.closest("[data-index]");
    if (cellEl) placeTile(Number(cellEl.dataset.cell), index);
    else if (rackEl) reorder(index, Number(rackEl.dataset.index));
  };
  tileEl.addEventListener("pointermove", move);
  tileEl.addEventListener("pointerup", end);
  tileEl.addEventListener("pointercancel", end);
  event.preventDefault();
}

function reorder(from, to) {
  if (from === to) return;
  const byIndex = new Map([...state.draft.entries()].map(([cell, d]) => [d.index, cell]));
  const indexes = state.order.map((_, i) => i);
  const [taken] = indexes.splice(from, 1);
  indexes.splice(to, 0, taken);
  state.order = indexes.map((i) => state.order[i]);
  for (const [newIndex, oldIndex] of indexes.entries()) {
    const cell = byIndex.get(oldIndex);
    if (cell !== undefined) state.draft.get(cell).index = newIndex;
  }
  keepOrder();
  draw();
}

function keepOrder() {
  localStorage.setItem(RACK_KEY, JSON.stringify(state.order));
}

function tapTile(index) {
  if (state.exchanging) {
    state.exchanging = false;
    client.act("exchange", { tile: state.order[index] });
    return;
  }
  if (state.cursor) {
    const cell = state.cursor.cell;
    placeTile(cell, index);
    state.cursor = { cell: step(cell, state.cursor.across) ?? cell, across: state.cursor.across };
    draw();
  }
}

function shuffle() {
  const indexes = state.order.map((_, i) => i);
  for (let i = indexes.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [indexes[i], indexes[j]] = [indexes[j], indexes[i]];
  }
  const moved = new Map(indexes.map((oldIndex, newIndex) => [oldIndex, newIndex]));
  state.order = indexes.map((i) => state.order[i]);
  for (const d of state.draft.values()) d.index = moved.get(d.index);
  keepOrder();
  draw();
}

/** Keep this player's arrangement of the rack when the server sends it again. */
function syncRack(rack) {
  const left = [...rack];
  const kept = [];
  for (const tile of state.order) {
    const i = left.indexOf(tile);
    if (i >= 0) {
      kept.push(tile);
      left.splice(i, 1);
    }
  }
  const same = kept.length === state.order.length && left.length === 0;
  state.order = [...kept, ...left];
  keepOrder();
  if (!same) clearDraft();
}

// --- drawing ----------------------------------------------------------------------------

function lastTurn() {
  const turns = game()?.turns ?? [];
  return turns.at(-1) ?? null;
}

function turnLine(turn) {
  const name = nameOf(turn.seat);
  if (turn.action === "play") return t("played_line", { name, move: turn.move, points: turn.points });
  if (turn.action === "exchange") return turn.tile ? t("exchanged_own", { name, tile: turn.tile }) : t("exchanged_line", { name });
  return t("passed_line", { name });
}

function clockText(g) {
  if (!g.turn_deadline) return null;
  const left = Math.max(0, Math.ceil(g.turn_deadline - client.serverNow()));
  return h("p", { class: `clock${left <= 10 ? " urgent" : ""}`, id: "clock" }, t("clock_left", { seconds: left }));
}

function drawHead() {
  const view = client.view;
  const g = game();
  const rows = (g?.order ?? view.seats.filter((s) => s.present).map((s) => s.seat)).map((seat) => {
    const toPlay = g && !g.finished && g.current === seat;
    const score = g ? (g.final_scores?.[seat] ?? g.scores[seat]) : "";
    const seatInfo = view.seats.find((s) => s.seat === seat);
    const online = Boolean(seatInfo?.bot) || (client.online && client.presence.has(seat));
    const known = Boolean(seatInfo?.bot) || client.online;
    const badges = [
      seatInfo?.bot ? t(`tw_level.${seatInfo.bot}`) : null,
      seat === client.me ? t("you") : null,
      online ? null : known ? t("away") : t("unknown_presence"),
      toPlay ? t("to_play") : null,
    ];
    return h(
      "li",
      { class: [toPlay ? "to-play" : "", online ? "online" : known ? "offline" : "unknown"].join(" ").trim(), "data-seat": seat },
      h("span", { class: "name" }, nameOf(seat)),
      h("span", { class: "badges" }, badges.filter(Boolean).join(" · ")),
      h("span", { class: "count" }, String(score)),
    );
  });
  // the page's main heading: the lobby's is beside it, the game's here, above the scores
  const parts = g ? [h("h1", { class: "table-name" }, t("table_title"))] : [];
  parts.push(h("ul", { class: "players", "aria-label": t("scores") }, rows));
  if (client.watching) parts.push(h("p", { class: "watching" }, t("watching")));
  if (g) {
    parts.push(h("p", { class: "pile" }, t("pile", { count: g.pile })));
    const clock = clockText(g);
    if (clock) parts.push(clock);
    if (g.start_draws?.length) {
      const draws = g.start_draws.map((draw) => draw.map(([seat, tile]) => `${nameOf(seat)} ${tile}`).join(", ")).join(" ; ");
      parts.push(h("p", { class: "hint starter" }, t("starter_drawn", { draws, name: nameOf(g.starter) })));
    }
  }
  head.replaceChildren(...parts);
}

/** The seats kept for friends at creation that nobody took yet. */
function seatsAwaited(view) {
  const people = view.seats.filter((s) => s.present && !s.bot).length;
  return Math.max(0, (view.settings.seats_kept ?? 0) + 1 - people);
}

/** The table's settings in one line: rules, word list, clock, hints. */
function settingsLine(settings) {
  const parts = [t(`ruleset.${settings.ruleset}`), labelled(t("dictionary"), settings.dictionary)];
  parts.push(settings.turn_seconds ? t("tw_clock", { seconds: settings.turn_seconds }) : t("tw_no_clock"));
  parts.push(settings.hints ? t("tw_hints_on") : t("tw_hints_off"));
  return h("p", { class: "settings", id: "settings" }, parts.join(" · "));
}

function drawLobby() {
  const view = client.view;
  const parts = [h("h1", {}, t("table_title")), settingsLine(view.settings)];
  const seated = view.seats.filter((s) => s.present).length;
  const awaited = seatsAwaited(view);
  if (awaited) {
    const waiting = Array.from({ length: awaited }, (_, i) => h("li", { class: "waiting" }, t("seat_waiting", { number: seated + i + 1 })));
    parts.push(h("ul", { class: "waiting-seats", id: "waiting-seats" }, waiting));
  }
  if (client.me === null && !client.watching) parts.push(joinForm());
  if (client.me !== null && view.host === client.me) {
    parts.push(h("button", { type: "button", class: "primary", id: "start", onclick: () => client.act("start") }, t("start_game")));
    if (awaited) parts.push(h("p", { class: "hint", id: "awaited" }, t("start_awaited", { count: awaited })));
  } else parts.push(h("p", { class: "hint" }, t("waiting_start")));
  parts.push(shareLinks());
  replaceKeepingFocus(side, ...parts);
  boardBox.replaceChildren();
}

function joinForm() {
  const input = h("input", { id: "join-name", required: true, maxlength: DATA.max_name, autocomplete: "nickname" });
  const error = h("p", { class: "error", role: "alert" });
  const form = h("form", { class: "row" }, h("label", { for: "join-name" }, t("your_name")), input, h("button", { type: "submit", class: "primary" }, t("join")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = (await client.join(input.value.trim(), { kind: "topword" })) ?? "";
  });
  return h("section", { class: "card" }, h("h2", {}, t("join_title")), form, error);
}

function shareLinks() {
  const invite = `${location.origin}/r/${DATA.room}`;
  const watchLink = `${location.origin}/r/${DATA.watch_id}/watch`; // the id alone: watch only
  return h(
    "section",
    { class: "card share" },
    client.watching ? null : h("h2", {}, t("invite_link")),
    client.watching ? null : h("p", { class: "link" }, h("a", { href: invite }, invite), " ", copyButton(invite)),
    h("h2", {}, t("watch_link")),
    h("p", { class: "link" }, h("a", { href: watchLink }, watchLink), " ", copyButton(watchLink)),
  );
}

function drawBoardBox() {
  const g = game();
  const last = lastTurn();
  const lit = new Set((last?.score?.placed ?? []).map((name) => cellOf(name)));
  const draft = new Map([...state.draft.entries()].map(([cell, d]) => [cell, d.tile]));
  const grid = h("div", { class: "board-box" });
  const seated = client.me !== null && !g.finished;
  const focused = document.activeElement?.dataset?.cell !== undefined && boardBox.contains(document.activeElement);
  drawBoard(grid, { board: g.board, lit, draft, cursor: state.cursor, onCell: seated ? onCell : null, focusCell: state.focusCell });
  const parts = [grid, h("p", { class: "board-legend" }, t("board_legend"))];
  if (seated) parts.push(drawRack(g));
  boardBox.replaceChildren(...parts);
  if (focused) grid.querySelector(`[data-cell="${state.focusCell}"]`)?.focus({ preventScroll: true });
}

function drawRack() {
  const used = usedIndexes();
  const tiles = state.order.map((tile, index) => {
    const el = h("div", { class: `tile${used.has(index) ? " used" : ""}${state.exchanging ? " picking" : ""}`, "data-index": index, role: "button", tabindex: 0, "aria-label": tile }, tile);
    if (!used.has(index)) el.addEventListener("pointerdown", (event) => startDrag(event, index));
    return el;
  });
  return h("div", { class: "rack-box" }, h("h2", {}, t("rack")), h("div", { class: "rack", id: "rack" }, tiles));
}

function drawPlay() {
  const g = game();
  const parts = [];
  const mine = myTurn();
  if (client.me !== null && !g.finished) {
    const whose = mine ? t("your_turn") : t("turn_of", { name: nameOf(g.current) });
    parts.push(h("p", { class: `whose${mine ? " mine" : ""}`, id: "whose" }, whose));
    parts.push(h("p", { class: "hint" }, t("board_hint")));
    const notation = h("input", { id: "notation", autocomplete: "off", autocapitalize: "characters", spellcheck: "false", placeholder: "5E MAIN" });
    notation.addEventListener("input", () => {
      // no redraw: the field keeps the focus while the move is typed
      state.verdict = null;
      document.getElementById("preview")?.replaceWith(previewLine());
      schedulePreview();
    });
    notation.addEventListener("keydown", (event) => {
      if (event.key === "Enter") play();
    });
    const old = document.getElementById("notation");
    if (old) {
      notation.value = old.value;
      if (document.activeElement === old) queueMicrotask(() => notation.focus());
    }
    parts.push(h("p", { class: "field" }, h("label", { for: "notation" }, t("notation")), notation));
    parts.push(previewLine());
    parts.push(
      h(
        "div",
        { class: "row actions" },
        h("button", { type: "button", class: "primary", id: "play", disabled: !mine, onclick: play }, t("play")),
        h("button", { type: "button", id: "take-back", onclick: () => { clearDraft(); draw(); } }, t("take_back")),
        h("button", { type: "button", id: "shuffle", onclick: shuffle }, t("shuffle")),
        h("button", { type: "button", id: "pass", disabled: !mine, onclick: () => client.act("pass") }, t("pass")),
        h("button", { type: "button", id: "exchange", disabled: !mine || g.pile === 0, "aria-pressed": state.exchanging ? "true" : "false", onclick: () => { state.exchanging = !state.exchanging; draw(); } }, t("exchange")),
      ),
    );
    if (state.exchanging) parts.push(h("p", { class: "hint" }, t("exchange_pick")));
    if (mine && client.view.settings.hints) {
      parts.push(h("button", { type: "button", id: "ask-hint", onclick: () => client.ask("hint") }, t("hint")));
      if (state.hints?.turn === g.turn) parts.push(hintList(state.hints.moves));
    }
  }
  return parts;
}

function hintList(moves) {
  return h(
    "ul",
    { class: "hints", id: "hints" },
    moves.map((move) =>
      h("li", {}, h("button", { type: "button", class: "small", onclick: () => useHint(move.move) }, t("preview_legal", { move: move.move, points: move.points }))),
    ),
  );
}

function useHint(move) {
  clearDraft();
  draw();
  const notation = document.getElementById("notation");
  notation.value = move;
  changed();
}

function previewLine() {
  const verdict = state.verdict;
  if (!verdict) return h("div", { id: "preview", class: "verdict" });
  if (!verdict.legal) return h("div", { id: "preview", class: "verdict bad" }, verdict.text ?? refusalText(verdict.reason, verdict));
  return h("div", { id: "preview", class: "verdict ok" }, t("preview_legal", { move: verdict.move, points: verdict.points }), scoreList(verdict));
}

function drawSide() {
  const g = game();
  const parts = drawPlay();
  if (g.finished) parts.push(finalBlock(g));
  const last = lastTurn();
  if (last) {
    const block = [h("h2", {}, t("last_move")), h("p", { class: "last" }, turnLine(last))];
    if (last.score) block.push(scoreList(last.score, client.view.settings.dictionary));
    parts.push(h("section", { class: "card last-move", id: "last-move" }, block));
  }
  if (g.turns.length) {
    parts.push(h("section", { class: "card" }, h("h2", {}, t("turns")), h("ol", { class: "turns" }, g.turns.map((turn) => h("li", {}, turnLine(turn))))));
  }
  if (client.me === null || g.finished) parts.push(shareLinks());
  replaceKeepingFocus(side, ...parts);
}

function finalBlock(g) {
  const winners = g.winners.map(nameOf).join(", ");
  return h(
    "section",
    { class: "card final", id: "final" },
    h("h2", {}, t("final")),
    h("p", { class: "winner" }, t("winner", { names: winners })),
    h("ul", {}, g.order.map((seat) => h("li", {}, t("final_line", { name: nameOf(seat), score: g.final_scores[seat], penalty: g.penalties[seat] })))),
    h(
      "p",
      { class: "row" },
      h("a", { href: `/r/${DATA.room}/record`, download: "" }, t("download")),
      h("a", { href: `/r/${DATA.room}/replay` }, t("replay")),
      h("a", { href: `/r/${DATA.room}/analysis` }, t("analysis")),
    ),
  );
}

function draw() {
  if (!client.view) return;
  drawHead();
  if (!game()) {
    drawLobby();
    return;
  }
  drawBoardBox();
  drawSide();
}

setInterval(() => {
  const g = game();
  if (!g?.turn_deadline) return;
  const clock = document.getElementById("clock");
  const fresh = clockText(g);
  if (clock && fresh) clock.replaceWith(fresh);
}, 1000);

// --- events ---------------------------------------------------------------------------

const TURNS = { "topword.played": "play", "topword.exchanged": "exchange", "topword.passed": "pass" };

/** This kind's part of the fold (the shared events are folded already): the game. */
function fold(view, event) {
  const g = view.game;
  switch (event.type) {
    case "topword.game_started": {
      const { type, seq, at, seed, rack, ...started } = event; // the order, the board, the pile...
      view.game = { ...started, turn: 1, scores: Object.fromEntries(event.order.map((seat) => [seat, 0])), turns: [], finished: false };
      if (rack) {
        view.game.rack = rack;
        syncRack(rack);
      }
      return true;
    }
    case "topword.played":
    case "topword.exchanged":
    case "topword.passed": {
      const turn = { seat: event.seat, action: TURNS[event.type], points: event.points ?? 0, total: event.total };
      for (const key of ["move", "score", "tile"]) if (event[key] !== undefined) turn[key] = event[key];
      g.turns.push(turn);
      g.turn = g.turns.length + 1;
      g.scores[event.seat] = event.total;
      Object.assign(g, { current: event.current, turn_deadline: event.turn_deadline, pile: event.pile, rack_sizes: event.rack_sizes });
      for (const { cell, tile, height } of event.tiles ?? []) {
        g.board.tops[cell] = tile;
        g.board.heights[cell] = height;
      }
      if (event.rack) {
        g.rack = event.rack;
        syncRack(event.rack);
      }
      announce(turnLine(turn));
      return true;
    }
    case "topword.game_ended": {
      const { reason, winners, final_scores, penalties, seed, racks, turns } = event;
      Object.assign(g, { current: null, turn_deadline: null, finished: true, end_reason: reason });
      Object.assign(g, { winners, final_scores, penalties, seed, racks, turns });
      return true;
    }
    default:
      return false;
  }
}

const client = new RoomClient(
  {
    fold,
    draw,
    welcomed(view) {
      if (view.game?.rack) syncRack(view.game.rack);
    },
    presence: drawHead,
    answered(message, note) {
      client.unsay();
      if (!note?.play) return;
      const notation = document.getElementById("notation");
      if (notation) notation.value = "";
      clearDraft();
    },
    frame(message) {
      if (message.type === "hint") {
        state.hints = { turn: game()?.turn, moves: message.moves };
        draw();
      } else if (message.type === "preview" && message.id === state.previewId) {
        state.verdict = message.verdict;
        if (message.verdict.legal) client.unsay(); // the refusal before is stale
        const box = document.getElementById("preview");
        if (box) box.replaceWith(previewLine());
      }
    },
  },
  status,
);
