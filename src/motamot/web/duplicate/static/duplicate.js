// A duplicate Topword game (D1-D6): the board and the rack everybody plays, one move per
// player and turn (shown to nobody else until the turn ends), the top laid for all, the
// standings and the sheet, drawn from the seat's view, which the shared client folds the
// events into. This page folds the game's own: tests/duplicate/test_duplicate_fold.py is
// the reference it follows, step for step.
import { ChatPanel } from "../chat.js";
import { RoomClient, announce } from "../client.js";
import { DATA, copyButton, h, labelled, nameEl, namesEl, replaceKeepingFocus, t, tNodes } from "../common.js";
import { COLUMNS, SIZE, drawBoard } from "../topword/board.js";
import { Composer } from "../topword/composer.js";
import { refusalText } from "../topword/score.js";
import { play as sound, soundSwitch } from "../sounds.js";

const root = document.getElementById("duplicate");
// The standings shown before « Tout le classement » (a club of 500 reads its top first).
const STANDINGS_SHOWN = 10;
// Names said in « Trouvé par » before « et N autres ».
const FOUND_SHOWN = 5;

const state = {
  full: true, // something besides a rival's submission changed: the whole page is drawn
  ticked: Infinity, // the last second a tick sounded for (the last ten of a turn)
};

const status = h("p", { class: "status", role: "status" });
const head = h("section", { class: "dup-head" });
const boardBox = h("section", { class: "board", "aria-label": t("board") });
const side = h("section", { class: "side" });
// The sheet: under the board on a wide screen, after everything else on a phone.
const sheetBox = h("div", { class: "sheet-box" });
const typeHere = h("input", { id: "type-here", class: "sr-only", "aria-label": t("board_hint"), autocomplete: "off", autocapitalize: "characters" });
// C4: a turn follows another from the game's start to its end: set phrases only meanwhile
// (free text could give the top away)
const chat = new ChatPanel({ freeText: () => !game() || game().finished, closedNote: "chat_in_turn" });
root.replaceChildren(h("div", { class: "room-bar" }, status, soundSwitch()), head, h("div", { class: "dup-main" }, boardBox, sheetBox), h("div", { class: "dup-side" }, side, chat.el), typeHere);
root.removeAttribute("aria-busy");

function game() {
  return client.view?.game ?? null;
}

function nameOf(seat) {
  return client.nameOf(seat);
}

function playing() {
  const g = game();
  return g !== null && !g.finished && client.me !== null;
}

function submit() {
  const fields = composer.moveFields();
  if (!fields || !playing()) return;
  client.act("play", fields, { submit: true });
}

const composer = new Composer({
  client: { ask: (...args) => client.ask(...args), say: (text) => client.say(text), unsay: () => client.unsay() },
  boardBox,
  typeHere,
  storageKey: `motamot.rack.${DATA.room}`,
  board: () => game().board,
  active: playing,
  redraw: () => {
    state.full = true;
    draw();
  },
  submit,
});

// --- the fold (the reference: tests/duplicate/test_duplicate_fold.py) -------------------

/** D6 in whole numbers, as the server computes it: the tenth, halves up. */
function percent(total, topTotal) {
  return topTotal <= 0 ? 100 : Math.floor((2000 * total + topTotal) / (2 * topTotal)) / 10;
}

/** D6: every person seated, best total first (then by seat), ties sharing a rank. */
function standings(view, totals, topTotal) {
  const people = view.seats.filter((s) => !s.bot).map((s) => s.seat);
  const ordered = people.map((seat) => [totals[seat] ?? 0, seat]).sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  const out = [];
  ordered.forEach(([total, seat], position) => {
    const last = out.at(-1);
    const rank = last && last.total === total ? last.rank : position + 1;
    out.push({ seat, total, gap: total - topTotal, percent: percent(total, topTotal), rank });
  });
  return out;
}

/** A turn of the sheet: its rack (the one played), the top, who found it, my move. */
function sheetLine(g, event, me) {
  const line = { number: event.number, rack: [...g.rack], top: event.top, top_points: event.top_points, found_by: event.found_by };
  if (me !== null) {
    if (event.moves[me] !== undefined) line.move = event.moves[me];
    const score = event.scores.find((s) => s.seat === me);
    line.points = score ? score.points : 0;
    line.reason = score ? score.reason : "no_move";
    if (score?.detail) line.detail = score.detail;
  }
  return line;
}

function fold(view, event) {
  const g = view.game;
  switch (event.type) {
    case "duplicate.started":
      view.game = {
        turn: 0,
        rack: [],
        board: { position: "", tops: Array(SIZE * SIZE).fill(""), heights: Array(SIZE * SIZE).fill(0) },
        deadline: null,
        pile: 0,
        submitted: [],
        my_move: null,
        top_total: 0,
        finished: false,
        standings: standings(view, {}, 0),
        sheet: [],
      };
      break;
    case "duplicate.turn_started":
      Object.assign(g, { turn: event.number, rack: event.rack, deadline: event.deadline, pile: event.pile, submitted: [], my_move: null });
      if (client.me !== null) composer.syncRack(event.rack);
      state.ticked = Infinity;
      announce(t("dup_turn", { number: event.number }));
      sound("start");
      break;
    case "duplicate.submitted": {
      g.submitted = [...new Set([...g.submitted, event.seat])].sort();
      if (event.seat === view.you && event.move !== undefined) {
        const replaced = g.my_move !== null;
        g.my_move = event.move;
        announce(t(replaced ? "dup_replaced" : "dup_sent", { move: event.move }));
        break;
      }
      return true; // a rival's: only the count changes (and nobody sees their move)
    }
    case "duplicate.turn_ended": {
      g.sheet.push(sheetLine(g, event, view.you));
      Object.assign(g, { board: event.board, rack: event.rack, pile: event.pile, top_total: event.top_total, deadline: null, submitted: [], my_move: null });
      g.standings = standings(view, event.totals, event.top_total);
      composer.reset();
      announce(event.top ? t("dup_top_line", { move: event.top, points: event.top_points }) : t("dup_no_top"));
      sound(event.top ? "move" : "end");
      break;
    }
    case "duplicate.ended":
      Object.assign(g, { finished: true, deadline: null, end_reason: event.reason, seed: event.seed });
      announce(t("dup_over"));
      sound("end");
      break;
    case "room.chat_said":
    case "room.chat_switched":
      return true; // the shared client folded it: only the chat panel changes
    default:
      state.full = true;
      return false;
  }
  state.full = true;
  return true;
}

// --- drawing: the parts ---------------------------------------------------------------

/** "−37" (a gap to the tops' total), "0" when level with it. */
function gapText(gap) {
  return gap < 0 ? `−${-gap}` : String(gap);
}

function clockTime(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function clockLine(g) {
  if (g.deadline === null) return null; // self-paced: the settings line says the host moves on
  const left = g.deadline - client.serverNow();
  return h("p", { class: `clock${left <= 10 ? " urgent" : ""}`, id: "clock", role: "timer" }, t("dup_time_left", { time: clockTime(left) }));
}

/** The cells of the last top (its word's cells: the notation fixes them). */
function topCells(g) {
  const top = g.sheet.at(-1)?.top;
  const match = top ? /^(?:(\d{1,2})([A-J])|([A-J])(\d{1,2})) (\S+)$/.exec(top) : null;
  if (!match) return new Set();
  const across = match[1] !== undefined;
  const row = Number(across ? match[1] : match[4]) - 1;
  const col = COLUMNS.indexOf(across ? match[2] : match[3]);
  const length = match[5].replace(/QU/g, "Q").length;
  return new Set(Array.from({ length }, (_, i) => row * SIZE + col + i * (across ? 1 : SIZE)));
}

function settingsLine(settings) {
  const parts = [t(`ruleset.${settings.ruleset}`), labelled(t("dictionary"), settings.dictionary)];
  parts.push(settings.turn_seconds ? t("dup_clock", { seconds: settings.turn_seconds }) : t("dup_self_paced"));
  return h("p", { class: "settings", id: "settings" }, parts.join(" · "));
}

function chosenDraw(settings) {
  if (!settings.chosen_draw) return null;
  const origin = settings.origin ? h("a", { href: `/r/${settings.origin}/watch` }, t("dup_original")) : null;
  return h("p", { class: "note", id: "chosen-draw" }, t("dup_chosen"), origin ? " " : null, origin);
}

function people(view) {
  return view.seats.filter((s) => s.present && !s.bot);
}

function playerList(view) {
  const items = people(view).map((s) => {
    const online = client.online && client.presence.has(s.seat);
    const badges = [s.seat === view.host ? t("host") : null, s.seat === client.me ? t("you") : null];
    badges.push(online ? t("connected") : client.online ? t("away") : t("unknown_presence"));
    return h(
      "li",
      { class: online ? "online" : client.online ? "offline" : "unknown", "data-seat": s.seat },
      h("span", { class: "name" }, nameEl(s.name)),
      h("span", { class: "badges" }, badges.filter(Boolean).join(" · ")),
    );
  });
  return h("section", { class: "card" }, h("h2", {}, t("players")), h("ul", { class: "players", id: "players" }, items));
}

function joinForm() {
  const input = h("input", { id: "join-name", required: true, maxlength: DATA.max_name, autocomplete: "nickname" });
  const error = h("p", { class: "error", role: "alert" });
  const form = h("form", { class: "row" }, h("label", { for: "join-name" }, t("your_name")), input, h("button", { type: "submit", class: "primary" }, t("join")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = (await client.join(input.value.trim(), { kind: "duplicate" })) ?? "";
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

function drawLobby() {
  const view = client.view;
  head.replaceChildren(h("h1", {}, t("duplicate_title")), settingsLine(view.settings));
  const parts = [chosenDraw(view.settings), playerList(view)];
  if (client.me === null && !client.watching) parts.push(joinForm());
  if (client.watching) parts.push(h("p", { class: "watching" }, t("watching")));
  if (client.me !== null && view.host === client.me) {
    parts.push(h("button", { type: "button", class: "primary", id: "start", onclick: () => client.act("start") }, t("start_game")));
  } else parts.push(h("p", { class: "hint", id: "waiting" }, t("dup_waiting_host")));
  parts.push(shareLinks());
  replaceKeepingFocus(side, ...parts);
  boardBox.replaceChildren();
  sheetBox.replaceChildren();
}

function submittedLine(g) {
  return h("p", { class: "hint", id: "submitted-count" }, t("dup_submitted_count", { count: g.submitted.length, total: people(client.view).length }));
}

function drawHead(g) {
  const parts = [h("h1", {}, t("duplicate_title")), settingsLine(client.view.settings)];
  if (g.finished) parts.push(h("p", { class: "turn-line" }, t("dup_over")));
  else {
    parts.push(h("p", { class: "turn-line", id: "turn" }, t("dup_turn", { number: g.turn })), clockLine(g));
    parts.push(h("p", { class: "pile" }, t("pile", { count: g.pile })), submittedLine(g));
  }
  if (client.watching) parts.push(h("p", { class: "watching" }, t("watching")));
  head.replaceChildren(...parts.filter(Boolean)); // no clock when self-paced (not "null")
}

function drawBoardBox(g) {
  const grid = h("div", { class: "board-box" });
  const focused = document.activeElement?.dataset?.cell !== undefined && boardBox.contains(document.activeElement);
  drawBoard(grid, { board: g.board, lit: topCells(g), ...composer.boardOptions() });
  const parts = [grid, h("p", { class: "board-legend" }, t("board_legend"))];
  if (!g.finished) {
    const tiles = playing() ? composer.rackTiles() : g.rack.map((tile) => h("span", { class: "tile fixed" }, tile));
    parts.push(h("div", { class: "rack-box" }, h("h2", {}, t("dup_rack")), h("div", { class: "rack", id: "rack" }, tiles)));
  }
  boardBox.replaceChildren(...parts);
  if (focused) grid.querySelector(`[data-cell="${composer.focusCell}"]`)?.focus({ preventScroll: true });
}

/** What a player does this turn: compose, submit (again), and the host of a self-paced
 * game moves on. */
function playBlock(g) {
  const parts = [];
  if (playing()) {
    parts.push(h("p", { class: "hint" }, t("board_hint")), composer.notationField(), composer.previewLine());
    parts.push(
      h(
        "div",
        { class: "row actions" },
        h("button", { type: "button", class: "primary", id: "submit", onclick: submit }, t("dup_submit")),
        h("button", { type: "button", id: "take-back", onclick: () => { composer.clear(); state.full = true; draw(); } }, t("take_back")),
        h("button", { type: "button", id: "shuffle", onclick: () => composer.shuffle() }, t("shuffle")),
      ),
    );
    const mine = g.my_move !== null ? t("dup_my_move", { move: g.my_move }) : t("dup_no_move_yet");
    parts.push(h("p", { class: `my-move${g.my_move !== null ? " mine" : ""}`, id: "my-move" }, mine));
    parts.push(h("p", { class: "hint" }, t("dup_replaces")));
  }
  if (!g.finished && g.deadline === null && client.me !== null && client.me === client.view.host) {
    parts.push(h("p", { class: "row" }, h("button", { type: "button", id: "next-turn", onclick: () => client.act("next_turn") }, t("dup_next_turn"))));
  }
  return parts;
}

function foundText(seats) {
  if (!seats.length) return t("dup_found_by_nobody");
  const names = namesEl(seats.slice(0, FOUND_SHOWN).map(nameOf));
  const more = seats.length - FOUND_SHOWN;
  return tNodes("dup_found_by", { names: more > 0 ? tNodes("dup_found_more", { names, count: more }) : names });
}

/** My move in a turn of the sheet, in words: its points and gap, or why none. */
function yoursText(line) {
  if (line.move === undefined) return t("dup_yours_none");
  if (line.reason) return t("dup_yours_refused", { move: line.move, why: refusalText(line.reason, { detail: line.detail ?? "" }) });
  return t("dup_yours", { move: line.move, points: line.points, gap: gapText(line.points - line.top_points) });
}

function lastTurnBlock(g) {
  const line = g.sheet.at(-1);
  if (!line) return null;
  const parts = [h("h2", {}, t("dup_turn_result", { number: line.number }))];
  parts.push(h("p", { class: "last top-line" }, line.top ? t("dup_top_line", { move: line.top, points: line.top_points }) : t("dup_no_top")));
  if (line.top) parts.push(h("p", { class: "found" }, foundText(line.found_by)));
  if (client.me !== null) parts.push(h("p", { class: line.reason ? "yours bad" : "yours" }, yoursText(line)));
  return h("section", { class: "card last-move", id: "last-turn" }, parts);
}

function standingsTable(rows, label) {
  const labels = [t("col.rank"), t("col.player"), t("col.total"), t("col.gap"), t("col.share")];
  const body = rows.map((s) =>
    h(
      "tr",
      { class: s.seat === client.me ? "mine" : "", "data-seat": s.seat },
      [String(s.rank), nameEl(nameOf(s.seat)), String(s.total), gapText(s.gap), `${s.percent.toFixed(1)} %`].map((text) => h("td", {}, text)),
    ),
  );
  return h(
    "div",
    { class: "scroll", tabindex: 0, role: "region", "aria-label": label },
    h("table", { class: "standings" }, h("thead", {}, h("tr", {}, labels.map((text) => h("th", { scope: "col" }, text)))), h("tbody", {}, body)),
  );
}

function standingsBlock(g) {
  const all = g.standings;
  const shown = all.slice(0, STANDINGS_SHOWN);
  const mine = all.find((s) => s.seat === client.me);
  if (mine && !shown.includes(mine)) shown.push(mine);
  const parts = [h("h2", {}, t("dup_standings")), h("p", { id: "top-total" }, t("dup_top_total", { points: g.top_total })), standingsTable(shown, t("dup_standings"))];
  if (all.length > shown.length) {
    const label = t("dup_all_standings", { count: all.length });
    parts.push(h("details", { id: "all-standings" }, h("summary", {}, label), standingsTable(all, label)));
  }
  return h("section", { class: "card", id: "standings" }, parts);
}

function sheetBlock(g) {
  if (!g.sheet.length) return null;
  const me = client.me !== null;
  // a player's own columns before « Trouvé par »: on a phone they are read without scrolling
  const labels = [t("col.turn"), t("col.draw"), t("col.top"), t("col.points")];
  if (me) labels.push(t("col.mine"), t("col.my_points"));
  labels.push(t("col.found_by"));
  const rows = g.sheet.map((line) => {
    const cells = [h("td", {}, String(line.number)), h("td", { class: "draw" }, line.rack.join("")), h("td", { class: "move" }, line.top ?? "—"), h("td", {}, String(line.top_points))];
    if (me) {
      const why = line.reason ? refusalText(line.reason, { detail: line.detail ?? "" }) : "";
      cells.push(h("td", { class: line.reason ? "move refused" : "move" }, line.move === undefined ? t("dup_no_move") : line.reason ? `${line.move} (${why})` : line.move));
      cells.push(h("td", {}, line.reason || line.move === undefined ? "0" : `${line.points} (${gapText(line.points - line.top_points)})`));
    }
    cells.push(h("td", {}, line.top && line.found_by.length ? namesEl(line.found_by.map(nameOf)) : "—"));
    return h("tr", {}, cells);
  });
  return h(
    "section",
    { class: "card", id: "sheet" },
    h("h2", {}, t("dup_sheet")),
    h(
      "div",
      { class: "scroll", tabindex: 0, role: "region", "aria-label": t("dup_sheet") },
      h("table", { class: "sheet-table" }, h("thead", {}, h("tr", {}, labels.map((text) => h("th", { scope: "col" }, text)))), h("tbody", {}, rows)),
    ),
  );
}

/** The end: why, the draws' number and « rejouer ce tirage » (alone, self-paced). */
function finalBlock(g) {
  const settings = client.view.settings;
  const again = new URLSearchParams({ tirage: g.seed, depuis: DATA.watch_id, ruleset: settings.ruleset, dictionary: settings.dictionary });
  const againUrl = `${location.origin}/?${again}#duplicate`;
  return h(
    "section",
    { class: "card final", id: "final" },
    h("h2", {}, t("dup_over")),
    h("p", {}, t(`dup_end.${g.end_reason}`)),
    h("p", { class: "seed" }, t("dup_seed", { seed: g.seed })),
    h("p", { class: "link" }, h("a", { href: againUrl, id: "replay-draw" }, t("dup_replay")), " ", copyButton(againUrl)),
    h("p", { class: "hint" }, t("dup_replay_hint")),
    h(
      "p",
      { class: "row" },
      h("a", { href: `/api/duplicate/${DATA.room}/record`, download: "", id: "record" }, t("download")),
      h("a", { href: `/r/${DATA.room}/replay`, id: "replay" }, t("replay")),
    ),
  );
}

function drawGame(g) {
  drawHead(g);
  drawBoardBox(g);
  const parts = [...playBlock(g)];
  if (g.finished) parts.push(finalBlock(g));
  parts.push(lastTurnBlock(g), standingsBlock(g), chosenDraw(client.view.settings));
  if (client.me === null || g.finished) parts.push(shareLinks());
  replaceKeepingFocus(side, ...parts);
  replaceKeepingFocus(sheetBox, sheetBlock(g));
}

function draw() {
  if (!client.view) return;
  chat.draw();
  const g = game();
  if (!state.full && g !== null) {
    document.getElementById("submitted-count")?.replaceWith(submittedLine(g));
    return;
  }
  state.full = false;
  if (g === null) drawLobby();
  else drawGame(g);
}

// The turn's clock, and a tick in each of its last ten seconds.
setInterval(() => {
  const g = game();
  if (!g || g.finished || g.deadline === null) return;
  document.getElementById("clock")?.replaceWith(clockLine(g));
  const second = Math.ceil(g.deadline - client.serverNow());
  if (second < state.ticked && second >= 1 && second <= 10) sound("tick");
  state.ticked = Math.min(state.ticked, second);
}, 250);

const client = new RoomClient(
  {
    fold,
    draw,
    welcomed(view) {
      state.full = true;
      if (view.game && !view.game.finished && client.me !== null) composer.syncRack(view.game.rack);
    },
    presence() {
      if (!game()) {
        state.full = true;
        draw();
      }
    },
    answered(message, note) {
      client.unsay();
      if (note?.submit) {
        composer.reset();
        state.full = true;
        draw();
      }
    },
    frame(message) {
      if (message.type === "preview") composer.previewed(message);
    },
  },
  status,
);
chat.bind(client);
