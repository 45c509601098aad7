// @ts-check
// A duplicate Topword game (D1-D6): the board and the rack everybody plays, one move per
// player and turn (shown to nobody else until the turn ends), the top laid for all, the
// standings and the sheet, drawn from the seat's view, which the shared client folds the
// events into. This page folds the game's own: tests/service/duplicate/test_duplicate_fold.py is
// the reference it follows, step for step.
import { ChatPanel } from "../chat.js";
import { RoomClient, announce } from "../client.js";
import {
  DATA,
  LANG,
  copyButton,
  h,
  labelled,
  nameEl,
  namesEl,
  replaceChanged,
  replaceKeepingFocus,
  t,
  tNodes,
} from "../common.js";
import { percentText } from "../format.js";
import { dictionaryName } from "../common.js";
import { joinCard } from "../join.js";
import { foldDuplicate } from "./fold.js";
import { topCells } from "./top.js";
import {
  arbiterPanel,
  badges,
  clockLine as clockOf,
  decisionsBlock,
  paperForm,
  players,
  tableCard,
} from "./arbiter.js";
import { drawBoard } from "../topword/board.js";
import { Composer } from "../topword/composer.js";
import { refusalText } from "../topword/score.js";
import { play as sound, soundSwitch } from "../sounds.js";

/** @typedef {Protocol.duplicate.View} View */
/** @typedef {Protocol.duplicate.GameView} Game */

const root = /** @type {HTMLElement} */ (document.getElementById("duplicate"));
// The standings shown before « Tout le classement » (a club of 500 reads its top first).
const STANDINGS_SHOWN = 10;
// Names said in « Trouvé par » before « et N autres ».
const FOUND_SHOWN = 5;

const state = {
  full: true, // something besides a rival's submission changed: the whole page is drawn
  ticked: Infinity, // the last second a tick sounded for (the last ten of a turn)
  confirmEnd: false, // D7: the arbiter asked to end the game: a second button confirms
  redraw: () => {
    state.full = true;
    draw();
  },
};

const status = h("p", { class: "status", role: "status" });
const head = h("section", { class: "dup-head" });
const boardBox = h("section", { class: "board", "aria-label": t("board") });
const side = h("section", { class: "side" });
// The sheet: under the board on a wide screen, after everything else on a phone.
const sheetBox = h("div", { class: "sheet-box" });
const typeHere = h("input", {
  id: "type-here",
  class: "sr-only",
  "aria-label": t("board_hint"),
  autocomplete: "off",
  autocapitalize: "characters",
});
// C4: a turn follows another from the game's start to its end: set phrases only meanwhile
// (free text could give the top away)
const chat = new ChatPanel({ freeText: () => game()?.finished ?? true, closedNote: "chat_in_turn" });
root.replaceChildren(
  h("div", { class: "room-bar" }, status, soundSwitch()),
  head,
  h("div", { class: "dup-main" }, boardBox, sheetBox),
  h("div", { class: "dup-side" }, side, chat.el),
  typeHere,
);
root.removeAttribute("aria-busy");

function game() {
  return client.view?.game ?? null;
}

/** @param {string} seat */
function nameOf(seat) {
  return client.nameOf(seat);
}

function playing() {
  const g = game();
  const view = client.view;
  if (g === null || g.finished || g.next_at !== null || client.me === null || !view) return false; // D8: between turns
  return client.me !== view.arbiter && !view.excluded.includes(client.me); // D7
}

/** The room's screen, which the arbiter opens on a second screen (a projector). */
function screenLink() {
  const href = `/r/${DATA.watch_id}/screen`;
  return h("p", { class: "link" }, h("a", { href, target: "_blank", id: "screen-link" }, t("dup_screen_link")));
}

/**
 * D10: the game's draws saved as a numbered game's file (its number, or one to give it).
 * @param {number | null} number
 */
function exportForm(number) {
  const field = h("input", {
    id: "export-number",
    type: "number",
    min: 1,
    max: 999999,
    value: number ?? 1,
    inputmode: "numeric",
  });
  const form = h(
    "form",
    { class: "row", id: "export-form", method: "get", action: `/api/duplicate/${DATA.room}/game` },
    h("label", { for: "export-number" }, t("dup_number_field")),
    field,
    h("button", { type: "submit" }, t("dup_export")),
  );
  field.setAttribute("name", "numero");
  return form;
}

/** The standings and the match sheet to print (and their CSV). */
function printLink() {
  return h(
    "p",
    { class: "link" },
    h("a", { href: `/r/${DATA.watch_id}/print`, id: "print-link" }, t("dup_print_link")),
  );
}

/** Whether this page is the arbiter's (D7). */
function arbitrating() {
  return client.me !== null && client.me === client.view?.arbiter;
}

/** D3: the move for this turn, owned by the page until the server answers (sent again
 * with its key if the socket dies, for this turn only: later, it is refused as too late). */
function submit() {
  const fields = composer.moveFields();
  const g = game();
  if (!fields || !g || !playing()) return;
  const move = composer.moveLabel(fields);
  client.send("play", { ...fields, turn: g.turn }, { submit: true, move, turn: g.turn });
  announce(pendingText(move));
}

/**
 * A submission waiting for its answer, in words (offline: it goes when the connection is back).
 * @param {string} move
 */
function pendingText(move) {
  return client.online ? t("pending_move", { move }) : t("tw_offline_move");
}

/** The submissions not answered yet, the last one first (it is the one that counts). */
function waitingLine() {
  const last = client
    .waiting()
    .filter((entry) => entry.type === "play")
    .at(-1);
  return last ? h("p", { class: "verdict waiting", id: "queued" }, pendingText(String(last.meta.move))) : null;
}

const composer = new Composer({
  client: { ask: (...args) => client.ask(...args), say: (text) => client.say(text), unsay: () => client.unsay() },
  boardBox,
  typeHere,
  storageKey: `motamot.rack.${DATA.room}`,
  board: () => /** @type {Game} */ (game()).board,
  active: playing,
  redraw: () => {
    state.full = true;
    draw();
  },
  submit,
});

/** This kind's part of the fold (the shared events are folded already: fold.js), and
 * what the page does of it: the rack, the sounds, what is said aloud, and whether the
 * whole page is drawn again (a rival's submission changes only its count, a message only
 * the chat).
 * @param {View} view
 * @param {Protocol.duplicate.Event} event
 */
function fold(view, event) {
  const before = view.game?.my_move ?? null;
  const folded = foldDuplicate(view, event);
  switch (event.type) {
    case "duplicate.turn_started":
      if (client.me !== null) composer.syncRack(event.rack);
      state.ticked = Infinity;
      announce(t("dup_turn", { number: event.number }));
      sound("start");
      break;
    case "duplicate.submitted":
      if (event.seat !== view.you || event.move === undefined) return true; // a rival's: only the count changes
      announce(t(before !== null ? "dup_replaced" : "dup_sent", { move: event.move }));
      break;
    case "duplicate.turn_ended":
      composer.reset();
      announce(event.top ? t("dup_top_line", { move: event.top, points: event.top_points }) : t("dup_no_top"));
      sound(event.top ? "move" : "end");
      break;
    case "duplicate.ended":
      announce(t("dup_over"));
      sound("end");
      break;
    case "room.chat_said":
    case "room.chat_switched":
      return true; // the shared client folded it: only the chat panel changes
  }
  state.full = true;
  return folded;
}

// --- drawing: the parts ---------------------------------------------------------------

/**
 * "−37" (a gap to the tops' total), "0" when level with it.
 * @param {number} gap
 */
function gapText(gap) {
  return gap < 0 ? `−${-gap}` : String(gap);
}

/** @param {Game} g */
function clockLine(g) {
  return clockOf(g, client.serverNow()); // null self-paced: the settings line says the host moves on
}

/** @param {Protocol.duplicate.SettingsShown} settings */
function settingsLine(settings) {
  const parts = [t(`ruleset.${settings.ruleset}`), labelled(t("dictionary"), dictionaryName(settings.dictionary))];
  parts.push(settings.turn_seconds ? t("dup_clock", { seconds: settings.turn_seconds }) : t("dup_self_paced"));
  if (settings.number !== null) parts.unshift(t("dup_number", { number: settings.number })); // D10
  if (settings.solo_bonus) parts.push(t("dup_solo_setting", { points: settings.solo_bonus })); // D9
  return h("p", { class: "settings", id: "settings" }, parts.join(" · "));
}

/** @param {Protocol.duplicate.SettingsShown} settings */
function chosenDraw(settings) {
  if (!settings.chosen_draw) return null;
  const origin = settings.origin ? h("a", { href: `/r/${settings.origin}/watch` }, t("dup_original")) : null;
  return h("p", { class: "note", id: "chosen-draw" }, t("dup_chosen"), origin ? " " : null, origin);
}

/** @param {View} view */
function people(view) {
  return view.seats.filter((s) => s.present && !s.bot);
}

/** @param {View} view */
function playerList(view) {
  const items = people(view).map((s) => {
    const online = client.online && client.presence.has(s.seat);
    const marks = [
      s.seat === view.host ? t("host") : null,
      ...badges(view, s.seat),
      s.seat === client.me ? t("you") : null,
    ];
    if (!view.paper.includes(s.seat))
      marks.push(online ? t("connected") : client.online ? t("away") : t("unknown_presence"));
    return h(
      "li",
      { class: online ? "online" : client.online ? "offline" : "unknown", "data-seat": s.seat },
      h("span", { class: "name" }, nameEl(s.name)),
      h("span", { class: "badges" }, marks.filter(Boolean).join(" · ")),
    );
  });
  return h(
    "section",
    { class: "card" },
    h("h2", {}, t("players")),
    h("ul", { class: "players", id: "players" }, items),
  );
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
  const view = /** @type {View} */ (client.view);
  head.replaceChildren(h("h1", {}, t("duplicate_title")), settingsLine(view.settings));
  const parts = [chosenDraw(view.settings), playerList(view)];
  if (client.me === null && !client.watching) parts.push(joinCard(client, { kind: "duplicate" }));
  if (client.watching) parts.push(h("p", { class: "watching" }, t("watching")));
  if (arbitrating()) parts.push(h("p", { class: "hint" }, t("dup_arbiter_hint")), screenLink(), paperForm(act));
  if (client.me !== null && view.host === client.me) {
    parts.push(
      h(
        "button",
        { type: "button", class: "primary", id: "start", onclick: () => client.act("start") },
        t("start_game"),
      ),
    );
  } else parts.push(h("p", { class: "hint", id: "waiting" }, t("dup_waiting_host")));
  parts.push(shareLinks());
  replaceChanged(side, ...parts); // the start button kept in place: a press is not lost to a redraw
  boardBox.replaceChildren();
  sheetBox.replaceChildren();
}

/** @param {Game} g */
function submittedLine(g) {
  return h(
    "p",
    { class: "hint", id: "submitted-count" },
    t("dup_submitted_count", { count: g.submitted.length, total: players(/** @type {View} */ (client.view)).length }),
  );
}

/** @param {Game} g */
function drawHead(g) {
  /** @type {(Node | null)[]} */
  const parts = [h("h1", {}, t("duplicate_title")), settingsLine(/** @type {View} */ (client.view).settings)];
  if (g.finished) parts.push(h("p", { class: "turn-line" }, t("dup_over")));
  else {
    parts.push(h("p", { class: "turn-line", id: "turn" }, t("dup_turn", { number: g.turn })), clockLine(g));
    parts.push(h("p", { class: "pile" }, t("pile", { count: g.pile })), g.next_at === null ? submittedLine(g) : null);
  }
  if (client.watching) parts.push(h("p", { class: "watching" }, t("watching")));
  head.replaceChildren(...parts.filter((part) => part !== null)); // no clock when self-paced (not "null")
}

/** @param {Game} g */
function drawBoardBox(g) {
  const grid = h("div", { class: "board-box" });
  const focused =
    /** @type {HTMLElement | null} */ (document.activeElement)?.dataset?.cell !== undefined &&
    boardBox.contains(document.activeElement);
  drawBoard(grid, { board: g.board, lit: topCells(g), ...composer.boardOptions() });
  const parts = [grid, h("p", { class: "board-legend" }, t("board_legend"))];
  if (!g.finished && g.next_at === null) {
    const tiles = playing() ? composer.rackTiles() : g.rack.map((tile) => h("span", { class: "tile fixed" }, tile));
    parts.push(
      h("div", { class: "rack-box" }, h("h2", {}, t("dup_rack")), h("div", { class: "rack", id: "rack" }, tiles)),
    );
  }
  boardBox.replaceChildren(...parts);
  if (focused)
    /** @type {HTMLElement | null} */ (grid.querySelector(`[data-cell="${composer.focusCell}"]`))?.focus({
      preventScroll: true,
    });
}

/**
 * What a player does this turn: compose, submit (again), and the host of a self-paced
 * game moves on.
 * @param {Game} g
 */
function playBlock(g) {
  /** @type {Node[]} */
  const parts = [];
  if (playing()) {
    parts.push(h("p", { class: "hint" }, t("board_hint")), composer.notationField(), composer.previewLine());
    parts.push(
      h(
        "div",
        { class: "row actions" },
        h("button", { type: "button", class: "primary", id: "submit", onclick: submit }, t("dup_submit")),
        h(
          "button",
          {
            type: "button",
            id: "take-back",
            onclick: () => {
              composer.clear();
              state.full = true;
              draw();
            },
          },
          t("take_back"),
        ),
        h("button", { type: "button", id: "shuffle", onclick: () => composer.shuffle() }, t("shuffle")),
      ),
    );
    const mine = g.my_move !== null ? t("dup_my_move", { move: g.my_move }) : t("dup_no_move_yet");
    parts.push(h("p", { class: `my-move${g.my_move !== null ? " mine" : ""}`, id: "my-move" }, mine));
    const waiting = waitingLine();
    if (waiting) parts.push(waiting);
    parts.push(h("p", { class: "hint" }, t("dup_replaces")));
  }
  const between = g.next_at !== null; // D8: the host may end the pause early
  const paced = g.deadline === null && g.paused_left === null;
  if (!g.finished && (paced || between) && client.me !== null && client.me === client.view?.host) {
    parts.push(
      h(
        "p",
        { class: "row" },
        h("button", { type: "button", id: "next-turn", onclick: () => client.act("next_turn") }, t("dup_next_turn")),
      ),
    );
  }
  return parts;
}

/** @param {string[]} seats */
function foundText(seats) {
  if (!seats.length) return t("dup_found_by_nobody");
  const names = namesEl(seats.slice(0, FOUND_SHOWN).map(nameOf));
  const more = seats.length - FOUND_SHOWN;
  return tNodes("dup_found_by", { names: more > 0 ? tNodes("dup_found_more", { names, count: more }) : names });
}

/**
 * My move in a turn of the sheet, in words: its points and gap, or why none.
 * @param {Protocol.duplicate.SheetTurn} line
 */
function yoursText(line) {
  if (line.move === undefined) return t("dup_yours_none");
  if (line.reason)
    return t("dup_yours_refused", { move: line.move, why: refusalText(line.reason, { detail: line.detail ?? "" }) });
  const points = line.points ?? 0; // a seat's line has its points
  return t("dup_yours", { move: line.move, points, gap: gapText(points - line.top_points) });
}

/** @param {Game} g */
function lastTurnBlock(g) {
  const line = g.sheet.at(-1);
  if (!line) return null;
  const parts = [h("h2", {}, t("dup_turn_result", { number: line.number }))];
  parts.push(
    h(
      "p",
      { class: "last top-line" },
      line.top ? t("dup_top_line", { move: line.top, points: line.top_points }) : t("dup_no_top"),
    ),
  );
  if (line.top) parts.push(h("p", { class: "found" }, foundText(line.found_by)));
  if (client.me !== null && !arbitrating())
    parts.push(h("p", { class: line.reason ? "yours bad" : "yours" }, yoursText(line)));
  return h("section", { class: "card last-move", id: "last-turn" }, parts);
}

/**
 * @param {Protocol.duplicate.Standing[]} rows
 * @param {string} label
 */
function standingsTable(rows, label) {
  const labels = [t("col.rank"), t("col.player"), t("col.total"), t("col.gap"), t("col.share")];
  const body = rows.map((s) =>
    h(
      "tr",
      { class: s.seat === client.me ? "mine" : "", "data-seat": s.seat },
      [String(s.rank), nameEl(nameOf(s.seat)), String(s.total), gapText(s.gap), percentText(s.percent, LANG)].map(
        (text) => h("td", {}, text),
      ),
    ),
  );
  return h(
    "div",
    { class: "scroll", tabindex: 0, role: "region", "aria-label": label },
    h(
      "table",
      { class: "standings" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          labels.map((text) => h("th", { scope: "col" }, text)),
        ),
      ),
      h("tbody", {}, body),
    ),
  );
}

/** @param {Game} g */
function standingsBlock(g) {
  const all = g.standings;
  const shown = all.slice(0, STANDINGS_SHOWN);
  const mine = all.find((s) => s.seat === client.me);
  if (mine && !shown.includes(mine)) shown.push(mine);
  /** @type {Node[]} */
  const parts = [
    h("h2", {}, t("dup_standings")),
    h("p", { id: "top-total" }, t("dup_top_total", { points: g.top_total })),
    standingsTable(shown, t("dup_standings")),
  ];
  if (all.length > shown.length) {
    const label = t("dup_all_standings", { count: all.length });
    parts.push(h("details", { id: "all-standings" }, h("summary", {}, label), standingsTable(all, label)));
  }
  return h("section", { class: "card", id: "standings" }, parts);
}

/** @param {Game} g */
function sheetBlock(g) {
  if (!g.sheet.length) return null;
  const me = client.me !== null && !arbitrating();
  // a player's own columns before « Trouvé par »: on a phone they are read without scrolling
  const labels = [t("col.turn"), t("col.draw"), t("col.top"), t("col.points")];
  if (me) labels.push(t("col.mine"), t("col.my_points"));
  labels.push(t("col.found_by"));
  const rows = g.sheet.map((line) => {
    const cells = [
      h("td", {}, String(line.number)),
      h("td", { class: "draw" }, line.rack.join("")),
      h("td", { class: "move" }, line.top ?? "—"),
      h("td", {}, String(line.top_points)),
    ];
    if (me) {
      const why = line.reason ? refusalText(line.reason, { detail: line.detail ?? "" }) : "";
      cells.push(
        h(
          "td",
          { class: line.reason ? "move refused" : "move" },
          line.move === undefined ? t("dup_no_move") : line.reason ? `${line.move} (${why})` : line.move,
        ),
      );
      cells.push(
        h(
          "td",
          {},
          line.corrected !== undefined
            ? `${line.points} (${t("dup_corrected", { reason: line.corrected })})`
            : line.reason || line.move === undefined
              ? "0"
              : `${line.points} (${gapText((line.points ?? 0) - line.top_points)})${line.bonus ? ` ${t("dup_solo", { points: line.bonus })}` : ""}`,
        ),
      );
    }
    const found = line.top && line.found_by.length ? namesEl(line.found_by.map(nameOf)) : "—";
    cells.push(h("td", {}, h("span", {}, found))); // one piece: a phone's card lays it beside its label
    cells.forEach((cell, column) => cell.setAttribute("data-label", labels[column])); // a phone: a card a turn
    return h("tr", {}, cells);
  });
  return tableCard("sheet", t("dup_sheet"), labels, rows);
}

/**
 * The end: why, the draws' number and « rejouer ce tirage » (alone, self-paced).
 * @param {Game} g
 */
function finalBlock(g) {
  const settings = /** @type {View} */ (client.view).settings;
  const again = new URLSearchParams({
    tirage: g.seed ?? "",
    depuis: DATA.watch_id,
    ruleset: settings.ruleset,
    dictionary: settings.dictionary,
  });
  const againUrl = `${location.origin}/?${again}#duplicate`;
  return h(
    "section",
    { class: "card final", id: "final" },
    h("h2", {}, t("dup_over")),
    h("p", {}, t(`dup_end.${g.end_reason}`)),
    h("p", { class: "seed" }, t("dup_seed", { seed: g.seed })),
    h(
      "p",
      { class: "link" },
      h("a", { href: againUrl, id: "replay-draw" }, t("dup_replay")),
      " ",
      copyButton(againUrl),
    ),
    h("p", { class: "hint" }, t("dup_replay_hint")),
    h(
      "p",
      { class: "row" },
      h("a", { href: `/api/duplicate/${DATA.room}/record`, download: "", id: "record" }, t("download")),
      h("a", { href: `/r/${DATA.room}/replay`, id: "replay" }, t("replay")),
    ),
    printLink(),
    exportForm(settings.number),
  );
}

/** @param {Game} g */
function drawGame(g) {
  drawHead(g);
  drawBoardBox(g);
  const view = /** @type {View} */ (client.view);
  /** @type {(Node | null)[]} */
  const parts = [...playBlock(g)];
  if (arbitrating())
    parts.push(
      h("p", { class: "hint" }, t("dup_arbiter_hint")),
      screenLink(),
      g.finished ? null : printLink(),
      g.finished ? null : arbiterPanel(view, g, act, nameOf, state),
    );
  else if (client.me !== null && view.excluded.includes(client.me))
    parts.push(h("p", { class: "note" }, t("dup_you_excluded")));
  if (g.finished) parts.push(finalBlock(g));
  parts.push(lastTurnBlock(g), standingsBlock(g), chosenDraw(/** @type {View} */ (client.view).settings));
  if (client.me === null || g.finished) parts.push(shareLinks());
  replaceKeepingFocus(side, ...parts);
  replaceKeepingFocus(sheetBox, sheetBlock(g), decisionsBlock(view, nameOf));
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
  root.classList.toggle("lobby", g === null); // no board yet: one column
  if (g === null) drawLobby();
  else drawGame(g);
}

// The turn's clock, and a tick in each of its last ten seconds.
setInterval(() => {
  const g = game();
  if (g?.next_at) document.getElementById("clock")?.replaceWith(/** @type {HTMLElement} */ (clockLine(g))); // D8
  if (!g || g.finished || g.deadline === null) return;
  document.getElementById("clock")?.replaceWith(/** @type {HTMLElement} */ (clockLine(g))); // clocked: a line
  const second = Math.ceil(g.deadline - client.serverNow());
  if (second < state.ticked && second >= 1 && second <= 10) sound("tick");
  state.ticked = Math.min(state.ticked, second);
}, 250);

/**
 * Send one of the arbiter's decisions (D7; a refusal is said in the status line).
 * @param {string} type
 * @param {Record<string, unknown>} fields
 */
function act(type, fields = {}) {
  return client.act(type, fields);
}

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
    pending() {
      state.full = true;
      draw();
    },
    answered(message, note) {
      client.unsay();
      if (note?.submit) {
        // the draft goes once the last submission is in (a later one may be waiting)
        if (!client.waiting().some((entry) => entry.type === "play")) composer.reset();
        state.full = true;
        draw();
      }
    },
    refused(message, note) {
      client.say(note?.submit ? t("refused_move", { move: note.move, why: message.text }) : message.text);
      announce(client.status.textContent);
      state.full = true;
      draw();
      return true;
    },
    frame(message) {
      if (message.type === "preview") composer.previewed(/** @type {Protocol.topword.PreviewFrame} */ (message));
    },
  },
  status,
);
chat.bind(client);
